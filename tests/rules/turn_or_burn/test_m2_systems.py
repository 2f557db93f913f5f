"""Module 2 plots and the Operate Systems phase (TOB-M2-PLOT-*, TOB-M2-OPS-*, TOB-M2-SYS-*,
TOB-M2-DITTO-01, TOB-M2-SEQ-01)."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import RuleError

from .m23_helpers import RS, fighter, get, of_type, resolve, state


def red(cards=("CM", "STR", "THR", "NB", "SG", "BOT"), fid="R1", hex=(10, 0), **kw):
    return fighter(fid, "red", list(hex), list(cards), **kw)


def blue(cards=("CM", "STR", "THR", "LT", "SCAN", "JAM"), fid="B1", hex=(14, 0), **kw):
    kw.setdefault("facing", "F")
    return fighter(fid, "blue", list(hex), list(cards), **kw)


@pytest.mark.rule("TOB-M2-SEQ-01")
def test_four_phases_plot_move_operate_fire():
    st = state(red(momentum=[11, 0]), blue(), red(("CM", "STR", "THR", "NB"), fid="R2", hex=(10, 3)))
    _, events = resolve(st, {"R1": [{"card": "SG"}], "B1": [{"card": "SCAN", "target": "R2"}],
                             "R2": [{"card": "NB", "target": "B1"}]})
    kinds = [e["type"] for e in events]
    assert kinds.index("plotted") < kinds.index("moved") < kinds.index("shields") < kinds.index("lock_on") \
        < kinds.index("announced") < kinds.index("shot")
    assert of_type(events, "moved")[0]["to"] == [11, 0]


@pytest.mark.rule("TOB-M2-PLOT-01")
@pytest.mark.rule("TOB-M2-DITTO-01")
@pytest.mark.rule("TOB-EX-08")
def test_ditto_repeats_the_partners_maneuver():
    st = state(red(facing="C"), red(fid="R2", hex=(10, 4), facing="A"), blue())
    nxt, _ = resolve(st, {"R1": [{"card": "T60P"}], "R2": [{"card": "DITTO", "of": "R1"}]})
    assert (get(nxt, "R1").facing, get(nxt, "R2").facing) == (1, 5)  # C→B, A→F: each from its own facing


@pytest.mark.rule("TOB-M2-DITTO-01")
@pytest.mark.rule("TOB-AMB-16")
def test_ditto_of_a_non_maneuver_or_an_impossible_burn_does_nothing():
    st = state(red(), red(fid="R2", hex=(10, 4), destroyed=["THR"]), blue())
    nxt, _ = resolve(st, {"R1": [{"card": "B2A"}], "R2": [{"card": "DITTO", "of": "R1"}]})
    assert get(nxt, "R1").hex == (12, 0) and get(nxt, "R2").hex == (10, 4)
    nxt, _ = resolve(st, {"R1": [{"card": "NB"}], "R2": [{"card": "DITTO", "of": "R1"}]})
    assert get(nxt, "R2").hex == (10, 4) and get(nxt, "R2").facing == 2


@pytest.mark.rule("TOB-M2-PLOT-02")
@pytest.mark.rule("TOB-M2-OPS-01")
def test_eject_removes_the_fighter_and_scores_for_the_other_team():
    st = state(red(), blue())
    nxt, events = resolve(st, {"R1": [{"card": "CM"}], "B1": [{"card": "LT", "target": "R1"}]})
    assert of_type(events, "ejected") == [{"type": "ejected", "id": "R1"}]
    assert {"type": "eliminated", "id": "R1", "cause": "ejected"} in events
    assert nxt.fighter("R1") is None and dict(nxt.scores) == {"blue": 1, "red": 0}
    assert of_type(events, "shot_void")[0]["reason"] == "target_gone"  # ejected before Fire Guns
    assert nxt.replacements[0].enters_on_turn == 3


@pytest.mark.rule("TOB-M2-PLOT-03")
@pytest.mark.rule("TOB-M2-OPS-02")
@pytest.mark.rule("TOB-M2-SYS-01")
def test_repair_bot_restores_one_lost_card_it_started_with():
    st = state(red(("CM", "STR", "THR", "NB", "ARM", "BOT"), destroyed=["NB", "THR", "ARM"]), blue())
    nxt, events = resolve(st, {"R1": [{"card": "BOT", "repair": "THR"}]})
    assert of_type(events, "repaired") == [{"type": "repaired", "id": "R1", "card": "THR"}]
    assert sorted(get(nxt, "R1").destroyed) == ["ARM", "NB"]
    nxt, events = resolve(st, {"R1": [{"card": "BOT"}]})  # default: the earliest lost card, never armor
    assert of_type(events, "repaired")[0]["card"] == "NB"
    for bad, why in (("ARM", "armor"), ("SG", "did not start")):
        with pytest.raises(RuleError) as err:
            RS.validate(st, "red", {"R1": [{"card": "BOT", "repair": bad}]})
        assert err.value.rule == "TOB-M2-SYS-01" and why in err.value.message


@pytest.mark.rule("TOB-M2-PLOT-05")
def test_shields_up_allow_only_shield_generator_repair_and_turns():
    st = state(red(shields=True), blue(("CM", "STR", "THR", "LT", "SG", "JAM"), shields=True))
    for ok in ("SG", "BOT", "T60S", "TR", "TNC"):
        RS.validate(st, "red", {"R1": [{"card": ok}]})
    for bad in ("B1A", "NB", "CM"):
        with pytest.raises(RuleError) as err:
            RS.validate(st, "red", {"R1": [{"card": bad}]})
        assert err.value.rule == "TOB-M2-PLOT-05"
    for bad in ("JAM", "LT"):
        with pytest.raises(RuleError) as err:
            RS.validate(st, "blue", {"B1": [{"card": bad}]})
        assert err.value.rule == "TOB-M2-PLOT-05"


@pytest.mark.rule("TOB-M2-PLOT-06")
@pytest.mark.rule("TOB-M2-SYS-04")
@pytest.mark.rule("TOB-M2-OPS-05")
def test_scanner_locks_on_anywhere_one_target_at_a_time():
    far = red(("CM", "STR", "THR", "NB"), fid="R2", hex=(2, 14))
    st = state(red(), far, blue())
    nxt, events = resolve(st, {"B1": [{"card": "SCAN", "target": "R2"}]})
    assert of_type(events, "lock_on") == [{"type": "lock_on", "id": "B1", "target": "R2"}]
    assert get(nxt, "B1").lock_on == "R2"
    nxt, _ = resolve(nxt, {"B1": [{"card": "SCAN", "target": "R1"}]})  # moved, not doubled
    assert get(nxt, "B1").lock_on == "R1"
    nxt, _ = resolve(nxt, {"B1": [{"card": "SCAN"}]})  # default: keep the lock-on
    assert get(nxt, "B1").lock_on == "R1"


@pytest.mark.rule("TOB-M2-OPS-03")
@pytest.mark.rule("TOB-M2-SYS-03")
@pytest.mark.rule("TOB-M2-SHIELD-02")
def test_shield_generator_raises_and_lowers_shields_in_public():
    st = state(red(), blue())
    up, events = resolve(st, {"R1": [{"card": "SG"}]})
    assert get(up, "R1").shields and of_type(events, "shields") == [{"type": "shields", "id": "R1", "up": True}]
    assert next(f for f in RS.view(up, "blue")["fighters"] if f["id"] == "R1")["shields"] is True
    down, _ = resolve(up, {"R1": [{"card": "SG"}]})
    assert not get(down, "R1").shields


@pytest.mark.rule("TOB-M2-OPS-04")
@pytest.mark.rule("TOB-M2-SYS-05")
@pytest.mark.rule("TOB-M2-OPS-06")
@pytest.mark.rule("TOB-SEQ-07")
def test_jammer_clears_lock_ons_even_one_placed_this_turn():
    st = state(red(("CM", "STR", "THR", "NB", "SCAN", "JAM")), red(("CM", "STR", "THR", "NB", "SCAN"), fid="R2",
                                                                    hex=(10, 4), lock_on="B1"), blue())
    nxt, events = resolve(st, {"R1": [{"card": "SCAN", "target": "B1"}], "B1": [{"card": "JAM"}]})
    kinds = [e["type"] for e in events]
    assert kinds.index("lock_on") < kinds.index("jammed")
    assert get(nxt, "R1").lock_on is None and get(nxt, "R2").lock_on is None
    assert {"type": "lock_lost", "id": "R2", "target": "B1", "reason": "jammed"} in events
