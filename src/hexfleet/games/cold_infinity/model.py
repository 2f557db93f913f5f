"""Reading a unit through its design: systems by kind, Mass, thrust costs, plant power, EW
points, engine output. Pure functions of the position's normal form (:mod:`.position`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ...engine.errors import RuleError
from .position import FIGHTER_HULLS, SMALL_HULLS, STATIONARY_HULLS

Unit = dict[str, Any]
Pos = dict[str, Any]

HOUSE_THRUST_COSTS: dict[str, tuple[int, int, int, int]] = {  # D.5.1, NOT from the book (ci-house-v1)
    "gunboat": (1, 1, 1, 2), "corvette": (1, 1, 1, 2), "frigate": (2, 1, 1, 3), "destroyer": (2, 1, 1, 3),
    "light_cruiser": (2, 2, 2, 4), "cruiser": (3, 2, 2, 5), "heavy_cruiser": (3, 2, 2, 5),
    "battlecruiser": (3, 3, 3, 6), "battleship": (4, 3, 3, 6), "dreadnought": (4, 4, 4, 8),
    "super_dreadnought": (5, 4, 4, 8), "mobile_base": (6, 6, 6, 10),
}
"""Hull → (accel, pivot, roll/tumble, slide): the house hull table, used when a design has no
``thrust_cost`` (the SSB2 chart is lost, GAP-05)."""
CINEMATIC_LIMITS = {"gunboat": 5, "corvette": 5, "frigate": 4, "destroyer": 4, "light_cruiser": 4, "cruiser": 3,
                    "heavy_cruiser": 3, "battlecruiser": 3, "battleship": 3, "dreadnought": 2,
                    "super_dreadnought": 2, "mobile_base": 1}
"""CI-5.6 table: hexes accelerated + facings pivoted + 90° steps per turn."""


def design(pos: Pos, unit: Unit) -> dict[str, Any]:
    d: dict[str, Any] = pos["designs"][unit["design"]]
    return d


def unit_by_id(pos: Pos, uid: str) -> Unit | None:
    return next((u for u in pos["units"] if u["id"] == uid), None)


def alive(unit: Unit) -> bool:
    return "destroyed" not in unit["status"]


def small(pos: Pos, unit: Unit) -> bool:
    return design(pos, unit)["hull"] in SMALL_HULLS


def fighter(pos: Pos, unit: Unit) -> bool:
    return design(pos, unit)["hull"] in FIGHTER_HULLS


def hd_sensors(pos: Pos, unit: Unit) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """A small vessel's working high-density sensors (CI-4.3.1); none for other units."""
    if not small(pos, unit):
        return []
    return [(s, st) for s, st in systems(pos, unit, "sensor") if s["sensor"]["hd"] and not st["destroyed"]]


def visual_targeting(pos: Pos, unit: Unit) -> bool:
    """A small vessel aiming by eye: no lock-on needed, ECM ignored (CI-4.3.a/b); one using its
    HD sensors (sensor state ``active``) targets like any unit (CI-4.3.1)."""
    return small(pos, unit) and not any(st["active"] for _, st in hd_sensors(pos, unit))


def stationary(pos: Pos, unit: Unit) -> bool:
    return design(pos, unit)["hull"] in STATIONARY_HULLS


def drifting(unit: Unit) -> bool:
    """Derelict: no initiative; drifts before the others move, with its 1d10 check (CI-5.7;
    format: "not derelict", "derelicts drift"). A disabled ship still moves in its turn."""
    return "derelict" in unit["status"]


def mass(pos: Pos, unit: Unit) -> float:
    """Mass; a group's is one vessel's × the vessels (GAP-54, CI-2.1.2.1)."""
    m: float = design(pos, unit)["mass"]
    return m * unit.get("count", 1) if small(pos, unit) else m


def round_half_up(x: float) -> int:
    return int(x + 0.5) if x >= 0 else -int(-x + 0.5)


def thrust_costs(pos: Pos, unit: Unit) -> dict[str, int]:
    """``{accel, pivot, roll, slide}``: the design's, else the house hull table; small vessels 1."""
    d = design(pos, unit)
    if d["hull"] in SMALL_HULLS:
        return {"accel": 1, "pivot": 1, "roll": 1, "slide": 1}
    if "thrust_cost" in d:
        return dict(d["thrust_cost"])
    a, p, r, s = HOUSE_THRUST_COSTS.get(d["hull"], (6, 6, 6, 10))
    return {"accel": a, "pivot": p, "roll": r, "slide": s}


def systems(pos: Pos, unit: Unit, kind: str | None = None) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """``(design system, its state)`` in SDS order, those with block ``kind`` only if given."""
    for s in design(pos, unit)["systems"]:
        if kind is None or kind in s:
            yield s, unit["systems"][s["id"]]


def system(pos: Pos, unit: Unit, sid: str, kind: str, rule: str, where: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The unit's system ``sid`` of kind ``kind``, or a :class:`RuleError` naming ``rule``."""
    for s, st in systems(pos, unit):
        if s["id"] == sid:
            if kind != "system" and kind not in s and s["type"] != kind:
                raise RuleError(rule, f"{sid} is not a {kind}", unit=unit["id"], field=where)
            return s, st
    raise RuleError(rule, f"{unit['id']} has no system {sid!r}", unit=unit["id"], field=where)


def working(st: Mapping[str, Any]) -> bool:
    return not st["destroyed"]


def standard_power(s: Mapping[str, Any]) -> int:
    p = s["power"]
    return p if isinstance(p, int) else 0


def plants(pos: Pos, unit: Unit) -> list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]]:
    """The unit's working power plants as ``(system, state, block)``: reactors and capacitors,
    the block being the system's ``reactor`` or ``capacitor`` entry (CI-3.1)."""
    return [(s, st, s["reactor"] if "reactor" in s else s["capacitor"]) for s, st in systems(pos, unit)
            if ("reactor" in s or "capacitor" in s) and working(st)]


def plant_rating(block: Mapping[str, Any]) -> int:
    """The heat at which an overheating plant shuts down: its Rating, a capacitor's capacity (CI-3.6.b)."""
    return int(block.get("rating", block.get("capacity")))


def heat_gained(drawn: int, running: int) -> int:
    """The heat each of ``running`` overheating plants gains in a turn the unit draws ``drawn``:
    1 per 2 points of its share (CI-3.6.a)."""
    return drawn // max(1, running) // 2 if running else 0


def plant_power(pos: Pos, unit: Unit) -> int:
    """Power the plants give this turn: reactors ``rating − lost`` (running), or capacitors'
    ``stored`` (CI-3.1.1, CI-3.1.2)."""
    total = 0
    for s, st in systems(pos, unit, "reactor"):
        if working(st) and not st["shut_down"]:
            total += max(0, s["reactor"]["rating"] - st["lost"])
    for _, st in systems(pos, unit, "capacitor"):
        if working(st) and not st["shut_down"]:
            total += st["stored"]
    return total


def capacitor_capacity(pos: Pos, s: Mapping[str, Any], st: Mapping[str, Any]) -> int:
    """Capacity less 2 per point of damage (CI-3.1.2.c, GAP-22); with ``capacitor_damage =
    recharge`` the damage costs recharge instead."""
    lost = 2 * st["lost"] if pos["options"]["capacitor_damage"] == "capacity" else 0
    return max(0, s["capacitor"]["capacity"] - lost)


def capacitor_recharge(pos: Pos, s: Mapping[str, Any], st: Mapping[str, Any]) -> int:
    lost = 2 * st["lost"] if pos["options"]["capacitor_damage"] == "recharge" else 0
    return max(0, s["capacitor"]["recharge"] - lost)


def battery_capacity(s: Mapping[str, Any], st: Mapping[str, Any]) -> int:
    block = s.get("battery") or s["system_battery"]
    return 0 if st["destroyed"] else max(0, block["capacity"] - st["lost"])


def ew_points(pos: Pos, unit: Unit) -> int:
    """Σ (sensor ew − lost) of active sensors + boosted points (CI-4.0, CI-4.4, CI-4.5, GAP-27)."""
    base = sum(max(0, s["sensor"]["ew"] - (st["lost"] if pos["options"]["sensor_damage"] == "minus_lost" else 0))
               for s, st in systems(pos, unit, "sensor") if working(st) and st["active"])
    return base + unit["extra"]["ew"]


def ess_points(pos: Pos, unit: Unit) -> int:
    return sum(max(0, s["ess"]["rating"] - st["lost"]) for s, st in systems(pos, unit, "ess")
               if working(st) and st["active"])


def engine_output(pos: Pos, unit: Unit) -> int:
    """Σ engines ``thrust − ⌊lost/2⌋`` + enrichment (CI-5.2, CI-5.3.2); small vessels: thrust left."""
    if small(pos, unit):
        left: int = unit["thrust_left"]
        return left
    return sum(max(0, s["engine"]["thrust"] - st["lost"] // 2) for s, st in systems(pos, unit, "engine")
               if working(st) and st["active"]) + unit["extra"]["thrust"]


def weapon_rof(s: Mapping[str, Any]) -> tuple[int, int]:
    x, y = s["weapon"]["rof"].split("+")
    return int(x), int(y)


def enemies(pos: Pos, unit: Unit) -> list[Unit]:
    return [u for u in pos["units"] if u["side"] != unit["side"] and alive(u)]
