"""Orders: enumerating the legal ones for bots (``legal_*``) and checking one directly
(``check_*``), per decision kind (docs/launch-fighters.md lists their shapes).

Checking never enumerates: a move checks its one path, a launch its listed squadrons (STYLE §2).
Shape errors are :class:`FormatError` naming the field; broken rules are :class:`RuleError`
naming the rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any

from ...engine.errors import FormatError, RuleError
from ...engine.ruleset import Order, Seat
from ...hexgrid import distance
from . import combat
from .designer import check_fleet
from .eligibility import attackers, movers, placement_hexes, unplaced, usable_systems
from .movement import allowance, best_paths, check_path, may_end
from .state import FIGHTER_MOVE, HOSTED, ON_MAP, RESERVE, LfState, Ship, Squadron, Work


def _fields(order: Mapping[str, Any], required: set[str], allowed: set[str]) -> None:
    missing = sorted(required - set(order))
    if missing:
        raise FormatError(f"order.{missing[0]}", "missing")
    unknown = sorted(set(order) - allowed)
    if unknown:
        raise FormatError(f"order.{unknown[0]}", f"unknown field; allowed: {', '.join(sorted(allowed))}")


def _hex(value: Any, where: str) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise FormatError(where, f"expected a hex [q, r], got {value!r}")
    return (value[0], value[1])


def _facing(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 5:
        raise FormatError(where, f"expected a facing 0-5 (0 = east, counter-clockwise), got {value!r}")
    return value


def _has_fighter_warp(w: Work, q: Squadron) -> bool:
    origin = w.ships.get(q.origin)
    return bool(w.config.options.fighter_warp and origin is not None and origin.design.fighter_warp)


def _flag(order: Mapping[str, Any], key: str) -> bool:
    value = order.get(key, False)
    if not isinstance(value, bool):
        raise FormatError(f"order.{key}", f"expected true or false, got {value!r}")
    return value


def _id(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise FormatError(where, f"expected a unit id (a string), got {value!r}")
    return value


def _own_unit(w: Work, seat: Seat, uid: Any) -> Ship | Squadron:
    u = w.ships.get(uid) if isinstance(uid, str) else None
    u = u or (w.sqs.get(uid) if isinstance(uid, str) else None)
    if u is None:
        raise FormatError("order.unit", f"no unit {uid!r}")
    if u.owner != seat:
        raise RuleError("ENGINE-SEAT", f"{u.id} belongs to {u.owner}, not {seat}", unit=u.id, field="order.unit")
    return u


def order_path(w: Work, u: Ship | Squadron, order: Mapping[str, Any], limit: int) -> list[tuple[int, int]]:
    assert u.hex is not None
    if "path" in order:
        if not isinstance(order["path"], list):
            raise FormatError("order.path", "expected a list of hexes")
        path = [_hex(h, f"order.path[{i}]") for i, h in enumerate(order["path"])]
        if "to" in order and (path[-1] if path else u.hex) != _hex(order["to"], "order.to"):
            raise RuleError("LF-MOVE-05", "the path does not end at 'to'", unit=u.id, field="order.to")
        return path
    if "to" not in order:
        raise FormatError("order.to", "a move needs 'to' (a destination) or 'path'")
    to = _hex(order["to"], "order.to")
    if to == u.hex:
        return []
    paths = best_paths(w.config, u.hex, limit)
    if to not in paths:
        raise RuleError("LF-MOVE-05", f"{list(to)} is not within {limit} spaces of {list(u.hex)} by a path "
                        "around planetoids", unit=u.id, field="order.to")
    return paths[to]


def check_fleet_order(state: LfState, seat: Seat, order: Any) -> None:
    if not isinstance(order, dict):
        raise FormatError("order", "a fleet order is an object: {} or {\"ships\": [...]}")
    _fields(order, set(), {"ships"})
    if "ships" in order:
        check_fleet(order["ships"], state.config.fleet_limit, "order.ships",
                    warp_flat=state.config.options.warp_flat_cost, fighter_warp=state.config.options.fighter_warp)


def _check_launch(w: Work, ship: Ship, launch: Any) -> None:
    assert ship.hex is not None
    if not isinstance(launch, list) or not launch:
        raise FormatError("order.launch", "a list of {squadron, hex} to launch")
    room = ship.stat("bays") - ship.launches
    if len(launch) > room:
        raise RuleError("LF-LAUNCH-05", f"{ship.id} may launch {room} squadrons now (Bays {ship.stat('bays')})",
                        unit=ship.id, field="order.launch")
    free = w.empty_neighbors(ship.hex)
    seen_q, seen_h = set(), set()
    for i, item in enumerate(launch):
        where = f"order.launch[{i}]"
        if not isinstance(item, dict) or set(item) != {"squadron", "hex"}:
            raise FormatError(where, "expected {\"squadron\": id, \"hex\": [q, r]}")
        q = w.sqs.get(_id(item["squadron"], f"{where}.squadron"))
        if q is None or q.status != HOSTED or q.host != ship.id:
            raise RuleError("LF-LAUNCH-01", f"{item['squadron']!r} is not aboard {ship.id}", unit=ship.id,
                            field=f"{where}.squadron")
        if not q.active:
            raise RuleError("LF-LAUNCH-04", f"{q.id} is face down (inactive) and cannot be launched this turn",
                            unit=q.id, field=f"{where}.squadron")
        h = _hex(item["hex"], f"{where}.hex")
        if h not in free or h in seen_h:
            raise RuleError("LF-LAUNCH-02", f"{list(h)} is not an empty hex adjacent to {ship.id}", unit=q.id,
                            field=f"{where}.hex")
        if q.id in seen_q:
            raise FormatError(f"{where}.squadron", "listed twice")
        seen_q.add(q.id)
        seen_h.add(h)


# --- legal orders ---------------------------------------------------------------------------


def legal_place(w: Work, d: Mapping[str, Any]) -> list[Order]:
    out = []
    for s in unplaced(w, d["seat"]):
        for h in placement_hexes(w, d["seat"], d["flagship"]):
            out += [{"ship": s.id, "hex": list(h), "facing": f} for f in range(6)]
    return out

def legal_move(w: Work, d: Mapping[str, Any]) -> list[Order]:
    out: list[Order] = []
    occupied = {x.hex: x for x in w.units_on_map() if x.hex is not None}
    for u in movers(w, d["seat"]):
        assert u.hex is not None
        reach = best_paths(w.config, u.hex, allowance(u, False))
        plain = [u.hex] + [h for h in reach if may_end(w, u, h, occupied)]
        if isinstance(u, Squadron):
            out += [{"unit": u.id, "to": list(h)} for h in plain]
            if _has_fighter_warp(w, u):
                out.append({"unit": u.id, "to": list(u.hex), "warp": True})
            continue
        out += [{"unit": u.id, "to": list(h), "facing": f} for h in plain for f in range(6)]
        if u.boosters_left and u.move:
            further = best_paths(w.config, u.hex, u.move + 1)
            extra = [h for h in further if h not in plain and may_end(w, u, h, occupied)]
            out += [{"unit": u.id, "to": list(h), "facing": u.facing, "booster": True} for h in extra]
        if u.design.warp and u.move:
            out.append({"unit": u.id, "to": list(u.hex), "facing": u.facing, "warp": True})
    return out

def legal_activate(w: Work, d: Mapping[str, Any]) -> list[Order]:
    out: list[Order] = []
    units = attackers(w, d["seat"])
    for u in units:
        if isinstance(u, Ship):
            out.append({"unit": u.id})
            continue
        out.append({"unit": u.id})
        assert u.hex is not None
        if combat.landing_ships(w, u, u.hex):
            out.append({"unit": u.id, "rtb": True})
        out += [{"unit": u.id, "attack": e.id} for e in w.units_on_map()
                if not w.config.allied(e.owner, u.owner) and e.hex is not None and distance(e.hex, u.hex) == 1]
    squadrons = [u for u in units if isinstance(u, Squadron)]
    for t in w.ships.values():
        if t.status == ON_MAP and not w.config.allied(t.owner, d["seat"]):
            group = [q.id for q in squadrons if q.hex is not None and t.hex is not None and distance(q.hex, t.hex) == 1]
            if len(group) >= 2:
                out.append({"units": group, "attack": t.id})
    return out

def legal_system(w: Work, d: Mapping[str, Any]) -> list[Order]:
    ship = w.ships[d["ship"]]
    out: list[Order] = []
    for system in usable_systems(w, ship):
        if system == "cannons":
            out += [{"system": "cannons", "target": t} for t in combat.ship_targets(w, ship)]
        elif system == "launchers":
            top = min(ship.stat("launchers"), ship.missiles)
            out += [{"system": "launchers", "target": t, "missiles": k}
                    for t in combat.ship_targets(w, ship) for k in range(1, top + 1)]
        else:
            assert ship.hex is not None
            ready = [q.id for q in w.hosted(ship.id) if q.active]
            free = w.empty_neighbors(ship.hex)
            most = min(ship.stat("bays") - ship.launches, len(ready), len(free))
            for n in range(1, most + 1):
                for hexes in combinations(free, n):
                    out.append({"system": "bays", "launch": [{"squadron": q, "hex": list(h)}
                                                             for q, h in zip(ready, hexes)]})
    out.append({"system": "end"})
    return out

def legal_barrage(w: Work, d: Mapping[str, Any]) -> list[Order]:
    assert w.act is not None
    pool = w.act["pool"]
    ship = w.ships[w.act["ship"]]
    targets = combat.pool_targets(w, ship)
    out: list[Order] = []
    for n in range(1, pool["dice"] + 1):
        if pool["flak"]:
            out += [{"dice": n, "target": t} for t in targets]
        else:
            out.append({"dice": n})
    return out + [{"stop": True}]


# --- checks -----------------------------------------------------------------------------------


def check_place(w: Work, d: Mapping[str, Any], order: Mapping[str, Any]) -> None:
    _fields(order, {"ship", "hex", "facing"}, {"ship", "hex", "facing"})
    ship = w.ships.get(_id(order["ship"], "order.ship"))
    if ship is None or ship.owner != d["seat"] or ship.status != RESERVE:
        raise RuleError("LF-SETUP-04", f"{order['ship']!r} is not one of your ships waiting to be placed: "
                        f"{[s.id for s in unplaced(w, d['seat'])]}", field="order.ship")
    h = _hex(order["hex"], "order.hex")
    _facing(order["facing"], "order.facing")
    legal = placement_hexes(w, d["seat"], d["flagship"])
    if h not in legal:
        rule = "LF-SETUP-02" if not any(s.flagship for s in w.ships.values()) else \
            "LF-SETUP-03" if d["flagship"] else "LF-SETUP-04"
        raise RuleError(rule, f"{list(h)} is not a legal placement; legal hexes: {[list(x) for x in legal]}",
                        unit=ship.id, field="order.hex")

def check_move(w: Work, d: Mapping[str, Any], order: Mapping[str, Any]) -> None:
    _fields(order, {"unit"}, {"unit", "to", "path", "facing", "booster", "warp"})
    u = _own_unit(w, d["seat"], order["unit"])
    if u not in movers(w, d["seat"]):
        step = u.move if isinstance(u, Ship) else FIGHTER_MOVE
        raise RuleError("LF-MOVE-01", f"{u.id} cannot move now: step {d['step']}, its step {step}, "
                        f"{'already moved' if u.moved else 'inactive or off the map'}" if u.moved or not u.on_map
                        or isinstance(u, Squadron) and not u.active
                        else f"{u.id} moves in step {step}, not step {d['step']}", unit=u.id, field="order.unit")
    booster = _flag(order, "booster")
    warp = _flag(order, "warp")
    if isinstance(u, Squadron):
        if "facing" in order or booster:
            raise RuleError("LF-UNIT-09", "squadrons have no facing or boosters", unit=u.id, field="order")
        if warp and not _has_fighter_warp(w, u):
            raise RuleError("LF-ADD-03c", f"{u.id} has no warp drive", unit=u.id, field="order.warp")
    else:
        if "facing" in order:
            _facing(order["facing"], "order.facing")
        if booster and not (u.boosters_left and u.move):
            raise RuleError("LF-ADD-05", "no booster to use (none left, or Move 0: nothing to boost)", unit=u.id,
                            field="order.booster")
        if warp and not (u.design.warp and u.move):
            raise RuleError("LF-ADD-03", "warp needs a warp drive and Move 1 or more", unit=u.id, field="order.warp")
    assert u.hex is not None
    limit = allowance(u, bool(booster))
    path = order_path(w, u, order, limit)
    check_path(w.config, u.id, u.hex, path, limit, "order.path")
    if warp and path and w.config.options.warp_no_move_fire:
        raise RuleError("LF-ADD-03a", "a ship engaging warp may not move this turn (optional rule in play)",
                        unit=u.id, field="order.to")
    end = path[-1] if path else u.hex
    if not may_end(w, u, end):
        other = w.unit_at(end)
        rule = "LF-MOVE-06" if isinstance(u, Ship) else "LF-MOVE-09"
        raise RuleError(rule, f"{u.id} may not end its move in {list(end)}, occupied by {other.id if other else '?'}",
                        unit=u.id, field="order.to")

def check_activate(w: Work, d: Mapping[str, Any], order: Mapping[str, Any]) -> None:
    eligible = attackers(w, d["seat"])
    if "units" in order:
        _fields(order, {"units", "attack"}, {"units", "attack"})
        ids = order["units"]
        if not isinstance(ids, list) or not ids or len(set(ids)) != len(ids):
            raise FormatError("order.units", "a formation is a list of distinct squadron ids")
        members = [_own_unit(w, d["seat"], i) for i in ids]
        for q in members:
            if not isinstance(q, Squadron) or q not in eligible:
                raise RuleError("LF-BAR-06", f"{q.id} cannot join a formation now (an active squadron that has "
                                "not attacked this turn)", unit=q.id, field="order.units")
        target = w.ships.get(_id(order["attack"], "order.attack"))
        if target is None or target.status != ON_MAP or w.config.allied(target.owner, d["seat"]):
            raise RuleError("LF-BAR-06", "formations attack an enemy ship only", field="order.attack")
        for q in members:
            if not (q.hex and target.hex and distance(q.hex, target.hex) == 1):
                raise RuleError("LF-BAR-06", f"{q.id} is not adjacent to {target.id}", unit=q.id, field="order.units")
        return
    _fields(order, {"unit"}, {"unit", "attack", "rtb"})
    u = _own_unit(w, d["seat"], order["unit"])
    if u not in eligible:
        raise RuleError("LF-ATK-01", f"{u.id} is not eligible in attack step {d['step']} (its step, already "
                        "attacked, or inactive)", unit=u.id, field="order.unit")
    if isinstance(u, Ship):
        if set(order) != {"unit"}:
            raise RuleError("LF-ATK-04", "a ship activates first, then chooses its systems one by one",
                            unit=u.id, field="order")
        return
    assert u.hex is not None
    if _flag(order, "rtb"):
        if "attack" in order:
            raise RuleError("LF-FTR-05", "a squadron returning to base does not also attack", unit=u.id)
        if not combat.landing_ships(w, u, u.hex):
            raise RuleError("LF-FTR-05", "no friendly ship with a free bay within 5 spaces to return to",
                            unit=u.id, field="order.rtb")
    if "attack" in order:
        aim = _id(order["attack"], "order.attack")
        target = w.ships.get(aim) or w.sqs.get(aim)
        if target is None or not target.on_map:
            raise FormatError("order.attack", f"no unit {order['attack']!r} on the map")
        if w.config.allied(target.owner, u.owner):
            raise RuleError("LF-TGT-05", "targets must be enemy units", unit=u.id, field="order.attack")
        if target.hex is None or distance(u.hex, target.hex) != 1:
            raise RuleError("LF-TGT-04", "fighter guns attack adjacent units only", unit=u.id, field="order.attack")

def check_system(w: Work, d: Mapping[str, Any], order: Mapping[str, Any]) -> None:
    ship = w.ships[d["ship"]]
    system = order.get("system")
    if system == "end":
        _fields(order, {"system"}, {"system"})
        return
    if system not in ("cannons", "launchers", "bays"):
        raise FormatError("order.system", "expected cannons, launchers, bays or end")
    if system in w.act["used"]:  # type: ignore[index]
        raise RuleError("LF-ATK-04", f"{ship.id} has already used its {system} this activation", unit=ship.id,
                        field="order.system")
    if system not in usable_systems(w, ship):
        raise RuleError("LF-ATK-04", f"{ship.id}'s {system} cannot act now (level 0, no missiles, nothing to "
                        "launch, or no target)", unit=ship.id, field="order.system")
    if system == "bays":
        _fields(order, {"system", "launch"}, {"system", "launch"})
        _check_launch(w, ship, order["launch"])
        return
    allowed = {"system", "target", "missiles"} if system == "launchers" else {"system", "target"}
    _fields(order, {"system", "target"} | ({"missiles"} if system == "launchers" else set()), allowed)
    if order["target"] not in combat.ship_targets(w, ship):
        raise RuleError("LF-TGT-01", f"{order['target']!r} is not a target for {ship.id}: an enemy ship 1-5 "
                        "spaces away or an adjacent enemy squadron (adjacent only into or out of a nebula)",
                        unit=ship.id, field="order.target")
    if system == "launchers":
        k = order["missiles"]
        top = min(ship.stat("launchers"), ship.missiles)
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= top:
            raise RuleError("LF-POOL-03", f"fire 1 to {top} missiles (Launchers {ship.stat('launchers')}, "
                            f"{ship.missiles} missiles left)", unit=ship.id, field="order.missiles")

def check_barrage(w: Work, d: Mapping[str, Any], order: Mapping[str, Any]) -> None:
    assert w.act is not None
    if _flag(order, "stop"):
        _fields(order, {"stop"}, {"stop"})
        return
    pool = w.act["pool"]
    _fields(order, {"dice"} | ({"target"} if pool["flak"] else set()), {"dice", "target"})
    n = order["dice"]
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= pool["dice"]:
        raise RuleError("LF-BAR-01", f"a barrage rolls 1 to {pool['dice']} dice of the pool", field="order.dice")
    if pool["flak"]:
        if order["target"] not in combat.pool_targets(w, w.ships[w.act["ship"]]):
            raise RuleError("LF-BAR-07", "flak may target any adjacent enemy squadron", field="order.target")
    elif "target" in order and order["target"] != pool["target"]:
        raise RuleError("LF-TGT-03", "a weapon system may not split its attack between two targets",
                        field="order.target")
