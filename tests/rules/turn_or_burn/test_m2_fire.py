"""Module 2 Fire Guns: announcement, one shot at a time, armor, shields, jammer
(TOB-M2-FIRE-*, TOB-M2-ARMOR-*, TOB-M2-SHIELD-*, TOB-M2-JAM-01, TOB-EX-09, TOB-EX-53, TOB-EX-54)."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import RuleError

from .m23_helpers import RS, fighter, first_seed, get, of_type, resolve, state

TAU = ["CM", "STR", "STR", "THR", "LT", "SCAN"]


def shooter(fid, hex, gun, side="red", facing="C"):
    return fighter(fid, side, list(hex), ["CM", "STR", "THR", gun], facing=facing)


def tau(cards=TAU, hex=(14, 0), **kw):
    return fighter("T1", "blue", list(hex), list(cards), facing="F", **kw)


@pytest.mark.rule("TOB-EX-09")
@pytest.mark.rule("TOB-M2-FIRE-01")
@pytest.mark.rule("TOB-M2-FIRE-02")
@pytest.mark.rule("TOB-M2-SCEN-03")
def test_alpha_and_beta_fire_at_tau():
    def turn(seed):
        st = state(shooter("A1", (10, 0), "NB"), shooter("B1", (4, 0), "LT"), tau(), seed=seed)
        return resolve(st, {"A1": [{"card": "NB", "target": "T1"}], "B1": [{"card": "LT", "target": "T1"}]})

    nxt, events = first_seed(turn, lambda n, ev: sorted(of_type(ev, "pulled")[0]["cards"]) == ["LT", "MISS"])
    kinds = [e["type"] for e in events]
    assert kinds.index("announced") < kinds.index("pulled")  # every target announced before any damage
    assert of_type(events, "announced")[0]["shots"] == [{"shooter": "A1", "weapon": "NB", "target": "T1"},
                                                         {"shooter": "B1", "weapon": "LT", "target": "T1"}]
    alpha, beta = of_type(events, "shot")
    assert (alpha["range"], alpha["damage"], alpha["miss_cards"], alpha["hand_size"]) == (4, 2, 1, 7)
    # Beta: the miss card Alpha pulled is back, the gun is gone: 5 systems + exactly 4 misses
    assert (beta["range"], beta["miss_cards"], beta["hand_size"]) == (10, 4, 9)
    tau_after = nxt.fighter("T1")
    lost = of_type(events, "pulled")[1]["cards"]
    if "CM" not in lost:  # losing the gun does not eliminate in Module 2
        assert tau_after is not None and not tau_after.has("LT")


@pytest.mark.rule("TOB-M2-SCEN-03")
def test_lost_thruster_does_not_eliminate_but_lost_crew_does():
    st = state(shooter("A1", (10, 0), "NB"), tau(["CM", "STR", "THR", "LT"], destroyed=[]))
    nxt, _ = resolve(state(shooter("A1", (10, 0), "NB"), tau(["CM", "STR", "STR", "THR", "LT"],
                                                             destroyed=["THR", "LT"])), {})
    assert nxt.fighter("T1") is not None
    # NB at range 2 does 4 damage against 4 systems and 0 misses + 2 size: pull until the crew goes
    nxt, events = first_seed(lambda s: resolve(state(shooter("A1", (12, 0), "NB"), tau(["CM", "STR", "THR", "LT"]),
                                                     seed=s), {"A1": [{"card": "NB"}]}),
                             lambda n, ev: "CM" in of_type(ev, "pulled")[0]["cards"]
                             and "STR" not in of_type(ev, "pulled")[0]["cards"])
    assert {"type": "eliminated", "id": "T1", "cause": "crew"} in events
    assert st.fighter("T1") is not None


@pytest.mark.rule("TOB-M2-ARMOR-01")
@pytest.mark.rule("TOB-M2-ARMOR-02")
@pytest.mark.rule("TOB-EX-53")
def test_armor_absorbs_the_whole_turn_and_one_armor_card_goes():
    armored = ["CM", "STR", "THR", "LT", "ARM", "ARM"]
    st = state(shooter("A1", (12, 0), "NB"), shooter("A2", (12, 2), "LT", facing="A"), tau(armored))
    nxt, events = resolve(st, {"A1": [{"card": "NB", "target": "T1"}], "A2": [{"card": "LT", "target": "T1"}]})
    first, second = of_type(events, "pulled")
    assert len(first["cards"]) == 4 and "MISS" not in first["cards"]  # range 2, size 6: no misses
    assert first["effect"] == second["effect"] == "armor"
    assert of_type(events, "armor_removed") == [{"type": "armor_removed", "id": "T1"}]
    assert get(nxt, "T1").destroyed == ("ARM",)  # the pulled cards came back


@pytest.mark.rule("TOB-M2-ARMOR-02")
def test_armor_is_not_lost_when_only_miss_cards_are_pulled():
    def turn(seed):
        st = state(shooter("A1", (4, 0), "LT"), tau(["CM", "STR", "THR", "LT", "ARM"]), seed=seed)
        return resolve(st, {"A1": [{"card": "LT", "target": "T1"}]})
    nxt, events = first_seed(turn, lambda n, ev: of_type(ev, "pulled")[0]["cards"] == ["MISS"])
    assert of_type(events, "pulled")[0]["effect"] == "miss"
    assert not of_type(events, "armor_removed") and get(nxt, "T1").destroyed == ()


@pytest.mark.rule("TOB-M2-ARMOR-03")
def test_bubble_gun_ignores_armor():
    st = state(shooter("A1", (12, 0), "BG"), tau(["CM", "STR", "THR", "LT", "ARM", "ARM"]))
    nxt, events = resolve(st, {"A1": [{"card": "BG", "target": "T1"}]})
    pulled = of_type(events, "pulled")[0]
    assert pulled["effect"] == "destroyed" and sorted(pulled["cards"]) == sorted(["CM", "STR", "THR", "LT", "ARM",
                                                                                  "ARM"])
    assert nxt.fighter("T1") is None and not of_type(events, "armor_removed")


@pytest.mark.rule("TOB-M2-ARMOR-04")
def test_armored_status_holds_for_the_whole_fire_phase():
    def turn(seed):
        st = state(shooter("A1", (9, 0), "BG"), shooter("A2", (13, 1), "LT", facing="A"),
                   tau(["CM", "STR", "STR", "THR", "LT", "ARM"]), seed=seed)
        return resolve(st, {"A1": [{"card": "BG", "target": "T1"}], "A2": [{"card": "LT", "target": "T1"}]})
    _, events = first_seed(turn, lambda n, ev: "ARM" in of_type(ev, "pulled")[0]["cards"]
                           and of_type(ev, "pulled")[1]["cards"] != ["MISS"]
                           and of_type(ev, "pulled")[1]["cards"] != [])
    bubble, laser = of_type(events, "pulled")
    assert bubble["effect"] == "destroyed" and laser["effect"] == "armor"


@pytest.mark.rule("TOB-M2-SHIELD-01")
def test_shields_stop_all_damage_but_the_bubble_gun_and_stop_firing():
    st = state(shooter("A1", (12, 0), "NB"), tau(["CM", "STR", "THR", "LT", "SG"], shields=True))
    nxt, events = resolve(st, {"A1": [{"card": "NB", "target": "T1"}]})
    assert of_type(events, "pulled") == [{"type": "pulled", "target": "T1", "cards": [], "effect": "shields"}]
    assert get(nxt, "T1").destroyed == ()
    with pytest.raises(RuleError) as err:
        RS.validate(st, "blue", {"T1": [{"card": "LT"}]})
    assert err.value.rule == "TOB-M2-PLOT-05"


@pytest.mark.rule("TOB-M2-SHIELD-04")
@pytest.mark.rule("TOB-EX-54")
def test_bubble_gun_knocks_out_a_shield_generator_then_immunity():
    shielded = ["CM", "STR", "THR", "LT", "SG", "SCAN"]
    st = state(shooter("A1", (9, 0), "BG"), shooter("A2", (9, 5), "BG", facing="B"), tau(shielded, shields=True))
    nxt, events = resolve(st, {"A1": [{"card": "BG", "target": "T1"}], "A2": [{"card": "BG", "target": "T1"}]})
    first, second = of_type(events, "shot")
    assert (first["range"], first["miss_cards"], first["hand_size"]) == (5, 1, 7)
    p1, p2 = of_type(events, "pulled")
    assert len(p1["cards"]) == 6 and p1["effect"] == "shield_generator"
    assert p2 == {"type": "pulled", "target": "T1", "cards": [], "effect": "immune"}
    t = get(nxt, "T1")
    assert t.destroyed == ("SG",) and not t.shields  # all other cards returned; shields down at end of turn


@pytest.mark.rule("TOB-M2-JAM-01")
def test_jammer_adds_two_miss_cards():
    jam = ["CM", "STR", "THR", "LT", "JAM", "SCAN"]
    base = state(shooter("A1", (10, 0), "NB"), tau(jam))
    _, quiet = resolve(base, {"A1": [{"card": "NB", "target": "T1"}]})
    _, jammed = resolve(base, {"A1": [{"card": "NB", "target": "T1"}], "T1": [{"card": "JAM"}]})
    assert of_type(jammed, "shot")[0]["miss_cards"] == of_type(quiet, "shot")[0]["miss_cards"] + 2 == 3
