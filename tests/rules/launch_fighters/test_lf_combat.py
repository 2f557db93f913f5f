"""Arcs, flanking, pools, interception, barrages and damage (LF-ARC, LF-TGT, LF-POOL, LF-BAR, LF-DMG)."""

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.games.launch_fighters.combat import barrage_result, flanking, interceptors
from hexfleet.games.launch_fighters.rules import RULESET
from hexfleet.games.launch_fighters.state import Work, arc
from hexfleet.hexgrid import FRONT, REAR, SIDE, ring

from .helpers import at, kinds, play, position, ship, sq, state_of


def ships_of(s):
    return {x.id: x for x in s.ships}


@pytest.mark.rule("LF-ARC-02")
@pytest.mark.rule("LF-ARC-03")
@pytest.mark.rule("LF-ARC-04")
def test_arcs_are_half_planes_with_a_side_line():
    o = (0, 0)
    assert [arc(o, 0, v) for v in ((1, 0), (1, -1), (0, 1))] == [FRONT] * 3
    assert [arc(o, 0, v) for v in ((-1, 0), (0, -1), (-1, 1))] == [REAR] * 3
    assert arc(o, 0, (1, -2)) == SIDE and arc(o, 0, (-1, 2)) == SIDE
    for n, (front, rear, side) in {1: (3, 3, 0), 2: (5, 5, 2), 3: (9, 9, 0), 4: (11, 11, 2), 5: (15, 15, 0)}.items():
        arcs = [arc(o, 0, h) for h in ring(o, n)]
        assert (arcs.count(FRONT), arcs.count(REAR), arcs.count(SIDE)) == (front, rear, side)


@pytest.mark.rule("LF-WE-08")
@pytest.mark.rule("LF-ARC-01")
@pytest.mark.rule("LF-ARC-05")
@pytest.mark.rule("LF-POOL-07")
def test_book_flanking_examples():
    s = state_of(position([ship("S1", "X", (0, 0), 0, cannons=3), ship("S3", "Y", (3, 0), 0, move=3),
                           ship("S2", "Y", (1, -2), 0)], step=3, order=("Y", "X")))
    sh = ships_of(s)
    assert flanking(sh["S1"], sh["S3"])                              # A
    assert not flanking(sh["S1"], sh["S2"]) and not flanking(sh["S2"], sh["S1"])  # B: side line
    sh["S2"].hex, sh["S2"].facing = tuple(at(0, 0)), 3
    assert not flanking(sh["S2"], sh["S3"]) and not flanking(sh["S3"], sh["S2"])  # C: rear to rear
    # A in play: cannons 3 at a Move-3 target, doubled to 6
    s = state_of(position([ship("S1", "X", (0, 0), 0, cannons=3), ship("S3", "Y", (3, 0), 0, move=3)],
                          step=3, order=("Y", "X")))
    s, _ = play(s, {"unit": "S1"})
    s, ev = play(s, {"system": "cannons", "target": "S3"})
    assert ev[0]["pool"] == 3 and ev[1] == {"type": "flank", "target": "S3", "pool": 6}


@pytest.mark.rule("LF-ARC-07")
@pytest.mark.rule("LF-ARC-06")
@pytest.mark.rule("LF-TGT-01")
@pytest.mark.rule("LF-TGT-05")
@pytest.mark.rule("LF-MAP-06")
def test_targets_any_direction_range_5_ships_adjacent_fighters():
    s = state_of(position([ship("X-A", "X", (0, 0), 0, cannons=2, move=3),
                           ship("Y-R", "Y", (-5, 0)), ship("Y-F", "Y", (6, 0)), ship("X-B", "X", (2, 0))],
                          [sq("Y-F1", "Y", (0, 1)), sq("Y-F2", "Y", (0, 2))], step=3, order=("Y", "X")))
    s, _ = play(s, {"unit": "X-A"})
    targets = {o.get("target") for o in RULESET.legal_orders(s, "X")}
    assert targets == {"Y-R", "Y-F1", None}
    with pytest.raises(RuleError) as e:
        RULESET.validate(s, "X", {"system": "cannons", "target": "X-B"})
    assert e.value.rule == "LF-TGT-01"


@pytest.mark.rule("LF-WE-09")
@pytest.mark.rule("LF-POOL-01")
@pytest.mark.rule("LF-POOL-05")
@pytest.mark.parametrize("target_move, dice", [(3, 3), (4, 2), (5, 2)])
def test_cannon_pool_halved_by_fast_targets(target_move, dice):
    s = state_of(position([ship("X-A", "X", (0, 0), 3, cannons=3, move=5), ship("Y-A", "Y", (3, 0), 3, move=target_move)],
                          step=5, order=("Y", "X")))
    s, _ = play(s, {"unit": "X-A"})
    s, ev = play(s, {"system": "cannons", "target": "Y-A"})
    assert ev[0]["pool"] == dice and ev[0].get("halved", False) == (target_move > 3)


@pytest.mark.rule("LF-WE-10")
@pytest.mark.rule("LF-POOL-03")
@pytest.mark.rule("LF-POOL-04")
def test_launcher_pool_spends_missiles():
    s = state_of(position([ship("X-A", "X", (0, 0), 3, launchers=4, missiles=8, missiles_left=7),
                           ship("Y-A", "Y", (3, 0), 3)], step=3, order=("Y", "X")))
    s, _ = play(s, {"unit": "X-A"})
    assert sorted(o["missiles"] for o in RULESET.legal_orders(s, "X") if o["system"] == "launchers") == [1, 2, 3, 4]
    with pytest.raises(RuleError) as e:
        RULESET.validate(s, "X", {"system": "launchers", "target": "Y-A", "missiles": 5})
    assert e.value.rule == "LF-POOL-03"
    s, ev = play(s, {"system": "launchers", "target": "Y-A", "missiles": 4})
    assert ev[0]["pool"] == 4 and ships_of(s)["X-A"].missiles == 3


@pytest.mark.rule("LF-WE-11")
@pytest.mark.rule("LF-BAR-07")
@pytest.mark.parametrize("cannons, dice", [(4, 2), (5, 5), (1, 1)])
def test_flak_halving(cannons, dice):
    s = state_of(position([ship("X-A", "X", (0, 0), 0, cannons=cannons, move=5), ship("Y-A", "Y", (8, 0))],
                          [sq("Y-F1", "Y", (1, 0))], step=5, order=("Y", "X")))
    s, _ = play(s, {"unit": "X-A"})
    s, ev = play(s, {"system": "cannons", "target": "Y-F1"})
    assert ev[0]["pool"] == dice


@pytest.mark.rule("LF-WE-12")
@pytest.mark.rule("LF-POOL-06")
@pytest.mark.rule("LF-AMB-16")
def test_interception_geometry():
    hexes = [(1, 0), (1, -1), (0, 1), (-1, 0), (0, -1), (-1, 1)]
    pos = position([ship("D", "Y", (0, 0), 0), ship("A", "X", (4, 0), launchers=3)],
                   [sq(f"Y-F{i}", "Y", h) for i, h in enumerate(hexes)] + [sq("X-F9", "X", (2, -2))],
                   step=3, order=("Y", "X"))
    w = Work(state_of(pos))
    d = w.ships["D"]
    def pick(src: tuple[int, int]) -> list[tuple[int, ...]]:
        return sorted(tuple(x - y for x, y in zip(w.sqs[i].hex, at(0, 0))) for i in interceptors(w, d, tuple(at(*src))))

    assert pick((4, 0)) == sorted([(1, 0), (1, -1), (0, 1)])
    assert pick((-4, 0)) == sorted([(-1, 0), (0, -1), (-1, 1)])
    assert len(pick((2, -4))) == 6


@pytest.mark.rule("LF-WE-12")
@pytest.mark.rule("LF-POOL-06")
@pytest.mark.rule("LF-FTR-07")
def test_interception_dice_remove_pool_dice(dice):
    hexes = [(1, 0), (1, -1), (0, 1)]
    pos = position([ship("D", "Y", (0, 0), 0), ship("A", "X", (4, 0), 3, launchers=4)],
                   [sq(f"Y-F{i}", "Y", h) for i, h in enumerate(hexes)], step=3, order=("Y", "X"))
    s, _ = play(state_of(pos), {"unit": "A"})
    s, _ = play(s, {"system": "launchers", "target": "D", "missiles": 4})
    assert s.decision["kind"] == "intercept" and s.decision["seat"] == "Y"
    assert len(s.decision["choices"]) == 8
    with pytest.raises(RuleError):
        RULESET.validate(s, "Y", {"squadrons": ["Y-F0", "Y-F0"]})
    dice([4, 3, 6])
    s, ev = play(s, {"squadrons": ["Y-F0", "Y-F1", "Y-F2"]})
    assert ev[0]["dice"] == [4, 3, 6] and ev[0]["removed"] == 2 and ev[0]["pool"] == 2
    assert all(q.active and not q.activated for q in s.squadrons)


@pytest.mark.rule("LF-WE-14")
@pytest.mark.rule("LF-BAR-02")
@pytest.mark.rule("LF-BAR-05")
@pytest.mark.rule("LF-AMB-46")
@pytest.mark.rule("LF-GEN-06")
def test_barrage_outcomes():
    assert [barrage_result(d, 0, 3) for d in ([1, 1], [2, 1], [3, 1], [6], [4, 3])] == \
        ["auto_miss", "miss", "hit", "hit", "direct"]
    assert barrage_result([1], 0, 0) == "auto_miss" and barrage_result([2], 0, 0) == "direct"


@pytest.mark.rule("LF-WE-13")
@pytest.mark.rule("LF-BAR-01")
@pytest.mark.rule("LF-BAR-03")
@pytest.mark.rule("LF-DMG-01")
@pytest.mark.rule("LF-DMG-02")
@pytest.mark.rule("LF-ATK-05")
def test_barrages_split_the_pool_and_defender_chooses_cannon_hit(dice):
    s = state_of(position([ship("X-A", "X", (0, 0), 3, cannons=3), ship("Y-A", "Y", (3, 0), 3, defense=3, cannons=1)],
                          step=3, order=("Y", "X")))
    s, _ = play(s, {"unit": "X-A"})
    s, _ = play(s, {"system": "cannons", "target": "Y-A"})
    assert [o.get("dice") for o in RULESET.legal_orders(s, "X")] == [1, 2, 3, None]
    dice([5])
    s, ev = play(s, {"dice": 1})
    assert ev[0]["result"] == "hit" and s.decision["kind"] == "stat" and s.decision["seat"] == "Y"
    assert {c["stat"] for c in s.decision["choices"]} == {"cannons", "defense", "move"}
    s, ev = play(s, {"stat": "defense"})
    assert ev[0] == {"type": "stat_lost", "ship": "Y-A", "stat": "defense", "level": 2, "chooser": "Y"}
    dice([3, 3])
    s, ev = play(s, {"dice": 2})
    assert ev[0]["defense"] == 2 and ev[0]["result"] == "direct" and s.decision["seat"] == "X"
    s, _ = play(s, {"stat": "cannons"})
    assert s.decision["kind"] == "activate"  # pool used up, no other system: activation over


@pytest.mark.rule("LF-BAR-01")
def test_attacker_may_stop_and_forfeit():
    s = state_of(position([ship("X-A", "X", (0, 0), 3, cannons=3), ship("Y-A", "Y", (3, 0), 3)], step=3, order=("Y", "X")))
    s, _ = play(s, {"unit": "X-A"})
    s, _ = play(s, {"system": "cannons", "target": "Y-A"})
    s, ev = play(s, {"stop": True})
    assert ev[0] == {"type": "pool_forfeited", "unit": "X-A", "forfeited": 3, "reason": "stopped"}


@pytest.mark.rule("LF-WE-16")
@pytest.mark.rule("LF-DMG-03")
@pytest.mark.rule("LF-DMG-06")
@pytest.mark.rule("LF-AMB-25")
def test_missile_direct_hit_two_levels_and_bay_roll(dice):
    s = state_of(position([ship("X-A", "X", (0, 0), 3, launchers=3),
                           ship("Y-A", "Y", (3, 0), 0, cannons=3, launchers=2, bays=1, defense=4, move=3, squadrons=2)],
                          [sq("Y-F1", "Y", host="Y-A"), sq("Y-F2", "Y", host="Y-A")], step=3, order=("Y", "X")))
    s, _ = play(s, {"unit": "X-A"})
    s, _ = play(s, {"system": "launchers", "target": "Y-A", "missiles": 3})
    dice([5, 4])
    s, ev = play(s, {"dice": 2})
    assert ev[0]["result"] == "direct" and s.decision["seat"] == "X" and s.decision["kind"] == "stat"
    dice([6])
    s, ev = play(s, {"stat": "bays"})
    assert kinds(ev) == ["stat_lost", "bay_roll"] and s.decision["kind"] == "bay_loss" and s.decision["seat"] == "Y"
    s, ev = play(s, {"squadron": "Y-F2"})
    assert ev[0]["unit"] == "Y-F2" and ev[0]["credit"] == "X"
    assert s.decision["kind"] == "stat" and s.decision["seat"] == "X"   # the second level
    s, ev = play(s, {"stat": "defense"})
    assert ships_of(s)["Y-A"].stats == (3, 2, 0, 3, 3)


@pytest.mark.rule("LF-WE-17")
@pytest.mark.rule("LF-ATK-06")
@pytest.mark.rule("LF-DMG-07")
def test_move_loss_delays_the_attack(dice):
    s = state_of(position([ship("X-A", "X", (0, 0), 3, cannons=5, move=5), ship("Y-T", "Y", (3, 0), 3, move=4, cannons=1)],
                          step=5, order=("Y", "X")))
    s, _ = play(s, {"unit": "X-A"})
    s, _ = play(s, {"system": "cannons", "target": "Y-T"})
    dice([6, 6])
    s, _ = play(s, {"dice": 2})
    s, _ = play(s, {"stat": "move"})
    s, _ = play(s, {"stop": True})
    assert s.decision == {"kind": "activate", "seat": "Y", "step": 3}


@pytest.mark.rule("LF-DMG-08")
@pytest.mark.rule("LF-VIC-02")
@pytest.mark.rule("LF-VIC-03")
@pytest.mark.rule("LF-DMG-09")
@pytest.mark.rule("LF-AMB-18")
def test_all_stats_zero_destroys_and_scores(dice):
    s = state_of(position([ship("X-A", "X", (0, 0), 3, cannons=3),
                           ship("Y-A", "Y", (2, 0), 3, defense=0, move=1, bays=1, squadrons=1,
                                current={"cannons": 0, "launchers": 0, "bays": 0, "defense": 0, "move": 1})],
                          [sq("Y-F1", "Y", host="Y-A")], step=3, order=("Y", "X")))
    s, _ = play(s, {"unit": "X-A"})
    s, _ = play(s, {"system": "cannons", "target": "Y-A"})
    dice([2])
    s, ev = play(s, {"dice": 1})
    assert {"type": "destroyed", "ship": "Y-A", "squadrons": ["Y-F1"], "credit": "X"} in ev
    assert {"type": "pool_forfeited", "unit": "X-A", "forfeited": 2, "reason": "no target"} in ev
    # cost: bays 1 + move 1 (x1) + squadron 5 = 7; hull 2, plus 5 for the squadron lost aboard
    assert s.ledger == (("X", 2 * (2 + 5), "Y-A"),)
    assert s.outcome.reason == "last_fleet" and s.outcome.winners == ("X",)


@pytest.mark.rule("LF-BAR-06")
@pytest.mark.rule("LF-POOL-02")
@pytest.mark.rule("LF-TGT-04")
@pytest.mark.rule("LF-AMB-22")
def test_formation_rolls_one_barrage(dice):
    pos = position([ship("Y-A", "Y", (0, 0), 0, defense=3, cannons=1), ship("X-S", "X", (-8, 0))],
                   [sq("X-F1", "X", (1, 0)), sq("X-F2", "X", (0, 1)), sq("X-F3", "X", (4, 0))], step=5, order=("Y", "X"))
    s = state_of(pos)
    assert {"units": ["X-F1", "X-F2"], "attack": "Y-A"} in RULESET.legal_orders(s, "X")
    with pytest.raises(RuleError) as e:
        RULESET.validate(s, "X", {"units": ["X-F1", "X-F3"], "attack": "Y-A"})
    assert e.value.rule == "LF-BAR-06"
    dice([4, 3])
    s, ev = play(s, {"units": ["X-F1", "X-F2"], "attack": "Y-A"})
    assert ev[0]["dice"] == [4, 3] and ev[0]["result"] == "direct" and s.decision["seat"] == "X"
    sqs = {q.id: q for q in s.squadrons}
    assert sqs["X-F1"].activated and sqs["X-F2"].activated and not sqs["X-F3"].activated


@pytest.mark.rule("LF-WE-18")
@pytest.mark.rule("LF-DMG-04")
@pytest.mark.rule("LF-DMG-05")
@pytest.mark.rule("LF-BAR-04")
@pytest.mark.rule("LF-FTR-02")
@pytest.mark.rule("LF-FTR-03")
@pytest.mark.rule("LF-TGT-03")
@pytest.mark.rule("LF-AMB-42")
@pytest.mark.rule("LF-ATK-04")
def test_so_many_targets_so_little_time(dice):
    pos = position([ship("X-1", "X", (0, 0), 0, cannons=2, launchers=4, missiles=8, missiles_left=7, move=3),
                    ship("Y-3", "Y", (3, 0), 3, defense=5, bays=1, move=2, cannons=1)],
                   [sq("Y-F", "Y", (-1, 0)), sq("Y-G", "Y", (2, 0))], step=3, order=("Y", "X"))
    s, _ = play(state_of(pos), {"unit": "X-1"})
    s, ev = play(s, {"system": "cannons", "target": "Y-F"})
    assert ev[0]["pool"] == 1 and ev[0]["halved"]
    dice([4, 2])
    s, ev = play(s, {"dice": 1, "target": "Y-F"})
    assert ev[0]["dice"] == [4] and ev[0]["defense_roll"] == [2] and ev[0]["result"] == "hit"
    assert s.decision["kind"] == "fighter_hit" and s.decision["seat"] == "X"
    s, ev = play(s, {"result": "rtb"})
    assert {"type": "landed", "unit": "Y-F", "ship": "Y-3"} in ev
    sq_f = next(q for q in s.squadrons if q.id == "Y-F")
    assert sq_f.host == "Y-3" and not sq_f.active and ships_of(s)["Y-3"].recoveries == 1
    s, ev = play(s, {"system": "launchers", "target": "Y-3", "missiles": 4})
    assert ships_of(s)["X-1"].missiles == 3 and s.decision["kind"] == "intercept"
    assert s.decision["task"]["eligible"] == ["Y-G"]
    dice([5])
    s, ev = play(s, {"squadrons": ["Y-G"]})
    assert ev[0]["pool"] == 3 and "flank" not in kinds(ev)
    dice([4, 6])
    s, ev = play(s, {"dice": 2})
    assert ev[0]["result"] == "hit" and s.decision["seat"] == "X"   # missiles: the attacker chooses
    s, _ = play(s, {"stat": "defense"})
    dice([4])
    s, ev = play(s, {"dice": 1})
    assert ev[0]["defense"] == 4 and ev[0]["result"] == "miss"
    assert next(q for q in s.squadrons if q.id == "Y-G").active


@pytest.mark.rule("LF-POOL-08")
@pytest.mark.rule("LF-POOL-09")
@pytest.mark.rule("LF-POOL-07")
def test_pool_pipeline_intercept_before_flank(dice):
    # X fires 3 missiles into Y's rear while in X's front: intercepted once, then doubled
    pos = position([ship("X-A", "X", (-4, 0), 0, launchers=3), ship("Y-D", "Y", (0, 0), 0, move=5)],
                   [sq("Y-F1", "Y", (-1, 0))], step=3, order=("Y", "X"))
    s, _ = play(state_of(pos), {"unit": "X-A"})
    s, ev = play(s, {"system": "launchers", "target": "Y-D", "missiles": 3})
    assert ev[0]["pool"] == 3 and "halved" not in ev[0]   # missiles are never halved
    dice([6])
    s, ev = play(s, {"squadrons": ["Y-F1"]})
    assert ev[0]["pool"] == 2 and ev[1] == {"type": "flank", "target": "Y-D", "pool": 4}
    assert s.decision["pool"]["dice"] == 4


@pytest.mark.rule("LF-GEN-05")
@pytest.mark.rule("LF-UNIT-01")
@pytest.mark.rule("LF-UNIT-03")
@pytest.mark.rule("LF-UNIT-04")
@pytest.mark.rule("LF-UNIT-05")
@pytest.mark.rule("LF-DES-05")
@pytest.mark.rule("LF-FLEET-05")
def test_units_stats_and_munitions():
    from hexfleet.games.launch_fighters.designer import STATS
    s = RULESET.new_game("standard", seed=1)
    assert STATS == ("cannons", "launchers", "bays", "defense", "move")
    ex = next(x for x in s.ships if x.design.name == "Excelsior")
    assert ex.stats == (3, 5, 0, 6, 3) and ex.missiles == 28
    carrier = next(x for x in s.ships if x.design.name == "Carrier")
    assert [q.id for q in s.squadrons if q.host == carrier.id] == [f"red-F{i}" for i in range(1, 7)]
    # three attack forms: cannons and launchers on ships, guns on fighters; bays launch
    pos = position([ship("X-A", "X", (0, 0), 0, cannons=1, launchers=1, bays=1, squadrons=1), ship("Y-A", "Y", (2, 0))],
                   [sq("X-F1", "X", host="X-A")], step=3, order=("Y", "X"))
    s, _ = play(state_of(pos), {"unit": "X-A"})
    assert {o["system"] for o in RULESET.legal_orders(s, "X")} == {"cannons", "launchers", "bays", "end"}


@pytest.mark.rule("LF-MAP-08")
@pytest.mark.rule("LF-MAP-12")
def test_facing_is_one_of_six_hexsides():
    from hexfleet.engine.errors import FormatError
    pos = position([ship("X-A", "X", (0, 0)), ship("Y-A", "Y", (0, 8))], phase="move", step=3, order=("X", "Y"))
    s = state_of(pos)
    for bad in (6, -1, "E"):
        with pytest.raises(FormatError):
            RULESET.validate(s, "X", {"unit": "X-A", "to": at(0, 0), "facing": bad})


@pytest.mark.rule("LF-TGT-02")
@pytest.mark.rule("LF-MAP-05")
@pytest.mark.rule("LF-AMB-07")
def test_range_is_plain_distance_through_terrain():
    from hexfleet.games.launch_fighters.combat import ship_targets
    pos = position([ship("X-A", "X", (0, 0), cannons=1), ship("Y-A", "Y", (5, 0)), ship("Y-B", "Y", (6, 0))],
                   terrain=[((1, 0), "planetoid"), ((2, 0), "planetoid")])
    w = Work(parse_position_(pos))
    assert ship_targets(w, w.ships["X-A"]) == ["Y-A"]


def parse_position_(pos):
    from hexfleet.games.launch_fighters.position import parse_position
    return parse_position(pos, rng=1)


@pytest.mark.rule("LF-MAP-05")
@pytest.mark.rule("LF-AMB-07")
def test_range_around_planetoids_option():
    from hexfleet.games.launch_fighters.combat import ship_targets
    wall = [((1, r), "planetoid") for r in range(-4, 5)] + [((r, -r + 1), "planetoid") for r in range(-3, 0)]
    pos = position([ship("X-A", "X", (0, 0), cannons=1), ship("Y-A", "Y", (4, 0))], terrain=wall)
    assert ship_targets(Work(parse_position_(pos)), ships_of(state_of(pos))["X-A"]) == ["Y-A"]
    pos["options"] = {"range_routes_around_planetoids": True}
    w = Work(parse_position_(pos))
    assert ship_targets(w, w.ships["X-A"]) == []


@pytest.mark.rule("LF-ADD-06")
def test_optional_hittable_holds_absorb_hits(dice):
    pos = position([ship("X-A", "X", (0, 0), 3, cannons=3),
                    ship("Y-A", "Y", (3, 0), 3, defense=3, cannons=1, cargo=2)], step=3, order=("Y", "X"),
                   options={"holds_hittable": True})
    s, _ = play(state_of(pos), {"unit": "X-A"})
    s, _ = play(s, {"system": "cannons", "target": "Y-A"})
    dice([5])
    s, _ = play(s, {"dice": 1})
    assert {"stat": "cargo"} in s.decision["choices"]
    s, ev = play(s, {"stat": "cargo"})
    assert ev[0]["stat"] == "cargo" and ev[0]["level"] == 1
    y = ships_of(s)["Y-A"]
    assert y.holds == (1, 0) and y.stats == y.design.stats
    pos["options"] = {}
    s, _ = play(state_of(pos), {"unit": "X-A"})
    s, _ = play(s, {"system": "cannons", "target": "Y-A"})
    dice([5])
    s, _ = play(s, {"dice": 1})
    assert {"stat": "cargo"} not in s.decision["choices"]
