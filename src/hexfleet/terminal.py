"""Playing in the terminal: hot-seat for people sharing one screen, or against bots.

The loop drives a :class:`~hexfleet.engine.game.Game` and shows each seat only
``Game.view(seat)`` and ``Game.visible_events(events, seat)``, in words, through the game's
presenter (found by name, :func:`hexfleet.plugins.presenter`); before a person's turn in
hot-seat play the screen is cleared and the device handed over, so nobody sees another's plot.
A decision the presenter has a form for (``Presenter.FORMS``) is entered guided, field by
field; any other is picked from its legal orders by number, or typed as JSON.
Input comes through one ``ask(prompt, default)`` function (a Typer prompt in the CLI), so a
test can feed scripted lines. Every entry is checked by the ruleset's ``validate``; a bad one
is shown with its rule ID and asked again, and nothing is applied until a whole step is legal.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from rich.console import Console
from rich.text import Text

from .ai.base import Bot
from .engine.errors import FormatError, RuleError
from .engine.game import Game
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
                    legal = self.game.ruleset.legal_orders(self.game.state, seat)
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
        (games whose orders are too many to list, e.g. free placement, take JSON only)."""
        legal = self.game.ruleset.legal_orders(self.game.state, seat)
        self.console.print(Text(decision.get("prompt") or f"{seat}: {decision['kind']}", style="bold"))
        listed = legal[:MAX_LISTED]
        for n, order in enumerate(listed, 1):
            self.console.print(Text(f"  {n:>3}. {json.dumps(order)}"), soft_wrap=True)
        if len(legal) > len(listed):
            self.console.print(Text(f"  ... and {len(legal) - len(listed)} more: type one as JSON"))
        while True:
            answer = self.ask(f"{seat} order (number, or JSON)", "1" if listed else "{}").strip()
            if answer.isdigit():
                if 1 <= int(answer) <= len(listed):
                    return listed[int(answer) - 1]
                self.error(InputError(f"{answer} is not one of the numbers 1-{len(listed)}"))
                continue
            try:
                order = json.loads(answer)
            except json.JSONDecodeError as exc:
                self.error(InputError(f"not a number or JSON: {exc.msg}"))
                continue
            if self.check(seat, order):
                return order

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

