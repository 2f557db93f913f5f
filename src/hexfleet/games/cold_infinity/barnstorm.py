"""Barnstorming (CI-5.5.3): small vessels and gunboats that end their move in the hex of a
dreadnought or larger roll 3d6 + modifiers after movement. Ramming itself is off (H-08): a
failed group loses its rammers and may not fire this turn; a failed single vessel is reported.
"""

from __future__ import annotations

import math

from ...engine.errors import RuleError
from ...engine.ruleset import Event
from ...hexgrid import scale
from .dice import Dice
from .model import Pos, Unit, alive, design, small, systems, unit_by_id
from .notation import direction, read_vector, speed

BARNSTORMERS = ("gunboat",)
"""Besides small vessels (CI-5.5.3)."""
LARGE = ("dreadnought", "super_dreadnought", "mobile_base", "stardock", "starbase", "space_station")
"""Hulls that may be barnstormed: dreadnought or larger (CI-5.5.3)."""


def check(pos: Pos, unit: Unit, target_id: str) -> None:
    uid = unit["id"]
    if not small(pos, unit) and design(pos, unit)["hull"] not in BARNSTORMERS:
        raise RuleError("CI-5.5.3", "only small vessels and gunboats barnstorm", unit=uid, field="order.barnstorm")
    target = unit_by_id(pos, target_id)
    if target is None or not alive(target) or design(pos, target)["hull"] not in LARGE:
        raise RuleError("CI-5.5.3", f"{target_id!r} is not a dreadnought or larger", unit=uid, field="order.barnstorm")


def off_vector(u: Unit) -> bool:
    """Moving, and not along its nose's axis (GAP-20: v is no multiple of the nose direction)."""
    v, _ = read_vector(u["vector"], "vector")
    s = speed(v)
    d = direction(u["facing"])
    return s > 0 and v not in (scale(d, s), scale(d, -s))


def modifier(pos: Pos, unit: Unit, target: Unit) -> int:
    s = speed(read_vector(unit["vector"], "vector")[0])
    total = 8 if s >= 21 else 5 if s >= 16 else 3 if s >= 11 else 2 if s >= 6 else 0
    total += 5 if off_vector(unit) else 0
    total += 5 if off_vector(target) else 0
    total += 2 * sum(1 for _, st in systems(pos, unit, "thruster") if st["destroyed"])
    total += 3 * unit.get("evasive", 0)
    return total


def outcome(total: int, group: bool) -> tuple[str, int]:
    """``(result, rammers)``: ≤ 15 success, 16–20 disengaged, ≥ 21 failed with one rammer per 5
    points or part above 20 for a group (a single vessel rams)."""
    if total <= 15:
        return "success", 0
    if total <= 20:
        return "disengaged", 0
    return "failed", math.ceil((total - 20) / 5) if group else 1


def resolve(pos: Pos, dice: Dice) -> list[Event]:
    events: list[Event] = []
    declared = pos["plots"].pop("barnstorm", {})
    for u in pos["units"]:
        tid = declared.get(u["id"])
        target = unit_by_id(pos, tid) if tid else None
        if target is None or not alive(u) or list(u["hex"]) != list(target["hex"]):
            continue
        mod = modifier(pos, u, target)
        roll, _ = dice.roll(3, 6, "barnstorm", u["id"])
        events += dice.events
        dice.events = []
        group = small(pos, u) and u.get("count", 1) > 1
        result, rammers = outcome(roll + mod, group)
        events.append({"type": "barnstorm", "unit": u["id"], "target": tid, "modifier": mod, "total": roll + mod,
                       "result": result, "rammers": rammers})
        if result == "success":
            pos["plots"].setdefault("barnstormed", {})[u["id"]] = tid
        if result == "failed":
            pos["plots"].setdefault("no_fire", []).append(u["id"])
            if group:
                lost = min(rammers, u["count"])
                u["fighters"] = u["fighters"][lost:]
                u["count"] -= lost
                if u["count"] == 0:
                    u["status"].append("destroyed")
                    events.append({"type": "destroyed", "unit": u["id"]})
    return events
