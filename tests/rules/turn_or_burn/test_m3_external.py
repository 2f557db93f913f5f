"""Module 3 external systems (TOB-M3-EXT-01..09, TOB-SEQ-06, TOB-EX-11..13, TOB-EX-53)."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.games.turn_or_burn.build import lost_counts

from .m23_helpers import RS, fighter, first_seed, get, of_type, play, resolve, state

M3 = (1, 2, 3)
ROGER = ["CM", "STR", "STR", "THR", "NB", "SCAN"]


def roger(cards=ROGER, external=("NB", "JAM"), **kw):
    kw.setdefault("hex", [12, 0])
    hex = kw.pop("hex")
    return fighter("R1", "red", hex, list(cards), external=list(external), facing="F", **kw)


def david(hex=(10, 0), cards=("CM", "STR", "THR", "LT")):
    return fighter("D1", "blue", list(hex), list(cards))


@pytest.mark.rule("TOB-M3-EXT-01")
@pytest.mark.rule("TOB-M3-EXT-02")
@pytest.mark.rule("TOB-EX-11")
def test_external_limits():
    six = ["CM", "STR", "THR", "NB", "SCAN", "JAM"]
    assert get(state(roger(six, ["LT"]), david(), modules=M3), "R1").external == ("LT",)
    with pytest.raises(RuleError) as err:
        state(roger(six, ["LT", "BOT"]), david(), modules=M3)
    assert err.value.rule == "TOB-M3-EXT-02"
    twelve = ["CM", "CM", "STR", "STR", "STR", "THR", "THR", "THR", "NB", "NB", "SG", "SCAN"]
    st = state(roger(twelve, ["LT", "JAM", "THR"]), david(), modules=M3)
    f = get(st, "R1")
    assert len(f.cards) + len(f.external) == 15
    for part in ("CM", "STR", "ARM"):
        with pytest.raises(RuleError) as err:
            state(roger(six, [part]), david(), modules=M3)
        assert err.value.rule == "TOB-M3-EXT-02"


@pytest.mark.rule("TOB-M3-EXT-03")
@pytest.mark.rule("TOB-SEQ-06")
@pytest.mark.rule("TOB-AMB-17")
def test_external_plots_are_declared_face_up_first():
    st = state(roger(), david(), modules=M3)
    assert st.phase == "declare" and set(RS.pending(st)) == {"red"}
    seen = next(f for f in RS.view(st, "blue")["fighters"] if f["id"] == "R1")
    assert seen["external"] == ["NB", "JAM"] and seen["cards"] == ["?"] * 6  # externals lie face up
    st, events = play(st, {"red": {"R1": [{"card": "JAM"}]}})
    assert events == [{"type": "declared", "id": "R1", "cards": ["JAM"], "actions": [{"card": "JAM", "external": True}]}]
    assert st.phase == "plot" and RS.view(st, "blue")["declared"] == {"R1": [{"card": "JAM", "external": True}]}
    with pytest.raises(RuleError) as err:  # step B may withdraw, not add
        RS.validate(st, "red", {"R1": [{"card": "NB", "external": True}]})
    assert err.value.rule == "TOB-SEQ-06"
    with pytest.raises(RuleError) as err:
        RS.validate(st, "red", {"R1": [{"card": "JAM"}]})  # there is no internal jammer
    assert err.value.rule == "TOB-M3-EXT-03"
    RS.validate(st, "red", {"R1": [{"card": "T60S"}]})  # withdrawn
    nxt, events = play(st, {"red": {"R1": [{"card": "JAM", "external": True}]}, "blue": {}})
    assert {"type": "jammed", "id": "R1"} in events


@pytest.mark.rule("TOB-M3-EXT-04")
@pytest.mark.rule("TOB-EX-12")
def test_rogers_external_neutrino_beam_goes_first():
    def turn(seed):
        st = state(roger(), david(), modules=M3, seed=seed)
        return resolve(st, {"D1": [{"card": "LT", "target": "R1"}]})
    nxt, events = first_seed(turn, lambda n, ev: of_type(ev, "pulled")[0]["cards"] == ["NB"])
    assert of_type(events, "shot")[0]["hand_size"] == 8  # 6 internal + 2 external, no misses at range 2
    r1 = get(nxt, "R1")
    assert lost_counts(r1, "NB") == (0, 1)
    assert not of_type(events, "external_lost")  # no internal card lost: no automatic external loss
    assert nxt.phase == "declare"  # the external jammer still works
    nxt, _ = play(nxt, {"red": {}})
    RS.validate(nxt, "red", {"R1": [{"card": "NB"}]})  # the internal beam is intact


@pytest.mark.rule("TOB-M3-EXT-05")
@pytest.mark.rule("TOB-SEQ-02")
def test_internal_loss_costs_one_external_of_the_owners_choice():
    def turn(seed):
        st = state(roger(), david(), modules=M3, seed=seed)
        st, _ = play(st, {"red": {}})  # no external declared
        return play(st, {"red": {}, "blue": {"D1": [{"card": "LT", "target": "R1"}]}})
    nxt, events = first_seed(turn, lambda n, ev: of_type(ev, "pulled")[0]["cards"] == ["SCAN"])
    assert nxt.phase == "end" and set(RS.pending(nxt)) == {"red"}
    opts = RS.pending(nxt)["red"].options["R1"]
    assert (opts["external"], opts["externals"]) == (1, ["NB", "JAM"])
    with pytest.raises(RuleError) as err:
        RS.validate(nxt, "red", {"R1": {"external": ["THR"]}})
    assert err.value.rule == "TOB-M3-EXT-05"
    done, events = play(nxt, {"red": {"R1": {"external": ["JAM"]}}})
    assert of_type(events, "external_lost") == [{"type": "external_lost", "id": "R1", "card": "JAM"}]
    assert sorted(get(done, "R1").destroyed) == ["JAM", "SCAN"]


@pytest.mark.rule("TOB-M3-EXT-06")
@pytest.mark.rule("TOB-EX-53")
def test_armor_removal_costs_an_external_shields_cover_externals():
    armored = ["CM", "STR", "THR", "NB", "ARM", "ARM"]
    st = state(roger(armored, ["LT"]), david(cards=("CM", "STR", "THR", "NB")), modules=M3)
    nxt, events = resolve(st, {"D1": [{"card": "NB", "target": "R1"}]})
    pulled = of_type(events, "pulled")[0]
    assert len(pulled["cards"]) == 4 and "MISS" not in pulled["cards"] and pulled["effect"] == "armor"
    assert of_type(events, "armor_removed") == [{"type": "armor_removed", "id": "R1"}]
    assert of_type(events, "external_lost") == [{"type": "external_lost", "id": "R1", "card": "LT"}]
    assert sorted(get(nxt, "R1").destroyed) == ["ARM", "LT"]  # the pulled cards all came back
    shielded = state(roger(["CM", "STR", "THR", "NB", "SG", "ARM"], ["LT"], shields=True), david(
        cards=("CM", "STR", "THR", "NB")), modules=M3)
    nxt, events = resolve(shielded, {"D1": [{"card": "NB", "target": "R1"}]})
    assert of_type(events, "pulled")[0]["effect"] == "shields" and get(nxt, "R1").destroyed == ()


@pytest.mark.rule("TOB-M3-EXT-08")
def test_externals_are_repaired_normally():
    st = state(roger(["CM", "STR", "STR", "THR", "NB", "BOT"], ["JAM"], destroyed=["JAM"]), david(), modules=M3)
    nxt, events = resolve(st, {"R1": [{"card": "BOT", "repair": "JAM"}]})
    assert get(nxt, "R1").destroyed == () and of_type(events, "repaired")[0]["card"] == "JAM"


@pytest.mark.rule("TOB-M3-EXT-09")
@pytest.mark.rule("TOB-EX-13")
def test_externals_do_not_count_toward_size():
    six = ["CM", "STR", "THR", "NB", "SCAN", "JAM"]
    st = state(roger(six, ["LT"], hex=[16, 0]), david(cards=("CM", "STR", "THR", "NB")), modules=M3)
    assert get(st, "R1").size == 6
    with pytest.raises(RuleError) as err:
        RS.validate(st, "red", {"R1": [{"card": "TR"}]})  # step A: externals only
    assert err.value.rule == "TOB-SEQ-06"
    RS.validate(play(st, {"red": {}})[0], "red", {"R1": [{"card": "TR"}]})  # a standard fighter: all maneuvers
    _, events = resolve(st, {"D1": [{"card": "NB", "target": "R1"}]})
    shot = of_type(events, "shot")[0]
    assert (shot["range"], shot["miss_cards"], shot["hand_size"]) == (6, 1, 8)  # size 6: +0
