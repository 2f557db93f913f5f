"""The digest's readings of what Modules 2-3 leave open (TOB-AMB-*), each with its alternative
where the digest names one."""

from __future__ import annotations

import pytest

from .m23_helpers import fighter, get, of_type, resolve, state

M3 = (1, 2, 3)
SIX = ["CM", "STR", "STR", "THR", "NB", "SCAN"]


@pytest.mark.rule("TOB-AMB-18")
def test_any_crew_card_ejects_the_whole_fighter():
    two_crew = ["CM", "CM", "STR", "STR", "THR", "NB", "LT"]
    st = state(fighter("R1", "red", [10, 0], two_crew), fighter("B1", "blue", [14, 0], SIX, facing="F"), modules=M3)
    nxt, events = resolve(st, {"R1": [{"card": "CM"}]})
    assert nxt.fighter("R1") is None and {"type": "eliminated", "id": "R1", "cause": "ejected"} in events


@pytest.mark.rule("TOB-AMB-21")
def test_shot_order_ascending_or_seeded_shuffle():
    def orders(option):
        seen = set()
        for seed in range(12):
            st = state(fighter("A1", "red", [10, 0], SIX), fighter("A2", "red", [10, 1], SIX, facing="B"),
                       fighter("T1", "blue", [12, 0], SIX, facing="F"), seed=seed, options=option)
            _, events = resolve(st, {"A1": [{"card": "NB", "target": "T1"}], "A2": [{"card": "NB", "target": "T1"}]})
            seen.add(tuple(s["shooter"] for s in of_type(events, "shot")))
        return seen
    assert orders({}) == {("A1", "A2")}
    assert orders({"shot_order": "random"}) == {("A1", "A2"), ("A2", "A1")}


@pytest.mark.rule("TOB-AMB-20")
@pytest.mark.rule("TOB-SEQ-14")
def test_damage_above_the_hand_pulls_every_card():
    guns = ["CM", "STR", "THR", "BG", "BG", "LT"]
    st = state(fighter("R1", "red", [10, 0], guns, heavy_guns=[["BG", "BG"]]),
               fighter("B1", "blue", [12, 0], SIX, facing="F"), modules=M3)
    nxt, events = resolve(st, {"R1": [{"card": "BG", "target": "B1"}]})
    shot = of_type(events, "shot")[0]
    assert (shot["damage"], shot["hand_size"]) == (12, 6)
    assert sorted(of_type(events, "pulled")[0]["cards"]) == sorted(SIX) and nxt.fighter("B1") is None


@pytest.mark.rule("TOB-AMB-60")
def test_repair_brings_back_a_lost_structure_or_crew_card():
    st = state(fighter("R1", "red", [10, 0], ["CM", "CM", "STR", "STR", "THR", "NB", "BOT"], destroyed=["STR", "CM"]),
               fighter("B1", "blue", [14, 0], SIX, facing="F"), modules=M3)
    nxt, _ = resolve(st, {"R1": [{"card": "BOT", "repair": "CM"}]})
    assert get(nxt, "R1").destroyed == ("STR",)


@pytest.mark.rule("TOB-AMB-64")
def test_lock_on_goes_when_its_target_leaves_play():
    st = state(fighter("R1", "red", [10, 0], SIX, lock_on="B1"),
               fighter("B1", "blue", [28, -10], SIX, momentum=[29, -10]))
    nxt, events = resolve(st, {"R1": [{"card": "SCAN"}]})
    assert nxt.fighter("B1") is None and get(nxt, "R1").lock_on is None


@pytest.mark.rule("TOB-AMB-11")
def test_collapse_counts_internal_cards_and_spares_externals():
    sup = ["CM", "CM", "STR", "STR", "STR", "THR", "THR", "THR", "NB", "NB", "SG", "SCAN"]
    st = state(fighter("E1", "empire", [20, 0], sup, external=["LT", "JAM", "THR"], destroyed=["STR"]),
               fighter("A1", "agrarians", [10, 0], ["CM", "STR", "THR", "LT"]), modules=M3)
    nxt, events = resolve(st, {})
    e1 = get(nxt, "E1")
    assert of_type(events, "discarded")[0]["cards"] == ["SCAN", "SG"] and not of_type(events, "external_lost")
    assert len(e1.cards) - (len(e1.destroyed)) == 9 and e1.external == ("LT", "JAM", "THR")


@pytest.mark.rule("TOB-SEQ-10")
@pytest.mark.rule("TOB-SEQ-11")
def test_effective_range_and_miss_formula_together():
    st = state(fighter("K1", "red", [5, 0], SIX, lock_on="T1"),
               fighter("T1", "blue", [15, 0], ["CM", "STR", "THR", "LT", "JAM"], facing="F", momentum=[14, 0]))
    _, events = resolve(st, {"K1": [{"card": "NB", "target": "T1"}], "T1": [{"card": "JAM"}]})
    # the jammer removed the lock-on in Operate Systems: no halving this turn
    shot = of_type(events, "shot")[0]
    assert (shot["range"], shot["effective_range"]) == (9, 9)
    assert shot["miss_cards"] == 2 + 0 + 1 + 2  # range 7-9, no burn, size 5, jammer
    _, events = resolve(st, {"K1": [{"card": "NB", "target": "T1"}], "T1": [{"card": "B1A"}]})
    shot = of_type(events, "shot")[0]
    assert (shot["range"], shot["effective_range"], shot["miss_cards"]) == (8, 4, 1 + 1 + 1)
