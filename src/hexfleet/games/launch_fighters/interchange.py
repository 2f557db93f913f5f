"""Launch Fighters!' position format (``launch-fighters/1``, docs/launch-fighters.md) as the
kernel's :class:`~hexfleet.plugins.PositionFormat`: a thin face over :mod:`.position`.

The orders file is one step ``{seat: order}`` or a list of steps applied in turn (the game is
sequential: each step is one seat's decision).
"""

from __future__ import annotations

from typing import Any

from ...engine.rng import rng_from_seed
from .position import FORMAT, parse_position, position_to_json, resolve, settle
from .state import LfState

__all__ = ["FORMAT", "dump", "parse", "resolve"]


def parse(data: Any, *, seed: int | str = 0) -> LfState:
    """A position, checked; one written by hand with no decision open is played on to its next
    decision (dice from ``seed``), as :func:`resolve` does before applying any order."""
    state, _ = settle(parse_position(data, rng=rng_from_seed(seed)))
    return state


def dump(state: LfState) -> dict[str, Any]:
    return position_to_json(state)
