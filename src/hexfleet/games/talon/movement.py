"""Movement: straight, turns, side slips, afterburners, missiles, Base rotation, and what
entering a hex does (TAL-7, TAL-10.2, TAL-13.4/13.5, TAL-14.b, TAL-17, TAL-18.1.a, TAL-19,
TAL-G-3, TAL-G-7, TAL-G-10).
"""

from __future__ import annotations

from typing import Any

from ...engine.errors import RuleError
from ...hexgrid import Hex, distance
from .damage import explode, hit, pick_fighter, remove
from .geometry import arc as arc_of
from .geometry import contact_arc, direction_of, on_board, steer, step
from .world import Interrupt, World

Unit = dict[str, Any]
HOWS = ("straight", "turn_left", "turn_right", "slip_left", "slip_right")


def target_of(how: str, h: Hex, facing: int) -> tuple[Hex, int]:
    """Where a move goes (TAL-G-3): the new hex and facing."""
    if how == "straight":
        return step(h, facing), facing
    if how in ("turn_left", "turn_right"):
        f = (facing + (1 if how == "turn_left" else -1)) % 6
        return step(h, f), f
    return step(h, facing + (1 if how == "slip_left" else -1)), facing


def move_event(unit: Unit, how: str, prev: Hex, afterburner: bool) -> dict[str, Any]:
    """The ``moved``/``turned``/``slipped`` event of a unit that has just entered its new hex."""
    event: dict[str, Any] = {"type": {"straight": "moved", "turn_left": "turned", "turn_right": "turned"}.get(how, "slipped"),
                             "unit": unit["id"], "from": list(prev), "to": list(unit["hex"]), "facing": unit["facing"],
                             "afterburner": afterburner, "tr_count": unit.get("tr_count")}
    if how != "straight":
        event["side"] = "left" if how.endswith("left") else "right"
    return event


def check_move(w: World, unit: Unit, how: str, afterburner: bool) -> None:
    """The rules of one ship or squadron move (TAL-7.1..7.3, TAL-10.2, TAL-D-11 Helm Down)."""
    uid = unit["id"]
    if w.cls(unit).is_base:
        raise RuleError("TAL-14.a", "a Base cannot move; it rotates by itself when scheduled", unit=uid)
    if unit["moved"]:
        raise RuleError("TAL-5.1.c", "it has already moved this Impulse (at most 1 hex)", unit=uid)
    scheduled = w.must_move(unit)
    if afterburner:
        if scheduled:
            raise RuleError("TAL-10.2.2", "an afterburner is only for an Impulse it is not scheduled to move", unit=uid)
        if unit.get("afterburners", 0) <= 0:
            raise RuleError("TAL-10.2.2", "no afterburner left", unit=uid)
    elif not scheduled:
        raise RuleError("TAL-4.1.d", "its Speed is not in this Impulse's box (use an afterburner)", unit=uid)
    helm = "helm_down" in unit.get("criticals", {})
    if how in ("turn_left", "turn_right"):
        if unit["tr_count"] is not None:
            raise RuleError("TAL-7.2.2", f"its Turn Radius marker is {unit['tr_count']} hex(es) ahead", unit=uid)
        if helm:
            raise RuleError("TAL-D-11", "Helm Down: it may only go straight", unit=uid)
    elif how in ("slip_left", "slip_right"):
        if not unit["side_slip"]:
            raise RuleError("TAL-7.3.2", "a side slip needs a Side Slip marker placed with AP", unit=uid)
        if helm and w.opts["helm_down_blocks_slip"]:
            raise RuleError("TAL-D-11", "Helm Down: it may only go straight", unit=uid)


def move(w: World, unit: Unit, how: str, afterburner: bool) -> None:
    """Move a ship or squadron one hex (checked already) and run the entry checks."""
    prev: Hex = tuple(unit["hex"])
    new, facing = target_of(how, prev, unit["facing"])
    if afterburner:
        unit["afterburners"] -= 1
    unit["moved"] = True
    unit["side_slip"] = False  # TAL-7.3.2: removed at the next move, used or not
    if how.startswith("turn"):
        tr = unit["curve"][2]
        unit["tr_count"] = tr if tr else None  # TAL-P-4
    elif unit["tr_count"] is not None:
        unit["tr_count"] = unit["tr_count"] - 1 or None
    unit["hex"], unit["facing"] = list(new), facing
    w.emit(move_event(unit, how, prev, afterburner))
    enter(w, unit, prev)
    if w.unit(unit["id"]) is not None:
        float_map(w)


def dock(w: World, unit: Unit, how: str, afterburner: bool, host_id: str | None) -> None:
    """TAL-16: a declared move into a friendly Base's or Carrier's hex (or, landing, a
    Planet's) that removes the unit; never a collision (TAL-16.2.a). Allowed by a scenario rule
    (``scenario.docking``/``landing``), or for fighters at a friendly Carrier or Base (TAL-16.1,
    TAL-16.2.c); a Transport only at Speed 1 (TAL-16.2.b); at most 4 squadrons aboard (TAL-AMB-31)."""
    uid = unit["id"]
    cls = w.cls(unit)
    new, facing = target_of(how, tuple(unit["hex"]), unit["facing"])
    squadron = w.kind(unit) == "squadron"
    if cls.hull_type == "Tran" and unit["curve"][1] != 1:
        raise RuleError("TAL-16.2.b", "a Transport docks or lands only at Speed 1", unit=uid, field="order.how")
    host = None
    if host_id is None:  # landing
        if uid not in w.pos["scenario"]["landing"] or "planet" not in w.terrain_at(new):
            raise RuleError("TAL-16.1", "landing needs a scenario rule and a Planet in the hex entered", unit=uid,
                            field="order.land")
    else:
        host = w.unit(host_id)
        if host is None or w.kind(host) != "ship" or host["side"] != unit["side"]:
            raise RuleError("TAL-AMB-31", f"no friendly ship {host_id!r} to dock with", unit=uid, field="order.dock")
        hc = w.cls(host)
        allowed = uid in w.pos["scenario"]["docking"] and (hc.is_base or (squadron and hc.is_carrier))
        if not allowed and not (squadron and (hc.is_carrier or hc.is_base)):
            raise RuleError("TAL-16.1", "docking needs a scenario rule (fighters may always dock with a friendly "
                            "Carrier or Base)", unit=uid, field="order.dock")
        if tuple(host["hex"]) != new:
            raise RuleError("TAL-16.2", f"the move does not enter {host_id}'s hex", unit=uid, field="order.how")
        aboard = [r for r in w.pos["removed"] if r.get("host") == host_id and r["status"] == "docked"]
        if squadron and len(aboard) >= 4:
            raise RuleError("TAL-AMB-31", f"{host_id} holds 4 squadrons already", unit=uid, field="order.dock")
    prev: Hex = tuple(unit["hex"])
    if afterburner:
        unit["afterburners"] -= 1
    unit["hex"], unit["facing"], unit["moved"] = list(new), facing, True
    w.emit(move_event(unit, how, prev, afterburner))
    remove(w, unit, "docked", host_id)
    w.emit({"type": "docked", "unit": uid, "host": host_id})


def move_missile(w: World, missile: Unit, how: str) -> None:
    prev: Hex = tuple(missile["hex"])
    new, facing = target_of(how, prev, missile["facing"])
    missile["hex"], missile["facing"], missile["moved"] = list(new), facing, True
    w.emit(move_event(missile, how, prev, False))
    enter(w, missile, prev)
    if w.unit(missile["id"]) is not None and off_map(w, new):  # TAL-13.4.e
        w.pos["missiles"] = [m for m in w.pos["missiles"] if m["id"] != missile["id"]]
        w.emit({"type": "destroyed", "unit": missile["id"], "cause": "off_map"})


def missile_moves(w: World, missile: Unit) -> list[str]:
    target = w.unit(missile["target"]) if missile["target"] else None
    return steer(tuple(missile["hex"]), missile["facing"], tuple(target["hex"]) if target else None,
                 free=w.opts["missile_free_when_no_closer"])


def check_missile_move(w: World, missile: Unit, how: str) -> None:
    if missile["moved"]:
        raise RuleError("TAL-13.4.a", "a missile moves once per Impulse", unit=missile["id"])
    if how not in missile_moves(w, missile):
        rule = "TAL-13.4.c" if how.startswith("slip") else "TAL-13.4.d" if missile["target"] else "TAL-13.3"
        raise RuleError(rule, f"{how} is not allowed: it must take a hex closer to its target "
                        f"({', '.join(missile_moves(w, missile))})", unit=missile["id"])


def rotate_bases(w: World) -> None:
    """TAL-14.b: a player's scheduled Bases rotate one hexside clockwise as his move step begins."""
    for s in w.pos["ships"]:
        if s["side"] == w.pos["player"] and w.cls(s).is_base and w.must_move(s) and not s["moved"]:
            s["facing"] = (s["facing"] - 1) % 6
            s["moved"] = True
            w.emit({"type": "rotated", "unit": s["id"], "facing": s["facing"]})


def enter(w: World, unit: Unit, prev: Hex) -> None:
    """TAL-G-3's entry checks, in order: Nebula state, Planet/Black Hole/Worm Hole, collisions,
    Asteroid, missile detonations."""
    here: Hex = tuple(unit["hex"])
    kind = w.kind(unit)
    travel = direction_of(prev, here)
    terrain = w.terrain_at(here)
    if kind == "missile":
        if terrain & {"planet", "black_hole", "worm_hole"}:
            w.pos["missiles"] = [m for m in w.pos["missiles"] if m["id"] != unit["id"]]
            lost = "planet" if "planet" in terrain else "black_hole" if "black_hole" in terrain else None
            if lost is not None:  # a worm hole takes it out of play (TAL-AMB-26), destroying nothing
                w.emit({"type": "destroyed", "unit": unit["id"], "cause": lost})
            return
        target = w.unit(unit["target"]) if unit["target"] else None
        if target is not None and tuple(target["hex"]) == here:
            detonate(w, unit, target, None if w.kind(target) == "squadron" else
                     arc_of(here, target["facing"], prev, w.opts["arc_model"]))
        return
    if kind == "ship" and "nebula" in terrain:  # TAL-17.4.1
        for a in list(unit["reinforcements"]):
            del unit["reinforcements"][a]
            w.emit({"type": "reinforcement_removed", "ship": unit["id"], "arc": a, "reason": "nebula"})
    if "planet" in terrain or "black_hole" in terrain:
        cause = "planet" if "planet" in terrain else "black_hole"
        w.emit({"type": "destroyed", "unit": unit["id"], "cause": cause})
        remove(w, unit, "destroyed")
        if kind == "ship":
            explode(w, unit, here)
        return
    if "worm_hole" in terrain:
        w.emit({"type": "retreated", "unit": unit["id"], "cause": "worm_hole"})
        remove(w, unit, "retreated")
        return
    mover_arc = contact_arc(unit["facing"], travel)
    for other in [u for u in w.units_at(here, groups=("ships", "squadrons")) if u is not unit]:
        if other["side"] != unit["side"] or (kind == "ship" and w.cls(unit).is_base) or \
                (w.kind(other) == "ship" and w.cls(other).is_base):
            continue  # TAL-7.4.a/c, TAL-14.c
        if w.unit(unit["id"]) is None:
            return
        w.emit({"type": "collision", "unit": unit["id"], "other": other["id"]})
        other_arc = arc_of(here, other["facing"], prev, w.opts["arc_model"])
        context = f"{unit['id']} collides with {other['id']}"
        ask = Interrupt("first", "TAL-7.4.b", unit["side"], unit["id"], (unit["id"], other["id"]), context)
        pair = [(unit, mover_arc), (other, other_arc)]
        if w.decide(ask, w.choices.get("first")) == other["id"]:
            pair.reverse()
        for victim, a in pair:
            hit(w, victim, None if w.kind(victim) == "squadron" else a, 3, "collision", context=context)
    if w.unit(unit["id"]) is None:
        return
    if kind == "ship" and "asteroid" in terrain:  # TAL-17.3
        hit(w, unit, mover_arc, 1, "asteroid")
    for m in [m for m in w.pos["missiles"] if m["target"] == unit["id"] and tuple(m["hex"]) == here]:
        if w.unit(unit["id"]) is None:
            return
        detonate(w, m, unit, None if kind == "squadron" else mover_arc)


def detonate(w: World, missile: Unit, target: Unit, arc: str | None) -> None:
    """TAL-13.5: 2 damage on the arc it passed through; the missile is gone."""
    w.pos["missiles"] = [m for m in w.pos["missiles"] if m["id"] != missile["id"]]
    event: dict[str, Any] = {"type": "detonated", "missile": missile["id"], "target": target["id"], "arc": arc}
    fighter = None
    if w.kind(target) == "squadron":
        fighter = pick_fighter(w, target, missile["side"], f"missile {missile['id']} hits {target['id']}: 2 damage")
        event["fighter"] = fighter
    w.emit(event)
    hit(w, target, arc, 2, "missile", fighter=fighter)


def off_map(w: World, h: Hex) -> bool:
    m = w.pos["map"]
    if m["mode"] == "infinite":
        ships = [tuple(u["hex"]) for u in w.pos["ships"] + w.pos["squadrons"]]
        return all(distance(h, s) >= w.opts["infinite_missile_limit"] for s in ships)
    cols, rows = _board(w, m["extension"])
    return not on_board(h, tuple(m["origin"]), cols, rows)


def _board(w: World, extension: bool) -> tuple[int, int]:
    cols, rows = w.opts["board_main"]
    return (cols + w.opts["board_ext"][0], rows) if extension else (cols, rows)


def float_map(w: World) -> None:
    """TAL-7.5 / TAL-G-10: when a ship or squadron is off the board, re-centre the window on
    every ship and planet, adding the extension if needed; failing that, terrain 6 or more hexes
    from every ship is removed (TAL-7.5.3), then ships 6 or more hexes from every other ship
    retreat (farthest first, TAL-7.5.2) until the rest fit."""
    m = w.pos["map"]
    if m["mode"] == "infinite":
        return
    units = w.pos["ships"] + w.pos["squadrons"]
    if all(not off_map(w, tuple(u["hex"])) for u in units):
        return
    while True:
        hexes = [tuple(u["hex"]) for u in w.pos["ships"] + w.pos["squadrons"]] + sorted(w.terrain_hexes("planet"))
        for extension in (False, True):
            origin = _fit(hexes, *_board(w, extension))
            if origin is not None:
                w.pos["map"] = {"mode": "board", "origin": list(origin), "extension": extension}
                return
        ships = [tuple(u["hex"]) for u in w.pos["ships"] + w.pos["squadrons"]]
        far = [t for t in w.pos["terrain"] if all(distance(tuple(t["hex"]), h) >= 6 for h in ships)]
        if far and any(t["kind"] == "planet" for t in far):  # TAL-7.5.3: distant terrain makes room
            w.pos["terrain"] = [t for t in w.pos["terrain"] if t not in far]
            continue
        lonely = _isolated(w)
        if lonely is None:
            return
        w.emit({"type": "retreated", "unit": lonely["id"], "cause": "mandatory"})
        remove(w, lonely, "retreated")


def _fit(hexes: list[Hex], cols: int, rows: int) -> Hex | None:
    """An origin whose board holds every hex, centred on their bounding box, or ``None``."""
    if not hexes:
        return None
    rs = [h[1] for h in hexes]
    if max(rs) - min(rs) + 1 > rows:
        return None
    r0 = min(rs) - (rows - (max(rs) - min(rs) + 1)) // 2
    cols_at = [h[0] + (h[1] - r0) // 2 for h in hexes]
    if max(cols_at) - min(cols_at) + 1 > cols:
        return None
    q0 = min(cols_at) - (cols - (max(cols_at) - min(cols_at) + 1)) // 2
    return (q0, r0)


def _isolated(w: World) -> Unit | None:
    units = w.pos["ships"] + w.pos["squadrons"]
    far = []
    for u in units:
        others = [distance(tuple(u["hex"]), tuple(o["hex"])) for o in units if o is not u]
        nearest = min(others, default=99)
        if nearest >= 6 and not (w.kind(u) == "ship" and w.cls(u).is_base):
            far.append((nearest, u))
    return max(far, key=lambda x: x[0])[1] if far else None
