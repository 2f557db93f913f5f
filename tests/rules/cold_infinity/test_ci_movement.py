"""Movement (CI-5, B.3–B.7): acceleration (TV-11), thrust distribution (TV-12), pivots (TV-13),
engine limits (TV-15), moves and off-axis thrust (TV-17, TV-18), mid-step acceleration
(TV-19), off-axis maneuvering (TV-20), partial thrust (TV-21), cinematic motion (TV-22),
non-inertial turns (TV-23), overthrust (TV-44), evasion (TV-46), derelicts (TV-47)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.engine.rng import Rng
from hexfleet.games.cold_infinity import movement
from hexfleet.games.cold_infinity.dice import Dice
from hexfleet.games.cold_infinity.model import thrust_costs
from hexfleet.games.cold_infinity.notation import read_vector
from hexfleet.games.cold_infinity.position import read_position
from hexfleet.games.cold_infinity.turn import damage_effects, drift, overthrust_damage

from .helpers import design, of_type, pos, position, resolve, unit


def move(p: dict, uid: str, **order: Any) -> dict:
    u = next(x for x in p["units"] if x["id"] == uid)
    o = movement.parse(order, "order")
    thrust = movement.check(p, u, o)
    _, over = movement.route(p, u, o)
    return movement.apply(p, u, o, thrust, over)[0]


def refused(p: dict, uid: str, rule: str, **order: Any) -> None:
    with pytest.raises(RuleError) as e:
        move(p, uid, **order)
    assert e.value.rule == rule


def cruiser(**costs: int) -> dict:
    """The book's example cruiser: accel 3, pivot 2, port/starboard maneuvering thrusters."""
    d = design("warden")
    d["thrust_cost"] = {"accel": 3, "pivot": 2, "roll": 2, "slide": 5, **costs}
    d["systems"] = [s for s in d["systems"] if not s["id"].endswith("_thruster")]
    d["systems"] += [
        {"id": "port", "type": "thruster", "section": "port", "structure": 3, "power": 0,
         "thruster": {"role": "maneuver", "location": "P", "channel": 6}},
        {"id": "starboard", "type": "thruster", "section": "starboard", "structure": 3, "power": 0,
         "thruster": {"role": "maneuver", "location": "S", "channel": 6}},
        *[{"id": f"aft{i}", "type": "thruster", "section": "aft", "structure": 3, "power": 0,
           "thruster": {"role": "accel", "location": "aft", "channel": 3}} for i in range(4)],
        {"id": "fore", "type": "thruster", "section": "forward", "structure": 3, "power": 0,
         "thruster": {"role": "accel", "location": "fore", "channel": 6}},
    ]
    next(s for s in d["systems"] if s["id"] == "engine")["engine"]["thrust"] = 10
    return d


def ship(d: dict, **fields: Any) -> dict:
    return read_position(position([unit("S", "red", "d", **fields)], designs={"d": d}))


@pytest.mark.rule("CI-5.1.1.a")
@pytest.mark.rule("CI-5.4.1.a")
@pytest.mark.rule("CI-5.0.c")
@pytest.mark.rule("CI-5")
@pytest.mark.rule("CI-5.1")
@pytest.mark.rule("CI-5.1.a")
@pytest.mark.rule("CI-5.1.1")
@pytest.mark.rule("CI-5.4.1")
def test_tv11_aft_forward_and_reverse() -> None:
    p = pos([unit("R", "red", "reaper")])
    assert move(p, "R", accel=1)["vector"] == "1+1"
    assert move(p, "R", accel=-1)["vector"] == "0"
    assert move(p, "R", accel=-1)["vector"] == "4+1"


@pytest.mark.rule("CI-5.1.1.c")
@pytest.mark.rule("CI-5.1.3.a")
@pytest.mark.rule("CI-5.1.c")
@pytest.mark.rule("CI-5.3.1")
def test_tv12_distribution_and_overthrust_by_route() -> None:
    p = ship(cruiser())
    e = move(p, "S", accel=2, route={"aft0": 3, "aft1": 3})
    assert e["thrust"] == 6 and p["units"][0]["overthrust"] == {}
    p = ship(cruiser())
    move(p, "S", accel=2, route={"aft0": 5, "aft1": 1})
    assert p["units"][0]["overthrust"] == {"aft0": 2}
    p = ship(cruiser())
    refused(p, "S", "CI-5.1.c", accel=2, route={"aft0": 5})


@pytest.mark.rule("CI-5.1.3.b")
@pytest.mark.rule("CI-5.1.3.c")
@pytest.mark.rule("CI-5.1.4.a")
@pytest.mark.rule("CI-5.4.2.a")
@pytest.mark.rule("CI-5.1.b")
@pytest.mark.rule("CI-5.1.3")
@pytest.mark.rule("CI-5.1.4")
@pytest.mark.rule("CI-5.4.2")
def test_tv13_cruiser_pivot() -> None:
    """Case A: 2 thrust to port → heading 2, 3, 4; 2 to starboard on T4 stops it at 4. Case B:
    6 thrust → 3 facings at once; 6 the other way stops it."""
    p = ship(cruiser())
    headings = []
    e = move(p, "S", pivot=1)
    headings.append(e["facing"])
    assert e["thrust"] == 2
    for _ in range(2):
        headings.append(move(p, "S")["facing"])
    headings.append(move(p, "S", pivot=-1)["facing"])
    assert headings == [2, 3, 4, 4]
    p = ship(cruiser())
    assert move(p, "S", pivot=3)["facing"] == 4
    assert move(p, "S", pivot=-3)["facing"] == 4 and move(p, "S")["facing"] == 4


@pytest.mark.rule("CI-5.2.a")
@pytest.mark.rule("CI-5.2.c")
def test_tv15_engine_limits_acceleration() -> None:
    p = ship(cruiser())
    assert move(p, "S", accel=3)["thrust"] == 9
    p = ship(cruiser())
    refused(p, "S", "CI-5.2.a", accel=4)


@pytest.mark.rule("CI-5.4.1.b")
@pytest.mark.rule("CI-5.4.a")
def test_tv17_simple_move() -> None:
    p = pos([unit("R", "red", "reaper", vector="1+5")])
    assert move(p, "R")["to"] == [0, -5]


@pytest.mark.rule("CI-5.4.1.d")
@pytest.mark.rule("CI-5.4.1.e")
@pytest.mark.rule("CI-5.0.b")
def test_tv18_off_axis_thrust_target_a_and_b() -> None:
    """2+4 heading 2: pivot two counter-clockwise → heading 6, to (4,−4); with 3 acceleration the
    new vector is 1+3,2+1 (speed 4) to (1,−4); next turn, pivot halted, (2,−8)."""
    p = pos([unit("R", "red", "reaper", facing=2, vector="2+4")])
    e = move(p, "R", pivot=-2)
    assert (e["facing"], e["to"], e["vector"]) == (6, [4, -4], "2+4")
    p = pos([unit("R", "red", "reaper", facing=2, vector="2+4")], options={"partial_thrusting": False})
    e = move(p, "R", pivot=-2, accel=3)
    assert (e["facing"], e["to"], e["vector"], e["speed"]) == (6, [1, -4], "1+3,2+1", 4)
    e = move(p, "R", pivot=2)
    assert (e["facing"], e["to"]) == (6, [2, -8])


@pytest.mark.rule("CI-5.4.3.b")
@pytest.mark.rule("CI-5.4.3.c")
@pytest.mark.rule("CI-5.4.3.d")
@pytest.mark.rule("CI-5.4.3")
def test_tv19_mid_step_acceleration() -> None:
    p = pos([unit("R", "red", "reaper", facing=6, vector="1+3,2+1")], options={"mid_step_acceleration": True})
    e = move(p, "R", mid_step={"after": 2, "accel": 2})
    assert e["vector"] == "1+4,6+1" and e["speed"] == 5 and e["to"] == [0, -4]
    assert move(p, "R")["to"] == [-1, -8]


@pytest.mark.rule("CI-5.4.3.a")
def test_mid_step_needs_its_option() -> None:
    p = pos([unit("R", "red", "reaper", facing=6, vector="1+3,2+1")])
    refused(p, "R", "CI-5.4.3.a", mid_step={"after": 2, "accel": 2})


@pytest.mark.rule("CI-5.4.4.a")
@pytest.mark.rule("CI-5.4.4.b")
@pytest.mark.rule("CI-5.4.4")
def test_tv20_off_axis_maneuvering() -> None:
    """Rolled to port, roll halted: a tumble turns it across facings; no second maneuver while
    the first goes on."""
    p = pos([unit("R", "red", "reaper", attitude="rolled_port")], options={"off_axis_maneuvering": True})
    e = move(p, "R", tumble=1)
    assert (e["attitude"], e["facing"]) == ("rolled_port", 2)
    refused(p, "R", "CI-5.4.4.b", pivot=1)
    p = pos([unit("R", "red", "reaper", attitude="tumbled_forward")], options={"off_axis_maneuvering": True})
    e = move(p, "R", roll=1)
    assert (e["attitude"], e["facing"]) == ("tumbled_forward", 2)


@pytest.mark.rule("CI-5.4.5.a")
@pytest.mark.rule("CI-5.4.5.b")
@pytest.mark.rule("CI-5.4.5.c")
@pytest.mark.rule("CI-5.4.5")
def test_tv21_partial_thrusting() -> None:
    d = cruiser(pivot=4)
    opts = {"partial_thrusting": True}
    p = read_position(position([unit("S", "red", "d")], designs={"d": d}, options=opts))
    e = move(p, "S", pivot="1/2")
    assert e["thrust"] == 2
    turns = [e["facing"]] + [move(p, "S")["facing"] for _ in range(5)]
    assert turns == [1, 2, 2, 3, 3, 4]  # pivots on T2, T4, T6
    p = read_position(position([unit("S", "red", "d")], designs={"d": d}, options=opts))
    facings = [move(p, "S", pivot="1/2")["facing"], move(p, "S", pivot="1/2")["facing"]]
    facings += [move(p, "S")["facing"] for _ in range(2)]
    facings.append(move(p, "S", pivot="-1/2")["facing"])
    facings += [move(p, "S")["facing"] for _ in range(4)]
    assert facings == [1, 2, 3, 4, 5, 5, 6, 6, 1]  # T2..T5 every turn; then T7, T9 (none on T6, T8)
    p = pos([unit("R", "red", "reaper")])
    refused(p, "R", "CI-5.4.5.a", pivot="1/2")


@pytest.mark.rule("CI-5.6.b")
@pytest.mark.rule("CI-5.6.a")
@pytest.mark.rule("CI-5.6")
def test_tv22_cinematic_limit() -> None:
    p = pos([unit("R", "red", "reaper")], options={"cinematic_motion": True})
    move(p, "R", accel=3, pivot=1)
    p = pos([unit("R", "red", "reaper")], options={"cinematic_motion": True})
    refused(p, "R", "CI-5.6.b", accel=3, pivot=2)
    p = pos([unit("R", "red", "reaper")], options={"cinematic_motion": True, "cinematic_frigate": 3})
    refused(p, "R", "CI-5.6.b", accel=3, pivot=1)
    p = pos([unit("R", "red", "reaper")])
    move(p, "R", accel=3, pivot=2)  # no limit without the option


@pytest.mark.rule("CI-5.8.2")
@pytest.mark.rule("CI-5.8.a")
@pytest.mark.rule("CI-5.8")
def test_tv23_non_inertial_turn() -> None:
    d = design("reaper")
    next(s for s in d["systems"] if s["id"] == "engine")["engine"]["non_inertial"] = True
    p = ship(d, vector="1+4")
    e = move(p, "S", turn=1)
    assert (e["facing"], e["vector"], e["thrust"]) == (2, "2+4", 1 + 1)  # pivot 1 + ⌈2/2⌉
    p = pos([unit("R", "red", "reaper", vector="1+4")])
    refused(p, "R", "CI-5.8.2", turn=1)


@pytest.mark.rule("CI-5.3.1")
@pytest.mark.rule("CI-2.4.a")
def test_tv44_overthrust_damage() -> None:
    assert [overthrust_damage(x + 2) for x in (7, 8, 11)] == [0, 1, 2]
    p = ship(cruiser(), overthrust={"aft0": 2})
    events = damage_effects(p, Dice(Rng.from_seed(1).with_faces((4, 4)), 1))
    e = of_type(events, "overthrust")[0]
    assert (e["amount"], e["total"], e["damage"]) == (2, 10, 1)
    assert p["units"][0]["systems"]["aft0"]["lost"] == 1 and p["units"][0]["overthrust"] == {}


@pytest.mark.rule("CI-5.4.2.c")
@pytest.mark.rule("CI-5.4.2.i")
@pytest.mark.rule("CI-5.4.2.j")
@pytest.mark.rule("CI-5.4.2.b")
def test_attitude_restrictions() -> None:
    p = pos([unit("R", "red", "reaper", attitude="rolled_port")])
    refused(p, "R", "CI-5.4.2.c", pivot=1)
    p = pos([unit("R", "red", "reaper", rotation={"roll": 1})])
    refused(p, "R", "CI-5.4.2.c", pivot=1)
    p = pos([unit("R", "red", "reaper", attitude="tumbled_aft")])
    refused(p, "R", "CI-5.4.2.i", roll=1)
    refused(p, "R", "CI-5.4.2.j", accel=1)
    p = pos([unit("R", "red", "reaper")])
    e = move(p, "R", roll=1)
    assert e["attitude"] == "rolled_starboard"
    assert move(p, "R")["attitude"] == "flipped"


@pytest.mark.rule("CI-5.4.2.d")
@pytest.mark.rule("CI-5.4.2.h")
@pytest.mark.rule("CI-5.1.3.f")
def test_pivoting_ship_may_roll_and_tumble() -> None:
    p = pos([unit("R", "red", "reaper", rotation={"pivot": 1})])
    e = move(p, "R", tumble=1)
    assert e["attitude"] == "tumbled_forward" and e["facing"] == 2


@pytest.mark.rule("CI-5.1.4.c")
@pytest.mark.rule("CI-5.1.4.b")
def test_tumbling_needs_able_thrusters() -> None:
    d = cruiser()
    p = ship(d)
    refused(p, "S", "CI-5.1.4.c", tumble=1)


@pytest.mark.rule("CI-5.4.2.g")
@pytest.mark.rule("CI-5.1.3.e")
def test_slides() -> None:
    p = pos([unit("R", "red", "reaper")])
    e = move(p, "R", slide=[2])
    assert e["vector"] == "2+1" and e["thrust"] == 3
    p = pos([unit("R", "red", "reaper", attitude="flipped")])
    assert move(p, "R", slide=[2])["vector"] == "6+1"  # mirrored when flipped (GAP-14)


@pytest.mark.rule("CI-5.5.a")
@pytest.mark.rule("CI-5.5.b")
@pytest.mark.rule("CI-5.5.c")
@pytest.mark.rule("CI-5.5.d")
@pytest.mark.rule("CI-5.5")
def test_small_vessels_pay_one_and_halt_free() -> None:
    p = pos([unit("F", "blue", "talon_flight", count=3)])
    e = move(p, "F", accel=2, pivot=1)
    assert e["thrust"] == 3 and p["units"][0]["thrust_left"] == 3
    p["units"][0]["thrust_left"] = 6
    assert move(p, "F", pivot=-1)["thrust"] == 0


@pytest.mark.rule("CI-5.5.2")
@pytest.mark.rule("CI-5.5.1")
def test_tv46_evasion_and_snap() -> None:
    p = position([unit("R", "red", "reaper", (0, 10)), unit("F", "blue", "talon_flight", (0, 0), 4, count=6)])
    orders = [{"@phase": "power"}, {"@phase": "ew"}, {"@phase": "evasive", "blue": {"F": {"level": 3}}}]
    nxt, _ = resolve(p, orders, dice=(1, 1, 1, 2))
    f = nxt["units"][1]
    assert f["evasive"] == 3 and f["thrust_left"] == 3
    with pytest.raises(RuleError) as e:
        resolve(p, [{"@phase": "power"}, {"@phase": "ew"}, {"@phase": "evasive", "blue": {"F": {"level": 5}}}],
                dice=(1, 1))
    assert e.value.rule == "CI-5.5.2"


@pytest.mark.rule("CI-5.7.a")
@pytest.mark.rule("CI-5.7.b")
@pytest.mark.rule("CI-5.7")
def test_tv47_derelict_drift() -> None:
    p = pos([unit("D", "red", "reaper", vector="3+2", status=["derelict"])])
    events = drift(p, Dice(Rng.from_seed(1).with_faces((4,)), 1))
    assert of_type(events, "drift")[0]["maneuver"] is None and p["units"][0]["hex"] == [2, 0]
    events = drift(p, Dice(Rng.from_seed(1).with_faces((1, 3, 5)), 1))
    e = of_type(events, "drift")[0]
    assert (e["check"], e["maneuver"]) == (1, "roll")
    assert "involuntary" in p["units"][0]["status"] and p["units"][0]["attitude"] == "rolled_port"
    assert [r["purpose"] for r in of_type(events, "roll")] == ["derelict_check", "derelict_type", "derelict_direction"]
    events = drift(p, Dice(Rng.from_seed(1), 1))
    assert not of_type(events, "roll")  # no more checks


def test_vector_helper_reads_back() -> None:
    assert read_vector("1+3,2+1", "v")[0] == (1, -4)


def _dreadnought() -> dict:
    """The Warden rebuilt as a first-rate hull: seven sections (CI-1.5.1.c), its side systems
    in the forward quarters."""
    d = design("warden", hull="dreadnought", mass=60)
    moved = {"port": "forward_port", "starboard": "forward_starboard"}
    d["sections"] = {**{k: v for k, v in d["sections"].items() if k not in moved},
                     **{moved[k]: v for k, v in d["sections"].items() if k in moved},
                     "aft_port": {"armor": 4, "hull": 10}, "aft_starboard": {"armor": 4, "hull": 10}}
    for s in d["systems"]:
        s["section"] = moved.get(s["section"], s["section"])
    return d


@pytest.mark.rule("CI-5.5.3")
def test_tv32_barnstorming_outcomes() -> None:
    from hexfleet.games.cold_infinity import barnstorm

    assert [barnstorm.outcome(3 + 14, True), barnstorm.outcome(8 + 14, True), barnstorm.outcome(12 + 14, True)] == \
        [("disengaged", 0), ("failed", 1), ("failed", 2)]
    assert barnstorm.outcome(21, False) == ("failed", 1) and barnstorm.outcome(15, True) == ("success", 0)
    designs = {"dn": _dreadnought(), "talon_flight": design("talon_flight"), "reaper": design("reaper")}
    p = read_position(position([unit("DN", "red", "dn", (0, -12)), unit("F", "blue", "talon_flight", (0, 0), 2,
                                                                      vector="1+12", count=6, evasive=2)],
                               designs=designs))
    f = p["units"][1]
    assert barnstorm.modifier(p, f, p["units"][0]) == 3 + 5 + 6


@pytest.mark.rule("CI-5.5.3")
def test_barnstorm_resolved_after_movement() -> None:
    designs = {"dn": _dreadnought(), "talon_flight": design("talon_flight")}
    p = position([unit("DN", "red", "dn", (0, -12), initiative=0),
                  unit("F", "blue", "talon_flight", (0, 0), 2, vector="1+12", count=6, evasive=2, initiative=30)],
                 designs=designs, phase="move", move_order=["F", "DN"])
    nxt, events = resolve(p, [{"@phase": "move", "blue": {"F": {"barnstorm": "DN"}}}, {"@phase": "move"}],
                          dice=(4, 2, 2))
    b = of_type(events, "barnstorm")[0]
    assert (b["modifier"], b["total"], b["result"], b["rammers"]) == (14, 22, "failed", 1)
    assert nxt["units"][1]["count"] == 5 and nxt["phase"] == "snap"
    with pytest.raises(RuleError) as e:
        resolve(p, [{"@phase": "move", "blue": {"F": {"barnstorm": "F"}}}])
    assert e.value.rule == "CI-5.5.3"


@pytest.mark.rule("CI-2.2.1")
def test_simultaneous_movement_plots() -> None:
    p = position([unit("A", "red", "reaper"), unit("B", "blue", "reaper", (0, -8), 4)],
                 options={"simultaneous_movement": True})
    nxt, events = resolve(p, [{"@phase": "power"}, {"@phase": "ew"},
                              {"@phase": "plot", "red": {"A": {"accel": 1}}, "blue": {"B": {"accel": 2}}}])
    assert not of_type(events, "initiative")
    assert [e["to"] for e in of_type(events, "moved")] == [[0, -1], [0, -6]]
    assert nxt["phase"] == "fire"


@pytest.mark.rule("CI-6.2.a")
@pytest.mark.rule("CI-6.2.b")
@pytest.mark.rule("CI-6.1.b")
@pytest.mark.rule("CI-6")
@pytest.mark.rule("CI-6.0.a")
@pytest.mark.rule("CI-6.1")
@pytest.mark.rule("CI-6.2")
@pytest.mark.rule("CI-6.2.c")
@pytest.mark.rule("CI-6.1.e")
def test_three_d_acceleration_along_z_when_tumbled() -> None:
    p = pos([unit("R", "red", "reaper", attitude="tumbled_forward")], options={"three_d": True})
    e = move(p, "R", accel=2)
    assert e["vector"] == "--2" and e["z"] == -2
    p = pos([unit("R", "red", "reaper", attitude="tumbled_aft", vector="1+3")], options={"three_d": True})
    e = move(p, "R", accel=1)
    assert e["vector"] == "1+3,++1" and e["to"] == [0, -3] and e["z"] == 1


@pytest.mark.rule("CI-5.8.1")
def test_odt_thrust_in_any_direction() -> None:
    d = design("reaper")
    d["systems"].append({"id": "odt", "type": "thruster", "section": "core", "structure": 2, "power": 0,
                         "thruster": {"role": "odt", "channel": 4}})
    p = ship(d)
    e = move(p, "S", odt=[{"thruster": "odt", "toward": 3, "hexes": 2}])
    assert e["vector"] == "3+2" and e["thrust"] == 4
    refused(p, "S", "CI-5.8.1", odt=[{"thruster": "fwd_thruster", "toward": 3, "hexes": 1}])


@pytest.mark.rule("CI-5.4.2.f")
def test_accelerating_while_rolling() -> None:
    p = pos([unit("R", "red", "reaper", rotation={"roll": 1})])
    e = move(p, "R", accel=1)
    assert e["vector"] == "1+1" and e["attitude"] == "rolled_starboard"


@pytest.mark.rule("CI-5.4.2.e")
@pytest.mark.rule("CI-5.4.2.c")
def test_flipped_ship_pivots_with_the_opposite_thrusters() -> None:
    """Flipped, a clockwise pivot comes from the starboard-side thrusters: with the port pair
    destroyed a ship can still stop its pivot after rolling 180°."""
    d = design("reaper")
    p = read_position(position([unit("R", "red", "r", attitude="flipped", rotation={"pivot": -1},
                                     systems={"fp_thruster": {"destroyed": True, "lost": 3}})], designs={"r": d}))
    e = move(p, "R", pivot=1)
    assert e["thrust"] == 1 and p["units"][0]["rotation"]["pivot"] == 0
    p = read_position(position([unit("R", "red", "r", rotation={"pivot": -1},
                                     systems={"fp_thruster": {"destroyed": True, "lost": 3},
                                              "as_thruster": {"destroyed": True, "lost": 3}})], designs={"r": d}))
    refused(p, "R", "CI-5.1.c", pivot=1)


@pytest.mark.rule("CI-5.4.5.d")
def test_partial_thrust_counts_as_a_maneuver_in_progress() -> None:
    p = pos([unit("R", "red", "reaper", rotation={"roll": "1/2"})],
            options={"off_axis_maneuvering": True, "partial_thrusting": True})
    refused(p, "R", "CI-5.4.4.b", pivot="1/2")


@pytest.mark.rule("CI-1.3.b")
@pytest.mark.rule("CI-5.1.4.d")
def test_facings_clockwise_from_north_and_roll_thrusters() -> None:
    from hexfleet.games.cold_infinity.notation import direction

    assert [direction(k) for k in range(1, 7)] == [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]
    d = design("reaper")
    p = read_position(position([unit("R", "red", "r")], designs={"r": d}))
    # a roll goes through FP with AP, or FS with AS (format: Movement, B.6), 1 point each at least (GAP-13)
    refused(read_position(position([unit("R", "red", "r")], designs={"r": d})), "R", "CI-5.1.4.b", roll=1,
            route={"fp_thruster": 2})
    e = move(p, "R", roll=1, route={"fp_thruster": 1, "ap_thruster": 1})
    assert e["attitude"] == "rolled_starboard" and e["thrust"] == 2


@pytest.mark.rule("CI-5.1.c")
def test_a_route_uses_only_thrusters_able_to_give_the_maneuver() -> None:
    p = pos([unit("R", "red", "reaper")])
    refused(p, "R", "CI-5.1.c", pivot=1, route={"aft_thruster": 1})


@pytest.mark.rule("CI-5.7.a")
def test_disabled_ship_keeps_its_vector() -> None:
    p = pos([unit("R", "red", "reaper", vector="2+3", status=["disabled"])])
    refused(p, "R", "CI-5.7.a", accel=1)
    assert move(p, "R")["to"] == [3, -3]


@pytest.mark.rule("CI-5.4.4.a")
def test_off_axis_in_plane_spin_costs_a_pivot() -> None:
    d = cruiser(pivot=2, roll=5)
    d["systems"] += [{"id": f"m{loc}", "type": "thruster", "section": "core", "structure": 3, "power": 0,
                      "thruster": {"role": "maneuver", "location": loc, "channel": 6}} for loc in ("FP", "FS")]
    p = read_position(position([unit("S", "red", "d", attitude="rolled_port")], designs={"d": d},
                               options={"off_axis_maneuvering": True}))
    assert move(p, "S", tumble=1)["thrust"] == 2
    p = read_position(position([unit("S", "red", "d")], designs={"d": d}, options={"off_axis_maneuvering": True}))
    assert move(p, "S", tumble=1)["thrust"] == 5


@pytest.mark.rule("CI-5.1.2")
@pytest.mark.rule("CI-5.1.2.a")
@pytest.mark.rule("CI-5.1.2.b")
def test_deflection_vanes_maneuver_at_slide_cost() -> None:
    d = design("reaper")
    d["systems"] = [s for s in d["systems"] if s.get("thruster", {}).get("role") != "maneuver"]
    next(s for s in d["systems"] if s["id"] == "fwd_thruster")["thruster"]["vanes"] = True
    p = read_position(position([unit("R", "red", "r")], designs={"r": d}))
    e = move(p, "R", pivot=1)
    assert e["facing"] == 2 and e["thrust"] == 3  # the Reaper's house slide cost
    d2 = design("reaper")
    d2["systems"] = [s for s in d2["systems"] if s.get("thruster", {}).get("role") != "maneuver"]
    p = read_position(position([unit("R", "red", "r")], designs={"r": d2}))
    refused(p, "R", "CI-5.1.c", pivot=1)


@pytest.mark.rule("CI-5.5.3.a")
@pytest.mark.rule("CI-5.5.3.b")
@pytest.mark.rule("CI-5.5.3.d")
def test_barnstorming_success_effects() -> None:
    designs = {"dn": _dreadnought(), "talon_flight": design("talon_flight"), "reaper": design("reaper")}
    p = position([unit("DN", "red", "dn", (0, -6), 1), unit("R", "red", "reaper", (0, -9), 4, ew={"points": 4,
                                                                                                  "shroud": 1}),
                  unit("F", "blue", "talon_flight", (0, -6), 1, count=3),
                  unit("F2", "blue", "talon_flight", (3, -8), 1, count=3)],
                 designs=designs, phase="fire", plots={"barnstormed": {"F": "DN"}})
    with pytest.raises(RuleError) as e:
        resolve(p, [{"@phase": "fire", "blue": {"F": {"attacks": [{"weapon": "cannon", "target": "R"}]}}}])
    assert e.value.rule == "CI-5.5.3.a"
    orders = [{"@phase": "fire", "blue": {"F": {"attacks": [{"weapon": "cannon", "target": "DN"}]}},
               "red": {"R": {"attacks": [{"weapon": "railgun_1", "target": "F"}]}}}]
    _, events = resolve(p, orders, dice=(1, 1, 1, 1, 1, 1, 1))
    by = {e["attacker"]: e for e in of_type(events, "attack")}
    assert by["R"]["parts"]["called_shot"] == -6 and not by["R"]["hit"]
    assert by["F"]["hit"] and by["F"]["total"] < 11


@pytest.mark.rule("CI-5.1.5")
@pytest.mark.rule("CI-5.1.5.a")
def test_maneuvered_acceleration_costs_a_slide() -> None:
    """With ``maneuvered_acceleration`` and its aft acceleration thruster destroyed (or a route
    through maneuvering thrusters only), the Reaper accelerates forward through its maneuvering
    thrusters, paying its slide cost per hex instead of its acceleration cost. Off (the
    default), the format's text: no thruster, no acceleration."""
    lost = {"aft_thruster": {"destroyed": True, "lost": 3}}
    refused(pos([unit("R", "red", "reaper", systems=lost)]), "R", "CI-5.1.c", accel=1)  # default: the format's text
    p = pos([unit("R", "red", "reaper", systems=lost)], options={"maneuvered_acceleration": True})
    slide = thrust_costs(p, p["units"][0])["slide"]
    e = move(p, "R", accel=1)
    assert e["thrust"] == slide != thrust_costs(p, p["units"][0])["accel"] and e["vector"] == "1+1"
    assert move(pos([unit("R", "red", "reaper")]), "R", accel=1)["thrust"] == 2  # the aft thruster: accel cost
    def fresh() -> dict:
        return pos([unit("R", "red", "reaper")], options={"maneuvered_acceleration": True})

    assert move(fresh(), "R", accel=1)["thrust"] == 2  # the aft thruster is the default
    e = move(fresh(), "R", accel=1, route={"ap_thruster": 2, "as_thruster": 1})  # chosen: maneuvering thrusters
    assert e["thrust"] == slide and e["vector"] == "1+1"


@pytest.mark.rule("CI-5.6.1")
def test_one_engine_rating_makes_big_hulls_sluggish() -> None:
    """The book's alternative to cinematic motion: give every hull the same engine and let the
    hull's thrust costs do the rest. The Warden's engine in a dreadnought hull (accel 4 a hex,
    house table) buys fewer hexes than in its cruiser hull (3 a hex)."""
    def most(d: dict) -> int:
        p = read_position(position([unit("S", "red", "d")], designs={"d": d}))
        best = 0
        for n in range(1, 12):
            try:
                movement.check(p, p["units"][0], movement.parse({"accel": n}, "order"))
            except RuleError:
                break
            best = n
        return best

    cruiser_hull, dreadnought_hull = design("warden"), _dreadnought()
    for d in (cruiser_hull, dreadnought_hull):
        d.pop("thrust_cost", None)
        next(s for s in d["systems"] if s["id"] == "aft_thruster")["thruster"]["channel"] = 20  # engine-bound
    assert (most(cruiser_hull), most(dreadnought_hull)) == (12 // 3, 12 // 4)


@pytest.mark.rule("CI-5.1.4.b")
@pytest.mark.rule("CI-5.1.4.d")
def test_combined_maneuvers_take_a_point_through_each_thruster() -> None:
    """GAP-13 (``combined_min_one``): the Reaper's roll (cost 1) fires both thrusters of a pair,
    so it spends 2; with the aft-port and forward-starboard thrusters gone no pair is whole and
    it cannot roll; a tumble goes through FP+FS or AP+AS; with a single P thruster the roll
    needs no pair."""
    p = pos([unit("R", "red", "reaper")])
    assert move(p, "R", roll=1)["thrust"] == 2
    broken = {"ap_thruster": {"destroyed": True, "lost": 3}, "fs_thruster": {"destroyed": True, "lost": 3}}
    refused(pos([unit("R", "red", "reaper", systems=broken)]), "R", "CI-5.1.4.b", roll=1)
    refused(pos([unit("R", "red", "reaper")]), "R", "CI-5.1.4.b", tumble=1, route={"fp_thruster": 1, "ap_thruster": 1})
    assert move(pos([unit("R", "red", "reaper")]), "R", tumble=1, route={"ap_thruster": 1, "as_thruster": 1})["thrust"] == 2
    from .test_ci_book import basic_reaper

    p = read_position(position([unit("B", "red", "b")], designs={"b": basic_reaper()}))
    assert move(p, "B", roll=1)["thrust"] == 1


@pytest.mark.rule("CI-6.2.a")
@pytest.mark.rule("CI-5.4.2.j")
def test_in_3d_the_listed_moves_tumble_the_only_way_to_thrust_along_z() -> None:
    """To move along Z a ship tumbles 90° to point up or down, then thrusts (CI-6.2.a): the
    listed moves (what bots choose among) offer tumbling ±1 in 3-D, each accepted by the rules,
    and a ship tumbled aft accelerates up a layer a turn. In 2-D the list has no tumble."""
    from hexfleet.games import get_ruleset
    from hexfleet.games.cold_infinity.rules import CiState

    ruleset = get_ruleset("cold-infinity")

    def moves(scenario: str) -> tuple[CiState, str, list[Any]]:
        state = ruleset.new_game(scenario, seed=1)
        while "move" not in {d.kind for d in ruleset.pending(state).values()}:
            state, _ = ruleset.advance(state, {s: ruleset.legal(state, s).first() for s in ruleset.pending(state)})
        seat = next(s for s, d in ruleset.pending(state).items() if d.kind == "move")
        return state, seat, [ruleset.order_json(state, seat, o) for o in ruleset.legal(state, seat)]

    state, seat, listed = moves("duel-3d")
    uid = state.pos["move_order"][0]
    assert {"tumble": 1} in [o[uid] for o in listed] and {"tumble": -1} in [o[uid] for o in listed]
    for order in listed:
        ruleset.validate(state, seat, order)
    _, _, flat = moves("frigate-duel")
    assert not any("tumble" in o for order in flat for o in order.values())
    tumbled = pos([unit("R", "red", "reaper", (0, 0), 1, attitude="tumbled_aft", vector="0")],
                  phase="move", options={"three_d": True})
    ship, up = tumbled["units"][0], movement.MoveOrder(accel=Fraction(1))
    thrust = movement.check(tumbled, ship, up)
    _, over = movement.route(tumbled, ship, up)
    movement.apply(tumbled, ship, up, thrust, over)
    assert read_vector(ship["vector"], "v") == ((0, 0), 1)  # up a layer a turn, the plane untouched
