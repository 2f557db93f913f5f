"""Guided terminal entry for Cold Infinity's main decisions (the presenter's ``FORMS``).

Each form builds the seat's whole order, unit by unit, from what the seat's view shows: the
power it allocates (systems switched on or off, EW boosted, CI-3.2, CI-4.4), how its EW points
go to shroud, amplification and ECM (CI-4.1, CI-4.2), the thrust of the ship moving now
(CI-5.1) and each armed weapon's target with its range and whether it lies in arc (CI-7.1.4).
Each unit's budgets (``view.budgets``: power, EW points, thrust) head its questions. The rules
check the whole order (``ui.check``): a refused one is shown with its rule ID and the form
starts again, so nothing is applied until the order is legal. The other decisions (plots,
evasion, snaps, defensive fire, detectors) list their legal orders, JSON accepted.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from ..engine.ruleset import Order, Seat
from ..games.cold_infinity.ew import range_between
from ..games.cold_infinity.fire import arc_eligible, los_clear
from ..games.cold_infinity.position import OPTION_DEFAULTS
from ..hexgrid import distance
from ..plugins import FormContext
from .forms import InputError, choose, guided, parse_int

Pos = Mapping[str, Any]
Unit = Mapping[str, Any]


def _own(pos: Pos, seat: Seat) -> list[Unit]:
    return [u for u in pos["units"] if u["side"] == seat and "destroyed" not in u["status"]]


def _enemies(pos: Pos, seat: Seat) -> list[Unit]:
    return [u for u in pos["units"] if u["side"] != seat and "destroyed" not in u["status"]]


def _systems(pos: Pos, u: Unit) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """The design's systems with the unit's state of each (the view holds one's own fully)."""
    return [(s, u["systems"][s["id"]]) for s in pos["designs"][u["design"]]["systems"] if s["id"] in u["systems"]]


def _budget(view: Mapping[str, Any], u: Unit) -> str:
    b = (view.get("budgets") or {}).get(u["id"])
    if not b:
        return ""
    power = "" if b["power"] is None else f"power {b['power']} from the plants, "
    return f" — {power}EW {b['ew']} points, thrust {b['thrust']}"


def _heading(ui: FormContext, view: Mapping[str, Any], u: Unit, what: str) -> None:
    ui.console.print(Text(f"{u['id']} ({u['design']}) at {u['hex']} facing {u['facing']} {u['attitude']}, "
                          f"vector {u['vector']}{_budget(view, u)}: {what}", style="bold"), soft_wrap=True)


def _count(ui: FormContext, prompt: str, default: int, low: int, high: int) -> int:
    def parse(answer: str) -> int:
        n = parse_int(answer)
        if not low <= n <= high:
            raise InputError(f"{n} is not between {low} and {high}")
        return n
    return int(ui.ask_value(f"{prompt} ({low}–{high})", str(default), parse))


@guided
def ask_power(ui: FormContext, seat: Seat, view: Mapping[str, Any], refused: int) -> Order:
    """The Power Allocation Phase (CI-2.1.1, secret): per starship, systems switched on or off
    and EW boosted, one pick at a time until Enter; nothing picked keeps the allocation."""
    pos = view["position"]
    order: dict[str, Any] = {}
    for u in _own(pos, seat):
        if (view.get("budgets") or {}).get(u["id"], {}).get("power") is None:
            continue  # a small vessel allocates no power (CI-3.0)
        _heading(ui, view, u, "power")
        on: list[str] = []
        off: list[str] = []
        boost: dict[str, int] = {}
        while True:
            picks: list[tuple[Any, str]] = []
            for s, st in _systems(pos, u):
                cost = s["power"]
                if st["destroyed"] or not isinstance(cost, int) or cost <= 0:
                    continue
                if st["active"] and s["id"] not in off:
                    picks.append((("off", s["id"]), f"switch off {s['id']} (saves {cost} power)"))
                elif not st["active"] and s["id"] not in on:
                    picks.append((("on", s["id"]), f"switch on {s['id']} ({cost} power)"))
                if s["type"] == "sensor" and s["sensor"]["boost"] and st["active"] and s["id"] not in off:
                    picks.append((("boost", s["id"]), f"boost {s['id']} by one EW point ({s['sensor']['boost']} power, "
                                                     f"CI-4.4; {boost.get(s['id'], 0)} so far)"))
            pick = choose(ui, f"{u['id']}: power", picks, none="done") if picks else None
            if pick is None:
                break
            what, sid = pick
            if what == "on":
                on.append(sid)
            elif what == "off":
                off.append(sid)
            else:
                boost[sid] = boost.get(sid, 0) + 1
        given = {"activate": on, "deactivate": off, "extra_ew": boost}
        if any(given.values()):
            order[u["id"]] = {k: v for k, v in given.items() if v}
    return order


@guided
def ask_ew(ui: FormContext, seat: Seat, view: Mapping[str, Any], refused: int) -> Order:
    """The Electronic Warfare Phase (CI-2.1.3, secret): each unit's EW points to its shroud (10
    hexes a point, lock-on inside), amplification (+1 to hit a point against enemies inside)
    and ECM (−1 to be hit a point); the nearest enemy's range helps size the shroud."""
    pos = view["position"]
    order: dict[str, Any] = {}
    for u in _own(pos, seat):
        points = (view.get("budgets") or {}).get(u["id"], {}).get("ew", 0)
        if not points:
            continue
        near = min((distance(tuple(u["hex"]), tuple(e["hex"])), e["id"]) for e in _enemies(pos, seat)) \
            if _enemies(pos, seat) else None
        _heading(ui, view, u, f"{points} EW points" + (f"; nearest enemy {near[1]} at {near[0]} hexes" if near else ""))
        shroud = _count(ui, f"{u['id']}: shroud points (10 hexes each, CI-4.1.b)", min(points, 1), 0, points)
        amplify = _count(ui, f"{u['id']}: amplification points (CI-4.1.d)", 0, 0, points - shroud) if shroud else 0
        ecm = _count(ui, f"{u['id']}: ECM points (CI-4.2)", points - shroud - amplify, 0, points - shroud - amplify)
        given = {"shroud": shroud, "amplify": amplify, "ecm": ecm}
        if any(given.values()):
            order[u["id"]] = {k: v for k, v in given.items() if v}
    return order


SLIDES = [(2, "toward relative facing 2 (forward starboard)"), (3, "toward relative facing 3 (aft starboard)"),
          (5, "toward relative facing 5 (aft port)"), (6, "toward relative facing 6 (forward port)")]


@guided
def ask_move(ui: FormContext, seat: Seat, view: Mapping[str, Any], refused: int) -> Order:
    """The ship moving now in initiative order (CI-2.2.a): hexes of acceleration (− brakes),
    a pivot, a roll, a slide; its thrust costs shown (CI-5.1). Enter everywhere: drift."""
    pos = view["position"]
    uid = pos["move_order"][0]
    u = next(x for x in pos["units"] if x["id"] == uid)
    cost = pos["designs"][u["design"]].get("thrust_cost") or {}
    _heading(ui, view, u, "movement; thrust per unit: " + ", ".join(f"{k} {v}" for k, v in cost.items()))
    given: dict[str, Any] = {
        "accel": _count(ui, f"{uid}: acceleration in hexes, toward the nose (− brakes, CI-5.1.1.a)", 0, -20, 20),
        "pivot": _count(ui, f"{uid}: change of pivot, facings a turn clockwise (− counter-clockwise, "
                            "CI-5.4.2.a)", 0, -6, 6),
        "roll": _count(ui, f"{uid}: roll, 90° steps to starboard (− to port, CI-5.4.2.b)", 0, -2, 2),
    }
    slide = choose(ui, f"{uid}: slide one hex (CI-5.4.2.g)", SLIDES, none="no slide")
    out: dict[str, Any] = {k: v for k, v in given.items() if v}
    if slide is not None:
        out["slide"] = [slide]
    return {uid: out} if out else {}


def _with_defaults(pos: Pos) -> dict[str, Any]:
    """The view's position with every option spelt out (a position lists only those that
    differ from the defaults), for the arc geometry."""
    return {**pos, "options": {**OPTION_DEFAULTS, **pos["options"]}}


@guided
def ask_fire(ui: FormContext, seat: Seat, view: Mapping[str, Any], refused: int) -> Order:
    """Fire declarations (CI-2.3.1, secret): each armed weapon's target from the enemies with
    their range (in 3-D with hexes and layers, CI-6.5), whether they lie in its arc
    (CI-7.1.4) and whether a unit blocks the line of sight (CI-7.1.5), or hold fire. Enter: the
    nearest listed enemy in arc and in sight, else hold fire."""
    pos = view["position"]
    full = _with_defaults(pos)
    order: dict[str, Any] = {}
    for u in _own(pos, seat):
        armed = [s for s, st in _systems(pos, u)
                 if s["type"] == "weapon" and st["active"] and not st["arming"] and not st["destroyed"]]
        if not armed:
            continue
        _heading(ui, view, u, "fire")
        attacks = []
        for s in armed:
            rows = []
            for e in _enemies(pos, seat):
                inside = arc_eligible(full, dict(u), s["weapon"]["arc"], dict(e))
                clear = los_clear(full, dict(u), dict(e))  # as far as this seat's view shows the blockers
                rng = range_between(full, dict(u), dict(e))
                flat = distance(tuple(u["hex"]), tuple(e["hex"]))
                dz = f" ({flat} hexes, Δz {e['z'] - u['z']:+d})" if full["options"]["three_d"] else ""
                rows.append((inside and clear, rng, (e["id"], f"{e['id']} ({e['design']}) at range {rng}{dz}"
                                                              f"{'' if inside else ', out of arc'}"
                                                              f"{'' if clear else ', line of sight blocked'}")))
            rows.sort(key=lambda r: (not r[0], r[1]))
            picks = [r for _, _, r in rows] + [(None, "hold fire")]
            ahead = bool(rows) and rows[0][0]
            target = choose(ui, f"{u['id']}: {s['id']} ({s['weapon']['arc']}) fires at", picks, 0 if ahead else len(rows))
            if target is not None:
                attacks.append({"weapon": s["id"], "target": target})
        if attacks:
            order[u["id"]] = {"attacks": attacks}
    return order


FORMS = {"power": ask_power, "ew": ask_ew, "move": ask_move, "fire": ask_fire}
