"""Talon's interchange format ``talon/1`` (shared/formats/talon-position.md) as the kernel's
:class:`~hexfleet.plugins.PositionFormat`: ``hexfleet resolve --game talon``.

An orders file is a list of steps ``{seat: order}``, each with exactly one seat, the side to act.
Every step is checked against the state the previous ones left; the first illegal one rejects
the whole file (step number, seat, ``do``, unit and rule in the message), and nothing is written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.errors import FormatError, RuleError
from ...engine.procedure import force_dice, unused_dice
from ...engine.rng import Rng
from ...engine.ruleset import Event
from . import orders as notation
from .position import FORMAT, parse_position, position_json
from .rules import RULESET, resolve_order
from .world import TalState

__all__ = ["FORMAT", "dump", "parse", "resolve"]


def parse(data: Any, *, seed: int | str = 0) -> TalState:
    """A position, checked, with chance from ``seed``: a position stands at a decision point."""
    return TalState(parse_position(data), Rng.from_seed(seed))


def dump(state: TalState) -> dict[str, Any]:
    return position_json(state.pos)


def resolve(position: Mapping[str, Any], orders: Any, seed: int | str,
            dice: Sequence[int] = ()) -> tuple[dict[str, Any], list[Event]]:
    """Apply ``orders`` to ``position``; ``dice`` are the table's faces, used first."""
    state = force_dice(parse(position, seed=seed), tuple(dice))
    if "held" in state.pos:
        raise FormatError("held", "this position waits for a choice of the side not acting (TAL-IMP-2); "
                          "answer it in play: resolve takes the format's orders, whose choices ride on them")
    steps = orders if isinstance(orders, list) else [orders]
    events: list[Event] = []
    for i, step in enumerate(steps):
        where = f"orders[{i}]"
        if not isinstance(step, dict) or len(step) != 1:
            raise FormatError(where, "each step is an object {seat: order} with exactly one seat")
        (seat, raw), = step.items()
        if RULESET.outcome(state) is not None:
            raise RuleError("ENGINE-OVER", f"step {i + 1}: the game is over; no more orders are taken", field=where)
        if seat != state.pos["player"]:
            raise RuleError("TAL-4.1.c", f"step {i + 1}: {seat!r} is not the side to act ({state.pos['player']} is)",
                            unit=seat, field=f"{where}.{seat}")
        try:
            order = notation.parse(raw, f"{where}.{seat}")
            state, more = resolve_order(state, order)
        except RuleError as e:
            do = raw.get("do") if isinstance(raw, dict) else None
            field = f"{where}.{seat}" + (e.field[len("order"):] if e.field and e.field.startswith("order") else
                                         f": {e.field}" if e.field else "")
            raise RuleError(e.rule, f"step {i + 1} ({seat}, do {do!r}): {e.message}", unit=e.unit, field=field) from e
        events += more
    state, unused = unused_dice(state)
    return dump(state), events + unused
