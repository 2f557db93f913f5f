"""Fighters: launching, dogfights, return to base, advance (LF-LAUNCH, LF-FTR, LF-BAR-08, LF-ATK-02/03)."""

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.games.launch_fighters.rules import RULESET

from .helpers import at, play, position, ship, sq, state_of


def squads(s):
    return {q.id: q for q in s.squadrons}


@pytest.mark.rule("LF-WE-19")
@pytest.mark.rule("LF-BAR-08")
@pytest.mark.rule("LF-FTR-06")
@pytest.mark.rule("LF-AMB-21")
@pytest.mark.rule("LF-AMB-23")
@pytest.mark.rule("LF-ATK-02")
def test_beta_squadron(dice):
    pos = position([ship("Y-H", "Y", (4, 0), 3, bays=1, move=2, cannons=1), ship("X-S", "X", (-9, 0), move=1)],
                   [sq("X-Beta", "X", (0, 0)), sq("Y-E1", "Y", (1, 0)), sq("Y-E2", "Y", (2, 0))],
                   step=5, order=("Y", "X"))
    s = state_of(pos)
    assert s.decision == {"kind": "activate", "seat": "X", "step": 5}
    dice([5, 2])
    s, ev = play(s, {"unit": "X-Beta", "attack": "Y-E1"})
    assert ev[1]["dice"] == [5, 2] and ev[1]["result"] == "direct" and ev[1]["winner"] == "X-Beta"
    assert {"type": "eliminated", "unit": "Y-E1", "cause": "direct hit", "credit": "X"} in ev
    assert s.decision["kind"] == "advance" and s.decision["seat"] == "X"
    s, ev = play(s, {"squadron": "X-Beta"})
    assert ev[0]["to"] == at(1, 0)
    assert s.decision["seat"] == "Y"
    dice([4, 6])
    s, ev = play(s, {"unit": "Y-E2", "attack": "X-Beta"})
    assert ev[1]["winner"] == "X-Beta" and ev[1]["result"] == "hit"
    assert s.decision["kind"] == "fighter_hit" and s.decision["seat"] == "X"   # the winner chooses
    s, ev = play(s, {"result": "rtb"})
    assert {"type": "landed", "unit": "Y-E2", "ship": "Y-H"} in ev
    assert s.decision["kind"] == "advance"
    s, ev = play(s, {"squadron": "X-Beta"})
    assert squads(s)["X-Beta"].hex == tuple(at(2, 0))
    assert s.ledger == (("X", 10, "Y-E1"),)


@pytest.mark.rule("LF-BAR-08")
def test_dogfight_draw_does_nothing(dice):
    s = state_of(position([ship("X-S", "X", (-9, 0), move=1), ship("Y-S", "Y", (9, 0), move=1)],
                          [sq("X-F1", "X", (0, 0)), sq("Y-F1", "Y", (1, 0))], step=5, order=("Y", "X")))
    dice([3, 3])
    s, ev = play(s, {"unit": "X-F1", "attack": "Y-F1"})
    assert ev[1]["result"] == "draw" and all(q.active and q.on_map for q in s.squadrons)


@pytest.mark.rule("LF-WE-15")
@pytest.mark.rule("LF-FTR-03")
@pytest.mark.rule("LF-FTR-04")
@pytest.mark.rule("LF-AMB-24")
def test_recovery_capacity():
    from dataclasses import replace

    from hexfleet.games.launch_fighters.position import settle
    s = state_of(position([ship("Y-H", "Y", (0, 0), 0, bays=2, move=2), ship("X-S", "X", (-9, 0), move=1)],
                          [sq(f"Y-F{i}", "Y", (2, i)) for i in range(3)], step=5, order=("X", "Y")))
    s = replace(s, decision=None,
                queue=tuple({"kind": "land", "squadron": f"Y-F{i}", "from": at(2, i), "credit": "X"} for i in range(3)))
    s, ev = settle(s)
    assert ev[:2] == [{"type": "landed", "unit": "Y-F0", "ship": "Y-H"}, {"type": "landed", "unit": "Y-F1", "ship": "Y-H"}]
    assert ev[2] == {"type": "eliminated", "unit": "Y-F2", "cause": "no bay to return to", "credit": "X"}
    assert list(s.ledger) == [("X", 10, "Y-F2")]
    assert all(not squads(s)[f"Y-F{i}"].active for i in range(2))


@pytest.mark.rule("LF-FTR-05")
@pytest.mark.rule("LF-ATK-03")
def test_voluntary_return_uses_the_activation():
    s = state_of(position([ship("Y-H", "Y", (0, 0), 0, bays=1, move=2), ship("X-S", "X", (-9, 0), move=1)],
                          [sq("Y-F1", "Y", (3, 0)), sq("Y-F2", "Y", (9, 4))], step=5, order=("X", "Y")))
    legal = RULESET.legal_orders(s, "Y")
    assert {"unit": "Y-F1", "rtb": True} in legal and {"unit": "Y-F2"} in legal
    assert {"unit": "Y-F2", "rtb": True} not in legal   # no bay within 5
    s, ev = play(s, {"unit": "Y-F1", "rtb": True})
    assert squads(s)["Y-F1"].host == "Y-H" and squads(s)["Y-F1"].activated


@pytest.mark.rule("LF-WE-26")
@pytest.mark.rule("LF-LAUNCH-01")
@pytest.mark.rule("LF-LAUNCH-02")
@pytest.mark.rule("LF-LAUNCH-03")
@pytest.mark.rule("LF-LAUNCH-04")
@pytest.mark.rule("LF-AMB-14")
@pytest.mark.rule("LF-UNIT-02")
def test_launching(dice):
    blockers = [ship(f"X-{i}", "X", h, move=1) for i, h in enumerate([(1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)])]
    pos = position([ship("X-C", "X", (0, 0), 0, bays=2, move=3, squadrons=4), ship("Y-A", "Y", (2, 0), 3, move=3)] + blockers,
                   [sq(f"X-F{i}", "X", host="X-C") for i in range(3)] + [sq("X-F9", "X", host="X-C", active=False)],
                   step=3, order=("Y", "X"))
    s = state_of(pos)
    s, _ = play(s, {"unit": "X-C"})
    launches = [o for o in RULESET.legal_orders(s, "X") if o["system"] == "bays"]
    assert all(len(o["launch"]) == 1 and o["launch"][0]["hex"] == at(1, 0) for o in launches)
    with pytest.raises(RuleError) as e:
        RULESET.validate(s, "X", {"system": "bays", "launch": [{"squadron": "X-F9", "hex": at(1, 0)}]})
    assert e.value.rule == "LF-LAUNCH-04"
    with pytest.raises(RuleError) as e:
        RULESET.validate(s, "X", {"system": "bays", "launch": [{"squadron": "X-F0", "hex": at(2, 0)}]})
    assert e.value.rule == "LF-LAUNCH-02"
    s, ev = play(s, {"system": "bays", "launch": [{"squadron": "X-F1", "hex": at(1, 0)}]})
    assert ev[0] == {"type": "launched", "unit": "X-F1", "ship": "X-C", "hex": at(1, 0)}
    # launched fighters attack in the current step (option default, reading B)
    assert s.decision["kind"] == "activate" and s.decision["seat"] == "Y"
    s, _ = play(s, {"unit": "Y-A"})
    assert s.decision == {"kind": "activate", "seat": "X", "step": 3}
    assert {"unit": "X-F1", "attack": "Y-A"} in RULESET.legal_orders(s, "X")


@pytest.mark.rule("LF-AMB-14")
def test_launched_fighters_status_only_option():
    pos = position([ship("X-C", "X", (0, 0), 0, bays=2, move=3, squadrons=1), ship("Y-A", "Y", (2, 0), 3, move=3)],
                   [sq("X-F1", "X", host="X-C")], step=3, order=("Y", "X"),
                   options={"launched_fighters_attack_immediately": False})
    s = state_of(pos)
    s, _ = play(s, {"unit": "X-C"})
    s, _ = play(s, {"system": "bays", "launch": [{"squadron": "X-F1", "hex": at(1, 0)}]})
    s, _ = play(s, {"unit": "Y-A"})
    assert s.decision is None or s.decision.get("step") != 3 or s.decision["seat"] != "X"


@pytest.mark.rule("LF-WE-27")
@pytest.mark.rule("LF-LAUNCH-05")
@pytest.mark.rule("LF-LAUNCH-06")
@pytest.mark.rule("LF-AMB-15")
def test_bays_limit_launches_and_recoveries_separately():
    pos = position([ship("X-C", "X", (0, 0), 0, bays=2, move=3, squadrons=3), ship("Y-A", "Y", (2, 0), 3, move=3)],
                   [sq(f"X-F{i}", "X", host="X-C") for i in range(3)], step=3, order=("Y", "X"))
    s, _ = play(state_of(pos), {"unit": "X-C"})
    assert max(len(o.get("launch", [])) for o in RULESET.legal_orders(s, "X")) == 2
    with pytest.raises(RuleError) as e:
        RULESET.validate(s, "X", {"system": "bays", "launch": [{"squadron": f"X-F{i}", "hex": at(*h)}
                                                               for i, h in enumerate([(1, -1), (0, -1), (-1, 0)])]})
    assert e.value.rule == "LF-LAUNCH-05"
    s, _ = play(s, {"system": "bays", "launch": [{"squadron": "X-F0", "hex": at(0, -1)},
                                                 {"squadron": "X-F1", "hex": at(-1, 0)}]})
    c = next(x for x in s.ships if x.id == "X-C")
    assert c.launches == 2 and c.recoveries == 0 and c.stat("bays") - c.recoveries == 2
    assert all(q.moved for q in s.squadrons if q.on_map)


@pytest.mark.rule("LF-WE-35")
@pytest.mark.rule("LF-ATK-01")
@pytest.mark.rule("LF-ATK-06")
@pytest.mark.rule("LF-ATK-07")
def test_attack_rotation_with_a_step_change(dice):
    pos = position([ship("Y-2", "Y", (1, 1), 0, defense=2, move=5, cannons=1), ship("X-S", "X", (-6, 0), move=3, cannons=1)],
                   [sq("X-1", "X", (0, 1)), sq("X-2", "X", (5, -3)), sq("Y-1", "Y", (-3, 5))], step=5, order=("Y", "X"))
    s = state_of(pos)
    dice([6])
    s, _ = play(s, {"unit": "X-1", "attack": "Y-2"})
    s, _ = play(s, {"stat": "move"})
    assert s.decision["seat"] == "Y" and [o["unit"] for o in RULESET.legal_orders(s, "Y")] == ["Y-1"]
    s, _ = play(s, {"unit": "Y-1"})
    assert s.decision["seat"] == "X"
    s, _ = play(s, {"unit": "X-2"})
    assert s.decision == {"kind": "activate", "seat": "Y", "step": 4}
    s, _ = play(s, {"unit": "Y-2"})
    if s.decision["kind"] == "system":
        s, _ = play(s, {"system": "end"})
    assert s.decision == {"kind": "activate", "seat": "X", "step": 3}


@pytest.mark.rule("LF-FTR-01")
@pytest.mark.rule("LF-UNIT-12")
@pytest.mark.rule("LF-UNIT-10")
def test_inactive_squadrons_only_defend(dice):
    s = state_of(position([ship("X-S", "X", (-6, 0), move=1, cannons=5), ship("Y-S", "Y", (9, 0), move=1)],
                          [sq("Y-F1", "Y", (-5, 0), active=False), sq("Y-F2", "Y", (0, 0))], step=5, order=("X", "Y")))
    assert [o["unit"] for o in RULESET.legal_orders(s, "Y")] == ["Y-F2"]
    s, _ = play(s, {"unit": "Y-F2"})
    # later in step 1 the ship flak-hits the inactive squadron: any hit eliminates it
    while s.decision["kind"] != "activate" or s.decision["seat"] != "X" or s.decision["step"] != 1:
        s, _ = play(s, RULESET.legal_orders(s, s.decision["seat"])[0])
    s, _ = play(s, {"unit": "X-S"})
    s, _ = play(s, {"system": "cannons", "target": "Y-F1"})
    dice([4, 2])
    s, ev = play(s, {"dice": 1, "target": "Y-F1"})
    assert {"type": "eliminated", "unit": "Y-F1", "cause": "hit while inactive", "credit": "X"} in ev


@pytest.mark.rule("LF-DMG-04")
@pytest.mark.rule("LF-REC-02")
def test_attacker_may_flip_instead(dice):
    s = state_of(position([ship("X-S", "X", (0, 0), 0, cannons=5, move=3), ship("Y-S", "Y", (9, 0), move=1)],
                          [sq("Y-F1", "Y", (1, 0))], step=3, order=("Y", "X")))
    s, _ = play(s, {"unit": "X-S"})
    s, _ = play(s, {"system": "cannons", "target": "Y-F1"})
    dice([5, 3])
    s, _ = play(s, {"dice": 1, "target": "Y-F1"})
    s, ev = play(s, {"result": "flip"})
    assert ev[0] == {"type": "flipped", "unit": "Y-F1", "by": "X"} and not squads(s)["Y-F1"].active
    assert squads(s)["Y-F1"].on_map


@pytest.mark.rule("LF-LAUNCH-02")
@pytest.mark.rule("LF-FTR-06")
@pytest.mark.rule("LF-AMB-13")
@pytest.mark.rule("LF-AMB-23")
def test_launch_and_advance_into_asteroids_roll(dice):
    pos = position([ship("X-C", "X", (0, 0), 0, bays=1, move=3, squadrons=1), ship("Y-A", "Y", (6, 0), 3, move=3)],
                   [sq("X-F1", "X", host="X-C")], terrain=[((1, 0), "asteroid")], step=3, order=("Y", "X"))
    s, _ = play(state_of(pos), {"unit": "X-C"})
    dice([4])
    s, ev = play(s, {"system": "bays", "launch": [{"squadron": "X-F1", "hex": at(1, 0)}]})
    assert ev[1] == {"type": "asteroid", "unit": "X-F1", "hex": at(1, 0), "dice": [4], "hit": True}
    assert not squads(s)["X-F1"].active
    pos = position([ship("X-S", "X", (-9, 0), move=1), ship("Y-S", "Y", (9, 0), move=1)],
                   [sq("X-F1", "X", (0, 0)), sq("Y-F1", "Y", (1, 0))], terrain=[((1, 0), "asteroid")],
                   order=("Y", "X"))
    dice([6, 1])   # attacker 6 against (1 - 0): a direct hit through the cover (6 - 1 = 5 > 2)
    s, ev = play(state_of(pos), {"unit": "X-F1", "attack": "Y-F1"})
    assert ev[1]["result"] == "direct"
    dice([2])
    s, ev = play(s, {"squadron": "X-F1"})
    assert ev[0]["to"] == at(1, 0) and ev[1]["type"] == "asteroid" and not ev[1]["hit"]
