"""The Power Allocation Phase (CI-3, CI-2.1.1): the power order of a starship, its check and
its application; the forced deactivations of a unit that gives no order.

Demand = standard power of active, undestroyed systems (except those run by their system
battery) + the drain of destroyed ones + boosts + battery charging; batteries the order
draws from cover demand first and the plants the rest (format: Power).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...engine.errors import RuleError
from ...engine.reading import fields, flag, integer, lst, obj, text
from ...engine.ruleset import Event
from .level import refuse_in_basic
from .model import (
    Pos,
    Unit,
    alive,
    battery_capacity,
    hd_sensors,
    plant_power,
    small,
    standard_power,
    system,
    systems,
    weapon_rof,
)

FIELDS = ("activate", "deactivate", "extra_ew", "extra_thrust", "weapon_power", "charge", "draw",
          "system_battery", "bridge", "restart", "hd_sensors")


@dataclass(frozen=True, slots=True)
class PowerOrder:
    activate: tuple[str, ...] = ()
    deactivate: tuple[str, ...] = ()
    extra_ew: Mapping[str, int] = field(default_factory=dict)
    extra_thrust: Mapping[str, int] = field(default_factory=dict)
    weapon_power: Mapping[str, int] = field(default_factory=dict)
    charge: Mapping[str, int] = field(default_factory=dict)
    draw: Mapping[str, int] = field(default_factory=dict)
    system_battery: tuple[str, ...] = ()
    bridge: str | None = None
    restart: tuple[str, ...] = ()
    hd_sensors: bool = False


def _idlist(value: Any, where: str) -> tuple[str, ...]:
    return tuple(text(x, f"{where}[{i}]") for i, x in enumerate(lst(value, where)))


def _points(value: Any, where: str) -> dict[str, int]:
    return {text(k, where): integer(v, f"{where}.{k}", low=0) for k, v in obj(value, where).items()}


def parse(raw: Any, where: str) -> PowerOrder:
    data = obj(raw, where)
    fields(data, where, allowed=FIELDS)
    return PowerOrder(
        activate=_idlist(data.get("activate", []), f"{where}.activate"),
        deactivate=_idlist(data.get("deactivate", []), f"{where}.deactivate"),
        extra_ew=_points(data.get("extra_ew", {}), f"{where}.extra_ew"),
        extra_thrust=_points(data.get("extra_thrust", {}), f"{where}.extra_thrust"),
        weapon_power=_points(data.get("weapon_power", {}), f"{where}.weapon_power"),
        charge=_points(data.get("charge", {}), f"{where}.charge"),
        draw=_points(data.get("draw", {}), f"{where}.draw"),
        system_battery=_idlist(data.get("system_battery", []), f"{where}.system_battery"),
        bridge=None if data.get("bridge") is None else text(data["bridge"], f"{where}.bridge"),
        restart=_idlist(data.get("restart", []), f"{where}.restart"),
        hd_sensors=_hd(data.get("hd_sensors", False), f"{where}.hd_sensors"))


def _hd(value: Any, where: str) -> bool:
    """High-density sensors switched on: true, or the list of the sensors (CI-4.3.1)."""
    return bool(_idlist(value, where)) if isinstance(value, list) else flag(value, where)


def dump(order: PowerOrder) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in FIELDS:
        value = getattr(order, key)
        if value:
            out[key] = list(value) if isinstance(value, tuple) else dict(value) if isinstance(value, Mapping) else value
    return out


@dataclass(slots=True)
class Budget:
    """What an order asks of the plants: ``demand`` in all, ``draw`` from batteries."""

    demand: int
    draw: int
    available: int

    @property
    def from_plants(self) -> int:
        return self.demand - self.draw


def budget(pos: Pos, unit: Unit, order: PowerOrder) -> Budget:
    """The power an order needs once applied (CI-3.2.e; format: Power)."""
    run_by_battery = set()
    for sid in order.system_battery:
        s, _ = system(pos, unit, sid, "system_battery", "CI-3.1.4.a", "order.system_battery")
        run_by_battery.add(s["system_battery"]["attached_to"])
    demand = 0
    for s, st in systems(pos, unit):
        active = (st["active"] or s["id"] in order.activate) and s["id"] not in order.deactivate
        if st["destroyed"]:
            demand += standard_power(s) if st["drain"] > 0 else 0  # still drawing (CI-3.4.a)
        elif active and s["id"] not in run_by_battery:
            demand += standard_power(s)
    for sid, n in order.extra_ew.items():
        s, _ = system(pos, unit, sid, "sensor", "CI-4.4", f"order.extra_ew.{sid}")
        demand += n * s["sensor"]["boost"]
    for sid, n in order.extra_thrust.items():
        s, _ = system(pos, unit, sid, "engine", "CI-5.3.2", f"order.extra_thrust.{sid}")
        demand += n * s["engine"]["convert"]
    demand += sum(order.weapon_power.values())
    for sid, n in order.charge.items():
        s, _ = system(pos, unit, sid, "battery" if "battery" in _kinds(pos, unit, sid) else "system_battery",
                      "CI-3.1.3.b", f"order.charge.{sid}")
        block = s.get("battery") or s["system_battery"]
        demand += n * block["convert"]
    return Budget(demand, sum(order.draw.values()), plant_power(pos, unit))


def _kinds(pos: Pos, unit: Unit, sid: str) -> set[str]:
    return {k for s, _ in systems(pos, unit) if s["id"] == sid for k in s}


def check(pos: Pos, unit: Unit, order: PowerOrder) -> None:
    """The rules an order must keep (format table: power rows)."""
    uid = unit["id"]
    if small(pos, unit):
        extra = [k for k in FIELDS if k != "hd_sensors" and getattr(order, k)]
        if extra or not hd_sensors(pos, unit):
            raise RuleError("CI-2.1.1.b", "fighters and shuttles take no part in power allocation (a fighter "
                            "with high-density sensors only switches them, CI-4.3.1)", unit=uid,
                            field=f"order.{extra[0]}" if extra else "order")
        return
    plant = plant_power(pos, unit)
    for sid in order.activate:
        s, st = system(pos, unit, sid, "system", "CI-3.2.b", "order.activate")
        if st["destroyed"]:
            raise RuleError("CI-3.4.c", f"{sid} is destroyed", unit=uid, field="order.activate")
        if st["forced_off"]:
            raise RuleError("CI-3.2.2", f"{sid} is forcibly deactivated", unit=uid, field="order.activate")
        if "weapon" in s and st["cooldown"] > 0:
            raise RuleError("CI-7.1.2.1", f"{sid} is cooling down ({st['cooldown']} turns left): it must stay "
                            "deactivated", unit=uid, field="order.activate")
        if s["power"] == 0 and plant == 0 and (not pos["options"]["zero_power_batteries"] or
                                                zero_power_battery(pos, unit) is None):
            raise RuleError("CI-3.3.a", f"{sid} is a zero-power system and neither a power plant nor a battery "
                            "gives power", unit=uid, field="order.activate")
    for sid in order.deactivate:
        s, st = system(pos, unit, sid, "system", "CI-3.2.b", "order.deactivate")
        if st["destroyed"]:
            raise RuleError("CI-3.4.c", f"{sid} is destroyed: it cannot be deactivated", unit=uid,
                            field="order.deactivate")
    for sid, n in order.extra_ew.items():
        s, st = system(pos, unit, sid, "sensor", "CI-4.4", f"order.extra_ew.{sid}")
        if n and (not s["sensor"]["boost"] or st["destroyed"]):
            raise RuleError("CI-4.4", f"{sid} cannot be boosted", unit=uid, field=f"order.extra_ew.{sid}")
    for sid, n in order.extra_thrust.items():
        s, st = system(pos, unit, sid, "engine", "CI-5.3.2", f"order.extra_thrust.{sid}")
        if n and (not s["engine"]["convert"] or st["destroyed"]):
            raise RuleError("CI-5.3.2", f"{sid} cannot be enriched", unit=uid, field=f"order.extra_thrust.{sid}")
    for sid in order.weapon_power:
        system(pos, unit, sid, "weapon", "CI-3.5.b", f"order.weapon_power.{sid}")
    _check_batteries(pos, unit, order)
    for sid in order.restart:
        s, st = system(pos, unit, sid, "system", "CI-3.6.c", "order.restart")
        if not st["shut_down"] or st["heat"] > 0:
            raise RuleError("CI-3.6.c", f"{sid} can restart only when shut down with no heat left (GAP-25)",
                            unit=uid, field="order.restart")
    if order.bridge is not None:
        refuse_in_basic(pos, "CI-2.1.2.2", "bridge control transfer", uid, "order.bridge")
        system(pos, unit, order.bridge, "bridge", "CI-2.1.2.2", "order.bridge")
    b = budget(pos, unit, order)
    if b.from_plants > b.available:
        raise RuleError("CI-3.2.e", f"the order needs {b.from_plants} power from the plants, which give "
                        f"{b.available}", unit=uid, field="order")


def _check_batteries(pos: Pos, unit: Unit, order: PowerOrder) -> None:
    uid = unit["id"]
    for sid, n in order.draw.items():
        s, st = system(pos, unit, sid, "battery" if "battery" in _kinds(pos, unit, sid) else "system_battery",
                       "CI-3.1.3.b", f"order.draw.{sid}")
        if n > st["stored"]:
            raise RuleError("CI-3.1.3.b", f"{sid} holds only {st['stored']}", unit=uid, field=f"order.draw.{sid}")
    for sid, n in order.charge.items():
        s, st = system(pos, unit, sid, "battery" if "battery" in _kinds(pos, unit, sid) else "system_battery",
                       "CI-3.1.3.b", f"order.charge.{sid}")
        block = s.get("battery") or s["system_battery"]
        after = st["stored"] - order.draw.get(sid, 0) + n
        if after > block["capacity"]:
            raise RuleError("CI-3.1.3.c", f"{sid} holds at most {block['capacity']}", unit=uid,
                            field=f"order.charge.{sid}")
        if after > battery_capacity(s, st):
            raise RuleError("CI-3.1.3.d", f"{sid} is damaged: it holds at most {battery_capacity(s, st)}",
                            unit=uid, field=f"order.charge.{sid}")
    for sid in order.system_battery:
        s, st = system(pos, unit, sid, "system_battery", "CI-3.1.4.a", "order.system_battery")
        target = next(t for t, _ in systems(pos, unit) if t["id"] == s["system_battery"]["attached_to"])
        if st["destroyed"] or st["stored"] - order.draw.get(sid, 0) < standard_power(target):
            raise RuleError("CI-3.1.4.a", f"{sid} cannot run {target['id']} ({standard_power(target)} power)",
                            unit=uid, field="order.system_battery")


def apply(pos: Pos, unit: Unit, order: PowerOrder | None) -> list[Event]:
    """Apply a checked order to ``unit`` in place (``None``: no order, deficits forced off)."""
    available = plant_power(pos, unit)
    if order is None:
        order = PowerOrder(deactivate=_forced_off(pos, unit))
    activated, deactivated = [], []
    for s, st in systems(pos, unit):
        sid = s["id"]
        if sid in order.activate and not st["active"]:
            st["active"] = True
            activated.append(sid)
        elif sid in order.deactivate and st["active"]:
            st["active"] = False
            deactivated.append(sid)
        else:
            continue
        if "weapon" in s:
            st["arming"] = weapon_rof(s)[1]
    if available == 0:
        deactivated += _zero_power_on_battery(pos, unit) if pos["options"]["zero_power_batteries"] else \
            _zero_power_off(pos, unit)
    else:
        unit["zero_power_turns"] = 0
    b = budget(pos, unit, order)
    for sid, n in order.draw.items():
        unit["systems"][sid]["stored"] -= n
    for sid in order.system_battery:
        s, st = system(pos, unit, sid, "system_battery", "CI-3.1.4.a", "order.system_battery")
        target = next(t for t, _ in systems(pos, unit) if t["id"] == s["system_battery"]["attached_to"])
        st["stored"] -= standard_power(target)
    for sid, n in order.charge.items():
        unit["systems"][sid]["stored"] += n
    drawn = min(b.from_plants, available)
    left = drawn
    capacitors = [(s, st) for s, st in systems(pos, unit, "capacitor") if not st["destroyed"] and not st["shut_down"]]
    for _, st in capacitors:
        take = min(left, st["stored"])
        st["stored"] -= take
        left -= take
    for sid in order.restart:
        unit["systems"][sid]["shut_down"] = False
    unit["power_drawn"] = drawn
    unit["extra"] = {"ew": sum(order.extra_ew.values()), "thrust": sum(order.extra_thrust.values())}
    unit["bridge_transfer"] = order.bridge is not None
    return [{"type": "power", "unit": unit["id"], "available": available, "drawn": drawn,
             "stored": sum(st["stored"] for _, st in capacitors) if capacitors else None,
             "activated": activated, "deactivated": deactivated}]


ZERO_POWER_PERIOD = 10
"""A battery running zero-power systems pays 1 point every this many turns (CI-3.3.b)."""


def zero_power_battery(pos: Pos, unit: Unit) -> dict[str, Any] | None:
    """The state of the first battery (SDS order) that can run the zero-power systems of a unit
    without plant power: it holds a point, or has paid for this stretch of 10 turns."""
    paying = unit["zero_power_turns"] % ZERO_POWER_PERIOD == 0
    for _, st in systems(pos, unit, "battery"):
        if not st["destroyed"] and (st["stored"] >= 1 or not paying):
            return st
    return None


def _zero_power_on_battery(pos: Pos, unit: Unit) -> list[str]:
    """No plant power: the active zero-power systems run on a battery, which pays 1 point on the
    first turn and every 10th turn after (CI-3.3.b); with no battery able, they go off (CI-3.3.a)."""
    running = [(s, st) for s, st in systems(pos, unit) if s["power"] == 0 and st["active"] and not st["destroyed"]]
    battery = zero_power_battery(pos, unit) if running else None
    if battery is None:
        return _zero_power_off(pos, unit)
    if unit["zero_power_turns"] % ZERO_POWER_PERIOD == 0:
        battery["stored"] -= 1
    unit["zero_power_turns"] += 1
    return []


def _zero_power_off(pos: Pos, unit: Unit) -> list[str]:
    """No plant power: zero-power systems go off too (CI-3.3.a)."""
    off = []
    for s, st in systems(pos, unit):
        if s["power"] == 0 and st["active"] and not st["destroyed"]:
            st["active"] = False
            off.append(s["id"])
    unit["zero_power_turns"] = 0
    return off


def drawing(pos: Pos, unit: Unit, kinds: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
    """The unit's active, working systems that draw power (with a block of ``kinds`` only, if
    given), in SDS order: what a deficit or an overheating plant can switch off."""
    return [s for s, st in systems(pos, unit) if st["active"] and not st["destroyed"] and standard_power(s) > 0
            and (kinds is None or any(k in s for k in kinds))]


def _forced_off(pos: Pos, unit: Unit) -> tuple[str, ...]:
    """A unit with no order and a deficit deactivates weapons, then other systems, in reverse
    SDS order until its plants cover the demand (CI-3.2.e)."""
    plant = plant_power(pos, unit)
    off: list[str] = []
    order = PowerOrder()
    candidates = drawing(pos, unit)[::-1]
    for s in [c for c in candidates if "weapon" in c] + [c for c in candidates if "weapon" not in c]:
        if budget(pos, unit, order).from_plants <= plant:
            break
        off.append(s["id"])
        order = PowerOrder(deactivate=tuple(off))
    return tuple(off)


def switch_hd(pos: Pos, unit: Unit, order: PowerOrder) -> list[Event]:
    """A small vessel's choice between its HD sensors and visual targeting, once a turn in the
    Power Allocation Phase and announced (CI-4.3.1)."""
    for _, st in hd_sensors(pos, unit):
        st["active"] = order.hd_sensors
    return [{"type": "hd_sensors", "unit": unit["id"], "on": order.hd_sensors}]


def starships(pos: Pos) -> list[Unit]:
    """The units that allocate power: alive starships and structures (CI-2.1.1.b)."""
    return [u for u in pos["units"] if alive(u) and not small(pos, u)]
