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
from .state import TobState

__all__ = ["FORMAT", "dump", "parse", "resolve"]


def parse(data: Any, *, seed: int | str = 0) -> TobState:
    """A position at the start of its turn's plot, checked field by field and rule by rule."""
    return parse_position(data, seed=seed)


def dump(state: TobState) -> dict[str, Any]:
    return position_to_json(state)


def resolve(position: Any, orders: Any, seed: int | str,
            dice: Sequence[int] = ()) -> tuple[dict[str, Any], list[Event]]:
    """One turn: every fighter's plot from ``orders`` (fighter id → actions), checked and
    resolved as a step of the game (each side's plot is its order). Modules 1-3 roll no dice,
    so any ``dice`` given are reported unused (``dice_unused``)."""
    state = force_dice(parse_position(position, seed=seed), tuple(dice))
    if not isinstance(orders, dict):
        raise FormatError("", "expected an object of fighter id -> list of actions")
    by_side: dict[str, dict[str, Any]] = {side: {} for side in state.sides_in_play()}
    for fid, actions in orders.items():
        fighter = state.fighter(fid)
        if fighter is None:
            raise FormatError(fid, f"no fighter {fid!r} in the position; fighters: "
                              f"{', '.join(f.id for f in state.fighters)}")
        by_side[fighter.side][fid] = actions
    next_state, events = step(RULESET, state, by_side)
    next_state, unused = unused_dice(next_state)
    return position_to_json(next_state), events + unused
