"""Module 5, Lock Down (TOB-M5-LOCK-01..12, TOB-EX-51, TOB-AMB-36)."""

from __future__ import annotations

from collections import Counter

import pytest

from hexfleet.engine.errors import RuleError

from .m45_helpers import fighter, of_type, position, projectile, resolve, unit

M5 = (1, 2, 5)
GUNNER = ["CM", "STR", "THR", "LT", "SCAN"]
PLAIN = ["CM", "STR", "THR", "LT"]


def duel(shooter_kw=None, target_hex=(23, 10), modules=M5, **kw):
    return position(fighter("R", "red", [20, 10], kw.pop("cards", GUNNER), **(shooter_kw or {})),
                    fighter("B", "blue", list(target_hex), PLAIN, facing="F"), modules=modules, **kw)


@pytest.mark.rule("TOB-M5-LOCK-01")
@pytest.mark.rule("TOB-M5-LOCK-02")
@pytest.mark.rule("TOB-M5-LOCK-10")
@pytest.mark.rule("TOB-EX-24")
def test_a_locked_gun_fires_every_turn_by_itself():
    tough = ["CM", "CM", "STR", "STR", "THR", "LT"]
    pos = position(fighter("R", "red", [20, 10], GUNNER), fighter("B", "blue", [23, 10], tough, facing="F"),
                   modules=M5)
    out, events = resolve(pos, {"R": [{"card": "LT", "target": "B", "lock": True}]})
    assert {"type": "locked", "id": "R", "card": "LT"} in events
    assert of_type(events, "shot")[0]["target"] == "B"
    draw = of_type(events, "burnout_draw")[0]
    assert draw["deck"] == 6  # the first performance: the card and 5 miss cards
    lock = unit(out, "R")["locked_action"]
    if draw["result"] == "miss":
        assert lock == {"card": "LT", "misses": 4}
        out2, events = resolve(out, {})  # nothing plotted: the locked laser fires anyway
        assert of_type(events, "shot")[0]["shooter"] == "R"
        assert of_type(events, "burnout_draw")[0]["deck"] == 5
    else:
        assert lock is None and "LT" in unit(out, "R")["destroyed"]


@pytest.mark.rule("TOB-M5-LOCK-05")
@pytest.mark.rule("TOB-EX-51")
@pytest.mark.rule("TOB-AMB-36")
@pytest.mark.rule("TOB-IMPL-25")
def test_burn_out_after_each_performance_tob_ex_51():
    lasted = Counter()
    tough = ["CM"] * 3 + ["STR"] * 3 + ["THR", "LT", "LT"]  # a laser hit cannot kill it in 6 turns
    for seed in range(240):
        pos = position(fighter("R", "red", [20, 10], GUNNER), fighter("B", "blue", [23, 10], tough, facing="F"),
                       modules=(1, 2, 3, 5))
        out, events = resolve(pos, {"R": [{"card": "LT", "target": "B", "lock": True}]}, seed=seed)
        turns = 1
        while unit(out, "R")["locked_action"] is not None and unit(out, "B") is not None:
            out, events = resolve(out, {}, seed=seed + 1000 * turns)
            turns += 1
        if unit(out, "R")["locked_action"] is not None:
            continue  # the target was destroyed first: no more performances
        assert of_type(events, "burnout_draw")[-1]["result"] == "burned_out"
        lasted[turns] += 1
    assert sum(lasted.values()) > 200 and set(lasted) <= set(range(1, 7))
    assert all(18 <= lasted[k] <= 62 for k in range(1, 7))  # 1/6 each


@pytest.mark.rule("TOB-M5-LOCK-05")
@pytest.mark.rule("TOB-AMB-36")
def test_no_performance_no_draw():
    far = duel(target_hex=(35, 0))
    far["fighters"][0]["locked_action"] = {"card": "LT", "misses": 3}
    out, events = resolve(far, {})
    assert not of_type(events, "shot") and not of_type(events, "burnout_draw")
    assert unit(out, "R")["locked_action"] == {"card": "LT", "misses": 3}


@pytest.mark.rule("TOB-M5-LOCK-03")
@pytest.mark.rule("TOB-M5-LOCK-06")
def test_what_may_be_locked():
    with pytest.raises(RuleError) as info:
        resolve(duel(), {"R": [{"card": "TNC", "lock": True}]})
    assert info.value.rule == "TOB-M5-LOCK-03"
    with pytest.raises(RuleError) as info:
        resolve(duel(cards=["CM", "STR", "THR", "LT", "SG"]), {"R": [{"card": "SG", "lock": True}]})
    assert info.value.rule == "TOB-M5-LOCK-06"
    locked = duel()
    locked["fighters"][0]["locked_action"] = {"card": "LT", "misses": 5}
    with pytest.raises(RuleError) as info:
        resolve(locked, {"R": [{"card": "SCAN", "lock": True}]})
    assert info.value.rule == "TOB-M5-LOCK-03"


@pytest.mark.rule("TOB-M5-LOCK-04")
def test_tnc_unlocks_before_the_action_takes_effect():
    locked = duel()
    locked["fighters"][0]["locked_action"] = {"card": "LT", "misses": 5}
    out, events = resolve(locked, {"R": [{"card": "TNC", "unlock": True}]})
    assert {"type": "unlocked", "id": "R", "card": "LT"} in events and not of_type(events, "shot")
    assert unit(out, "R")["locked_action"] is None


@pytest.mark.rule("TOB-M5-LOCK-07")
@pytest.mark.rule("TOB-M5-LOCK-08")
@pytest.mark.rule("TOB-M5-LOCK-09")
def test_locked_turns_and_burns():
    turn = duel(target_hex=(35, 0))
    turn["fighters"][0]["locked_action"] = {"card": "T60S", "misses": 5}
    with pytest.raises(RuleError) as info:
        resolve(turn, {"R": [{"card": "T60P"}]})
    assert info.value.rule == "TOB-M5-LOCK-07"
    out, events = resolve(turn, {"R": [{"card": "B1A"}]})
    moved = [e for e in of_type(events, "moved") if e["id"] == "R"][0]
    # the locked turn first (facing C to D), then the burn in the new facing: speed 1 toward D
    assert moved["facing"] == "D" and moved["to"] == [20, 11]
    burn = duel(target_hex=(35, 0))
    burn["fighters"][0]["locked_action"] = {"card": "B1A", "misses": 5}
    with pytest.raises(RuleError) as info:
        resolve(burn, {"R": [{"card": "B2A"}]})
    assert info.value.rule == "TOB-M5-LOCK-08"
    out, events = resolve(burn, {"R": [{"card": "T60S"}]})
    moved = [e for e in of_type(events, "moved") if e["id"] == "R"][0]
    assert moved["facing"] == "D" and moved["to"] == [20, 11]
    # the German reading allows another turn beside a locked one
    german = {**turn, "options": {"lock_down_extra": "german"}}
    resolve(german, {"R": [{"card": "T60P"}]})


@pytest.mark.rule("TOB-M5-LOCK-10")
def test_a_locked_gun_breaks_ties_by_marker_then_die():
    pos = position(fighter("R", "red", [20, 10], GUNNER, locked_action={"card": "LT", "misses": 5}),
                   fighter("B1", "blue", [22, 9], PLAIN), fighter("B2", "blue", [22, 10], PLAIN),
                   modules=M5)
    _, events = resolve(pos, {}, dice=(2, 5))
    assert [(d["purpose"], d["for"], d["face"]) for d in of_type(events, "die")] == [
        ("target_tie", "B1", 2), ("target_tie", "B2", 5)]
    assert of_type(events, "shot")[0]["target"] == "B2"
    pos["fighters"][2]["momentum"] = [21, 10]  # B2 moves to (21, 10): the nearest now
    _, events = resolve(pos, {})
    assert of_type(events, "shot")[0]["target"] == "B2" and not of_type(events, "die")


@pytest.mark.rule("TOB-M5-LOCK-11")
def test_a_locked_scanner_follows_the_nearest_ignoring_arcs():
    pos = position(fighter("R", "red", [20, 10], GUNNER, facing="F", locked_action={"card": "SCAN", "misses": 5}),
                   fighter("B1", "blue", [23, 10], PLAIN), fighter("B2", "blue", [28, 6], PLAIN), modules=M5)
    out, events = resolve(pos, {})
    assert {"type": "lock_on", "id": "R", "target": "B1"} in events and unit(out, "R")["lock_on"] == "B1"


@pytest.mark.rule("TOB-M5-LOCK-11")
@pytest.mark.rule("TOB-M2-OPS-04")
@pytest.mark.rule("TOB-M2-OPS-01")
def test_a_locked_scanner_passes_over_fighters_it_cannot_lock_onto():
    """The nearest enemy operates its jammer this turn, so it "cannot be locked onto by
    scanners this turn": the locked scanner takes the next nearest, and keeps it; the same for
    an enemy that ejects."""
    jammer = ["CM", "STR", "THR", "LT", "JAM"]
    pos = position(fighter("R", "red", [20, 10], GUNNER, facing="F", locked_action={"card": "SCAN", "misses": 5}),
                   fighter("B1", "blue", [23, 10], jammer), fighter("B2", "blue", [28, 6], PLAIN), modules=M5)
    out, events = resolve(pos, {"B1": [{"card": "JAM"}]})
    assert {"type": "lock_on", "id": "R", "target": "B2"} in events
    assert not of_type(events, "lock_lost") and unit(out, "R")["lock_on"] == "B2"
    out, events = resolve(pos, {"B1": [{"card": "CM"}]})
    assert {"type": "lock_on", "id": "R", "target": "B2"} in events and unit(out, "R")["lock_on"] == "B2"
    # without the jammer the nearest is B1 (TOB-M5-LOCK-11)
    out, events = resolve(pos, {"B1": [{"card": "TNC"}]})
    assert unit(out, "R")["lock_on"] == "B1"


@pytest.mark.rule("TOB-M5-LOCK-11")
def test_a_locked_scanner_locks_onto_a_nearer_opposing_projectile():
    """"The closest opposing fighter or projectile" [000:1662]: a blue mine nearer than any
    blue fighter takes the lock-on, which lasts into the next turn (the format's lock_on may
    name a projectile from Module 4)."""
    pos = position(fighter("R", "red", [20, 10], GUNNER, facing="F", locked_action={"card": "SCAN", "misses": 5}),
                   fighter("B1", "blue", [30, 10], PLAIN), modules=(1, 2, 4, 5),
                   projectiles=(projectile("bm", "blue", "mine", [22, 10]), projectile("rm", "red", "mine", [21, 10])))
    out, events = resolve(pos, {})
    assert {"type": "lock_on", "id": "R", "target": "bm"} in events
    assert unit(out, "R")["lock_on"] == "bm"  # the own mine, nearer still, is no target


@pytest.mark.rule("TOB-M5-LOCK-12")
def test_a_locked_launcher_launches_until_empty():
    cannon = ["CM", "STR", "THR", "CAN", "LT"]
    pos = position(fighter("R", "red", [20, 10], cannon, facing="A", momentum=[20, 9], ammo={"CAN": 2}),
                   fighter("B", "blue", [35, 0], PLAIN), modules=(1, 2, 4, 5))
    out, events = resolve(pos, {"R": [{"card": "CAN", "thrust": 2, "lock": True}]}, seed=1)
    assert of_type(events, "launched")[0]["momentum"] == [20, 7]
    if unit(out, "R")["locked_action"] is None:
        pytest.skip("burned out at the first draw (1 in 6) with this seed")
    assert unit(out, "R")["locked_action"] == {"card": "CAN", "misses": 4, "thrust": 2}
    out, events = resolve(out, {})
    launched = of_type(events, "launched")[0]
    assert launched["equivalent_burn"] == 2 and launched["ammo"] == 0 and launched["id"] == "R.2.L"
    assert {"type": "unlocked", "id": "R", "card": "CAN"} in events or \
        unit(out, "R")["locked_action"] is None


@pytest.mark.rule("TOB-M5-LOCK-12")
def test_a_locked_rockets_marker_turns_with_the_fighter():
    rockets = ["CM", "STR", "THR", "RL", "LT"]
    pos = position(fighter("R", "red", [20, 10], rockets, facing="B", momentum=[20, 10],
                           locked_action={"card": "RL", "misses": 5, "offset": [0, -2]}),
                   fighter("B", "blue", [35, 0], PLAIN), modules=(1, 2, 4, 5))
    _, events = resolve(pos, {})
    # offset (0, -2) for facing A is 2 hexes ahead; facing B turns it to (2, -2)
    assert of_type(events, "launched")[0]["momentum"] == [22, 8]


@pytest.mark.rule("TOB-AMB-59")
def test_a_locked_gun_keeps_its_range_and_breaks_a_distance_tie_by_momentum_markers_without_a_die():
    locked = {"locked_action": {"card": "LT", "misses": 5}}
    far = position(fighter("R", "red", [20, 10], GUNNER, **locked), fighter("B1", "blue", [33, 10], PLAIN),
                   modules=M5)  # 13 hexes straight ahead: in the laser's arc, beyond its range 12
    _, events = resolve(far, {})
    assert not of_type(events, "shot") and not of_type(events, "shot_void")
    far["fighters"][1]["hex"] = far["fighters"][1]["momentum"] = [32, 10]  # 12 hexes: it fires
    _, events = resolve(far, {})
    assert of_type(events, "shot")[0]["target"] == "B1"
    # B1 and B2 both end 2 hexes away; B2's new marker (21,10) is 1 from R's, B1's (22,9) is 2
    tie = position(fighter("R", "red", [20, 10], GUNNER, **locked), fighter("B1", "blue", [22, 9], PLAIN),
                   fighter("B2", "blue", [23, 10], PLAIN, momentum=[22, 10]), modules=M5)
    _, events = resolve(tie, {})
    moved = {e["id"]: e["to"] for e in of_type(events, "moved")}
    assert moved == {"R": [20, 10], "B1": [22, 9], "B2": [22, 10]}
    assert of_type(events, "shot")[0]["target"] == "B2" and not of_type(events, "die")
