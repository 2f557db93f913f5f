"""Module 3 multiple actions (TOB-M3-MULTI-01..06)."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import RuleError

from .m23_helpers import RS, fighter, get, of_type, resolve, state

M3 = (1, 2, 3)
CREW2 = ["CM", "CM", "STR", "STR", "THR", "NB", "LT", "SCAN", "SG"]  # a heavy with two crew


def ace(cards=CREW2, **kw):
    kw.setdefault("hex", [10, 0])
    hex = kw.pop("hex")
    return fighter("R1", "red", hex, list(cards), **kw)


def enemy(fid="B1", hex=(14, 0), cards=("CM", "STR", "THR", "LT", "JAM", "BOT"), **kw):
    return fighter(fid, "blue", list(hex), list(cards), facing="F", **kw)


@pytest.mark.rule("TOB-M3-MULTI-01")
def test_one_action_per_working_crew_member():
    st = state(ace(), enemy(), modules=M3)
    assert RS.pending(st)["red"].options["fighters"]["R1"]["actions"] == 2
    RS.validate(st, "red", {"R1": [{"card": "T60S"}, {"card": "SCAN"}]})
    with pytest.raises(RuleError) as err:
        RS.validate(st, "red", {"R1": [{"card": "T60S"}, {"card": "SCAN"}, {"card": "NB"}]})
    assert err.value.rule == "TOB-M3-MULTI-01"
    hurt = state(ace(destroyed=["CM"]), enemy(), modules=M3)
    with pytest.raises(RuleError) as err:
        RS.validate(hurt, "red", {"R1": [{"card": "T60S"}, {"card": "SCAN"}]})
    assert err.value.rule == "TOB-M3-MULTI-01"
    off = state(ace(), enemy(), modules=M3, options={"multiple_actions": False})
    with pytest.raises(RuleError) as err:
        RS.validate(off, "red", {"R1": [{"card": "T60S"}, {"card": "SCAN"}]})
    assert err.value.rule == "TOB-M1-PLOT-01"


@pytest.mark.rule("TOB-M3-MULTI-02")
def test_at_most_one_maneuver_and_each_card_once():
    st = state(ace(), enemy(), modules=M3)
    with pytest.raises(RuleError) as err:
        RS.validate(st, "red", {"R1": [{"card": "T60S"}, {"card": "B1A"}]})
    assert err.value.rule == "TOB-M3-MULTI-02"
    with pytest.raises(RuleError) as err:
        RS.validate(st, "red", {"R1": [{"card": "NB"}, {"card": "NB"}]})
    assert err.value.rule == "TOB-M3-MULTI-02"


@pytest.mark.rule("TOB-M3-MULTI-03")
def test_several_guns_announce_then_fire_each_with_its_own_miss_cards():
    st = state(ace(), enemy(), enemy("B2", hex=(20, 0)), modules=M3)
    _, events = resolve(st, {"R1": [{"card": "NB", "target": "B1"}, {"card": "LT", "target": "B2"}]})
    assert [s["target"] for s in of_type(events, "announced")[0]["shots"]] == ["B1", "B2"]
    near, far = of_type(events, "shot")
    assert (near["weapon"], near["range"], near["miss_cards"]) == ("NB", 4, 1)
    assert (far["weapon"], far["range"], far["miss_cards"]) == ("LT", 10, 4)


@pytest.mark.rule("TOB-M3-MULTI-04")
@pytest.mark.rule("TOB-M2-LOCK-06")
def test_scanner_and_gun_together_halve_only_from_the_next_turn():
    st = state(ace(hex=[5, 0]), enemy(hex=(18, 0)), modules=M3)  # true range 13
    st, events = resolve(st, {"R1": [{"card": "SCAN", "target": "B1"}, {"card": "NB", "target": "B1"}]})
    assert of_type(events, "shot_void")[0]["reason"] == "out_of_range"
    assert get(st, "R1").lock_on == "B1"
    st, events = resolve(st, {"R1": [{"card": "SCAN"}, {"card": "NB", "target": "B1"}]})
    assert of_type(events, "shot")[0]["effective_range"] == 7


@pytest.mark.rule("TOB-M3-MULTI-05")
@pytest.mark.rule("TOB-AMB-15")
def test_drop_shields_and_fire_but_not_raise_and_fire():
    up = state(ace(shields=True), enemy(), modules=M3)
    nxt, events = resolve(up, {"R1": [{"card": "SG"}, {"card": "NB", "target": "B1"}]})
    assert not get(nxt, "R1").shields and of_type(events, "shot")[0]["shooter"] == "R1"
    with pytest.raises(RuleError) as err:
        RS.validate(up, "red", {"R1": [{"card": "SG"}, {"card": "B1A"}]})
    assert err.value.rule == "TOB-M2-PLOT-05"
    down = state(ace(), enemy(), modules=M3)
    with pytest.raises(RuleError) as err:
        RS.validate(down, "red", {"R1": [{"card": "SG"}, {"card": "NB"}]})
    assert err.value.rule == "TOB-M3-MULTI-05"


@pytest.mark.rule("TOB-M3-MULTI-06")
@pytest.mark.rule("TOB-AMB-14")
def test_lock_on_kept_with_other_actions_lost_on_a_different_target():
    armored = ("CM", "STR", "THR", "LT", "ARM", "ARM")  # survives the shots: a gone target loses the lock anyway
    st = state(ace(lock_on="B1"), enemy(cards=armored), enemy("B2", hex=(13, 2), cards=armored), modules=M3)
    kept, _ = resolve(st, {"R1": [{"card": "SCAN"}, {"card": "T60S"}]})
    assert get(kept, "R1").lock_on == "B1"
    kept, _ = resolve(st, {"R1": [{"card": "NB", "target": "B1"}, {"card": "TNC"}]})
    assert get(kept, "R1").lock_on == "B1"
    lost, _ = resolve(st, {"R1": [{"card": "NB", "target": "B1"}, {"card": "LT", "target": "B2"}]})
    assert get(lost, "R1").lock_on is None
