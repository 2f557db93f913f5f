"""Lock-ons (TOB-M2-LOCK-01..07, TOB-EX-07, TOB-EX-10)."""

from __future__ import annotations

import pytest

from .m23_helpers import fighter, get, of_type, resolve, state

KIM = ["CM", "STR", "THR", "NB", "SCAN", "JAM"]
THAD = ["CM", "STR", "THR", "LT", "JAM", "BOT"]


def kim(**kw):
    return fighter("K1", "red", [5, 0], KIM, **kw)


def thad(hex=(18, 0), **kw):
    return fighter("T1", "blue", list(hex), THAD, facing="F", **kw)


@pytest.mark.rule("TOB-EX-07")
@pytest.mark.rule("TOB-M2-LOCK-01")
@pytest.mark.rule("TOB-M2-LOCK-03")
@pytest.mark.rule("TOB-M2-LOCK-07")
def test_kims_lock_on():
    st = state(kim(), thad())  # Thad 13 hexes dead ahead
    st, _ = resolve(st, {"K1": [{"card": "SCAN", "target": "T1"}]})  # turn 1: lock on
    assert get(st, "K1").lock_on == "T1"
    st, _ = resolve(st, {"K1": [{"card": "SCAN"}]})  # turn 2: maintained
    assert get(st, "K1").lock_on == "T1"
    st, events = resolve(st, {"K1": [{"card": "NB", "target": "T1"}]})  # turn 3: fire at true range 13
    shot = of_type(events, "shot")[0]
    assert (shot["range"], shot["effective_range"], shot["damage"], shot["miss_cards"]) == (13, 7, 1, 2)
    assert get(st, "K1").lock_on == "T1"  # stays on after firing


@pytest.mark.rule("TOB-M2-LOCK-03")
def test_locked_range_reaches_24_not_25():
    st, events = resolve(state(kim(lock_on="T1"), thad(hex=(29, -12))), {"K1": [{"card": "NB", "target": "T1"}]})
    assert of_type(events, "shot")[0]["effective_range"] == 12
    far = state(fighter("K1", "red", [2, 0], KIM, lock_on="T1"), thad(hex=(27, -11)))
    _, events = resolve(far, {"K1": [{"card": "NB", "target": "T1"}]})
    assert of_type(events, "shot_void")[0]["reason"] == "out_of_range"


@pytest.mark.rule("TOB-M2-LOCK-04")
@pytest.mark.rule("TOB-EX-10")
def test_locked_neutrino_at_range_6_halves_before_damage():
    st = state(kim(lock_on="T1"), thad(hex=(11, 0)))
    _, events = resolve(st, {"K1": [{"card": "NB", "target": "T1"}]})
    shot = of_type(events, "shot")[0]
    assert (shot["range"], shot["effective_range"], shot["damage"], shot["miss_cards"]) == (6, 3, 3, 0)


@pytest.mark.rule("TOB-M2-LOCK-05")
def test_lock_on_helps_only_its_owner():
    mate = fighter("K2", "red", [5, 3], ["CM", "STR", "THR", "NB"])
    st = state(kim(lock_on="T1"), mate, thad(hex=(18, 0)))
    _, events = resolve(st, {"K1": [{"card": "NB", "target": "T1"}], "K2": [{"card": "NB", "target": "T1"}]})
    assert of_type(events, "shot")[0]["shooter"] == "K1"
    assert of_type(events, "shot_void") == [{"type": "shot_void", "shooter": "K2", "weapon": "NB", "target": "T1",
                                            "reason": "out_of_range"}]


@pytest.mark.rule("TOB-M2-LOCK-06")
def test_lock_on_placed_by_the_scanner_this_turn_helps_only_from_next_turn():
    # Turn 1: the scanner moves K1's lock from T1 to T2 (no shot: one action). Turn 2: T2 has
    # been locked since the start of the turn, so the range halves (same-turn case: test_m3).
    t2 = fighter("T2", "blue", [18, 3], THAD, facing="F")
    st = state(kim(lock_on="T1"), thad(), t2)
    st, _ = resolve(st, {"K1": [{"card": "SCAN", "target": "T2"}]})
    assert get(st, "K1").lock_on == "T2"
    _, events = resolve(st, {"K1": [{"card": "NB", "target": "T2"}]})
    shot = of_type(events, "shot")[0]
    assert (shot["range"], shot["effective_range"]) == (16, 8)


@pytest.mark.rule("TOB-M2-LOCK-02")
@pytest.mark.parametrize("case", ["out_of_range", "out_of_arc", "other_target", "other_card", "no_card", "jammed"])
def test_the_five_ways_a_lock_on_is_lost(case):
    t2 = fighter("T2", "blue", [9, 0], THAD, facing="F")
    where = {"out_of_range": (29, -12), "out_of_arc": (18, 0)}.get(case, (18, 0))
    st = state(kim(lock_on="T1", facing="F" if case == "out_of_arc" else "C"), thad(hex=where), t2)
    if case == "out_of_range":
        st = state(fighter("K1", "red", [2, 0], KIM, lock_on="T1"), thad(hex=(27, -11)), t2)
    plots = {
        "out_of_range": {"K1": [{"card": "NB"}]},
        "out_of_arc": {"K1": [{"card": "NB"}]},
        "other_target": {"K1": [{"card": "NB", "target": "T2"}]},
        "other_card": {"K1": [{"card": "TNC"}]},
        "no_card": {},
        "jammed": {"K1": [{"card": "NB", "target": "T1"}], "T1": [{"card": "JAM"}]},
    }[case]
    nxt, events = resolve(st, plots)
    assert get(nxt, "K1").lock_on is None
    assert of_type(events, "lock_lost")[0]["target"] == "T1"


@pytest.mark.rule("TOB-M2-LOCK-01")
@pytest.mark.rule("TOB-AMB-67")
def test_gun_with_the_target_in_range_and_arc_keeps_the_lock_even_holding_fire():
    st = state(kim(lock_on="T1"), thad())
    nxt, _ = resolve(st, {"K1": [{"card": "NB", "target": "T1"}]})
    assert get(nxt, "K1").lock_on == "T1"
