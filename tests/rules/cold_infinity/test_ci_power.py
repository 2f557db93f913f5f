"""Power Allocation (CI-3, CI-2.1.1): plants, capacitors and their drain (TV-02, TV-03),
batteries (TV-04), system batteries, collectors, activation, zero power, destroyed systems
(TV-06), extra power (TV-09, TV-16), overheating (TV-07)."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.games.cold_infinity import power
from hexfleet.games.cold_infinity.model import engine_output, ew_points, plant_power
from hexfleet.games.cold_infinity.position import read_position
from hexfleet.games.cold_infinity.turn import destroy_system, end_of_turn, final_actions, start_of_turn

from .helpers import design, pos, position, unit


def _sys(i: str, power_: object, **block: object) -> dict:
    return {"id": i, "type": next(iter(block)) if block else "hull_system", "section": "main", "structure": 4,
            "power": power_, **block}


def capacitor_ship() -> dict:
    """TV-03's unit: capacitor 30/10, basic systems drawing 10 (bridge 6, sensors 4), a 4-power weapon."""
    return {"hull": "corvette", "mass": 8, "silhouette": {"fa": 1, "ps": 2}, "sections": {"main": {"armor": 2, "hull": 10}},
            "systems": [_sys("cap", "unpowered", capacitor={"capacity": 30, "recharge": 10}),
                        _sys("bridge", 6, bridge={}),
                        _sys("sensors", 4, sensor={"ew": 2}),
                        _sys("gun", 4, weapon={"arc": "1 standard", "rof": "1+0", "dmg": "1d6", "rng": 2})]}


def one(d: dict, **unit_fields: object) -> dict:
    return read_position(position([unit("U", "red", "d", **unit_fields)], designs={"d": d}))


@pytest.mark.rule("CI-3.1.2.a")
@pytest.mark.rule("CI-3.1.2.b")
@pytest.mark.rule("CI-3.1.a")
@pytest.mark.rule("CI-3.2.b")
@pytest.mark.rule("CI-3.2.d")
@pytest.mark.rule("CI-3")
@pytest.mark.rule("CI-3.1")
@pytest.mark.rule("CI-3.1.2")
def test_tv03_capacitor_drain_sequence() -> None:
    """TV-02/TV-03: 30/10; basic 10 a turn, the weapon 4 more when used; turn 7 the weapon and 4
    points of basic systems are off; the table of stored / drawn / left / recharged."""
    p = one(capacitor_ship(), systems={"gun": {"active": False}})
    u = p["units"][0]
    table = []
    plan = {2: power.PowerOrder(activate=("gun",)), 7: power.PowerOrder(deactivate=("gun", "sensors")),
            8: power.PowerOrder(activate=("gun", "sensors"))}
    for turn in range(1, 9):
        start = u["systems"]["cap"]["stored"]
        order = plan.get(turn, power.PowerOrder())
        power.check(p, u, order)
        ev = power.apply(p, u, order)[0]
        table.append((turn, start, ev["drawn"], ev["stored"]))
        end_of_turn(p, set())
        start_of_turn(p)
    assert table == [(1, 30, 10, 20), (2, 30, 14, 16), (3, 26, 14, 12), (4, 22, 14, 8), (5, 18, 14, 4),
                     (6, 14, 14, 0), (7, 10, 6, 4), (8, 14, 14, 0)]
    assert u["systems"]["cap"]["stored"] == 10


@pytest.mark.rule("CI-3.2.e")
def test_tv03_turn7_weapon_cannot_fire_without_deactivating() -> None:
    p = one(capacitor_ship(), systems={"cap": {"stored": 10}, "gun": {"active": False}})
    u = p["units"][0]
    with pytest.raises(RuleError) as e:
        power.check(p, u, power.PowerOrder(activate=("gun",)))
    assert e.value.rule == "CI-3.2.e"
    power.check(p, u, power.PowerOrder(activate=("gun",), deactivate=("sensors",)))


@pytest.mark.rule("CI-3.2.e")
@pytest.mark.rule("CI-3.2.a")
def test_no_order_and_a_deficit_switches_weapons_off_first_in_reverse_sds_order() -> None:
    p = one(capacitor_ship(), systems={"cap": {"stored": 12}})
    u = p["units"][0]
    ev = power.apply(p, u, None)[0]
    assert ev["deactivated"] == ["gun"] and ev["drawn"] == 10
    p = one(capacitor_ship(), systems={"cap": {"stored": 5}})
    ev = power.apply(p, p["units"][0], None)[0]
    assert sorted(ev["deactivated"]) == ["bridge", "gun", "sensors"] and ev["drawn"] == 0


@pytest.mark.rule("CI-3.1.1.a")
@pytest.mark.rule("CI-3.1.1.b")
@pytest.mark.rule("CI-3.1.1.c")
@pytest.mark.rule("CI-3.1.1")
def test_reactor_output_rating_less_damage_refills_every_turn() -> None:
    p = pos([unit("R1", "red", "reaper", systems={"reactor": {"lost": 3}})])
    u = p["units"][0]
    assert plant_power(p, u) == 5
    power.apply(p, u, power.PowerOrder(deactivate=("railgun_1", "railgun_2", "railgun_3", "railgun_4")))
    start_of_turn(p)
    assert plant_power(p, u) == 5  # unused power is lost; the reactor refills to Rating − damage


@pytest.mark.rule("CI-3.1.2.c")
def test_capacitor_damage_costs_two_capacity_per_point() -> None:
    p = one(capacitor_ship(), systems={"cap": {"lost": 4, "stored": 15}})
    start_of_turn(p)
    assert p["units"][0]["systems"]["cap"]["stored"] == 22  # capacity 30 − 8


@pytest.mark.rule("CI-3.1.3.b")
@pytest.mark.rule("CI-3.1.3.c")
@pytest.mark.rule("CI-3.1.3.d")
@pytest.mark.rule("CI-3.1.3")
def test_tv04_battery_charging_convert_and_damage() -> None:
    """20/2: 2 plant points a stored point; full at 20; 5 damage → 15."""
    p = pos([unit("C", "red", "warden")])
    u = p["units"][0]
    b = power.budget(p, u, power.PowerOrder(charge={"battery": 5}))
    assert b.demand - power.budget(p, u, power.PowerOrder()).demand == 10
    power.apply(p, u, power.PowerOrder(charge={"battery": 5}))
    assert u["systems"]["battery"]["stored"] == 5
    p = pos([unit("C", "red", "warden", systems={"battery": {"stored": 18}})])
    with pytest.raises(RuleError) as e:
        power.check(p, p["units"][0], power.PowerOrder(charge={"battery": 3}))
    assert e.value.rule == "CI-3.1.3.c"
    p = pos([unit("C", "red", "warden", systems={"battery": {"stored": 14, "lost": 5}})])
    with pytest.raises(RuleError) as e:
        power.check(p, p["units"][0], power.PowerOrder(charge={"battery": 2}))
    assert e.value.rule == "CI-3.1.3.d"


@pytest.mark.rule("CI-3.1.3.b")
def test_battery_draw_covers_demand_first() -> None:
    p = pos([unit("C", "red", "warden", systems={"battery": {"stored": 6}, "capacitor": {"stored": 10}})])
    u = p["units"][0]
    order = power.PowerOrder(draw={"battery": 4})
    power.check(p, u, order)
    ev = power.apply(p, u, order)[0]
    assert ev["drawn"] == 9 and u["systems"]["battery"]["stored"] == 2  # demand 13 (5+2+2+4): 4 from the battery


def _with_system_battery() -> dict:
    d = design("reaper")
    d["systems"].append({"id": "sb", "type": "system_battery", "section": "core", "structure": 1,
                         "power": "unpowered", "system_battery": {"capacity": 5, "convert": 1,
                                                                  "attached_to": "sensors"}})
    return d


@pytest.mark.rule("CI-3.1.4.a")
@pytest.mark.rule("CI-3.1.4.b")
@pytest.mark.rule("CI-3.1.4")
def test_system_battery_runs_its_system_only() -> None:
    p = read_position(position([unit("R", "red", "r", systems={"sb": {"stored": 5}})], designs={"r": _with_system_battery()}))
    u = p["units"][0]
    with_sb = power.budget(p, u, power.PowerOrder(system_battery=("sb",)))
    assert with_sb.demand == 4  # the sensors' 4 come from the system battery
    power.apply(p, u, power.PowerOrder(system_battery=("sb",)))
    assert u["systems"]["sb"]["stored"] == 1
    with pytest.raises(RuleError) as e:
        power.check(p, u, power.PowerOrder(system_battery=("sb",)))
    assert e.value.rule == "CI-3.1.4.a"


@pytest.mark.rule("CI-3.1.4.c")
def test_system_battery_dies_with_the_first_hit_on_its_system() -> None:
    from hexfleet.games.cold_infinity.fire import Hit, apply_hit

    p = read_position(position([unit("R", "red", "r", systems={"sb": {"stored": 5}})], designs={"r": _with_system_battery()}))
    apply_hit(p, Hit("X", "g", "R", "core", 7, 6, "sensors"))
    st = p["units"][0]["systems"]
    assert st["sensors"]["lost"] == 1 and st["sb"]["destroyed"] and st["sb"]["stored"] == 0


@pytest.mark.rule("CI-3.1.5.a")
@pytest.mark.rule("CI-3.1.5.b")
@pytest.mark.rule("CI-3.1.5.c")
@pytest.mark.rule("CI-3.1.5")
def test_collectors_feed_the_first_battery_with_room() -> None:
    d = design("warden")
    d["systems"].append({"id": "panel", "type": "collector", "section": "core", "structure": 1, "power": "unpowered",
                         "collector": {"rating": 1}})
    p = read_position(position([unit("C", "red", "w", systems={"battery": {"stored": 3}})], designs={"w": d}))
    start_of_turn(p)
    assert p["units"][0]["systems"]["battery"]["stored"] == 4
    p["units"][0]["systems"]["panel"]["lost"] = 1  # 2 collector points per damage point: nothing left
    start_of_turn(p)
    assert p["units"][0]["systems"]["battery"]["stored"] == 4


@pytest.mark.rule("CI-3.2.c")
@pytest.mark.rule("CI-7.1.1.a")
@pytest.mark.rule("CI-3.2")
def test_activation_is_immediate_and_resets_arming() -> None:
    p = pos([unit("D", "red", "lancer", systems={"lance": {"active": False}})])
    u = p["units"][0]
    power.apply(p, u, power.PowerOrder(activate=("lance",)))
    assert u["systems"]["lance"]["active"] and u["systems"]["lance"]["arming"] == 1  # 1+1: arms this turn
    power.apply(p, u, power.PowerOrder(deactivate=("lance",)))
    assert not u["systems"]["lance"]["active"] and u["systems"]["lance"]["arming"] == 1


@pytest.mark.rule("CI-3.3.a")
@pytest.mark.rule("CI-3.3.d")
@pytest.mark.rule("CI-3.3")
def test_zero_power_systems_go_off_without_plant_power() -> None:
    p = pos([unit("R1", "red", "reaper", systems={"reactor": {"destroyed": True, "lost": 8}})])
    u = p["units"][0]
    ev = power.apply(p, u, None)[0]
    assert "bridge" in ev["deactivated"] and "engine" in ev["deactivated"]
    assert u["systems"]["reactor"]["active"]  # unpowered: never deactivated
    with pytest.raises(RuleError) as e:
        power.check(p, u, power.PowerOrder(activate=("bridge",)))
    assert e.value.rule == "CI-3.3.a"


@pytest.mark.rule("CI-3.4.a")
@pytest.mark.rule("CI-3.4.b")
@pytest.mark.rule("CI-3.4.c")
@pytest.mark.rule("CI-3.4")
def test_tv06_destroyed_active_system_drains_three_more_turns() -> None:
    p = pos([unit("D", "red", "lancer")])
    u = p["units"][0]
    lance = next(s for s in design("lancer")["systems"] if s["id"] == "lance")
    base = power.budget(p, u, power.PowerOrder()).demand
    destroy_system(p, u, lance, u["systems"]["lance"])  # turn t
    end_of_turn(p, set())
    drains = []
    for _ in range(4):
        drains.append(power.budget(p, u, power.PowerOrder()).demand - (base - 3))
        end_of_turn(p, set())
    assert drains == [3, 3, 3, 0]
    with pytest.raises(RuleError) as e:
        power.check(p, u, power.PowerOrder(deactivate=("lance",)))
    assert e.value.rule == "CI-3.4.c"
    p = pos([unit("D", "red", "lancer", systems={"lance": {"active": False}})])
    u = p["units"][0]
    destroy_system(p, u, lance, u["systems"]["lance"])
    assert u["systems"]["lance"]["drain"] == 0  # a deactivated system destroyed draws nothing


@pytest.mark.rule("CI-3.5.a")
@pytest.mark.rule("CI-3.5.b")
@pytest.mark.rule("CI-4.4.a")
@pytest.mark.rule("CI-3.5")
@pytest.mark.rule("CI-3.1.b")
@pytest.mark.rule("CI-4.4")
def test_tv09_sensor_boost_costs_per_point() -> None:
    d = design("reaper")
    next(s for s in d["systems"] if s["id"] == "sensors")["sensor"].update(ew=6, boost=4)
    d["systems"][7]["reactor"]["rating"] = 30
    p = read_position(position([unit("R", "red", "r")], designs={"r": d}))
    u = p["units"][0]
    assert power.budget(p, u, power.PowerOrder(extra_ew={"sensors": 2})).demand - \
        power.budget(p, u, power.PowerOrder()).demand == 8
    power.apply(p, u, power.PowerOrder(extra_ew={"sensors": 2}))
    assert ew_points(p, u) == 8


@pytest.mark.rule("CI-5.3.2")
@pytest.mark.rule("CI-5.2.b")
@pytest.mark.rule("CI-5.2")
@pytest.mark.rule("CI-5.3")
def test_tv16_tv45_engine_enrichment_and_damage() -> None:
    d = design("lancer")
    eng = next(s for s in d["systems"] if s["id"] == "engine")
    eng["engine"].update(thrust=6, convert=2)
    d["systems"][7]["reactor"]["rating"] = 30
    p = read_position(position([unit("D", "red", "d")], designs={"d": d}))
    u = p["units"][0]
    assert power.budget(p, u, power.PowerOrder(extra_thrust={"engine": 1})).demand - \
        power.budget(p, u, power.PowerOrder()).demand == 2
    power.apply(p, u, power.PowerOrder(extra_thrust={"engine": 1}))
    assert engine_output(p, u) == 7
    eng["engine"].update(thrust=10, convert=3)
    p = read_position(position([unit("D", "red", "d", systems={"engine": {"lost": 5}})], designs={"d": d}))
    u = p["units"][0]
    assert engine_output(p, u) == 8
    power.apply(p, u, power.PowerOrder(extra_thrust={"engine": 2}))
    assert engine_output(p, u) == 10


@pytest.mark.rule("CI-3.6.a")
@pytest.mark.rule("CI-3.6.b")
@pytest.mark.rule("CI-3.6.c")
@pytest.mark.rule("CI-3.6")
@pytest.mark.rule("CI-2.5.1")
def test_tv07_overheating() -> None:
    d = design("lancer")
    d["systems"][7]["reactor"].update(rating=25)
    d["systems"][7]["structure"] = 25
    p = read_position(position([unit("D", "red", "d")], designs={"d": d}))
    u = p["units"][0]
    heats = []
    for _ in range(3):
        u["power_drawn"] = 20
        ev = final_actions(p)[0]
        heats.append((ev["heat"], ev["shut_down"]))
    assert heats == [(10, False), (20, False), (30, True)]
    ev = final_actions(p)[0]
    assert (ev["heat"], ev["shut_down"]) == (28, True)
    assert plant_power(p, u) == 0


@pytest.mark.rule("CI-3.6.c")
def test_restart_only_when_cold() -> None:
    p = pos([unit("D", "red", "lancer", systems={"reactor": {"shut_down": True, "heat": 2}})])
    with pytest.raises(RuleError) as e:
        power.check(p, p["units"][0], power.PowerOrder(restart=("reactor",)))
    assert e.value.rule == "CI-3.6.c"
    p = pos([unit("D", "red", "lancer", systems={"reactor": {"shut_down": True, "heat": 0}})])
    power.check(p, p["units"][0], power.PowerOrder(restart=("reactor",), deactivate=("lance", "turret", "aft_gun", "sensors")))


@pytest.mark.rule("CI-2.1.1.a")
@pytest.mark.rule("CI-2.1.1.b")
@pytest.mark.rule("CI-3.0.a")
@pytest.mark.rule("CI-3.2.1")
def test_small_vessels_take_no_part_in_power() -> None:
    p = pos([unit("F", "blue", "talon_flight", count=6)])
    with pytest.raises(RuleError) as e:
        power.check(p, p["units"][0], power.PowerOrder())
    assert e.value.rule == "CI-2.1.1.b"
    assert power.starships(p) == []


@pytest.mark.rule("CI-7.1.2.1")
def test_weapon_in_cooldown_cannot_be_activated() -> None:
    p = pos([unit("C", "red", "warden", systems={"spinal": {"active": False, "cooldown": 1}})])
    with pytest.raises(RuleError) as e:
        power.check(p, p["units"][0], power.PowerOrder(activate=("spinal",)))
    assert e.value.rule == "CI-7.1.2.1"


@pytest.mark.rule("CI-3.2.2")
def test_forcibly_deactivated_system_cannot_be_activated() -> None:
    p = pos([unit("R1", "red", "reaper", systems={"railgun_1": {"active": False, "forced_off": True}})])
    with pytest.raises(RuleError) as e:
        power.check(p, p["units"][0], power.PowerOrder(activate=("railgun_1",)))
    assert e.value.rule == "CI-3.2.2"
    assert power.budget(p, p["units"][0], power.PowerOrder()).demand == 7  # its power is available again


@pytest.mark.rule("CI-3.3.b")
def test_a_battery_runs_zero_power_systems_for_a_point_every_ten_turns() -> None:
    """The Warden's capacitor is gone; with ``zero_power_batteries`` its battery keeps the
    bridges, engine and thrusters (zero-power) running: 1 point on the first turn, the next on
    the 11th; empty on the 21st, they go off (CI-3.3.a). Off (the default), the format's text:
    no plant power, zero-power systems off."""
    lost = {"capacitor": {"destroyed": True, "stored": 0}, "battery": {"stored": 2}}
    p = pos([unit("C", "red", "warden", systems=lost)])
    assert "engine" in power.apply(p, p["units"][0], None)[0]["deactivated"]  # by default, as the format says
    p = pos([unit("C", "red", "warden", systems=lost)], options={"zero_power_batteries": True})
    u = p["units"][0]
    stored = []
    for _ in range(20):
        ev = power.apply(p, u, None)[0]
        assert "engine" not in ev["deactivated"] and u["systems"]["bridge"]["active"]
        stored.append(u["systems"]["battery"]["stored"])
    assert stored == [1] * 10 + [0] * 10
    ev = power.apply(p, u, None)[0]
    assert "engine" in ev["deactivated"] and "bridge" in ev["deactivated"] and u["zero_power_turns"] == 0
    with pytest.raises(RuleError) as e:
        power.check(p, u, power.PowerOrder(activate=("bridge",)))
    assert e.value.rule == "CI-3.3.a"
    u["systems"]["battery"]["stored"] = 1
    power.check(p, u, power.PowerOrder(activate=("bridge",)))  # a battery point: allowed again
