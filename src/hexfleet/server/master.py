"""Play by mail on the server: the game master's operations, order sheets, turn reports and the
end-of-game summary (docs/pbm.md).

A game's creator gets a *master token* besides any seat's: with it the game master pauses and
resumes the game, extends the open turn's deadline, gives a seat to a bot or a new person, and
sets a seat's mail address and standing orders. None of these touch the rules: the game goes on
through :class:`~.service.GameService` exactly as before, and whatever a seat is sent (a report,
a summary before the end) is built from that seat's view and the events it may see.
"""

from __future__ import annotations

import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Mapping
from typing import Any

from sqlalchemy import select

from ..ai import check_bot
from ..engine.errors import FormatError
from ..engine.ruleset import Seat
from ..engine.sheet import check_sheet
from ..games import get_ruleset
from ..plugins import presenter, sheet_reader
from .models import GameRow, OrderRow, SeatRow
from .service import ApiError, GameService, hash_token


class GameMaster:
    """The play-by-mail operations of one server, on its :class:`GameService`."""

    REPORTS_KEPT = 64
    """Turn reports kept built (:meth:`report`): a Big Party turn is 8 seats' reports."""

    def __init__(self, service: GameService):
        self.service = service
        self._reports: OrderedDict[tuple[Any, ...], tuple[str, str]] = OrderedDict()
        self._reports_lock = threading.Lock()  # reports are asked from the server's worker threads

    # --- who may ---------------------------------------------------------------------------

    def check_master(self, game_id: str, token: str) -> None:
        with self.service.db.read() as s:
            stored = s.scalar(select(GameRow.master_hash).where(GameRow.id == game_id))
            if stored is None and s.get(GameRow, game_id) is None:
                raise ApiError(404, "no_such_game", f"no game {game_id!r}")
        if stored is None or stored != hash_token(token):
            raise ApiError(403, "not_master", "this needs the game master's token of this game")

    # --- the turn clock -------------------------------------------------------------------

    def pause(self, game_id: str) -> dict[str, Any]:
        """Stop the clock: no deadline passes and no step resolves until :meth:`resume`
        (orders are still taken, and kept)."""
        now = self.service.clock()
        with self.service.db.write() as s:
            game = self._open_game(s, game_id)
            if game.paused_remaining is not None:
                raise ApiError(409, "paused", "the game is paused already")
            game.paused_remaining = max(0.0, game.turn_deadline - now) if game.turn_deadline is not None else 0.0
            game.turn_deadline = None
            game.version += 1
        self.service.broker.publish(game_id)
        return self.service.game_info(game_id)

    def resume(self, game_id: str) -> dict[str, Any]:
        """Restart the clock with the time the turn had left, and resolve what is complete."""
        now = self.service.clock()
        with self.service.db.write() as s:
            game = self._open_game(s, game_id)
            if game.paused_remaining is None:
                raise ApiError(409, "not_paused", "the game is not paused")
            if game.status == "active" and game.deadline_seconds:
                game.turn_deadline = now + game.paused_remaining
            game.paused_remaining = None
            game.version += 1
        self.service.broker.publish(game_id)
        self.service.resolve(game_id)
        return self.service.game_info(game_id)

    def extend(self, game_id: str, seconds: float) -> dict[str, Any]:
        """Give the open turn ``seconds`` more (its reminder goes out again before the new end)."""
        with self.service.db.write() as s:
            game = self._open_game(s, game_id)
            if game.paused_remaining is not None and game.deadline_seconds:
                game.paused_remaining += seconds
            elif game.turn_deadline is not None:
                game.turn_deadline += seconds
            else:
                raise ApiError(409, "no_deadline", "the open turn has no deadline to extend")
            game.reminded = None
            game.version += 1
        self.service.broker.publish(game_id)
        return self.service.game_info(game_id)

    # --- seats ----------------------------------------------------------------------------

    def replace(self, game_id: str, seat: Seat, *, bot: str | None, name: str | None,
                email: str | None) -> dict[str, Any]:
        """Give ``seat`` to a bot, or to a new person (a new token; the old one stops working)."""
        now = self.service.clock()
        with self.service.db.write() as s:
            game = self._open_game(s, game_id)
            row = self._seat(s, game_id, seat)
            old = row.token_hash
            token = None
            if bot is not None:
                try:
                    check_bot(game.ruleset, bot, game.scenario)
                except FormatError as exc:
                    raise FormatError("bot", exc.message) from None
                row.bot, row.token_hash, row.name, row.email = bot, None, None, None
                game.has_bots = True
                game.version += 1
            else:
                row.bot = None
                token = self.service._join(game, row, name, now, email)
            self.service._update_status(game, self.service._seats(s, game_id), now)
        self.service.forget(game_id, old)
        self.service.broker.publish(game_id)
        return {"game": self.service.game_info(game_id), "seat": seat, "token": token}

    def set_seat(self, game_id: str, seat: Seat, *, email: str | None = None,
                 standing: Mapping[str, Any] | None = None, sheet: str | None = None) -> dict[str, Any]:
        """A seat's mail address and standing orders (as JSON per kind and unit, or a sheet)."""
        with self.service.db.write() as s:
            game = self._open_game(s, game_id)
            row = self._seat(s, game_id, seat)
            if email is not None:
                row.email = email or None
            if sheet is not None:
                ruleset = get_ruleset(game.ruleset)
                standing = dict(sheet_reader(game.ruleset).read(self.service._state(ruleset, game), seat,
                                                                  sheet).answers)
            if standing is not None:
                kinds = getattr(get_ruleset(game.ruleset), "kinds", None)
                for kind in standing:
                    if kinds is not None and kind not in kinds:
                        raise FormatError(f"standing.{kind}", f"no decision kind {kind!r}; kinds: {', '.join(kinds)}")
                row.standing = dict(standing)
            game.version += 1
            return {"seat": seat, "email": row.email, "standing": row.standing}

    # --- sheets and reports ---------------------------------------------------------------

    def submit_sheet(self, game_id: str, seat: Seat, text: str) -> dict[str, Any]:
        """An order sheet for ``seat``'s open decision: checked whole, then stored like an order
        (source ``sheet``); raises :class:`~hexfleet.engine.sheet.SheetErrors` with every error."""
        with self.service.db.read() as s:
            game = self.service._get(s, game_id)
            ruleset = get_ruleset(game.ruleset)
            state = self.service._state(ruleset, game)
            open_step = game.steps + 1
            if game.status == "over":
                raise ApiError(409, "game_over", "the game is over; no more orders are taken")
        accepted = check_sheet(ruleset, sheet_reader(game.ruleset), state, seat, text)
        answer = self.service.submit(game_id, seat, accepted.order, step=open_step, source="sheet")
        return {**answer, "kind": accepted.kind, "order": accepted.order}

    def report(self, game_id: str, seat: Seat | None, first: int | None = None,
               last: int | None = None) -> dict[str, Any]:
        """Steps ``first``..``last`` (default: the last one) as ``seat`` may see them: the
        presenter's turn report (text) and map (SVG) of the seat's view now, and the deadline."""
        with self.service.db.read() as s:
            game = self.service._get(s, game_id)
            last = game.steps if last is None else min(last, game.steps)
            first = last if first is None else max(1, first)
            deadline, paused, status = game.turn_deadline, game.paused_remaining is not None, game.status
            key = (game_id, game.steps, status, seat, first, last)
            with self._reports_lock:
                built = self._reports.get(key)
                if built is not None:
                    self._reports.move_to_end(key)
            if built is None:
                built = self._build_report(s, game, seat, first, last)
                with self._reports_lock:
                    self._reports[key] = built
                    while len(self._reports) > self.REPORTS_KEPT:
                        self._reports.popitem(last=False)
        text, svg = built
        text += "\n" + deadline_line(status, deadline, paused) + "\n"
        return {"game": game_id, "seat": seat, "first": first, "last": last, "text": text,
                "svg": svg, "turn_deadline": deadline}

    def _build_report(self, s: Any, game: GameRow, seat: Seat | None, first: int, last: int) -> tuple[str, str]:
        """The report's text (without the deadline) and map. They change only when a step
        resolves (the view is the game's state now) or the game ends (everything is shown), so
        :meth:`report` keeps them per step and status: a Big Party report (8 players × 15 ships)
        takes ~100 ms to build, most of it the text tables (issue 13: under 100 ms)."""
        ruleset = get_ruleset(game.ruleset)
        steps = self.service._steps(s, game.id)
        over = game.status == "over"
        events = [e for row in steps[first - 1:last]
                  for e in self.service._step_for(ruleset, game, steps, row, seat, over)["events"]]
        view = ruleset.view(self.service._state(ruleset, game), seat)
        shown = presenter(game.ruleset)
        return shown.turn_report(view, events), shown.svg(view, events=events)

    def summary(self, game_id: str) -> dict[str, Any]:
        """The end of the game: outcome, each seat's orders by who made them, the final position
        (everything is public once the game is over)."""
        with self.service.db.read() as s:
            game = self.service._get(s, game_id)
            if game.status != "over":
                raise ApiError(409, "not_over", "the summary comes at the end of the game")
            seats = self.service._seats(s, game_id)
            made: dict[str, Counter[str]] = {r.seat: Counter() for r in seats}
            for order_seat, source in s.execute(select(OrderRow.seat, OrderRow.source).where(
                    OrderRow.game_id == game_id)):
                made.setdefault(order_seat, Counter())[source] += 1
            ruleset = get_ruleset(game.ruleset)
            final = ruleset.view(self.service._state(ruleset, game), None)
            outcome = game.outcome or {}
        winners = outcome.get("winners") or []
        lines = [f"Game {game_id} ({game.ruleset}, {game.scenario}) is over after {game.steps} steps: "
                 f"{outcome.get('reason', '?')}; " + (f"won by {', '.join(winners)}." if winners else "a draw."), ""]
        for r in seats:
            who = r.name or (f"the {r.bot} bot" if r.bot else "a player" if r.token_hash else "nobody")
            counts = ", ".join(f"{n} by {src}" for src, n in sorted(made[r.seat].items())) or "no orders"
            lines.append(f"{r.seat}: {who}; orders {counts}")
        text = "\n".join(lines) + "\n\n" + presenter(game.ruleset).describe_view(final) + "\n"
        return {"game": game_id, "outcome": outcome, "steps": game.steps,
                "seats": [{"seat": r.seat, "name": r.name, "bot": r.bot, "orders": dict(made[r.seat])} for r in seats],
                "text": text}

    # --- helpers --------------------------------------------------------------------------

    def _open_game(self, s: Any, game_id: str) -> GameRow:
        game = self.service._lock(s, game_id)
        if game.status == "over":
            raise ApiError(409, "game_over", "the game is over")
        return game

    @staticmethod
    def _seat(s: Any, game_id: str, seat: Seat) -> SeatRow:
        row = s.get(SeatRow, (game_id, seat))
        if row is None:
            raise ApiError(404, "no_such_seat", f"game {game_id} has no seat {seat!r}")
        return row


def deadline_line(status: str, deadline: float | None, paused: bool) -> str:
    """The report's last line: when the next orders are due (UTC)."""
    if status == "over":
        return "The game is over."
    if paused:
        return "The game is paused by its game master; the deadline is set again when it resumes."
    if deadline is None:
        return "No deadline: the turn resolves once every order is in."
    return "Next deadline: " + time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(deadline))

