"""The Electronic Warfare Phase (CI-4, CI-2.1.3): a unit's secret EW assignment, its ESS
functions, and the geometry of shrouds (radius 10 per EW point, 8 per ESS point; 3-D range
with the option, B.12). What a shroud holds is judged at fire (GAP-28).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ...engine.errors import RuleError
from ...engine.reading import fields, integer, obj
from ...engine.ruleset import Event
from ...hexgrid import distance
from .model import Pos, Unit, alive, ess_points, ew_points, small, systems
from .position import read_ess

FIELDS = ("shroud", "amplify", "ecm", "reserve", "masking", "ess")


@dataclass(frozen=True, slots=True)
class EwOrder:
    shroud: int = 0
    amplify: int = 0
    ecm: int = 0
    reserve: int = 0
    masking: int = 0
    ess: dict[str, Any] = field(default_factory=dict)


def parse(raw: Any, where: str) -> EwOrder:
    data = obj(raw, where)
    fields(data, where, allowed=FIELDS)
    ess = read_ess(data.get("ess", {}), f"{where}.ess")
    return EwOrder(**{k: integer(data.get(k, 0), f"{where}.{k}", low=0) for k in FIELDS if k != "ess"}, ess=ess)


def dump(order: EwOrder) -> dict[str, Any]:
    out: dict[str, Any] = {k: getattr(order, k) for k in ("shroud", "amplify", "ecm", "reserve", "masking")
                           if getattr(order, k)}
    ess = {k: v for k, v in order.ess.items() if v}
    if ess:
        out["ess"] = ess
    return out


ESS_COST = {"shroud": 1, "ecm": 1, "jam": 3, "negate": 5}
"""ESS points per unit of a function: shroud and ECM per point (ECM 3 points a level), a jammed
or negated unit 3 / 5 (CI-4.7)."""


def ess_spent(ess: dict[str, Any]) -> int:
    return (ess["shroud"] + sum(ess["amplify"].values()) + ess["ecm"] + 3 * len(ess["jam"])
            + 5 * len(ess["negate"]))


def check(pos: Pos, unit: Unit, order: EwOrder) -> None:
    """Format table, EW rows (CI-4.0.a, 4.1.d, 4.5.a, 4.7.1, 4.7.4, 4.8.1, 4.8.2)."""
    uid = unit["id"]
    points = ew_points(pos, unit)
    spent = order.shroud + order.amplify + order.ecm + order.reserve + order.masking
    sensors = list(systems(pos, unit, "sensor"))
    if spent and sensors and all(st["destroyed"] for _, st in sensors):
        raise RuleError("CI-4.5.a", "every sensor is destroyed: no EW points", unit=uid, field="order")
    if spent > points:
        raise RuleError("CI-4.0.a", f"{spent} EW points assigned; the sensors give {points}", unit=uid, field="order")
    if order.amplify and not order.shroud:
        raise RuleError("CI-4.1.d", "amplification needs a shroud", unit=uid, field="order.amplify")
    if order.reserve:
        if not any(not st["destroyed"] for _, st in systems(pos, unit, "ew_detector")):
            raise RuleError("CI-4.8.1", "reserving EW points needs an EW detector", unit=uid, field="order.reserve")
        if order.reserve > points // 2:
            raise RuleError("CI-4.8.1", f"at most {points // 2} EW points may be reserved", unit=uid,
                            field="order.reserve")
    if order.masking and not any(not st["destroyed"] for _, st in systems(pos, unit, "masking_sensor")):
        raise RuleError("CI-4.8.2", "masking needs a working masking sensor", unit=uid, field="order.masking")
    ess = order.ess
    if any(ess[k] for k in ("amplify", "ecm", "jam", "negate")) and not ess["shroud"]:
        raise RuleError("CI-4.7.1", "ESS functions need an ESS shroud", unit=uid, field="order.ess")
    if ess_spent(ess) > ess_points(pos, unit):
        raise RuleError("CI-4.0.a", f"{ess_spent(ess)} ESS points assigned; the ESS gives {ess_points(pos, unit)}",
                        unit=uid, field="order.ess")
    for key in ("jam", "negate"):
        for i, tid in enumerate(ess[key]):
            target = next((u for u in pos["units"] if u["id"] == tid and alive(u)), None)
            if target is None or target["side"] == unit["side"]:
                raise RuleError("CI-4.7.1", f"{tid!r} is not an enemy unit", unit=uid, field=f"order.ess.{key}[{i}]")
            if key == "jam" and small(pos, target):
                raise RuleError("CI-4.7.4", "fighters and shuttles cannot be jammed", unit=uid,
                                field=f"order.ess.jam[{i}]")
    for tid in ess["amplify"]:
        if not any(u["id"] == tid and u["side"] != unit["side"] for u in pos["units"]):
            raise RuleError("CI-4.7.1", f"{tid!r} is not an enemy unit", unit=uid, field=f"order.ess.amplify.{tid}")


def apply(pos: Pos, unit: Unit, order: EwOrder) -> None:
    unit["ew"] = {"points": ew_points(pos, unit), "shroud": order.shroud, "amplify": order.amplify,
                  "ecm": order.ecm, "reserve": order.reserve, "masking": order.masking}
    unit["ess"] = {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v)
                   for k, v in order.ess.items()}


# --- geometry -----------------------------------------------------------------------------


def range_between(pos: Pos, a: Unit, b: Unit, *, summed: bool | None = None) -> int:
    """Planar hex distance, or with 3-D the root (B.12) or summed range (CI-6.5.c)."""
    d = distance((a["hex"][0], a["hex"][1]), (b["hex"][0], b["hex"][1]))
    if not pos["options"]["three_d"]:
        return d
    dz = abs(a["z"] - b["z"])
    if summed if summed is not None else pos["options"]["range_3d"] == "summed":
        return d + dz
    return round(math.sqrt(d * d + dz * dz))


def in_shroud(pos: Pos, holder: Unit, other: Unit) -> bool:
    r = 10 * holder["ew"]["shroud"]
    return r > 0 and range_between(pos, holder, other) <= r


def in_ess(pos: Pos, holder: Unit, other: Unit) -> bool:
    r = 8 * holder["ess"]["shroud"]
    return r > 0 and range_between(pos, holder, other) <= r


def negated(pos: Pos, unit: Unit) -> bool:
    """An enemy ESS holding ``unit`` in its shroud negates it, and ``unit`` does not negate
    that enemy back (CI-4.7.5, TV-10)."""
    for e in pos["units"]:
        if e["side"] != unit["side"] and alive(e) and unit["id"] in e["ess"]["negate"] and in_ess(pos, e, unit):
            if e["id"] not in unit["ess"]["negate"]:
                return True
    return False


def ess_events(pos: Pos) -> list[Event]:
    """ESS functions announced (CI-2.1.3.1): radius and whether negated."""
    return [{"type": "ess", "unit": u["id"], "radius": 8 * u["ess"]["shroud"], "negated": negated(pos, u)}
            for u in pos["units"] if alive(u) and u["ess"]["shroud"]]


def ew_events(pos: Pos) -> list[Event]:
    """EW levels revealed at the Weapons Fire Step (CI-2.3.1)."""
    return [{"type": "ew", "unit": u["id"], "points": u["ew"]["points"], "shroud": u["ew"]["shroud"],
             "radius": 10 * u["ew"]["shroud"], "amplify": u["ew"]["amplify"], "ecm": u["ew"]["ecm"]}
            for u in pos["units"] if alive(u) and any(u["ew"].values())]


def strongest(pos: Pos, side: str, target: Unit, function: str, against: Unit | None = None) -> int:
    """The strongest effect of one ESS function that ``side``'s unnegated ESS units give
    ``target`` (held in their ESS shroud): ECM levels for friends, amplification vs an enemy
    (GAP-28)."""
    best = 0
    for e in pos["units"]:
        if e["side"] != side or not alive(e) or not e["ess"]["shroud"] or negated(pos, e):
            continue
        if function == "ecm" and in_ess(pos, e, target):
            best = max(best, e["ess"]["ecm"] // 3)
        elif function == "amplify" and against is not None and in_ess(pos, e, against):
            best = max(best, e["ess"]["amplify"].get(against["id"], 0))
    return best


def jammed(pos: Pos, unit: Unit) -> bool:
    return any(e["side"] != unit["side"] and alive(e) and unit["id"] in e["ess"]["jam"] and in_ess(pos, e, unit)
               and not negated(pos, e) for e in pos["units"])


def lock_on(pos: Pos, attacker: Unit, target: Unit) -> bool:
    """Own shroud holds the target, or (not for small vessels) attacker and target inside a
    friendly unnegated ESS shroud that is not the attacker's own; jammed units have none (CI-4.1,
    CI-4.7)."""
    if jammed(pos, attacker):
        return False
    if in_shroud(pos, attacker, target):
        return True
    if small(pos, attacker):  # an ESS shroud gives no small vessel its lock-ons (CI-4.7.1)
        return False
    return any(e["side"] == attacker["side"] and e["id"] != attacker["id"] and alive(e) and not negated(pos, e)
               and in_ess(pos, e, attacker) and in_ess(pos, e, target) for e in pos["units"])

