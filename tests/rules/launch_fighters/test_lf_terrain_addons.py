"""Terrain (LF-TER) and add-ons (LF-ADD): planetoids, asteroids, nebulae; sensors, repair,
boosters, warp."""

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.games.launch_fighters.combat import barrage_result, modifier, ship_targets
from hexfleet.games.launch_fighters.play import rank
from hexfleet.games.launch_fighters.position import parse_position
from hexfleet.games.launch_fighters.rules import RULESET
from hexfleet.games.launch_fighters.state import Work

from .helpers import at, play, position, ship, sq, state_of


@pytest.mark.rule("LF-WE-30")
@pytest.mark.rule("LF-TER-02")
@pytest.mark.rule("LF-TER-04")
@pytest.mark.rule("LF-TER-07")
@pytest.mark.rule("LF-BAR-09")
@pytest.mark.rule("LF-AMB-43")
def test_terrain_modifiers():
    pos = position([ship("Y-T", "Y", (0, 0), defense=4), ship("X-A", "X", (3, 0)), ship("X-B", "X", (1, 0))],
                   terrain=[((0, 0), "asteroid"), ((-1, 0), "planetoid")])
    w = Work(parse_position(pos, rng=1))
    far, near, t = tuple(at(3, 0)), tuple(at(1, 0)), tuple(at(0, 0))
    assert modifier(w, far, t) == 2 and modifier(w, near, t) == 1
    assert [barrage_result(d, 2, 4) for d in ([3, 2], [6, 4], [6, 5], [1, 1])] == ["miss", "hit", "direct", "auto_miss"]
    assert barrage_result([4, 1], 1, 4) == "miss"
    assert barrage_result([1, 2], 5, 0) == "direct"   # never below 1


@pytest.mark.rule("LF-WE-30")
@pytest.mark.rule("LF-TER-04")
def test_dogfight_against_a_squadron_in_asteroids(dice):
    s = state_of(position([ship("X-S", "X", (-9, 0), move=1), ship("Y-S", "Y", (9, 0), move=1)],
                          [sq("X-F1", "X", (0, 0)), sq("Y-F1", "Y", (1, 0))], terrain=[((1, 0), "asteroid")],
                          order=("Y", "X")))
    dice([3, 2])
    s, ev = play(s, {"unit": "X-F1", "attack": "Y-F1"})
    assert ev[1]["totals"] == [2, 2] and ev[1]["result"] == "draw"


@pytest.mark.rule("LF-WE-31")
@pytest.mark.rule("LF-TER-05")
@pytest.mark.rule("LF-TGT-06")
@pytest.mark.rule("LF-AMB-44")
def test_nebula_allows_adjacent_attacks_only():
    pos = position([ship("X-A", "X", (0, 0), cannons=2), ship("Y-A", "Y", (2, 0), cannons=2), ship("Y-B", "Y", (0, 1))],
                   terrain=[((0, 0), "nebula")])
    w = Work(parse_position(pos, rng=1))
    assert ship_targets(w, w.ships["X-A"]) == ["Y-B"]
    assert ship_targets(w, w.ships["Y-A"]) == []


@pytest.mark.rule("LF-WE-32")
@pytest.mark.rule("LF-TER-03")
@pytest.mark.rule("LF-MOVE-11")
@pytest.mark.rule("LF-AMB-12")
@pytest.mark.rule("LF-AMB-13")
def test_asteroid_entry_stops_and_damages(dice):
    pos = position([ship("X-A", "X", (0, 0), cannons=1), ship("Y-A", "Y", (1, 0)), ship("Y-Z", "Y", (0, 8))],
                   [sq("X-F1", "X", (0, 4))], terrain=[((1, 0), "asteroid"), ((0, 5), "asteroid")],
                   phase="move", step=3, order=("X", "Y"))
    s = state_of(pos)
    dice([4])
    s, ev = play(s, {"unit": "X-A", "path": [at(1, 0), at(2, 0), at(3, 0)], "facing": 0})
    assert ev[0] == {"type": "asteroid", "unit": "X-A", "hex": at(1, 0), "dice": [4], "hit": True}
    assert ev[1]["to"] == at(0, 0) and ev[1]["stopped_by"] == "asteroid"   # its stop hex holds a ship: back
    assert s.decision["kind"] == "stat" and s.decision["seat"] == "X"
    s, _ = play(s, {"stat": "defense"})
    while s.decision["kind"] != "move" or s.decision["step"] != 5:
        s, _ = play(s, RULESET.legal_orders(s, s.decision["seat"])[0])
    dice([6])
    s, ev = play(s, {"unit": "X-F1", "path": [at(0, 5), at(0, 6)]})
    assert ev[0]["hit"] and ev[1] == {"type": "flipped", "unit": "X-F1", "cause": "asteroid"}
    assert ev[2]["to"] == at(0, 5)


@pytest.mark.rule("LF-TER-02")
@pytest.mark.rule("LF-TER-01")
@pytest.mark.rule("LF-MAP-05")
def test_planetoids_cannot_be_entered():
    pos = position([ship("X-A", "X", (0, 0)), ship("Y-A", "Y", (0, 8))], terrain=[((1, 0), "planetoid")],
                   phase="move", step=3, order=("X", "Y"))
    s = state_of(pos)
    with pytest.raises(RuleError) as e:
        RULESET.validate(s, "X", {"unit": "X-A", "path": [at(1, 0)], "facing": 0})
    assert e.value.rule == "LF-TER-02"
    assert at(1, 0) not in [o["to"] for o in RULESET.legal_orders(s, "X")]
    RULESET.validate(s, "X", {"unit": "X-A", "to": at(2, 0), "facing": 0})   # around it, 2 spaces


@pytest.mark.rule("LF-WE-23")
@pytest.mark.rule("LF-ADD-02")
@pytest.mark.rule("LF-AMB-30")
def test_sensors_bonus(dice):
    pos = position([ship("X-S3", "X", (0, 0), sensors=3), ship("X-S1", "X", (1, 0), sensors=1), ship("Y-A", "Y", (0, 8))])
    w = Work(parse_position(pos, rng=1))
    dice([4, 2, 1, 1])
    rank(w, ["X", "Y"], "initiative")
    assert w.events[-1]["rolls"]["X"] == {"dice": [4, 2], "bonus": 3, "total": 9}
    w.ships["X-S3"].status = "destroyed"
    dice([4, 2, 1, 1])
    rank(w, ["X", "Y"], "initiative")
    assert w.events[-1]["rolls"]["X"]["total"] == 7


@pytest.mark.rule("LF-WE-24")
@pytest.mark.rule("LF-ADD-04")
@pytest.mark.rule("LF-REC-03")
@pytest.mark.rule("LF-AMB-29")
def test_repair(dice):
    pos = position([ship("X-A", "X", (0, 0), defense=6, move=3, cannons=1, repair=3, activated=True,
                         current={"cannons": 1, "launchers": 0, "bays": 0, "defense": 3, "move": 1}),
                    ship("Y-A", "Y", (5, 0), cannons=1, activated=True)], step=0, order=("X", "Y"))
    s = state_of(pos)
    assert s.decision["kind"] == "repair" and s.decision["seat"] == "X"
    dice([5])
    s, ev = play(s, {"attempt": True})
    assert ev[0] == {"type": "repair", "ship": "X-A", "dice": [5], "success": True}
    assert {c["stat"] for c in s.decision["choices"]} == {"defense", "move"}
    s, ev = play(s, {"stat": "defense"})
    a = next(x for x in s.ships if x.id == "X-A")
    assert a.stat("defense") == 4 and a.repair_left == 2 and s.turn == 2
    # a failed roll still uses the level
    pos["ships"][0]["repair_left"] = 2
    s = state_of(pos)
    dice([3])
    s, ev = play(s, {"attempt": True})
    assert ev[0]["success"] is False and next(x for x in s.ships if x.id == "X-A").repair_left == 1


@pytest.mark.rule("LF-WE-25")
@pytest.mark.rule("LF-ADD-05")
@pytest.mark.rule("LF-MOVE-12")
@pytest.mark.rule("LF-AMB-32")
def test_boosters():
    pos = position([ship("X-A", "X", (0, 0), move=3, boosters=2, cannons=1), ship("Y-A", "Y", (0, 8), move=0, boosters=1, cannons=1)],
                   phase="move", step=0, order=("Y", "X"))
    s = state_of(pos)
    with pytest.raises(RuleError) as e:
        RULESET.validate(s, "Y", {"unit": "Y-A", "to": at(1, 8), "facing": 0, "booster": True})
    assert e.value.rule == "LF-ADD-05"
    s, _ = play(s, {"unit": "Y-A", "to": at(0, 8), "facing": 0})
    with pytest.raises(RuleError):
        RULESET.validate(s, "X", {"unit": "X-A", "to": at(4, 0), "facing": 0})
    s, _ = play(s, {"unit": "X-A", "to": at(4, 0), "facing": 0, "booster": True})
    a = next(x for x in s.ships if x.id == "X-A")
    assert a.hex == tuple(at(4, 0)) and a.boosters_left == 1 and a.move == 3


@pytest.mark.rule("LF-ADD-03")
@pytest.mark.rule("LF-REC-05")
@pytest.mark.rule("LF-AMB-31")
def test_warp_retreats_at_the_end_of_the_turn():
    pos = position([ship("X-A", "X", (0, 0), move=3, warp=1, cannons=1), ship("X-B", "X", (0, 3), move=3, cannons=1),
                    ship("Y-A", "Y", (0, 8), move=3, cannons=1)], phase="move", step=0, order=("X", "Y"))
    s = state_of(pos)
    with pytest.raises(RuleError):
        RULESET.validate(s, "X", {"unit": "X-B", "to": at(0, 3), "facing": 0, "warp": True})
    s, ev = play(s, {"unit": "X-A", "to": at(0, 0), "facing": 0, "warp": True})
    assert {"type": "warp_declared", "unit": "X-A"} in ev
    events = []
    while s.turn == 1:
        s, ev = play(s, RULESET.legal_orders(s, s.decision["seat"])[-1])
        events += ev
    assert {"type": "retreated", "unit": "X-A", "cause": "warp", "squadrons": []} in events


@pytest.mark.rule("LF-ADD-03a")
def test_optional_warp_rule_no_move_no_fire():
    pos = position([ship("X-A", "X", (0, 0), move=3, warp=1, cannons=2), ship("Y-A", "Y", (0, 4), move=3, cannons=1)],
                   phase="move", step=0, order=("X", "Y"), options={"warp_no_move_fire": True})
    s = state_of(pos)
    with pytest.raises(RuleError) as e:
        RULESET.validate(s, "X", {"unit": "X-A", "to": at(1, 0), "facing": 0, "warp": True})
    assert e.value.rule == "LF-ADD-03a"
    s, _ = play(s, {"unit": "X-A", "to": at(0, 0), "facing": 0, "warp": True})
    s, _ = play(s, {"unit": "Y-A", "to": at(0, 4), "facing": 2})
    assert s.decision["kind"] == "activate"
    while s.decision["seat"] != "X":
        s, _ = play(s, RULESET.legal_orders(s, s.decision["seat"])[-1])
    s, _ = play(s, {"unit": "X-A"})
    assert s.decision is None or s.decision.get("kind") != "system"   # it may not fire


@pytest.mark.rule("LF-MOVE-08")
@pytest.mark.rule("LF-AMB-11")
@pytest.mark.rule("LF-TER-03")
def test_push_into_asteroids_rolls(dice):
    blockers = [ship(f"Y-{i}", "Y", h, move=1) for i, h in enumerate([(3, 0), (3, -1), (2, -1), (1, 1), (1, 0)])]
    pos = position([ship("X-1", "X", (0, 0), move=2)] + blockers, [sq("Y-F1", "Y", (2, 0), active=False)],
                   terrain=[((2, 1), "asteroid")], phase="move", step=2, order=("X", "Y"))
    dice([5])
    s, ev = play(state_of(pos), {"unit": "X-1", "path": [at(1, 0), at(2, 0)], "facing": 0})
    assert ev[1] == {"type": "pushed", "unit": "Y-F1", "from": at(2, 0), "to": at(2, 1)}
    assert ev[2]["type"] == "asteroid" and ev[2]["hit"] and ev[3]["type"] == "eliminated"


@pytest.mark.rule("LF-ADD-03c")
def test_fighter_warp_option():
    from hexfleet.games.launch_fighters.designer import check_design, check_fleet
    carrier = {"name": "Warp Tender", "bays": 1, "defense": 2, "move": 2, "squadrons": 2, "fighter_warp": True}
    assert check_design(carrier).cost == check_design({**carrier, "fighter_warp": False}).cost + 2
    with pytest.raises(RuleError) as e:
        check_fleet([carrier], 100)
    assert e.value.rule == "LF-ADD-03c"
    pos = position([{"id": "X-T", "owner": "X", "design": carrier, "hex": at(0, 0)}, ship("Y-A", "Y", (0, 8), cannons=1)],
                   [sq("X-F1", "X", (2, 0), origin="X-T")], phase="move", step=5, order=("X", "Y"),
                   options={"fighter_warp": True})
    s = state_of(pos)
    assert {"unit": "X-F1", "to": at(2, 0), "warp": True} in RULESET.legal_orders(s, "X")
    s, ev = play(s, {"unit": "X-F1", "to": at(3, 0), "warp": True})
    events = list(ev)
    while s.turn == 1:
        s, ev = play(s, RULESET.legal_orders(s, s.decision["seat"])[0])
        events += ev
    assert {"type": "retreated", "unit": "X-F1", "cause": "warp"} in events
    pos["options"] = {}
    with pytest.raises(RuleError) as e:
        RULESET.validate(state_of(pos), "X", {"unit": "X-F1", "to": at(2, 0), "warp": True})
    assert e.value.rule == "LF-ADD-03c"
