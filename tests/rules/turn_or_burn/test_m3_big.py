"""Module 3 big fighters (TOB-M3-SIZE-*, TOB-M3-HEAVY-*, TOB-M3-SUPER-*, TOB-EX-52, TOB-EX-55)."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.games.turn_or_burn.build import CLASSES, balance_cards, size_class

from .m23_helpers import RS, fighter, get, of_type, play, resolve, state

M3 = (1, 2, 3)
HEAVY = ["CM", "STR", "STR", "THR", "THR", "NB", "LT", "SCAN"]
SUPER = ["CM", "CM", "STR", "STR", "STR", "THR", "THR", "THR", "NB", "NB", "JAM", "SCAN"]
SMALL = ["CM", "STR", "THR", "LT"]


def big(cards, **kw):
    kw.setdefault("hex", [15, 0])
    kw.setdefault("facing", "F")
    hex = kw.pop("hex")
    return fighter("E1", "empire", hex, list(cards), **kw)


def small(fid="A1", hex=(11, 0), cards=SMALL, **kw):
    return fighter(fid, "agrarians", list(hex), list(cards), **kw)


@pytest.mark.rule("TOB-M3-SIZE-01")
@pytest.mark.rule("TOB-M3-HEAVY-01")
@pytest.mark.rule("TOB-M3-SUPER-01")
@pytest.mark.rule("TOB-M3-SIZE-02")
def test_size_classes_and_their_table():
    table = {c.name: (c.sizes, c.min_structure, c.thrusters, sorted(c.barred)) for c in CLASSES}
    assert table == {
        "standard": ((4, 5, 6), 1, (1, 1, 1), []),
        "heavy": ((7, 8, 9), 2, (1, 1, 2), ["TR"]),
        "super": ((10, 11, 12), 3, (1, 2, 3), ["T120P", "T120S", "TR"]),
    }
    st = state(big(HEAVY), small(), modules=M3)
    assert size_class(get(st, "E1")).name == "heavy"
    st = state(big(SUPER), small(), modules=M3)
    assert size_class(get(st, "E1")).name == "super"
    with pytest.raises(RuleError) as err:
        state(big(SUPER + ["LT"]), small(), modules=M3)
    assert err.value.rule == "TOB-M3-SIZE-01"
    # the class never changes: a heavy that lost 4 cards still may not make TR
    worn = state(big(HEAVY, destroyed=["THR", "NB", "LT", "SCAN"]), small(), modules=M3)
    with pytest.raises(RuleError) as err:
        RS.validate(worn, "empire", {"E1": [{"card": "TR"}]})
    assert err.value.rule == "TOB-M3-HEAVY-03"


@pytest.mark.rule("TOB-M3-HEAVY-02")
@pytest.mark.rule("TOB-M3-SUPER-02")
def test_structure_minimums_at_build():
    with pytest.raises(RuleError) as err:
        state(big(["CM", "STR", "THR", "THR", "NB", "LT", "SCAN"]), small(), modules=M3)
    assert err.value.rule == "TOB-M3-HEAVY-02"
    with pytest.raises(RuleError) as err:
        state(big(["CM", "CM", "STR", "STR", "THR", "THR", "THR", "NB", "NB", "JAM"]), small(), modules=M3)
    assert err.value.rule == "TOB-M3-SUPER-02"


@pytest.mark.rule("TOB-M3-HEAVY-03")
@pytest.mark.rule("TOB-M3-SUPER-03")
def test_barred_turns():
    heavy = state(big(HEAVY), small(), modules=M3)
    sup = state(big(SUPER), small(), modules=M3)
    assert "TR" not in RS.pending(heavy)["empire"].options["fighters"]["E1"]["cards"]
    assert {"T120P", "T120S", "TR"}.isdisjoint(RS.pending(sup)["empire"].options["fighters"]["E1"]["cards"])
    RS.validate(heavy, "empire", {"E1": [{"card": "T120P"}]})
    for card in ("TR", "T120P", "T120S"):
        with pytest.raises(RuleError) as err:
            RS.validate(sup, "empire", {"E1": [{"card": card}]})
        assert err.value.rule == "TOB-M3-SUPER-03"


@pytest.mark.rule("TOB-M3-HEAVY-04")
@pytest.mark.rule("TOB-M3-SUPER-04")
@pytest.mark.rule("TOB-AMB-65")
def test_thrusters_per_burn():
    one = state(big(HEAVY, destroyed=["THR"]), small(), modules=M3)
    RS.validate(one, "empire", {"E1": [{"card": "B2S"}]})
    with pytest.raises(RuleError) as err:
        RS.validate(one, "empire", {"E1": [{"card": "B3A"}]})
    assert err.value.rule == "TOB-M3-HEAVY-04"
    RS.validate(state(big(HEAVY), small(), modules=M3), "empire", {"E1": [{"card": "B3A"}]})
    two = state(big(SUPER, destroyed=["THR"]), small(), modules=M3)
    RS.validate(two, "empire", {"E1": [{"card": "B2A"}]})
    with pytest.raises(RuleError) as err:
        RS.validate(two, "empire", {"E1": [{"card": "B3S"}]})
    assert err.value.rule == "TOB-M3-SUPER-04"
    single = state(big(SUPER, destroyed=["THR", "THR"]), small(), modules=M3)
    RS.validate(single, "empire", {"E1": [{"card": "B1A"}]})
    with pytest.raises(RuleError):
        RS.validate(single, "empire", {"E1": [{"card": "B2P"}]})
    # an external thruster counts (TOB-AMB-65)
    ext = state(big(SUPER, destroyed=["THR"], external=["THR"]), small(), modules=M3)
    RS.validate(ext, "empire", {"E1": [{"card": "B3A"}]})


@pytest.mark.rule("TOB-M3-HEAVY-05")
@pytest.mark.rule("TOB-M3-SUPER-05")
@pytest.mark.rule("TOB-EX-52")
def test_miss_card_reductions_floor_at_zero():
    _, ev = resolve(state(big(HEAVY, hex=[13, 0]), small(cards=["CM", "STR", "THR", "NB"]), modules=M3),
                    {"A1": [{"card": "NB", "target": "E1"}]})
    assert of_type(ev, "shot")[0]["range"] == 2 and of_type(ev, "shot")[0]["miss_cards"] == 0
    _, ev = resolve(state(big(SUPER, hex=[15, 0], facing="C"), small(cards=["CM", "STR", "THR", "NB"]),
                          modules=M3), {"E1": [{"card": "B1A"}], "A1": [{"card": "NB", "target": "E1"}]})
    shot = of_type(ev, "shot")[0]
    assert (shot["range"], shot["miss_cards"]) == (5, 0)  # 1 + 1 − 2
    _, ev = resolve(state(big(SUPER, hex=[19, 0]), small(cards=["CM", "STR", "THR", "NB"]), modules=M3),
                    {"E1": [{"card": "JAM"}], "A1": [{"card": "NB", "target": "E1"}]})
    shot = of_type(ev, "shot")[0]
    assert (shot["range"], shot["miss_cards"]) == (8, 2)  # 2 + 2 − 2


@pytest.mark.rule("TOB-M3-HEAVY-06")
@pytest.mark.rule("TOB-M3-SUPER-06")
@pytest.mark.rule("TOB-EX-28")
def test_scenario_balance_extra_cards():
    heavy = get(state(big(HEAVY), small(), modules=M3), "E1")
    sup = get(state(big(SUPER), small(), modules=M3), "E1")
    std = get(state(big(HEAVY), small(), modules=M3), "A1")
    assert (balance_cards([heavy]), balance_cards([sup]), balance_cards([std])) == (1, 3, 0)
    assert 12 + balance_cards([sup]) == 15 == dict(RS.new_game("bigger", seed=0).config.budgets)["agrarians"]


def _lose_one_structure(cards):
    """A laser at range 2 (no miss cards against a heavy) that pulls one structure card."""
    for seed in range(400):
        st = state(big(cards, hex=[13, 0]), small(cards=["CM", "STR", "THR", "LT"], hex=(11, 0)), modules=M3,
                   seed=seed)
        nxt, events = play(st, {"agrarians": {"A1": [{"card": "LT", "target": "E1"}]}, "empire": {}})
        if of_type(events, "pulled")[0]["cards"] == ["STR"]:
            return nxt, events
    raise AssertionError("no seed pulled the structure card")


@pytest.mark.rule("TOB-M3-HEAVY-02")
@pytest.mark.rule("TOB-EX-55")
def test_heavy_losing_structure_discards_to_six_by_owner_choice():
    nxt, events = _lose_one_structure(HEAVY)
    assert nxt.phase == "end" and set(RS.pending(nxt)) == {"empire"}
    opts = RS.pending(nxt)["empire"].options["E1"]
    assert (opts["discard"], opts["external"]) == (1, 0)
    with pytest.raises(RuleError) as err:
        RS.validate(nxt, "empire", {"E1": {"discard": ["STR"]}})
    assert err.value.rule == "TOB-M3-HEAVY-02"
    with pytest.raises(RuleError):
        RS.validate(nxt, "empire", {"E1": {"discard": ["NB", "LT"]}})
    done, events = play(nxt, {"empire": {"E1": {"discard": ["NB"]}}})
    assert of_type(events, "discarded") == [{"type": "discarded", "id": "E1", "cards": ["NB"]}]
    e1 = get(done, "E1")
    assert sorted(e1.destroyed) == ["NB", "STR"] and len(e1.cards) - len(e1.destroyed) == 6
    assert done.phase == "plot"


@pytest.mark.rule("TOB-M3-SUPER-02")
@pytest.mark.rule("TOB-EX-55")
def test_super_losing_structure_discards_to_nine_then_six():
    st = state(big(SUPER, destroyed=["STR"]), small(), modules=M3)  # 11 left with 2 structure
    nxt, events = resolve(st, {})
    assert of_type(events, "discarded")[0]["cards"] == ["SCAN", "JAM"]  # default: the last non-structure cards
    assert len(get(nxt, "E1").cards) - len(get(nxt, "E1").destroyed) == 9
    st = state(big(SUPER, destroyed=["STR", "STR"]), small(), modules=M3)  # 10 left with 1 structure
    nxt, events = resolve(st, {})
    assert len(of_type(events, "discarded")[0]["cards"]) == 4
    assert "STR" not in of_type(events, "discarded")[0]["cards"]
