"""``cold-infinity/1`` (shared/formats/cold-infinity-position.md) as the kernel's
:class:`~hexfleet.plugins.PositionFormat`: ``hexfleet resolve --game cold-infinity``.

The orders file is a list of steps ``{"@phase": phase, seat: {unit: order}}`` (or one step).
Every step is validated against the state it meets before it is applied; any error stops the
whole file with the unit, the order field and the rule ID, and nothing is written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.errors import FormatError, RuleError
from ...engine.procedure import force_dice, unused_dice
from ...engine.rng import Rng
from ...engine.ruleset import Event, step
from .position import FORMAT, read_position, write_position
from .rules import RULESET, CiState

__all__ = ["FORMAT", "dump", "parse", "resolve"]

def parse(data: Any, *, seed: int | str = 0) -> CiState:
    return CiState(read_position(data), Rng.from_seed(seed))


def dump(state: CiState) -> dict[str, Any]:
    return write_position(state.pos)


def resolve(position: Mapping[str, Any], orders: Any, seed: int | str,
            dice: Sequence[int] = ()) -> tuple[dict[str, Any], list[Event]]:
    """Apply the orders' steps in turn, then play on to the next decision (format: Position)."""
    state = force_dice(parse(position, seed=seed), tuple(dice))
    events: list[Event] = []
    state = RULESET.settle(state, events)
    steps = orders if isinstance(orders, list) else [orders]
    for i, raw in enumerate(steps):
        where = f"orders[{i}]"
        if not isinstance(raw, dict):
            raise FormatError(where, "each step is an object {\"@phase\": phase, seat: {unit: order}}")
        ask = RULESET.asked(state)
        if ask is None:
            raise RuleError("CI-2.0.a", "the game is over; no more orders are taken", field=where)
        phase = raw.get("@phase", ask.kind)
        if phase != state.pos["phase"]:
            raise RuleError("CI-2.0.a", f"the open phase is {state.pos['phase']}, not {phase}", field=f"{where}.@phase")
        given = {k: v for k, v in raw.items() if k != "@phase"}
        for seat, order in given.items():
            if seat not in state.pos["seats"]:
                raise RuleError("CI-2.0.a", f"no seat {seat!r}", field=f"{where}.{seat}")
            if seat not in ask.seats:
                _not_asked(state, seat, order, f"{where}.{seat}")
        full = {seat: given.get(seat, {}) for seat in ask.seats}
        for seat, order in full.items():
            try:
                RULESET.validate(state, seat, order)
            except (RuleError, FormatError) as e:
                raise _placed(e, f"{where}.{seat}") from None
        state, more = step(RULESET, state, full)
        events += more
    state, unused = unused_dice(state)
    return write_position(state.pos), events + unused


def _not_asked(state: CiState, seat: str, order: Any, where: str) -> None:
    """An order from a seat that does not decide now: empty is harmless; a move order for a
    unit that does not move now breaks CI-2.2.a, anything else CI-2.0.a."""
    if order in ({}, None):
        return
    uid = next(iter(order)) if isinstance(order, dict) and order else None
    if state.pos["phase"] == "move":
        raise RuleError("CI-2.2.a", f"{uid or seat} does not move now: "
                        f"{state.pos['move_order'][0] if state.pos['move_order'] else 'nobody'} does",
                        unit=uid, field=where)
    raise RuleError("CI-2.0.a", f"{seat} has no decision in the {state.pos['phase']} phase", unit=uid, field=where)


def _placed(e: RuleError | FormatError, where: str) -> RuleError | FormatError:
    field = e.field or ""
    field = where + field[len("order"):] if field == "order" or field.startswith("order.") else \
        f"{where}: {field}" if field else where
    if isinstance(e, RuleError):
        return RuleError(e.rule, e.message, unit=e.unit, field=field)
    return FormatError(field, e.message, source=e.source)
