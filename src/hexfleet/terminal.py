"""Playing in the terminal: hot-seat for people sharing one screen, or against bots.

The loop drives a :class:`~hexfleet.engine.game.Game` and shows each seat only
``Game.view(seat)`` and ``Game.visible_events(events, seat)``, in words, through the game's
presenter (found by name, :func:`hexfleet.plugins.presenter`); before a person's turn in
hot-seat play the screen is cleared and the device handed over, so nobody sees another's plot.
A decision the presenter has a form for (``Presenter.FORMS``) is entered guided, field by
field; any other is picked from its legal orders by number, or typed as JSON. Where several
units decide (the lazy legal set's ``per_unit()`` has more than one), each unit's choice is
picked by number in turn and the choices are combined (``Legal.combine``); where one unit of
several acts, the unit is picked first, then its order.
Input comes through one ``ask(prompt, default)`` function (a Typer prompt in the CLI), so a
test can feed scripted lines. Every entry is checked by the ruleset's ``validate``; a bad one
is shown with its rule ID and asked again, and nothing is applied until a whole step is legal.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from rich.console import Console
from rich.text import Text

from .ai.base import Bot
from .engine.errors import FormatError, RuleError
from .engine.game import Game
from .engine.legal import Legal
from .engine.ruleset import Event, Order, Seat
from .plugins import presenter
from .render.forms import InputError

MAX_LISTED = 40
"""Legal orders listed for a pick by number; beyond this an order is typed as JSON."""

T = TypeVar("T")

Ask = Callable[[str, str], str]
"""``ask(prompt, default) -> answer``; raises (``typer.Abort``, ``EOFError``) when input ends."""


class TerminalPlay:
    """One terminal session of one game: people at ``ask``, bots for the seats in ``bots``."""

    def __init__(self, game: Game, *, bots: Mapping[Seat, Bot], console: Console, ask: Ask):
        self.game = game
        self.bots = dict(bots)
        self.console = console
        self.ask = ask
        self.humans = [s for s in game.ruleset.seats(game.state) if s not in self.bots]
        self.last_events: list[Event] = []
        self.presenter = presenter(game.ruleset.name)

    def run(self) -> None:
        """Play until the game is over (input ending raises out; the record is already safe)."""
        while not self.game.over:
            orders: dict[Seat, Order] = {}
            for seat in self.game.pending():
                if seat in self.bots:
                    legal = self.game.ruleset.legal(self.game.state, seat)
                    orders[seat] = self.bots[seat].choose(self.game.ruleset, seat, self.game.view(seat), legal)
                else:
                    orders[seat] = self.ask_seat(seat)
            self.last_events = self.game.submit(orders)
        self.show_end()

    # --- one seat's turn ----------------------------------------------------------------

    def ask_seat(self, seat: Seat) -> Order:
        if len(self.humans) > 1:
            self.clear()
            self.ask(f"Pass the device to {seat}, then press Enter", "")
            self.clear()
        view = self.game.view(seat)
        self.console.rule(f"{self.game.ruleset.title}: {seat} to decide")
        self.show_events(seat, "Last step")
        self.show_view(view)
        decision = view["decision"]
        form = self.presenter.FORMS.get(decision["kind"])
        if form is not None:
            return form(self, seat, view)
        return self.ask_choice(seat, decision)

    def clear(self) -> None:
        """Clear the screen and, where the terminal keeps one, its scrollback: the next person
        must not scroll up to the last one's plot."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def show_events(self, seat: Seat | None, heading: str) -> None:
        shown = self.game.visible_events(self.last_events, seat)
        if shown:
            self.console.print(Text(heading, style="bold"))
            for e in shown:
                self.console.print(Text(f"  {self.presenter.describe_event(e)}"), soft_wrap=True)

    def show_view(self, view: Mapping[str, Any]) -> None:
        self.console.print(Text(self.presenter.describe_view(view)), soft_wrap=True)

    def error(self, exc: Exception) -> None:
        self.console.print(Text(f"Not accepted: {exc}", style="bold red"), soft_wrap=True)

    def check(self, seat: Seat, order: Order) -> bool:
        """Validate a (partial) order for ``seat``; show the rule broken and return False."""
        try:
            self.game.ruleset.validate(self.game.state, seat, order)
        except (RuleError, FormatError) as exc:
            self.error(exc)
            return False
        return True

    def ask_choice(self, seat: Seat, decision: Mapping[str, Any]) -> Order:
        """Any other decision: pick one of the legal orders by number, or type an order as JSON
        (games whose orders are too many to list, e.g. free placement, take JSON only). Where
        several units decide, each unit's choice is asked in turn (:meth:`ask_per_unit`)."""
        ruleset, state = self.game.ruleset, self.game.state
        legal = ruleset.legal(state, seat)
        self.console.print(Text(decision.get("prompt") or f"{seat}: {decision['kind']}", style="bold"))
        units = legal.per_unit()
        if len(units) > 1:
            return self.ask_per_unit(seat, legal, units)
        listed = [ruleset.order_json(state, seat, o) for o in legal.head(MAX_LISTED)]
        total = legal.count()
        for n, order in enumerate(listed, 1):
            self.console.print(Text(f"  {n:>3}. {json.dumps(order)}"), soft_wrap=True)
        if total > len(listed):
            self.console.print(Text(f"  ... and {total - len(listed)} more: type one as JSON"))
        while True:
            answer = self._pick(seat, f"{seat} order (number, or JSON)", len(listed), "1" if listed else "{}")
            if isinstance(answer, int):
                return listed[answer]
            if answer is not None:
                return answer.order

    def ask_per_unit(self, seat: Seat, legal: Legal[Any], units: Mapping[str, Sequence[Any]]) -> Order:
        """Each unit's choice by number, in turn, combined into the seat's order; where one unit
        of several acts (``legal.one_unit``), which unit first, then its order. JSON typed at any
        prompt is the whole order. A combination the rules refuse (two fighters on one card) is
        shown with its rule, and every unit is asked again."""
        ruleset, state = self.game.ruleset, self.game.state
        while True:
            todo = list(units)
            if legal.one_unit:
                for n, unit in enumerate(todo, 1):
                    self.console.print(Text(f"  {n:>3}. {unit} ({len(units[unit])} orders)"), soft_wrap=True)
                which = self._pick(seat, f"{seat}: which unit acts (number, or JSON)", len(todo), "1")
                if which is None:
                    continue
                if not isinstance(which, int):
                    return which.order
                todo = [todo[which]]
            picks: dict[str, Any] = {}
            for unit in todo:
                choices = units[unit]
                listed = list(choices[:MAX_LISTED])
                self.console.print(Text(f"{unit}:", style="bold"))
                for n, choice in enumerate(listed, 1):
                    shown = ruleset.order_json(state, seat, choice) if legal.one_unit else choice
                    self.console.print(Text(f"  {n:>3}. {_as_text(shown)}"), soft_wrap=True)
                if len(choices) > len(listed):
                    self.console.print(Text(f"  ... and {len(choices) - len(listed)} more: type the order as JSON"))
                answer = None
                while answer is None:
                    answer = self._pick(seat, f"{seat}: {unit} (number, or JSON)", len(listed), "1")
                if not isinstance(answer, int):
                    return answer.order
                picks[unit] = listed[answer]
            order = ruleset.order_json(state, seat, legal.combine(picks))
            if self.check(seat, order):
                return order

    def _pick(self, seat: Seat, prompt: str, listed: int, default: str) -> int | _Typed | None:
        """One answer: a number picks one of ``listed`` (its index); JSON is a whole order, checked
        by the rules; ``None`` when the answer was refused (and the reason shown)."""
        answer = self.ask(prompt, default).strip()
        if answer.isdigit():
            if 1 <= int(answer) <= listed:
                return int(answer) - 1
            self.error(InputError(f"{answer} is not one of the numbers 1-{listed}"))
            return None
        try:
            order = json.loads(answer)
        except json.JSONDecodeError as exc:
            self.error(InputError(f"not a number or JSON: {exc.msg}"))
            return None
        return _Typed(order) if self.check(seat, order) else None

    def ask_value(self, prompt: str, default: str, parse: Callable[[str], T]) -> T:
        """Ask until ``parse`` reads the answer; what it cannot read is shown, then asked again."""
        while True:
            try:
                return parse(self.ask(prompt, default))
            except InputError as exc:
                self.error(exc)

    # --- the end ------------------------------------------------------------------------

    def show_end(self) -> None:
        """The last turn's events and the final position, as one person (or everyone) sees it."""
        seat = self.humans[0] if len(self.humans) == 1 else None
        self.console.rule("Game over")
        self.show_events(seat, "Last step")
        self.show_view(self.game.view(seat))
        outcome = self.game.ruleset.outcome(self.game.state)
        if outcome is not None:
            result = "draw" if outcome.is_draw else f"{', '.join(outcome.winners)} wins"
            self.console.print(Text(f"Result: {result} ({outcome.reason.replace('_', ' ')})", style="bold"))



class _Typed:
    """A whole order typed as JSON (and accepted) where a number was asked for."""

    __slots__ = ("order",)

    def __init__(self, order: Order):
        self.order = order


def _as_text(choice: Any) -> str:
    """One unit's choice for a numbered list: JSON where it is JSON (tuples as lists), an order
    object's own ``to_json``, else its notation (``repr``)."""
    def plain(value: Any) -> Any:
        to_json = getattr(value, "to_json", None)
        return to_json() if callable(to_json) else repr(value)
    return json.dumps(choice, default=plain)
