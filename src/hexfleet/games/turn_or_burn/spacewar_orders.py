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
from .orders import Action, Decision, Plot, parse_entries
from .spacewar import check_orders, check_steer
from .state import Fighter, TobState


def parse_plot(state: TobState, seat: str, raw: Any, own: Callable[[TobState, str, str], Fighter]) -> Plot:
    data = reading.obj(raw, "order")
    items: list[tuple[str, tuple[Action, ...]]] = []
    standing: list[tuple[str, tuple[Decision, ...]]] = []
    projectiles = {p.id: p for p in state.projectiles}
    for uid, value in data.items():
        where = f"order.{uid}"
        if not isinstance(uid, str) or not uid:
            raise FormatError("order", "unit ids are non-empty strings")
        actions, decisions = parse_entries(value, where)
        p = projectiles.get(uid)
        if p is not None:
            if p.side != seat:
                raise RuleError("ENGINE-SEAT", f"projectile {uid} belongs to {p.side}, not {seat}", unit=uid)
            if actions:
                raise FormatError(f"{where}[0]", "a projectile's list holds decisions only (steer, detonate)")
        else:
            own(state, seat, uid)
            items.append((uid, actions))
        if decisions:
            standing.append((uid, decisions))
    return Plot(tuple(items), tuple(standing))


def check_plot(state: TobState, order: Plot) -> None:
    """The Module 4 rules on a side's plot, beyond the Modules 2-3 checks."""
    projectiles = {p.id: p for p in state.projectiles}
    for fid, actions in order.items:
        f = state.fighter(fid)
        assert f is not None
        check_orders(state, f, actions, f"order.{fid}")
    for uid, decisions in order.standing:
        where = f"order.{uid}"
        for d in decisions:
            p = projectiles.get(uid)
            if p is not None:
                check_steer(state, p, d, where)
                if d.detonate and p.kind == "puck":
                    raise RuleError("TOB-M5-HOCKEY-04", "the puck cannot be detonated", unit=uid,
                                    field=f"{where}.detonate")
            elif d.steer is not None or d.detonate:
                raise RuleError("TOB-M4-MISSILE-01", "a fighter neither steers nor detonates; name the projectile",
                                unit=uid, field=where)
