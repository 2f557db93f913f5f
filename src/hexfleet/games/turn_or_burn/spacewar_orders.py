"""Module 4-5 plots: a side's order maps unit ids to lists of actions and decisions.

From Module 4 a fighter's list holds its actions (entries with ``card``) and its standing
decisions for the turn's phases (entries without: ``steer``, ``detonate``, ``gravity``); a
projectile's list holds decisions only (the format's "Order fields added in version 2").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine import reading
from ...engine.errors import FormatError, RuleError
from ...hexgrid import distance
from . import experimental, lockdown
from .notation import LETTERS
from .orders import Action, Decision, Plot, parse_entries
from .position_v2 import LAUNCHERS, MISSILE_FUEL, launcher_copies
from .spacewar import check_orders, check_steer, launch_marker
from .state import Fighter, Projectile, TobState


def plotting_sides(state: TobState) -> tuple[str, ...]:
    """The sides that plot: those with fighters, and those whose projectiles are still on the
    map (TOB-M4-PROJ-04), in ``sides`` order."""
    present = {f.side for f in state.fighters} | {p.side for p in state.projectiles if p.side is not None}
    return tuple(s for s in state.config.sides if s in present) or state.config.sides


def detonation_choices(state: TobState, seat: str) -> dict[str, tuple[tuple[Decision, ...], ...]]:
    """Per projectile of ``seat`` on the map: keep it, or detonate it (TOB-M4-DET-01); the
    legal orders offer these, so a bot may detonate (steering and launch parameters take their
    defaults)."""
    if not state.config.nine_phase:
        return {}
    return {p.id: ((), (DETONATE,)) for p in state.projectiles if p.side == seat and p.kind != "puck"}


def plot_choices(state: TobState, f: Fighter, cards: list[str]) -> dict[str, object]:
    """What a Module 4 plot entry may carry beyond its card, for an order panel: the
    projectiles a plotted jammer may try to set off (``jam``, TOB-M4-JAM-01), the launchers the
    repair bot may reload instead of repairing (``reload``, TOB-M4-REPAIR-01: not destroyed,
    not reloaded before), the copies of a launcher the fighter carries more than one of
    (``copies``, the entry's ``copy``), and with a black hole on the map the letters its
    ``gravity`` decision may name for a tie (TOB-M4-GRAV-03). ``cards`` are the legal ones."""
    out: dict[str, object] = {}
    projectiles = [p.id for p in state.projectiles if p.kind != "puck"]
    if "JAM" in cards and projectiles:
        out["jam"] = projectiles
    copies = launcher_copies(f)
    if "BOT" in cards:
        reload = [key for key, _, destroyed in copies if not destroyed and key not in f.kit.reloaded]
        if reload:
            out["reload"] = reload
    several = {card: [key for key, c, _ in copies if c == card] for card in dict.fromkeys(c for _, c, _ in copies)}
    several = {card: keys for card, keys in several.items() if card in cards and len(keys) > 1}
    if several:
        out["copies"] = several
    if state.config.black_holes:
        out["gravity"] = list(LETTERS)
    return out


DETONATE = Decision(detonate=True)
ONCE = (("steer", "TOB-M4-MISSILE-01"), ("gravity", "TOB-M4-GRAV-03"))
"""Decisions a unit takes at most once a turn, with the rule a second one breaks: a missile
adjusts its marker once, in phase 3; a tie is settled by one letter."""
PUCK_REACH = 6
"""A force beam's range (TOB-M5-FB-02): the puck is offered as a target within it."""


def puck_plots(state: TobState, f: Fighter, plots: list[tuple[Action, ...]]) -> list[tuple[Action, ...]]:
    """Space Hockey: beside a plotted force beam at its default target, the beam pushing or
    pulling the puck when it is within reach, so the legal orders (and bots) include it."""
    if not any(plot == (Action("FB"),) for plot in plots):
        return []
    return [(Action("FB", target=p.id, given=("target", "mode"), more=(("mode", mode),)),)
            for p in state.projectiles if p.kind == "puck" and distance(f.hex, p.hex) <= PUCK_REACH
            for mode in ("push", "pull")]


def launched_sides(state: TobState, orders: dict[str, Any]) -> dict[str, str]:
    """Projectile id → side for the launches in a whole orders file (before it is read side by
    side), so decisions for a projectile launched this turn reach its side's plot."""
    out = {}
    for uid, value in orders.items():
        f = state.fighter(uid)
        if f is None or not isinstance(value, list):
            continue
        actions = [raw for raw in value if isinstance(raw, dict) and "card" in raw]
        for k, raw in enumerate(actions, 1):
            if raw["card"] in LAUNCHERS:
                out[raw["id"] if isinstance(raw.get("id"), str) else f"{uid}.{state.turn}.{k}"] = f.side
    return out


def launches(state: TobState, items: Any) -> dict[str, tuple[Fighter, Action]]:
    """The projectiles the fighters of ``items`` (fighter id → actions) launch this turn, by id:
    the launch entry's ``id``, else ``<fighter>.<turn>.<k>`` with k its place among the
    fighter's actions. They may take decisions now: a detonation, and a new missile's steering
    (TOB-M4-LAUNCH-04: it may adjust in phase 3 of the same turn)."""
    out = {}
    for uid, actions in items:
        f = state.fighter(uid)
        if f is None:
            continue
        for k, a in enumerate(actions, 1):
            if a.card in LAUNCHERS:
                out[a.field("id") or f"{uid}.{state.turn}.{k}"] = (f, a)
    return out


def parse_plot(state: TobState, seat: str, raw: Any, own: Callable[[TobState, str, str], Fighter]) -> Plot:
    data = reading.obj(raw, "order")
    parsed = []
    for uid, value in data.items():
        if not isinstance(uid, str) or not uid:
            raise FormatError("order", "unit ids are non-empty strings")
        parsed.append((uid, *parse_entries(value, f"order.{uid}")))
    projectiles = {p.id: p for p in state.projectiles}
    launching = launches(state, [(uid, actions) for uid, actions, _ in parsed if uid not in projectiles])
    items: list[tuple[str, tuple[Action, ...]]] = []
    standing: list[tuple[str, tuple[Decision, ...]]] = []
    for uid, actions, decisions in parsed:
        where = f"order.{uid}"
        p = projectiles.get(uid)
        if p is not None or uid in launching:
            side = p.side if p is not None else launching[uid][0].side
            if side != seat:
                raise RuleError("ENGINE-SEAT", f"projectile {uid} belongs to {side}, not {seat}", unit=uid)
            if actions:
                raise FormatError(f"{where}[0]", "a projectile's list holds decisions only (steer, detonate)")
        else:
            own(state, seat, uid)
            items.append((uid, actions))
        if decisions or p is not None or uid in launching:  # a projectile listed keeps its (empty) list
            standing.append((uid, decisions))
    return Plot(tuple(items), tuple(standing))


def check_fighter(state: TobState, f: Fighter, actions: tuple[Action, ...], where: str) -> None:
    """The Module 4 and 5 rules on one fighter's actions."""
    check_orders(state, f, actions, where)
    if 5 in state.config.modules:
        experimental.check_orders(state, f, actions, where)
        lockdown.check_orders(state, f, actions, where)


def fighter_ok(state: TobState, f: Fighter, actions: tuple[Action, ...]) -> bool:
    try:
        check_fighter(state, f, actions, "probe")
    except RuleError:
        return False
    return True


def check_plot(state: TobState, order: Plot) -> None:
    """The Module 4 rules on a side's plot, beyond the Modules 2-3 checks."""
    projectiles = {p.id: p for p in state.projectiles}
    launching = launches(state, order.items)
    for fid, actions in order.items:
        f = state.fighter(fid)
        assert f is not None
        check_fighter(state, f, actions, f"order.{fid}")
    for uid, decisions in order.standing:
        where = f"order.{uid}"
        for name, rule in ONCE:  # one steering and one tie choice a turn (TOB-IMPL-04: adjusted_this_turn)
            given = [d for d in decisions if getattr(d, name) is not None]
            if len(given) > 1:
                raise RuleError(rule, f"{uid} takes one {name} decision a turn; got {len(given)}", unit=uid,
                                field=f"{where}.{name}")
        p = projectiles.get(uid)
        if p is None and uid in launching:
            f, a = launching[uid]
            p = Projectile(uid, f.side, LAUNCHERS[a.card], f.hex, launch_marker(f, a)[0],
                           MISSILE_FUEL if a.card == "ML" else None)
        for d in decisions:
            if p is not None:
                check_steer(state, p, d, where)
                if d.detonate and p.kind == "puck":
                    raise RuleError("TOB-M5-HOCKEY-04", "the puck cannot be detonated", unit=uid,
                                    field=f"{where}.detonate")
            elif d.steer is not None or d.detonate:
                raise RuleError("TOB-M4-MISSILE-01", "a fighter neither steers nor detonates; name the projectile",
                                unit=uid, field=where)
