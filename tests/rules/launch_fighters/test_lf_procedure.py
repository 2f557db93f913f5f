"""The attack procedure's finer points and the ambiguity resolutions around it (LF-ATK-08/09,
LF-AMB-06/17/19/20/26/48/49/50)."""

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.games.launch_fighters.combat import flanking
from hexfleet.games.launch_fighters.play import scores
from hexfleet.games.launch_fighters.position import parse_position, position_to_json
from hexfleet.games.launch_fighters.rules import RULESET
from hexfleet.games.launch_fighters.state import LF_DIRECTIONS, Work, arc
from hexfleet.hexgrid import FRONT, REAR, SIDE

from .helpers import at, kinds, play, position, ship, sq, state_of


def ships_of(s):
    return {x.id: x for x in s.ships}


def sqs_of(s):
    return {x.id: x for x in s.squadrons}


@pytest.mark.rule("LF-ATK-08")
def test_the_dime_is_the_activated_flag():
    """A unit that has attacked is marked (the book's dime): it is written in the position, it
    cannot activate again, and the mark is cleared for the next turn."""
    s = state_of(position([ship("X-A", "X", (0, 0), 0, cannons=1, move=3), ship("X-B", "X", (0, 3), 0, cannons=1, move=3),
                           ship("Y-A", "Y", (5, 0), 3, cannons=1, move=3)], step=3, order=("Y", "X")))
    s, _ = play(s, {"unit": "X-A"})
    s, _ = play(s, {"system": "end"})
    marked = {x["id"]: x.get("activated", False) for x in position_to_json(s)["ships"]}
    assert marked == {"X-A": True, "X-B": False, "Y-A": False}
    assert s.decision["seat"] == "Y"
    s, _ = play(s, {"unit": "Y-A"})
    s, _ = play(s, {"system": "end"})
    assert [o["unit"] for o in RULESET.legal_orders(s, "X")] == ["X-B"]
    with pytest.raises(RuleError) as e:
        RULESET.validate(s, "X", {"unit": "X-A"})
    assert e.value.rule == "LF-ATK-01"
    s, _ = play(s, {"unit": "X-B"})
    s, ev = play(s, {"system": "end"})
    assert "recovery" in [e.get("phase") for e in ev] and s.turn == 2
    assert not any(x.activated for x in s.ships)


@pytest.mark.rule("LF-ATK-09")
def test_weapon_strengths_and_weaknesses(dice):
    """Cannons: no ammunition spent, but halved by a fast target. Missiles: not halved by a
    fast target, but they run out and can be intercepted. Fighters: they fight only once
    launched."""
    pos = position([ship("X-A", "X", (0, 0), 0, cannons=3, launchers=3, missiles=4, move=5, bays=1, squadrons=1),
                    ship("Y-A", "Y", (4, 0), 3, defense=9, move=5)],
                   [sq("X-F1", "X", host="X-A"), sq("Y-F1", "Y", (3, 0))], step=5, order=("Y", "X"))
    s = state_of(pos)
    assert s.decision == {"kind": "activate", "seat": "X", "step": 5}
    assert [o.get("unit") for o in RULESET.legal_orders(s, "X")] == ["X-A"]   # X-F1 is aboard: not a unit in play
    s, _ = play(s, {"unit": "X-A"})
    s, ev = play(s, {"system": "cannons", "target": "Y-A"})
    assert ev[0]["pool"] == 2 and ev[0]["halved"] and ships_of(s)["X-A"].missiles == 4
    s, _ = play(s, {"stop": True})
    s, ev = play(s, {"system": "launchers", "target": "Y-A", "missiles": 3})
    assert ev[0]["pool"] == 3 and "halved" not in ev[0] and ships_of(s)["X-A"].missiles == 1
    assert s.decision["kind"] == "intercept" and s.decision["seat"] == "Y"
    dice([6])
    s, ev = play(s, {"squadrons": ["Y-F1"]})
    assert ev[0]["pool"] == 2
    s, _ = play(s, {"stop": True})
    s, ev = play(s, {"system": "bays", "launch": [{"squadron": "X-F1", "hex": at(-1, 0)}]})
    assert s.decision["kind"] == "activate" and s.decision["seat"] == "Y"   # Y-F1's turn in the rotation
    s, _ = play(s, {"unit": "Y-F1"})
    assert {"unit": "X-F1"} in RULESET.legal_orders(s, "X")                  # launched: now it may fight


@pytest.mark.rule("LF-AMB-06")
def test_arcs_are_half_planes_not_120_degree_wedges():
    """Every neighbour is in the front or the rear arc (none is "side"), so a ship adjacent
    behind a target's flank, in what a wedge reading calls a side arc, flanks it."""
    for f in range(6):
        arcs = [arc((0, 0), f, n) for n in LF_DIRECTIONS]
        assert (arcs.count(FRONT), arcs.count(REAR), arcs.count(SIDE)) == (3, 3, 0)
    assert arc((0, 0), 0, (1, -2)) == SIDE                  # the side line starts at distance 2
    # Y's ship faces east; X's ship is its north-west neighbour (f+2), facing it.
    s = state_of(position([ship("X-A", "X", (0, -1), 5, cannons=2, move=3), ship("Y-A", "Y", (0, 0), 0, move=1)],
                          step=3, order=("Y", "X")))
    assert flanking(ships_of(s)["X-A"], ships_of(s)["Y-A"])
    s, _ = play(s, {"unit": "X-A"})
    _, ev = play(s, {"system": "cannons", "target": "Y-A"})
    assert ev[1] == {"type": "flank", "target": "Y-A", "pool": 4}


@pytest.mark.rule("LF-AMB-17")
def test_the_pool_is_computed_once(dice):
    """The fast-target halving is judged when the pool is gathered: slowing the target with the
    first barrage does not give the rest of the pool back."""
    s = state_of(position([ship("X-A", "X", (0, 0), 3, cannons=3, move=5), ship("Y-A", "Y", (3, 0), 3, defense=2, move=4)],
                          step=5, order=("Y", "X")))
    s, _ = play(s, {"unit": "X-A"})
    s, ev = play(s, {"system": "cannons", "target": "Y-A"})
    assert ev[0]["pool"] == 2
    dice([6])
    s, ev = play(s, {"dice": 1})
    assert ev[0]["result"] == "direct" and s.decision["seat"] == "X"
    s, _ = play(s, {"stat": "move"})
    assert ships_of(s)["Y-A"].move == 3                        # no longer faster than Cannons 3
    assert s.act["pool"]["dice"] == 1
    assert [o.get("dice") for o in RULESET.legal_orders(s, "X")] == [1, None]


@pytest.mark.rule("LF-AMB-19")
def test_a_hit_must_take_a_stat_that_is_still_there(dice):
    s = state_of(position([ship("X-A", "X", (0, 0), 3, cannons=3, launchers=2),
                           ship("Y-A", "Y", (3, 0), 3, defense=1, move=2, cannons=1,
                                current={"cannons": 0, "launchers": 0, "bays": 0, "defense": 1, "move": 2})],
                          step=3, order=("Y", "X")))
    s, _ = play(s, {"unit": "X-A"})
    s, _ = play(s, {"system": "cannons", "target": "Y-A"})
    dice([2])
    s, ev = play(s, {"dice": 1})                             # 2 > 1, 2 <= 2: a hit, the defender chooses
    assert ev[0]["result"] == "hit" and s.decision["seat"] == "Y"
    assert s.decision["choices"] == [{"stat": "defense"}, {"stat": "move"}]
    with pytest.raises(RuleError) as e:
        RULESET.validate(s, "Y", {"stat": "cannons"})        # at 0 already: not a loss at all
    assert e.value.rule == "LF-DMG-01"
    s, _ = play(s, {"stat": "move"})
    s, _ = play(s, {"stop": True})
    # a missile direct hit "on the same stat twice" with Defense at 1: the second level goes to Move
    s, _ = play(s, {"system": "launchers", "target": "Y-A", "missiles": 1})
    dice([6])
    s, ev = play(s, {"dice": 1})
    assert ev[0]["result"] == "direct" and s.decision["seat"] == "X"
    s, ev = play(s, {"stat": "defense"})
    assert [(e["stat"], e["level"]) for e in ev if e["type"] == "stat_lost"] == [("defense", 0), ("move", 0)]
    assert "destroyed" in kinds(ev)


@pytest.mark.rule("LF-AMB-20")
def test_a_squadron_rolls_a_new_defense_for_each_barrage(dice):
    s = state_of(position([ship("X-A", "X", (0, 0), 3, cannons=5, move=3), ship("Y-B", "Y", (9, 0))],
                          [sq("Y-F1", "Y", (1, 0))], step=3, order=("Y", "X")))
    s, _ = play(s, {"unit": "X-A"})
    s, ev = play(s, {"system": "cannons", "target": "Y-F1"})
    assert ev[0]["pool"] == 5                                 # Cannons 5: flak is not halved
    dice([4, 5, 3, 2])                                        # attacker's die first, then the defense
    s, ev = play(s, {"dice": 1, "target": "Y-F1"})
    assert (ev[0]["dice"], ev[0]["defense_roll"], ev[0]["result"]) == ([4], [5], "miss")
    s, ev = play(s, {"dice": 1, "target": "Y-F1"})
    assert (ev[0]["dice"], ev[0]["defense_roll"], ev[0]["result"]) == ([3], [2], "hit")


@pytest.mark.rule("LF-AMB-26")
def test_squadrons_aboard_a_destroyed_ship_die_with_it_and_count_with_it(dice):
    s = state_of(position([ship("X-A", "X", (0, 0), 3, cannons=3),
                           ship("Y-C", "Y", (2, 0), 3, defense=0, move=1, bays=1, squadrons=3,
                                current={"cannons": 0, "launchers": 0, "bays": 0, "defense": 0, "move": 1}),
                           ship("Y-D", "Y", (-6, 0), 0, cannons=1)],
                          [sq("Y-F1", "Y", host="Y-C"), sq("Y-F2", "Y", host="Y-C"), sq("Y-F3", "Y", (0, 4), origin="Y-C")],
                          step=3, order=("Y", "X")))
    s, _ = play(s, {"unit": "X-A"})
    s, _ = play(s, {"system": "cannons", "target": "Y-C"})
    dice([3])
    s, ev = play(s, {"dice": 1})
    assert {"type": "destroyed", "ship": "Y-C", "squadrons": ["Y-F1", "Y-F2"], "credit": "X"} in ev
    q = sqs_of(s)
    assert q["Y-F1"].status == q["Y-F2"].status == "eliminated" and q["Y-F3"].status == "map"
    hull = ships_of(s)["Y-C"].design.hull_value
    assert s.ledger == (("X", 2 * (hull + 2 * 5), "Y-C"),)   # hull + the two lost aboard, not Y-F3


@pytest.mark.rule("LF-AMB-48")
def test_launchers_without_missiles_neither_fire_nor_make_a_ship_capable():
    pos = position([ship("X-A", "X", (0, 0), 3, launchers=3, cannons=1, missiles_left=0, move=3),
                    ship("Y-A", "Y", (3, 0), 3, cannons=1, move=1)], step=3, order=("Y", "X"))
    s, _ = play(state_of(pos), {"unit": "X-A"})
    assert RULESET.legal_orders(s, "X") == [{"system": "cannons", "target": "Y-A"}, {"system": "end"}]
    with pytest.raises(RuleError) as e:
        RULESET.validate(s, "X", {"system": "launchers", "target": "Y-A", "missiles": 1})
    assert e.value.rule == "LF-ATK-04"
    # without cannons it can move but roll no barrage and recover no fighters: incapable, half value
    pos["ships"][0]["stats"] = {"cannons": 0}
    s = parse_position(pos, rng=1)
    assert scores(Work(s, share=True))["X"] == ships_of(s)["X-A"].design.hull_value
    s, ev = play(state_of(pos), {"unit": "X-A"})
    assert s.decision["seat"] == "Y"          # no system can act: the activation ends at once


@pytest.mark.rule("LF-AMB-49")
def test_losing_the_flagship_changes_nothing(dice):
    pos = position([ship("X-A", "X", (0, 0), 3, cannons=3),
                    {**ship("Y-A", "Y", (2, 0), 3, defense=0, move=1, cannons=1,
                            current={"cannons": 0, "launchers": 0, "bays": 0, "defense": 0, "move": 1}),
                     "flagship": True},
                    ship("Y-B", "Y", (-6, 0), 0, cannons=1, move=1)], step=3, order=("Y", "X"))
    s = state_of(pos)
    assert ships_of(s)["Y-A"].flagship
    s, _ = play(s, {"unit": "X-A"})
    s, _ = play(s, {"system": "cannons", "target": "Y-A"})
    dice([3])
    s, ev = play(s, {"dice": 1})
    assert "destroyed" in kinds(ev) and s.outcome is None and s.phase == "attack"
    assert s.ledger == (("X", 2 * ships_of(s)["Y-A"].design.hull_value, "Y-A"),)   # the plain ship value
    assert ships_of(s)["Y-B"].status == "map" and not ships_of(s)["Y-B"].flagship


@pytest.mark.rule("LF-AMB-50")
def test_a_units_attack_phase_is_its_own_activation():
    """A voluntary return to base "instead of attacking on its attack phase" uses that
    squadron's own activation in the rotation; the other units of the step still go."""
    s = state_of(position([ship("X-H", "X", (0, 0), 0, bays=2, move=2), ship("Y-A", "Y", (-9, 0), 0, cannons=1, move=1)],
                          [sq("X-F1", "X", (2, 0)), sq("X-F2", "X", (0, 2)), sq("Y-F1", "Y", (-8, 0))],
                          step=5, order=("Y", "X")))
    assert s.decision == {"kind": "activate", "seat": "X", "step": 5}
    s, ev = play(s, {"unit": "X-F1", "rtb": True})
    assert {"type": "landed", "unit": "X-F1", "ship": "X-H"} in ev
    assert s.decision == {"kind": "activate", "seat": "Y", "step": 5}       # rotation moves on
    s, _ = play(s, {"unit": "Y-F1"})
    assert [o["unit"] for o in RULESET.legal_orders(s, "X")] == ["X-F2", "X-F2"]
    assert sqs_of(s)["X-F1"].activated and not sqs_of(s)["X-F2"].activated


@pytest.mark.rule("LF-ATK-04")
def test_an_answer_given_in_advance_is_used_before_asking():
    """The kernel's answers in advance: activating a ship with ``"then": {"system": ...}`` ends
    its activation without asking again; an answer the rules refuse by then is dropped with a
    ``then_refused`` event only that seat sees, and the seat is asked."""
    pos = position([ship("X-A", "X", (0, 0), 0, cannons=1, move=3), ship("X-B", "X", (0, 3), 0, cannons=1, move=3),
                    ship("Y-A", "Y", (5, 0), 3, cannons=1, move=3)], step=3, order=("Y", "X"))
    s = state_of(pos)
    s, ev = play(s, {"unit": "X-A", "then": {"system": {"system": "end"}}})
    assert kinds(ev) == ["activated"] and s.decision == {"kind": "activate", "seat": "Y", "step": 3}
    s = state_of(pos)
    s, ev = play(s, {"unit": "X-A", "then": {"system": {"system": "cannons", "target": "X-B"}}})
    assert kinds(ev) == ["activated", "then_refused"] and s.decision == {"kind": "system", "seat": "X", "ship": "X-A"}
    assert ev[-1]["visible_to"] == ["X"] and "X-B" in ev[-1]["error"] and s.then == ()
    s, ev = play(s, {"system": "end"})
    assert s.decision["seat"] == "Y" and s.then == ()
