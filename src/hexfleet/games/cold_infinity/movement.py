"""The Movement Step for one ship (CI-5, digest B.3–B.7; format: Movement): the move order,
its thrust cost and thruster routing, the attitude rules, and its application: rate changes,
rotation, acceleration along the nose, slides, pending Δv, then the vector.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ...engine.errors import RuleError
from ...engine.reading import fields, hex_pair, integer, lst, obj, text
from ...engine.ruleset import Event
from ...hexgrid import Hex, add, rotate, round_point, scale
from .barnstorm import check as check_barnstorm
from .model import CINEMATIC_LIMITS, Pos, Unit, design, engine_output, small, systems, thrust_costs
from .notation import (
    direction,
    pivot_step,
    read_rate,
    read_vector,
    roll_step,
    rolled,
    speed,
    tumble_step,
    tumbled,
    wrap,
    write_rate,
    write_vector,
)
from .position import THRUSTER_LOCATIONS

FIELDS = ("accel", "slide", "pivot", "roll", "tumble", "route", "turn", "odt", "mid_step", "endpoint", "barnstorm")
AXES = ("pivot", "roll", "tumble")
STEP = {"pivot": pivot_step, "roll": roll_step, "tumble": tumble_step}
PIVOT_CW = ("P", "FP", "AS")
PIVOT_CCW = ("S", "FS", "AP")
PORT_SIDE = ("P", "FP", "AP")
STARBOARD_SIDE = ("S", "FS", "AS")


@dataclass(frozen=True, slots=True)
class MoveOrder:
    accel: Fraction = Fraction(0)
    slide: tuple[int, ...] = ()
    pivot: Fraction = Fraction(0)
    roll: Fraction = Fraction(0)
    tumble: Fraction = Fraction(0)
    route: dict[str, int] | None = None
    turn: int = 0
    odt: tuple[tuple[str, int, int], ...] = ()
    mid_step: tuple[int, int, tuple[int, ...]] | None = None
    endpoint: Hex | None = None
    barnstorm: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def parse(raw: Any, where: str) -> MoveOrder:
    data = obj(raw, where)
    fields(data, where, allowed=FIELDS)
    slides = tuple(integer(x, f"{where}.slide[{i}]", low=2, high=6) for i, x in enumerate(lst(data.get("slide", []),
                                                                                                 f"{where}.slide")))
    for i, r in enumerate(slides):
        if r == 4:
            raise RuleError("CI-5.1.3", "slides go toward relative facings 2, 3, 5 or 6", field=f"{where}.slide[{i}]")
    route = None
    if "route" in data:
        route = {text(k, f"{where}.route"): integer(v, f"{where}.route.{k}", low=0)
                 for k, v in obj(data["route"], f"{where}.route").items()}
    odt = []
    for i, o in enumerate(lst(data.get("odt", []), f"{where}.odt")):
        w = f"{where}.odt[{i}]"
        od = obj(o, w)
        fields(od, w, allowed=("thruster", "toward", "hexes"), required=("thruster", "toward", "hexes"))
        odt.append((text(od["thruster"], f"{w}.thruster"), integer(od["toward"], f"{w}.toward", low=1, high=6),
                    integer(od["hexes"], f"{w}.hexes", low=1)))
    mid = None
    if "mid_step" in data:
        w = f"{where}.mid_step"
        md = obj(data["mid_step"], w)
        fields(md, w, allowed=("after", "accel", "slide"), required=("after",))
        mid = (integer(md["after"], f"{w}.after", low=1), integer(md.get("accel", 0), f"{w}.accel"),
               tuple(integer(x, f"{w}.slide[{i}]", low=2, high=6) for i, x in enumerate(lst(md.get("slide", []),
                                                                                              f"{w}.slide"))))
    return MoveOrder(
        accel=read_rate(data.get("accel", 0), f"{where}.accel"), slide=slides,
        pivot=read_rate(data.get("pivot", 0), f"{where}.pivot"), roll=read_rate(data.get("roll", 0), f"{where}.roll"),
        tumble=read_rate(data.get("tumble", 0), f"{where}.tumble"), route=route,
        turn=integer(data.get("turn", 0), f"{where}.turn"), odt=tuple(odt), mid_step=mid,
        endpoint=hex_pair(data["endpoint"], f"{where}.endpoint") if "endpoint" in data else None,
        barnstorm=text(data["barnstorm"], f"{where}.barnstorm") if "barnstorm" in data else None)


def dump(order: MoveOrder) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in ("accel", "pivot", "roll", "tumble"):
        if getattr(order, key):
            out[key] = write_rate(getattr(order, key))
    if order.slide:
        out["slide"] = list(order.slide)
    if order.route is not None:
        out["route"] = dict(order.route)
    if order.turn:
        out["turn"] = order.turn
    if order.odt:
        out["odt"] = [{"thruster": t, "toward": d, "hexes": n} for t, d, n in order.odt]
    if order.mid_step is not None:
        k, a, s = order.mid_step
        out["mid_step"] = {"after": k, "accel": a, "slide": list(s)}
    if order.endpoint is not None:
        out["endpoint"] = list(order.endpoint)
    if order.barnstorm is not None:
        out["barnstorm"] = order.barnstorm
    return out


# --- thrust -------------------------------------------------------------------------------


def _cost(units: Fraction, cost: int) -> int:
    """Thrust for ``units`` of a maneuver at ``cost`` each; a fraction 1/k costs ⌈cost/k⌉ (B.4)."""
    return math.ceil(abs(units) * cost)


def demands(pos: Pos, unit: Unit, order: MoveOrder) -> list[tuple[str, int, tuple[str, ...]]]:
    """``[(maneuver, thrust, eligible thruster locations)]`` the order needs, in order (B.6)."""
    c = thrust_costs(pos, unit)
    flip = unit["attitude"] == "flipped"
    need: list[tuple[str, int, tuple[str, ...]]] = []
    where: tuple[str, ...]
    is_small = small(pos, unit)
    if order.accel:
        need.append(_accel_demand(pos, unit, order, c))
    for axis in AXES:
        change: Fraction = getattr(order, axis)
        if not change:
            continue
        rate = read_rate(unit["rotation"][axis], "rate")
        if is_small and rate + change == 0:
            continue  # small vessels halt for free (CI-5.5)
        in_plane = axis == "pivot" or (axis == "tumble" and rolled(unit["attitude"])) or \
            (axis == "roll" and tumbled(unit["attitude"]))
        cost = c["pivot"] if in_plane else c["roll"]  # spinning along the map plane costs a pivot (CI-5.4.4.a)
        if axis == "pivot":
            cw = change > 0
            where = PIVOT_CW if cw != flip else PIVOT_CCW
        elif axis == "roll":
            where = PORT_SIDE + STARBOARD_SIDE
        else:
            where = ("FP", "FS", "AP", "AS", "F", "A")
        if not is_small and not _able(pos, unit, where):
            vanes = _vanes(pos, unit, where)
            if vanes:  # deflection vanes: acceleration thrusters maneuver at the slide cost (CI-5.1.2)
                where, cost = vanes, c["slide"]
        n = _cost(change, cost)
        if combined_pairs(pos, unit, axis, where) is not None:
            n = max(n, 2)  # one point at least through each thruster of the pair (GAP-13)
        need.append((axis, n, where))
    if order.turn:
        need.append(("turn", abs(order.turn) * c["pivot"], PIVOT_CW if (order.turn > 0) != flip else PIVOT_CCW))
        per = abs(order.turn) if pos["options"]["non_inertial_cost"] == "per_facing" else 1  # GAP-17
        need.append(("turn_accel", per * math.ceil(c["accel"] / 2), ("aft",)))
    for r in order.slide:
        need.append(("slide", c["slide"], PORT_SIDE if r in (2, 3) else STARBOARD_SIDE))
    for tid, _, n in order.odt:
        need.append(("odt", n * c["accel"], (tid,)))
    if order.mid_step is not None:
        _, a, s = order.mid_step
        if a:
            need.append(("accel", abs(a) * c["accel"], ("aft",) if a > 0 else ("fore",)))
        for r in s:
            need.append(("slide", c["slide"], PORT_SIDE if r in (2, 3) else STARBOARD_SIDE))
    return need


MANEUVER_LOCATIONS = THRUSTER_LOCATIONS["maneuver"]


def _accel_demand(pos: Pos, unit: Unit, order: MoveOrder, c: dict[str, int]) -> tuple[str, int, tuple[str, ...]]:
    """Acceleration along the nose through the aft (or fore) acceleration thrusters; with
    ``maneuvered_acceleration``, through the maneuvering thrusters at the cost of a slide
    (CI-5.1.5) when no acceleration thruster on that side works or the order's route gives them
    nothing."""
    accel = order.accel
    side = ("aft",) if accel > 0 else ("fore",)
    own = [s["id"] for s, _ in _thrusters(pos, unit) if s["thruster"]["role"] == "accel"
           and s["thruster"].get("location") in side]
    chosen = bool(own) and (order.route is None or any(order.route.get(t, 0) for t in own))
    if small(pos, unit) or chosen or not pos["options"]["maneuvered_acceleration"] or \
            not _able(pos, unit, MANEUVER_LOCATIONS):
        return "accel", _cost(accel, c["accel"]), side
    return "accel", _cost(accel, c["slide"]), MANEUVER_LOCATIONS


PAIRS = {"roll": (("FP", "AP"), ("FS", "AS")), "tumble": (("FP", "FS"), ("AP", "AS"))}
"""Thrusters that roll or tumble only together (CI-5.1.4.b, the SSB35 letters C and G)."""
SINGLES = {"roll": ("P", "S"), "tumble": ("F", "A")}
"""Thrusters that roll or tumble alone (CI-5.1.4.a, B.6)."""


def combined_pairs(pos: Pos, unit: Unit, axis: str, where: tuple[str, ...]) -> list[tuple[str, str]] | None:
    """The working pairs a roll or tumble must go through together, each thruster taking at
    least 1 point (GAP-13, ``combined_min_one``); None when a single thruster can do it, the
    rotation turns in the plane (off-axis, a pivot's thrusters), or deflection vanes do it."""
    if axis not in PAIRS or small(pos, unit) or not pos["options"]["combined_min_one"] or \
            not set(where) <= set(MANEUVER_LOCATIONS) or \
            (rolled(unit["attitude"]) if axis == "tumble" else tumbled(unit["attitude"])):
        return None
    places = {s["thruster"].get("location") for s, _ in _thrusters(pos, unit) if s["thruster"]["role"] == "maneuver"}
    if places & set(SINGLES[axis]):
        return None
    return [pair for pair in PAIRS[axis] if set(pair) <= places]


VANE_ROLES = {"fore": ("FP", "FS"), "aft": ("AP", "AS")}
"""What an acceleration thruster with deflection vanes may act as (CI-5.1.2.b)."""


def _able(pos: Pos, unit: Unit, where: tuple[str, ...]) -> bool:
    return any(s["thruster"]["role"] == "maneuver" and s["thruster"].get("location") in where
               for s, _ in _thrusters(pos, unit))


def _vanes(pos: Pos, unit: Unit, where: tuple[str, ...]) -> tuple[str, ...]:
    """Ids of the vaned acceleration thrusters that can act as a thruster in ``where``."""
    return tuple(s["id"] for s, _ in _thrusters(pos, unit) if s["thruster"]["role"] == "accel"
                 and s["thruster"].get("vanes") and set(VANE_ROLES[s["thruster"]["location"]]) & set(where))


def _thrusters(pos: Pos, unit: Unit) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    return [(s, st) for s, st in systems(pos, unit, "thruster") if not st["destroyed"] and st["active"]]


def route(pos: Pos, unit: Unit, order: MoveOrder) -> tuple[int, dict[str, int]]:
    """The thrust the order spends and the overthrust per thruster (B.7), or the rule broken."""
    uid = unit["id"]
    need = demands(pos, unit, order)
    total = sum(n for _, n, _ in need)
    if small(pos, unit):
        return total, {}
    thrusters = _thrusters(pos, unit)

    def eligible(where: tuple[str, ...]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
        return [(s, st) for s, st in thrusters
                if s["thruster"].get("location") in where or s["id"] in where]

    for kind, n, where in need:
        if kind == "tumble" and not _can_tumble([s for s, _ in thrusters]):
            raise RuleError("CI-5.1.4.c", "no thrusters able to tumble (FP+FS, AP+AS, F or A)", unit=uid,
                            field="order.tumble")
        if n and not eligible(where):
            raise RuleError("CI-5.1.c", f"no working thruster can give the {kind}", unit=uid, field=f"order.{kind}")
    combined = {kind: pairs for kind, _, where in need
                if (pairs := combined_pairs(pos, unit, kind, where)) is not None}
    for kind, pairs in combined.items():
        if not pairs:
            raise RuleError("CI-5.1.4.b", f"a {kind} goes through both thrusters of a pair together "
                            f"({' or '.join('+'.join(p) for p in PAIRS[kind])}); no pair works", unit=uid,
                            field=f"order.{kind}")
    at = {loc: [s["id"] for s, _ in thrusters if s["thruster"].get("location") == loc]
          for loc in MANEUVER_LOCATIONS}
    if order.route is not None:
        for kind, pairs in combined.items():
            if not any(all(sum(order.route.get(t, 0) for t in at[loc]) >= 1 for loc in pair) for pair in pairs):
                raise RuleError("CI-5.1.4.b", f"the {kind} needs at least 1 thrust through each thruster of a pair "
                                f"({' or '.join('+'.join(p) for p in pairs)}; GAP-13)", unit=uid, field="order.route")
        channels = {s["id"]: s["thruster"]["channel"] for s, _ in thrusters}
        usable = {s["id"] for _, _, where in need for s, _ in eligible(where)}
        for tid in order.route:
            if tid not in channels:
                raise RuleError("CI-5.1.c", f"{tid} is not a working thruster of {uid}", unit=uid,
                                field=f"order.route.{tid}")
            if tid not in usable:
                raise RuleError("CI-5.1.c", f"{tid} cannot give any of the order's maneuvers", unit=uid,
                                field=f"order.route.{tid}")
        if sum(order.route.values()) != total:
            raise RuleError("CI-5.1.c", f"the route carries {sum(order.route.values())} thrust; the maneuvers need "
                            f"{total}", unit=uid, field="order.route")
        return total, {t: n - channels[t] for t, n in order.route.items() if n > channels[t]}
    left = {s["id"]: s["thruster"]["channel"] for s, _ in thrusters}
    for kind, n, where in need:
        if kind in combined:  # one point through each thruster of the first pair with room, the rest there
            pair = next((p for p in combined[kind] if all(any(left[t] for t in at[loc]) for loc in p)), None)
            if pair is None:
                raise RuleError("CI-5.1.c", f"no pair of thrusters has a channel left for the {kind}", unit=uid,
                                field=f"order.{kind}")
            for loc in pair:
                t = next(t for t in at[loc] if left[t])
                left[t] -= 1
                n -= 1
            where = pair
        for s, _ in eligible(where):
            take = min(n, left[s["id"]])
            left[s["id"]] -= take
            n -= take
        if n > 0:
            raise RuleError("CI-5.1.c", f"the {kind} needs {n} more thrust than its thrusters' channels carry; "
                            "route it explicitly to overthrust", unit=uid, field=f"order.{kind}")
    return total, {}


def _can_tumble(thrusters: list[dict[str, Any]]) -> bool:
    locs = {s["thruster"].get("location") for s in thrusters if s["thruster"]["role"] == "maneuver"}
    return bool(locs & {"F", "A"}) or {"FP", "FS"} <= locs or {"AP", "AS"} <= locs


# --- the rules of a move ------------------------------------------------------------------


def check(pos: Pos, unit: Unit, order: MoveOrder) -> int:
    """Every rule a move order must keep (format table: movement rows); the thrust it spends."""
    uid = unit["id"]
    opts = pos["options"]
    att = unit["attitude"]
    rates = {a: read_rate(unit["rotation"][a], "rate") for a in AXES}
    fractions = [x for x in (order.accel, order.pivot, order.roll, order.tumble) if x.denominator != 1]
    if fractions and not opts["partial_thrusting"]:
        raise RuleError("CI-5.4.5.a", "fractional thrust needs the partial thrusting option", unit=uid, field="order")
    if order.mid_step is not None:
        if not opts["mid_step_acceleration"]:
            raise RuleError("CI-5.4.3.a", "mid-step acceleration is an optional rule that is off", unit=uid,
                            field="order.mid_step")
        spd = speed(read_vector(unit["vector"], "vector")[0])
        if not 1 <= order.mid_step[0] < spd:
            raise RuleError("CI-5.4.3.a", f"mid-step acceleration comes after 1 to {spd - 1} hexes", unit=uid,
                            field="order.mid_step.after")
    if opts["off_axis_maneuvering"]:
        after = {a: rates[a] + getattr(order, a) for a in AXES}
        starting = [a for a in AXES if getattr(order, a) and rates[a] == 0]
        if starting and any(after[b] != 0 for b in AXES if b not in starting and rates[b] != 0):
            raise RuleError("CI-5.4.4.b", "a second maneuver cannot start before the first is halted", unit=uid,
                            field=f"order.{starting[0]}")
    else:
        if order.pivot and (rolled(att) or rates["roll"] != 0):
            raise RuleError("CI-5.4.2.c", "a rolled or rolling ship cannot change its pivot", unit=uid,
                            field="order.pivot")
        if (order.pivot or order.roll) and tumbled(att):
            raise RuleError("CI-5.4.2.i", "a tumbled ship cannot pivot or roll", unit=uid,
                            field="order.pivot" if order.pivot else "order.roll")
    if (order.accel or order.slide) and tumbled(att) and not opts["three_d"]:
        raise RuleError("CI-5.4.2.j", "a ship tumbled 90° cannot accelerate in the plane (2-D)", unit=uid,
                        field="order.accel")
    if order.turn and not any(s["engine"]["non_inertial"] for s, st in systems(pos, unit, "engine")
                              if not st["destroyed"]):
        raise RuleError("CI-5.8.2", "only a non-inertial engine turns its vector", unit=uid, field="order.turn")
    for i, (tid, _, _) in enumerate(order.odt):
        if not any(s["id"] == tid and s["thruster"]["role"] == "odt" for s, _ in _thrusters(pos, unit)):
            raise RuleError("CI-5.8.1", f"{tid} is not a working ODT", unit=uid, field=f"order.odt[{i}].thruster")
    if opts["cinematic_motion"]:
        count = abs(order.accel) + sum(abs(getattr(order, a)) for a in AXES) + len(order.slide)
        hull = design(pos, unit)["hull"]
        limit = opts["cinematic_frigate"] if hull == "frigate" else CINEMATIC_LIMITS.get(hull)
        if limit is not None and count > limit:
            raise RuleError("CI-5.6.b", f"cinematic motion allows {limit} per turn for a {hull}; this order uses "
                            f"{count}", unit=uid, field="order")
    if order.barnstorm is not None:
        check_barnstorm(pos, unit, order.barnstorm)
    total, _ = route(pos, unit, order)
    if total and "disabled" in unit["status"]:
        raise RuleError("CI-5.7.a", "a disabled ship has no thrust: it keeps its vector", unit=uid, field="order")
    budget = engine_output(pos, unit)
    if total > budget:
        raise RuleError("CI-5.2.a", f"the order needs {total} thrust; the engines give {budget}", unit=uid,
                        field="order")
    return total


# --- applying a move ----------------------------------------------------------------------


def rotate_all(unit: Unit) -> None:
    """Each axis: ``progress += |rate|``, one step per whole unit, the fraction kept, reset at
    rate 0 (B.4)."""
    for axis in AXES:
        rate = read_rate(unit["rotation"][axis], "rate")
        if rate == 0:
            unit["progress"][axis] = 0
            continue
        acc = read_rate(unit["progress"][axis], "progress") + abs(rate)
        sign = 1 if rate > 0 else -1
        while acc >= 1:
            unit["attitude"], unit["facing"] = STEP[axis](unit["attitude"], unit["facing"], sign)
            acc -= 1
        unit["progress"][axis] = write_rate(acc)


def _nose_dv(unit: Unit, accel: int, three_d: bool) -> tuple[Hex, int]:
    """Δv of ``accel`` hexes along the nose: planar, or along z when tumbled in 3-D."""
    if tumbled(unit["attitude"]):
        return (0, 0), (-accel if unit["attitude"] == "tumbled_forward" else accel) if three_d else 0
    return scale(direction(unit["facing"]), accel), 0


def slide_direction(unit: Unit, r: int, mirror: bool) -> int:
    """Map direction of a slide toward relative facing ``r`` (mirrored when flipped, GAP-14)."""
    if mirror and unit["attitude"] == "flipped":
        r = 8 - r
    return wrap(unit["facing"] + r - 1)


def apply(pos: Pos, unit: Unit, order: MoveOrder, thrust: int, overthrust: dict[str, int]) -> list[Event]:
    """Apply a checked order in place: rate changes, rotation, non-inertial turn, acceleration,
    slides, ODTs, pending Δv, then the vector (format: Movement)."""
    opts = pos["options"]
    before = list(unit["hex"])
    for axis in AXES:
        change = getattr(order, axis)
        if change:
            rate = read_rate(unit["rotation"][axis], "rate") + change
            unit["rotation"][axis] = write_rate(rate)
    whole = int(order.accel)  # toward zero; the rest is a pending Δv (partial thrusting, B.4)
    before_rotation = _nose_dv(unit, whole, opts["three_d"])  # GAP-09 alternative: thrust first
    rotate_all(unit)
    v, vz = read_vector(unit["vector"], "vector")
    if order.turn:
        unit["facing"] = wrap(unit["facing"] + order.turn)
        v = rotate(v, order.turn)
    dv, dz = _nose_dv(unit, whole, opts["three_d"]) if opts["rotate_then_accelerate"] else before_rotation
    v, vz = add(v, dv), vz + dz
    part = order.accel - whole
    if part:
        toward = unit["facing"] if part > 0 else wrap(unit["facing"] + 3)
        unit["pending"].append({"toward": toward, "rate": write_rate(abs(part)), "progress": 0})
    for r in order.slide:
        v = add(v, direction(slide_direction(unit, r, opts["flipped_mirror"])))
    for _, toward, n in order.odt:
        v = add(v, scale(direction(toward), n))
    kept = []
    for p in unit["pending"]:
        progress = read_rate(p["progress"], "progress") + read_rate(p["rate"], "rate")
        if progress >= 1:
            v = add(v, direction(p["toward"]))
        else:
            kept.append({**p, "progress": write_rate(progress)})
    unit["pending"] = kept
    start = (unit["hex"][0], unit["hex"][1])
    if order.mid_step is not None:
        end, v = _mid_step(unit, start, v, order)
    else:
        end = add(start, v)
    unit["hex"] = list(end)
    unit["z"] += vz
    unit["vector"] = write_vector(v, vz)
    for tid, n in overthrust.items():
        unit["overthrust"][tid] = unit["overthrust"].get(tid, 0) + n
    if small(pos, unit):
        unit["thrust_left"] = max(0, unit["thrust_left"] - thrust)
    return [moved_event(unit, before, thrust)]


def _mid_step(unit: Unit, start: Hex, v: Hex, order: MoveOrder) -> tuple[Hex, Hex]:
    """GAP-11: ``M = hex + (k/S)·v``; ``v' = v + Δv``; end at the hex of ``M + ((S'−k)/S')·v'``,
    a boundary settled by ``endpoint``."""
    assert order.mid_step is not None
    k, accel, slides = order.mid_step
    s = speed(v)
    new = add(v, scale(direction(unit["facing"]), accel))
    for r in slides:
        new = add(new, direction(slide_direction(unit, r, True)))
    s2 = speed(new)
    if s2 <= k:
        n = s
        q, r = start[0] * n + k * v[0], start[1] * n + k * v[1]
    else:
        n = s * s2
        q = start[0] * n + k * s2 * v[0] + (s2 - k) * s * new[0]
        r = start[1] * n + k * s2 * v[1] + (s2 - k) * s * new[1]
    hexes = round_point(q, r, n)
    if len(hexes) > 1 and order.endpoint in hexes:
        assert order.endpoint is not None
        return order.endpoint, new
    return hexes[0], new


def moved_event(u: Unit, before: list[int], thrust: int) -> Event:
    v, vz = read_vector(u["vector"], "vector")
    return {"type": "moved", "unit": u["id"], "from": before, "to": list(u["hex"]), "z": u["z"],
            "facing": u["facing"], "attitude": u["attitude"], "vector": write_vector(v, vz), "speed": speed(v),
            "thrust": thrust}
