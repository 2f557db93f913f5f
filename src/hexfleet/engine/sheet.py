"""Order sheets: the plain text a person types in a mail body, read into a seat's order.

Play by mail gives a player one sheet per turn: a line per unit and action in the game's own
words, plus answers to decisions the rules may ask in the middle of the turn (a player who is
not at the table cannot be asked then). The words are the game's: each game reads its sheet in
``hexfleet.games.<package>.sheet`` (:class:`SheetReader`), found through
:func:`hexfleet.plugins.sheet_reader`. The kernel does the rest here, the same for every game:

* the sheet is read into one order *per decision kind* (what the seat will answer if that
  decision opens), each kept as the JSON a record stores;
* the order for the decision open now is checked by the ruleset (``validate``), unit by unit
  where orders are per unit, so every unit's broken rule is reported, not only the first;
* every error names the sheet's line, the unit, the card and the rule, and a sheet with any
  error gives no order at all (nothing half-accepted);
* what the sheet says for decisions that open later in the turn travels with the order as
  answers in advance (``"then"``, TOB-SEQ-04; :mod:`.procedure`), which the kernel uses when
  each opens, or drops, asking the seat, when the rules refuse it by then.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .errors import FormatError, RuleError
from .ruleset import Order, Ruleset, Seat


@dataclass(frozen=True, slots=True)
class SheetError:
    """One thing wrong with a sheet: where (line, unit, card) and which rule, for a person."""

    message: str
    line: int | None = None
    unit: str | None = None
    card: str | None = None
    rule: str | None = None

    def __str__(self) -> str:
        where = ", ".join(x for x in (self.line is not None and f"line {self.line}",
                                      self.unit and f"unit {self.unit}", self.card and f"card {self.card}") if x)
        rule = f" [rule {self.rule}]" if self.rule else ""
        return f"{where}: {self.message}{rule}" if where else f"{self.message}{rule}"

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "unit": self.unit, "card": self.card, "rule": self.rule, "message": self.message}


class SheetErrors(ValueError):
    """A sheet refused: every error found, in line order."""

    def __init__(self, errors: Sequence[SheetError]):
        self.errors = tuple(sorted(errors, key=lambda e: (e.line is None, e.line or 0)))
        super().__init__("\n".join(str(e) for e in self.errors))

    def to_json(self) -> dict[str, Any]:
        return {"error": "sheet", "message": "the sheet was not accepted; nothing of it was taken",
                "errors": [e.to_json() for e in self.errors]}


@dataclass(frozen=True, slots=True)
class Sheet:
    """What a game's reader made of a sheet's text, before any rule is checked."""

    answers: Mapping[str, Any]
    """Decision kind → the game's own (JSON) form of what the sheet says for it."""
    lines: Mapping[str, int] = field(default_factory=dict)
    """Unit → the line that first names it: where a rule broken by that unit is reported."""


class SheetReader(Protocol):
    """A game's order sheet (``hexfleet.games.<package>.sheet``)."""

    def read(self, state: Any, seat: Seat, text: str) -> Sheet:
        """The sheet's lines read in ``seat``'s words; raises :class:`SheetErrors` naming
        every line that cannot be read (unknown unit or card, bad syntax)."""

    def answer(self, state: Any, seat: Seat, kind: str, answers: Mapping[str, Any]) -> Order | None:
        """The order (JSON) ``answers`` give for ``seat``'s open decision of ``kind``, with the
        answers to the turn's later decisions in advance; ``None`` when they say nothing for it."""


@dataclass(frozen=True, slots=True)
class Accepted:
    kind: str
    """The decision kind open now, which :attr:`order` answers."""
    order: Order
    answers: Mapping[str, Any]
    """Everything the sheet says, per decision kind (the game's JSON)."""


def check_sheet(ruleset: Ruleset[Any], reader: SheetReader, state: Any, seat: Seat, text: str) -> Accepted:
    """The order a sheet gives for ``seat``'s open decision, checked against every rule; raises
    :class:`SheetErrors` with every error found (nothing is accepted from a sheet with one)."""
    decision = ruleset.decision(state, seat)  # this seat's only: not eight fleets' plot options
    if decision is None:
        open_now = ", ".join(ruleset.deciding(state)) or "none"
        raise SheetErrors([SheetError(f"seat {seat!r} has nothing to decide now; seats deciding: {open_now}")])
    kind = decision.kind
    sheet = reader.read(state, seat, text)
    order = reader.answer(state, seat, kind, sheet.answers)
    if order is None:
        raise SheetErrors([SheetError(f"the sheet gives no orders for the decision open now ({kind})")])
    errors = rule_errors(ruleset, state, seat, order, sheet.lines)
    if errors:
        raise SheetErrors(errors)
    return Accepted(kind, order, sheet.answers)


def rule_errors(ruleset: Ruleset[Any], state: Any, seat: Seat, order: Order,
                lines: Mapping[str, int]) -> list[SheetError]:
    """Every unit's broken rule (orders per unit: each unit's part checked alone), then the
    whole order's (rules across units), as sheet errors pointing at the units' lines."""
    errors: list[SheetError] = []
    if ruleset.orders_by_unit and isinstance(order, dict) and len(order) > 1:
        for unit, part in order.items():
            found = _error(ruleset, state, seat, {unit: part}, lines)
            if found is not None:
                errors.append(found)
    if not errors:
        found = _error(ruleset, state, seat, order, lines)
        if found is not None:
            errors.append(found)
    return errors


def _error(ruleset: Ruleset[Any], state: Any, seat: Seat, order: Order,
           lines: Mapping[str, int]) -> SheetError | None:
    try:
        ruleset.validate(state, seat, order)
    except RuleError as exc:
        unit = exc.unit or _unit_at(exc.field)
        return SheetError(exc.message, lines.get(unit) if unit else None, unit, card_at(exc.field, order), exc.rule)
    except FormatError as exc:
        unit = _unit_at(exc.field)
        return SheetError(exc.message, lines.get(unit) if unit else None, unit, card_at(exc.field, order))
    return None


_PATH = re.compile(r"(?:order\.)?([^.\[]+)(?:\[(\d+)\])?")


def _unit_at(path: str | None) -> str | None:
    match = _PATH.match(path or "")
    return match[1] if match and path and path.startswith("order.") else None


def card_at(path: str | None, orders: Any) -> str | None:
    """The card of the action an error's field path points at (``order.R1[0].card`` or
    ``R1[0]`` → the ``card`` of ``orders["R1"][0]``), if it names one."""
    match = _PATH.match(path or "")
    if not match or match[2] is None or not isinstance(orders, dict):
        return None
    try:
        return str(orders[match[1]][int(match[2])]["card"])
    except (KeyError, IndexError, TypeError):
        return None
