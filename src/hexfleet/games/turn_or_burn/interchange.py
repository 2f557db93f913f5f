"""Turn or Burn's position format as the kernel's :class:`~hexfleet.plugins.PositionFormat`.

A thin face over :mod:`.position` (shared/formats/turn-or-burn-position.md): ``hexfleet
resolve --game turn-or-burn``, ``hexfleet legal`` and ``hexfleet render`` reach the format only
through these three functions. The orders file is keyed by fighter id across all sides (the
format's plot sheet), and a fighter absent from it plots nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine.errors import FormatError
from ...engine.procedure import force_dice, unused_dice
from ...engine.ruleset import Event, step
from .position import FORMAT, parse_position, position_to_json
from .rules import RULESET
from .spacewar_orders import launched_sides, plotting_sides
from .state import TobState

__all__ = ["FORMAT", "dump", "parse", "resolve"]


def parse(data: Any, *, seed: int | str = 0) -> TobState:
    """A position at the start of its turn's plot, checked field by field and rule by rule."""
    return parse_position(data, seed=seed)


def dump(state: TobState) -> dict[str, Any]:
    return position_to_json(state)


def split_places(orders: dict[str, Any]) -> tuple[dict[str, tuple[str, Any]], dict[str, Any]]:
    """The ``place`` entries (a fighter re-entering this turn: its hex, facing, momentum and
    shields) apart from the plots, which they precede (the format's phase 1)."""
    places: dict[str, tuple[str, Any]] = {}
    rest: dict[str, Any] = {}
    for uid, value in orders.items():
        if not isinstance(value, list):
            rest[uid] = value
            continue
        kept = []
        for i, raw in enumerate(value):
            where = f"order.{uid}[{i}]"
            if not (isinstance(raw, dict) and "place" in raw):
                kept.append(raw)
            elif len(raw) > 1:
                raise FormatError(where, f"a place entry holds only place; got {', '.join(sorted(raw))}")
            elif uid in places:
                raise FormatError(where, f"{uid} has a place entry already ({places[uid][0]})")
            else:
                places[uid] = (f"{where}.place", raw["place"])
        if kept or uid not in places:
            rest[uid] = kept
    return places, rest


def resolve(position: Any, orders: Any, seed: int | str,
            dice: Sequence[int] = ()) -> tuple[dict[str, Any], list[Event]]:
    """One turn: every unit's plot from ``orders`` (fighter or projectile id → entries),
    checked and resolved as a step of the game (each side's plot is its order). A projectile
    whose side has no fighter left still takes its side's orders (TOB-M4-PROJ-04). Dice
    ``dice`` are the referee's faces (``--dice``), any left over reported (``dice_unused``)."""
    if not isinstance(orders, dict):
        raise FormatError("", "expected an object of fighter id -> list of actions")
    places, orders = split_places(orders)
    entered: list[Event] = []  # replacements due now enter before the plot (the format's phase 1)
    state = force_dice(parse_position(position, seed=seed, places=places, events=entered), tuple(dice))
    by_side: dict[str, dict[str, Any]] = {side: {} for side in plotting_sides(state)}
    owners = {p.id: p.side for p in state.projectiles} | launched_sides(state, orders)
    for uid, actions in orders.items():
        fighter = state.fighter(uid)
        owner = fighter.side if fighter is not None else owners.get(uid)
        if owner is None:
            units = [f.id for f in state.fighters] + [p.id for p in state.projectiles if p.side is not None]
            raise FormatError(uid, f"no fighter or projectile {uid!r} that takes orders in the position; units: "
                              f"{', '.join(units)}")
        by_side.setdefault(owner, {})[uid] = actions
    next_state, events = step(RULESET, state, by_side)
    next_state, unused = unused_dice(next_state)
    return position_to_json(next_state), entered + events + unused
