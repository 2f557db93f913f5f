"""Playing in the terminal: hot-seat for people sharing one screen, or against bots.

The loop drives a :class:`~hexfleet.engine.game.Game` and shows each seat only
``Game.view(seat)`` and ``Game.visible_events(events, seat)``; before a person's turn in
hot-seat play the screen is cleared and the device handed over, so nobody sees another's plot.
Input comes through one ``ask(prompt, default)`` function (a Typer prompt in the CLI), so a
test can feed scripted lines. Every entry is checked by the ruleset's ``validate``; a bad one
is shown with its rule ID and asked again, and nothing is applied until a whole step is legal.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from .ai.base import Bot
from .engine.errors import FormatError, RuleError
from .engine.game import Game
from .engine.ruleset import Event, Order, Seat
from .games.turn_or_burn.cards import GUNS
from .games.turn_or_burn.notation import LETTERS
from .hexgrid import DIRECTIONS, distance
from .render.turn_or_burn import ascii_map, card_rows, describe_event, fighters_table, gun_text, targets_table

MAX_LISTED = 40
"""Legal orders listed for a pick by number; beyond this an order is typed as JSON."""

Ask = Callable[[str, str], str]
"""``ask(prompt, default) -> answer``; raises (``typer.Abort``, ``EOFError``) when input ends."""


class InputError(ValueError):
    """A typed answer that could not be read (not a hex, not a number): ask again."""


def parse_hex(text: str) -> list[int]:
    parts = text.replace(",", " ").replace("[", " ").replace("]", " ").split()
    try:
        q, r = (int(p) for p in parts)
    except ValueError:
        raise InputError(f"{text!r} is not a hex: type two integers q,r (e.g. 5,8)") from None
    return [q, r]


class TerminalPlay:
    """One terminal session of one game: people at ``ask``, bots for the seats in ``bots``."""

    def __init__(self, game: Game, *, bots: Mapping[Seat, Bot], console: Console, ask: Ask):
        self.game = game
        self.bots = dict(bots)
        self.console = console
        self.ask = ask
        self.humans = [s for s in game.ruleset.seats(game.state) if s not in self.bots]
        self.last_events: list[Event] = []
        self.forms = game.ruleset.name == "turn-or-burn"
        """Tables and guided entry exist for Turn or Burn; other games show JSON and take JSON."""

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
        if self.forms and decision["kind"] == "setup":
            return self.ask_setup(seat, view)
        if self.forms and decision["kind"] == "plot":
            return self.ask_plot(seat, view)
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
            for e in shown:  # sentences for Turn or Burn; other games' events as JSON
                self.console.print(Text(f"  {describe_event(e) if self.forms else json.dumps(e)}"), soft_wrap=True)

    def show_view(self, view: Mapping[str, Any]) -> None:
        if not self.forms:
            text = self.game.ruleset.describe_view(view)
            if text is None:
                self.console.print_json(data=view)
            else:
                self.console.print(Text(text), soft_wrap=True)
            return
        self.console.print(Text(ascii_map(view)), soft_wrap=True)
        self.console.print(fighters_table(view))
        if view["seat"] is not None and any(f["side"] != view["seat"] for f in view["fighters"]):
            self.console.print(targets_table(view))

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

    def ask_setup(self, seat: Seat, view: Mapping[str, Any]) -> Order:
        """Gun, hex, facing and speed for each own fighter, each with its default."""
        options = view["decision"]["options"]["fighters"]
        fighters = {f["id"]: f for f in view["fighters"]}
        guns = Table(title="Guns (TOB-M1-BUILD-01)", title_justify="left")
        guns.add_column("gun")
        guns.add_column("what it does")
        for g in next(iter(options.values()))["guns"]:
            guns.add_row(g, gun_text(GUNS[g]))
        self.console.print(guns)
        order: dict[str, Any] = {}
        for fid, opt in options.items():
            current = next((c for c in fighters[fid]["cards"] if c in GUNS), opt["guns"][0])
            default = opt["default"]
            self.console.print(Text(f"{fid}: start zone {opt['zone']} half, speed 0-{opt['max_speed']}"))
            while True:
                gun = self.ask(f"{fid} gun ({'/'.join(opt['guns'])})", current).strip().upper()
                hex_ = self.ask_value(f"{fid} hex q,r", f"{default['hex'][0]},{default['hex'][1]}", parse_hex)
                facing = self.ask(f"{fid} facing (A-F)", default["facing"]).strip().upper()
                speed = self.ask_value(f"{fid} speed (momentum marker straight ahead)",
                                       str(distance(tuple(default["hex"]), tuple(default["momentum"]))), _parse_int)
                placement: dict[str, Any] = {"gun": gun, "hex": hex_, "facing": facing}
                if facing in LETTERS and len(facing) == 1:
                    dq, dr = DIRECTIONS[LETTERS.index(facing)]
                    placement["momentum"] = [hex_[0] + dq * speed, hex_[1] + dr * speed]
                if self.check(seat, {fid: placement}):
                    order[fid] = placement
                    break
        return order

    def ask_plot(self, seat: Seat, view: Mapping[str, Any]) -> Order:
        """One card per own fighter from the legal cards, each shown with what it would do."""
        options = view["decision"]["options"]["fighters"]
        order: dict[str, Any] = {}
        for fid, opt in options.items():
            table = Table(title=f"{fid}: legal cards", title_justify="left")
            for col in ("card", "what it does", "result"):
                table.add_column(col)
            for row in card_rows(view, fid, opt["cards"]):
                table.add_row(*row)
            self.console.print(table)
            while True:
                card = self.ask(f"{fid} card (Enter = plot nothing)", "").strip().upper()
                actions: list[dict[str, Any]] = []
                if card:
                    actions.append({"card": card})
                    if card in GUNS and len(opt["targets"]) > 1:
                        target = self.ask(f"{fid} target ({'/'.join(opt['targets'])}; Enter = nearest)", "").strip()
                        if target:
                            actions[0]["target"] = target.upper()
                if self.check(seat, {fid: actions}):
                    order[fid] = actions
                    break
        return order

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

    def ask_value(self, prompt: str, default: str, parse: Callable[[str], Any]) -> Any:
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


def _parse_int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InputError(f"{text!r} is not a whole number") from None
