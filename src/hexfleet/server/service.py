"""Games on the database: create, join, store orders, resolve turns, per-seat views and logs.

Everything rules-related is the engine's: turns resolve through :func:`hexfleet.engine.step`,
every answer to a seat is built from ``ruleset.view``/``order_view``/``event_visible``, records
use :mod:`hexfleet.engine.record`'s format. This module adds persistence and who-may-do-what.

Crash safety: an order is committed in its own transaction before it is acknowledged;
resolving a step (the step row with its orders and events, the new state cache, the next
deadline) is a second, single transaction. A crash between the two leaves a complete set of
stored orders and no step: :meth:`GameService.recover` resolves it at startup. A crash inside
either transaction rolls it back whole.

Bots think outside every transaction (:meth:`GameService.play_bot_round`): a search bot may take
a second per decision, and SQLite has one writer for all games. Their orders are then stored
like a player's; a bot decision lost in a crash is simply made again once the server is back
(in the background: a restart never waits for bots to think).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from io import StringIO
from typing import Any

from sqlalchemy import Connection, Row, bindparam, insert, select, update
from sqlalchemy.orm import Session

from ..ai import check_bot, get_bot
from ..engine import step as engine_step
from ..engine.canonical import canonical_json
from ..engine.errors import FormatError
from ..engine.game import new_seed, redact_step
from ..engine.record import RecordWriter, header
from ..engine.rng import seed_commitment
from ..engine.ruleset import Order, Ruleset, Seat
from ..games import get_ruleset
from .broker import Broker
from .db import Database
from .models import GameRow, OrderRow, RequestRow, SeatRow, StepRow
from .options import check_options
from .standing import standing_order

# The order and resolution paths' statements, built once: SQLAlchemy Core on the connection, no
# ORM unit of work (the busiest requests; STYLE §8: keep the hot path lean).
_GAME_FOR_ORDER = (select(GameRow.ruleset, GameRow.steps, GameRow.status)
                   .where(GameRow.id == bindparam("game_id")).with_for_update())
_REQUEST = select(RequestRow.body_sha256, RequestRow.response).where(
    RequestRow.game_id == bindparam("game_id"), RequestRow.seat == bindparam("seat"),
    RequestRow.key == bindparam("key"))
_ORDER_SEATS = select(OrderRow.seat).where(OrderRow.game_id == bindparam("game_id"),
                                           OrderRow.step == bindparam("step"))
_INSERT_ORDER = insert(OrderRow)
_REPLACE_ORDER = (update(OrderRow).where(OrderRow.game_id == bindparam("w_game"), OrderRow.step == bindparam("w_step"),
                                         OrderRow.seat == bindparam("w_seat"))
                  .values(order=bindparam("v_order"), source=bindparam("v_source"), created_at=bindparam("v_at")))
_BUMP_VERSION = update(GameRow).where(GameRow.id == bindparam("game_id")).values(version=GameRow.version + 1)
_INSERT_REQUEST = insert(RequestRow)
_STORED_ORDERS = select(OrderRow.seat, OrderRow.order).where(OrderRow.game_id == bindparam("game_id"),
                                                             OrderRow.step == bindparam("step"))
_INSERT_STEP = insert(StepRow)
_GAME_FOR_RESOLVE = (select(GameRow.id, GameRow.ruleset, GameRow.steps, GameRow.status, GameRow.deadline_seconds,
                            GameRow.turn_deadline, GameRow.paused_remaining)
                     .where(GameRow.id == bindparam("game_id")).with_for_update())


log = logging.getLogger("hexfleet.server")


@dataclass(slots=True)
class _Live:
    """The game row's fields that resolving reads and changes (written back in one UPDATE)."""

    id: str
    ruleset: str
    steps: int
    status: str
    deadline_seconds: float | None
    turn_deadline: float | None
    paused_remaining: float | None = None
    state: dict[str, Any] | None = None
    outcome: dict[str, Any] | None = None


class ApiError(Exception):
    """A request the server refuses for a reason other than the rules: 4xx with a JSON body."""

    def __init__(self, status: int, error: str, message: str, **extra: Any):
        super().__init__(message)
        self.status = status
        self.body = {"error": error, "message": message, **extra}


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class SeatSpec:
    bot: str | None = None
    stand_in: str | None = None


@dataclass(frozen=True, slots=True)
class Caller:
    """Who is asking: a seat of one game (from its bearer token)."""

    game_id: str
    seat: Seat


class GameService:
    def __init__(self, db: Database, broker: Broker, *, max_steps_per_resolve: int = 1000, bot_threads: int = 1,
                 clock: Callable[[], float] = time.time):
        self.db = db
        self.broker = broker
        self.clock = clock
        self.max_steps = max_steps_per_resolve
        self._cache: OrderedDict[tuple[str, int], Any] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._callers: dict[str, Caller] = {}
        """Token hash → seat: a token never changes seat once issued, so every process may cache it."""
        self._has_bots: dict[str, bool] = {}
        self._bot_threads = ThreadPoolExecutor(max_workers=bot_threads, thread_name_prefix="hexfleet-bots")
        """Bots think here, never on the request threads: a search bot may think for seconds."""
        self.on_resolved: list[Callable[[str, int, int], None]] = []
        """Called with ``(game id, first step, last step)`` after steps are resolved and
        committed (play by mail sends the turn reports from here)."""

    def close(self) -> None:
        """Stop the bots' threads (their pending work resumes after the next start:
        :meth:`games_with_bots`)."""
        self._bot_threads.shutdown(wait=False, cancel_futures=True)

    # --- lobby --------------------------------------------------------------------------

    def seats_for(self, ruleset_name: str, scenario: str, options: Mapping[str, Any]) -> list[Seat]:
        """The seats a game of ``scenario`` with ``options`` would have (a Big Party's depend on
        its ``players``): what the lobby offers before the game is created."""
        ruleset = get_ruleset(ruleset_name)
        if scenario not in ruleset.scenarios():
            raise FormatError("scenario", f"unknown {ruleset.name} scenario {scenario!r}; "
                              f"known: {', '.join(sorted(ruleset.scenarios()))}")
        check_options(ruleset, options)
        return list(ruleset.seats(ruleset.new_game(scenario, seed=0, options=options)))

    def create_game(self, *, ruleset_name: str, scenario: str, options: Mapping[str, Any],
                    seats: Mapping[Seat, SeatSpec], deadline_seconds: float | None,
                    join: Seat | None = None, name: str | None = None, email: str | None = None) -> dict[str, Any]:
        ruleset = get_ruleset(ruleset_name)
        if scenario not in ruleset.scenarios():
            raise FormatError("scenario", f"unknown {ruleset.name} scenario {scenario!r}; "
                              f"known: {', '.join(sorted(ruleset.scenarios()))}")
        check_options(ruleset, options)
        seed = new_seed()
        state = ruleset.new_game(scenario, seed=seed, options=options)
        all_seats = ruleset.seats(state)
        for seat, spec in seats.items():
            if seat not in all_seats:
                raise FormatError(f"seats.{seat}", f"no seat {seat!r} in {scenario}; seats: {', '.join(all_seats)}")
            for field, bot in (("bot", spec.bot), ("stand_in", spec.stand_in)):
                if bot is not None:  # only a bot the game declares for this scenario (422 naming those)
                    try:
                        check_bot(ruleset.name, bot, scenario)
                    except FormatError as exc:
                        raise FormatError(f"seats.{seat}.{field}", exc.message) from None
        if join is not None and (join not in all_seats or seats.get(join, SeatSpec()).bot):
            raise FormatError("join", f"{join!r} is not a seat a person can take; seats: {', '.join(all_seats)}")
        now = self.clock()
        master = secrets.token_urlsafe(24)
        game = GameRow(
            id=secrets.token_hex(6), ruleset=ruleset.name, scenario=scenario, options=dict(options), seed=str(seed),
            seed_sha256=seed_commitment(seed), bot_seed=secrets.token_hex(8),
            header=header(ruleset, state, scenario=scenario, options=options, seed=seed),
            status="open", steps=0, state=ruleset.to_json(state), outcome=None,
            deadline_seconds=deadline_seconds, turn_deadline=None, version=0, created_at=now,
            has_bots=any(spec.bot for spec in seats.values()), master_hash=hash_token(master),
        )
        rows = [SeatRow(game_id=game.id, seat=seat, position=i, bot=seats.get(seat, SeatSpec()).bot,
                        stand_in=seats.get(seat, SeatSpec()).stand_in) for i, seat in enumerate(all_seats)]
        token = None
        with self.db.write() as s:
            s.add(game)
            s.add_all(rows)
            s.flush()
            if join is not None:
                token = self._join(game, rows[all_seats.index(join)], name, now, email)
            self._update_status(game, rows, now)
            self._put(game.id, 0, state)
        return {"game": self.game_info(game.id), "token": token, "seat": join, "master_token": master}

    def join(self, game_id: str, seat: Seat, name: str | None, email: str | None = None) -> dict[str, Any]:
        now = self.clock()
        with self.db.write() as s:
            game = self._lock(s, game_id)
            rows = self._seats(s, game_id)
            row = next((r for r in rows if r.seat == seat), None)
            if row is None:
                raise ApiError(404, "no_such_seat", f"game {game_id} has no seat {seat!r}",
                               seats=[r.seat for r in rows])
            if row.bot is not None:
                raise ApiError(409, "seat_is_bot", f"seat {seat!r} is played by the {row.bot} bot")
            if row.token_hash is not None:
                raise ApiError(409, "seat_taken", f"seat {seat!r} has already been taken")
            if game.status == "over":
                raise ApiError(409, "game_over", "the game is over")
            token = self._join(game, row, name, now, email)
            self._update_status(game, rows, now)
            info = self._public(game, rows)
        self.broker.publish(game_id)
        return {"game": info, "token": token, "seat": seat}

    @staticmethod
    def _join(game: GameRow, row: SeatRow, name: str | None, now: float, email: str | None = None) -> str:
        token = secrets.token_urlsafe(24)
        row.token_hash = hash_token(token)
        row.name = name
        row.email = email
        row.joined_at = now
        game.version += 1
        return token

    def _update_status(self, game: GameRow, rows: list[SeatRow], now: float) -> None:
        """A game is ``open`` until every person's seat is taken; the turn clock starts then."""
        if game.status == "open" and all(r.bot is not None or r.token_hash is not None for r in rows):
            game.status = "active"
            if game.deadline_seconds:
                game.turn_deadline = now + game.deadline_seconds

    def list_games(self, status: str | None, limit: int = 100) -> list[dict[str, Any]]:
        with self.db.read() as s:
            query = select(GameRow).order_by(GameRow.created_at.desc()).limit(limit)
            if status is not None:
                query = query.where(GameRow.status == status)
            games = list(s.scalars(query))
            seats: dict[str, list[SeatRow]] = {g.id: [] for g in games}
            if games:
                for r in s.scalars(select(SeatRow).where(SeatRow.game_id.in_(seats)).order_by(SeatRow.position)):
                    seats[r.game_id].append(r)
            return [self._public(g, seats[g.id]) for g in games]

    def game_info(self, game_id: str) -> dict[str, Any]:
        with self.db.read() as s:
            game = self._get(s, game_id)
            return self._public(game, self._seats(s, game_id))

    def forget(self, game_id: str, token_hash: str | None) -> None:
        """Drop what this process cached about a seat the game master gave away: the old token's
        seat, and whether the game has bots."""
        if token_hash is not None:
            self._callers.pop(token_hash, None)
        self._has_bots.pop(game_id, None)

    def known_caller(self, token: str) -> Caller | None:
        """The seat of a token this process has already seen (no database access)."""
        return self._callers.get(hash_token(token))

    def caller_for_token(self, token: str) -> Caller | None:
        key = hash_token(token)
        caller = self._callers.get(key)
        if caller is None:
            with self.db.read() as s:
                row = s.execute(select(SeatRow.game_id, SeatRow.seat).where(SeatRow.token_hash == key)).first()
            if row is None:
                return None
            caller = self._callers[key] = Caller(row.game_id, row.seat)
        return caller

    # --- play ---------------------------------------------------------------------------

    def view(self, game_id: str, seat: Seat | None) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) sees now, and what it must decide."""
        return self.views(game_id, (seat,))[seat]

    def views(self, game_id: str, seats: Iterable[Seat | None]) -> dict[Seat | None, dict[str, Any]]:
        """:meth:`view` for several seats from one read of the game: an event stream's update
        is built once per watched seat, whatever the number of streams (:mod:`.streams`)."""
        with self.db.read() as s:
            game = self._get(s, game_id)
            ruleset = get_ruleset(game.ruleset)
            state = self._state(ruleset, game)
            deciding = ruleset.deciding(state)
            stored = {r.seat: r for r in s.scalars(select(OrderRow).where(
                OrderRow.game_id == game_id, OrderRow.step == game.steps + 1))}
            public = self._public(game, self._seats(s, game_id))
            views = {}
            for seat in seats:
                mine = stored.get(seat) if seat is not None else None
                views[seat] = {
                    "game": public,
                    "seat": seat,
                    "step": game.steps + 1,
                    "version": game.version,
                    "view": ruleset.view(state, seat),
                    "decision": decision.to_json() if (decision := ruleset.decision(state, seat)) else None,
                    "my_order": None if mine is None else mine.order,
                    "submitted": sorted(stored),
                    "waiting_for": [p for p in deciding if p not in stored],
                }
            return views

    def version(self, game_id: str) -> int:
        with self.db.read() as s:
            return self._get(s, game_id).version

    def preview(self, game_id: str, seat: Seat, order: Order) -> dict[str, Any]:
        with self.db.read() as s:
            game = self._get(s, game_id)
            ruleset = get_ruleset(game.ruleset)
            state = self._state(ruleset, game)
            self._check_pending(ruleset, state, game.steps + 1, seat)
            ruleset.validate(state, seat, order)
            result = ruleset.preview(state, seat, order)
        if result is None:
            raise ApiError(404, "no_preview", f"{ruleset.name} offers no preview for the decision open now")
        return {"step": game.steps + 1, "seat": seat, "preview": result}

    def legal(self, game_id: str, seat: Seat, offset: int, limit: int) -> dict[str, Any]:
        """A page of the legal orders (as JSON) of the seat that must decide now, so a user
        interface can offer every choice without knowing the rules. Only for the caller's own
        open decision: any other seat gets 409 ``no_decision``. The lazy set counts its orders
        and makes only the page's (``Legal.page``), in ``legal_orders``' order: the whole list
        is never built."""
        with self.db.read() as s:
            game = self._get(s, game_id)
            ruleset = get_ruleset(game.ruleset)
            state = self._state(ruleset, game)
            self._check_pending(ruleset, state, game.steps + 1, seat)
            legal = ruleset.legal(state, seat)
            total = legal.count()
            orders = [ruleset.order_json(state, seat, o) for o in legal.page(offset, limit)]
            kind = ruleset.pending(state)[seat].kind
        return {"step": game.steps + 1, "seat": seat, "kind": kind, "total": total, "offset": offset,
                "orders": orders}

    def submit(self, game_id: str, seat: Seat, order: Order, *, step: int | None = None,
               request_key: str | None = None, source: str = "player") -> dict[str, Any]:
        """Validate and store ``seat``'s order for the open step (replacing an earlier one), then
        resolve the step if it is complete. Returns once the order is committed.

        The busiest request: written with SQLAlchemy Core statements, not the ORM unit of work.
        """
        now = self.clock()
        body_hash = hashlib.sha256(canonical_json({"order": order, "step": step}).encode()).hexdigest()
        with self.db.write() as s:
            c = s.connection()  # Core statements straight on the connection: no ORM layer
            game = c.execute(_GAME_FOR_ORDER, {"game_id": game_id}).first()
            if game is None:
                raise ApiError(404, "no_such_game", f"no game {game_id!r}")
            done = None if request_key is None else c.execute(
                _REQUEST, {"game_id": game_id, "seat": seat, "key": request_key}).first()
            if done is not None:
                if done.body_sha256 != body_hash:
                    raise ApiError(409, "request_key_reused", "this request key was already used for a "
                                   "different order; use a new key for a new order", request_key=request_key)
                response, complete = {**done.response, "retry": True}, True
            else:
                response, complete = self._store_order(c, game, game_id, seat, order, step, request_key,
                                                       body_hash, now, source)
        if complete:  # (after a retry: finish a resolution that the first try may have missed)
            self.resolve(game_id)
        self.broker.publish(game_id)
        return response

    def _store_order(self, c: Connection, game: Row[str, int, str], game_id: str, seat: Seat, order: Order,
                     step: int | None, request_key: str | None, body_hash: str,
                     now: float, source: str = "player") -> tuple[dict[str, Any], bool]:
        """Validate and store one order in the caller's transaction; returns the answer and
        whether every pending seat now has an order."""
        ruleset = get_ruleset(game.ruleset)
        open_step = game.steps + 1
        if game.status == "over":
            raise ApiError(409, "game_over", "the game is over; no more orders are taken")
        if step is not None and step != open_step:
            raise ApiError(409, "stale_step", f"the order is for step {step} but step {open_step} is open now",
                           step=open_step)
        state = self._state_at(c, ruleset, game_id, game.steps)
        self._check_pending(ruleset, state, open_step, seat)
        ruleset.validate(state, seat, order)
        stored = set(c.scalars(_ORDER_SEATS, {"game_id": game_id, "step": open_step}))
        replaced = seat in stored
        if replaced:
            c.execute(_REPLACE_ORDER, {"w_game": game_id, "w_step": open_step, "w_seat": seat, "v_order": order,
                                       "v_source": source, "v_at": now})
        else:
            c.execute(_INSERT_ORDER, {"game_id": game_id, "step": open_step, "seat": seat, "order": order,
                                      "source": source, "created_at": now})
        c.execute(_BUMP_VERSION, {"game_id": game_id})
        response = {"accepted": True, "step": open_step, "seat": seat, "replaced": replaced}
        if request_key is not None:
            c.execute(_INSERT_REQUEST, {"game_id": game_id, "seat": seat, "key": request_key,
                                        "body_sha256": body_hash, "response": response})
        complete = all(p == seat or p in stored for p in ruleset.pending(state))
        return {**response, "retry": False}, complete

    def resolve(self, game_id: str) -> int:
        """Resolve every step of the game that is complete or overdue; returns how many."""
        now = self.clock()
        with self.db.write() as s:
            c = s.connection()  # Core statements, as in submit
            row = c.execute(_GAME_FOR_RESOLVE, {"game_id": game_id}).first()
            if row is None:
                raise ApiError(404, "no_such_game", f"no game {game_id!r}")
            game = _Live(**row._asdict())
            first = game.steps + 1
            count = self._resolve_ready(s, get_ruleset(game.ruleset), game, now)
            if count:
                c.execute(update(GameRow).where(GameRow.id == game_id).values(
                    steps=game.steps, state=game.state, status=game.status, outcome=game.outcome,
                    turn_deadline=game.turn_deadline, version=GameRow.version + count))
        if count:
            self.broker.publish(game_id)
            for hook in self.on_resolved:
                try:
                    hook(game_id, first, game.steps)
                except Exception:  # the turn stands whatever a listener does
                    log.exception("a listener of game %s's resolution failed", game_id)
        return count

    def overdue_games(self) -> list[str]:
        with self.db.read() as s:
            return list(s.scalars(select(GameRow.id).where(
                GameRow.status == "active", GameRow.turn_deadline <= self.clock())))

    def recover(self) -> int:
        """At startup: resolve every turn whose orders were all stored before a crash (only
        games with orders stored for their open step can have one). Quick: no bot thinks here;
        :meth:`games_with_bots` lists the games whose bots then resume in the background."""
        with self.db.read() as s:
            ids = list(s.scalars(select(GameRow.id).where(GameRow.status != "over", select(OrderRow.seat).where(
                OrderRow.game_id == GameRow.id, OrderRow.step == GameRow.steps + 1).exists())))
        resolved = 0
        for game_id in ids:
            try:
                resolved += self.resolve(game_id)
            except Exception:  # one broken game must not keep the server from starting
                log.exception("recovering game %s failed; it waits for its next order", game_id)
        return resolved

    def games_with_bots(self) -> list[str]:
        """Games not over that have bot seats: at startup their bots make any decision they had
        not stored (:meth:`play_bots_soon`)."""
        with self.db.read() as s:
            return list(s.scalars(select(GameRow.id).where(GameRow.status != "over", GameRow.has_bots)))

    def has_bots(self, game_id: str) -> bool:
        """Whether the game has bot seats (fixed at creation, so every process may cache it)."""
        known = self._has_bots.get(game_id)
        if known is None:
            with self.db.read() as s:
                known = self._has_bots[game_id] = bool(s.scalar(select(GameRow.has_bots).where(GameRow.id == game_id)))
        return known

    async def play_bots_soon(self, game_id: str) -> int:
        """Let the game's bots decide until none is pending, on the bots' own threads; returns
        the steps resolved. A route adds it as a background task, run once its answer is sent.

        One round of decisions per turn on those threads (:meth:`play_bot_round`), so a long
        bots-only game takes turns with every other game's bots instead of keeping the threads
        until its end. Call it after anything that may open a bot's decision: creating,
        ordering, a deadline, a restart.
        """
        loop = asyncio.get_running_loop()
        resolved = 0
        for _ in range(self.max_steps):
            played = await loop.run_in_executor(self._bot_threads, self.play_bot_round, game_id)
            if played is None:
                break
            resolved += played
        return resolved

    def play_bot_round(self, game_id: str) -> int | None:
        """Every bot decision open now, made and stored; returns the steps that then resolved,
        or ``None`` when no bot had anything to decide.

        Bot seats decide as soon as their decision opens; once a turn deadline has passed, so
        do the stand-in bots of the people who missed it. Each bot thinks outside any
        transaction, from its seat's view and legal orders only; the orders are then stored in
        one short transaction (unless the step moved on meanwhile) and the step resolved.
        """
        todo = self._bot_decisions(game_id)
        if todo is None:
            return None
        ruleset, state, open_step, bot_seed, deciders = todo
        orders = {seat: (self._bot_choice(ruleset, state, bot_seed, seat, bot, open_step), source)
                  for seat, bot, source in deciders}
        now = self.clock()
        with self.db.write() as s:
            c = s.connection()
            game = c.execute(_GAME_FOR_ORDER, {"game_id": game_id}).first()
            if game is not None and game.steps + 1 == open_step and game.status != "over":
                stored = set(c.scalars(_ORDER_SEATS, {"game_id": game_id, "step": open_step}))
                for seat, (order, source) in orders.items():
                    if seat not in stored:
                        c.execute(_INSERT_ORDER, {"game_id": game_id, "step": open_step, "seat": seat,
                                                  "order": order, "source": source, "created_at": now})
                c.execute(_BUMP_VERSION, {"game_id": game_id})
        self.broker.publish(game_id)
        return self.resolve(game_id)

    def _bot_decisions(self, game_id: str) -> tuple[Ruleset[Any], Any, int, str, list[tuple[Seat, str, str]]] | None:
        """The bot decisions open now: ``(ruleset, state, step, bot seed, [(seat, bot, source)])``."""
        with self.db.read() as s:
            game = self._get(s, game_id)
            if game.status == "over":
                return None
            overdue = game.status == "active" and game.turn_deadline is not None and self.clock() >= game.turn_deadline
            if not (game.has_bots or overdue):
                return None
            ruleset = get_ruleset(game.ruleset)
            state = self._state(ruleset, game)
            pending = ruleset.pending(state)
            stored = set(s.scalars(_ORDER_SEATS, {"game_id": game_id, "step": game.steps + 1}))
            deciders: list[tuple[str, str, str]] = []
            for r in self._seats(s, game_id):
                if r.seat not in pending or r.seat in stored:
                    continue
                if r.bot:
                    deciders.append((r.seat, r.bot, "bot"))
                elif overdue and r.stand_in:
                    deciders.append((r.seat, r.stand_in, "stand_in"))
            return (ruleset, state, game.steps + 1, game.bot_seed, deciders) if deciders else None

    @staticmethod
    def _check_pending(ruleset: Ruleset[Any], state: Any, open_step: int, seat: Seat) -> None:
        if ruleset.is_over(state):
            raise ApiError(409, "game_over", "the game is over; no more orders are taken")
        pending = ruleset.pending(state)
        if seat not in pending:
            raise ApiError(409, "no_decision", f"seat {seat!r} has nothing to decide at step {open_step}; "
                           f"waiting for {', '.join(pending)}", step=open_step)

    def _resolve_ready(self, s: Session, ruleset: Ruleset[Any], game: _Live, now: float) -> int:
        """Resolve steps while every pending seat has an order (or the deadline has passed);
        ``game`` is updated in memory, for the caller to write back."""
        c = s.connection()
        seats: list[SeatRow] | None = None  # loaded only when a deadline needs them
        count = 0
        while game.status != "over" and game.paused_remaining is None and count < self.max_steps:
            state = self._state_at(c, ruleset, game.id, game.steps)
            open_step = game.steps + 1
            stored: dict[Seat, Order] = dict(c.execute(_STORED_ORDERS, {"game_id": game.id, "step": open_step}).all())
            pending = ruleset.pending(state)
            missing = [seat for seat in pending if seat not in stored]
            if missing:
                if not (game.turn_deadline is not None and now >= game.turn_deadline):
                    break
                seats = seats or self._seats(s, game.id)
                absent = [row for row in seats if row.seat in missing]
                if any(row.bot or row.stand_in for row in absent):
                    break  # a bot decides first, outside this transaction (play_bot_round)
                for row in absent:  # a person without a stand-in bot: the standing order
                    order = standing_order(ruleset, state, row.seat, row.standing)
                    c.execute(_INSERT_ORDER, {"game_id": game.id, "step": open_step, "seat": row.seat,
                                              "order": order, "source": "standing", "created_at": now})
                    stored[row.seat] = order
            orders = {seat: stored[seat] for seat in pending}
            state, events = engine_step(ruleset, state, orders)
            snapshot = ruleset.to_json(state)
            c.execute(_INSERT_STEP, {"game_id": game.id, "step": open_step, "orders": orders, "events": events,
                                     "hash": ruleset.state_hash(state), "state": snapshot, "resolved_at": now})
            game.steps, game.state = open_step, snapshot
            self._put(game.id, game.steps, state)
            outcome = ruleset.outcome(state)
            if outcome is not None:
                game.status, game.outcome, game.turn_deadline = "over", outcome.to_json(), None
            elif game.status == "active" and game.deadline_seconds:
                game.turn_deadline = now + game.deadline_seconds
            count += 1
        return count

    @staticmethod
    def _bot_choice(ruleset: Ruleset[Any], state: Any, bot_seed: str, seat: Seat, bot_name: str, step: int) -> Order:
        """A bot sees its seat's view and the lazy set of legal orders, never the state (STYLE §4);
        its order (an object of the set) is kept as the JSON a record stores."""
        bot = get_bot(ruleset.name, bot_name, seed=f"{bot_seed}:{seat}:{step}")
        order = bot.choose(ruleset, seat, ruleset.view(state, seat), ruleset.legal(state, seat))
        return ruleset.order_json(state, seat, order)

    # --- records ------------------------------------------------------------------------

    def log(self, game_id: str, seat: Seat | None) -> dict[str, Any]:
        """The steps so far as ``seat`` may see them; after the end, everything."""
        with self.db.read() as s:
            game = self._get(s, game_id)
            ruleset = get_ruleset(game.ruleset)
            steps = self._steps(s, game_id)
            over = game.status == "over"
            # which orders the server made at a deadline (a stand-in bot or the standing order),
            # so a page can tell them from the players' own
            stand_ins: dict[int, dict[str, str]] = {}
            for step, order_seat, source in s.execute(select(OrderRow.step, OrderRow.seat, OrderRow.source).where(
                    OrderRow.game_id == game_id, OrderRow.source.in_(("standing", "stand_in")))):
                stand_ins.setdefault(step, {})[order_seat] = source
            return {"game": game_id, "seat": seat, "complete": over,
                    "steps": [self._step_for(ruleset, game, steps, row, seat, over)
                              | ({"stand_ins": stand_ins[row.step]} if row.step in stand_ins else {})
                              for row in steps]}

    def record(self, game_id: str, seat: Seat | None) -> str:
        """The game record as JSON lines (``hexfleet.engine.record``'s format).

        After the end: the whole record with the seed revealed, which ``hexfleet replay
        --verify`` checks. Before: the header and the steps as ``seat`` may see them.
        """
        with self.db.read() as s:
            game = self._get(s, game_id)
            ruleset = get_ruleset(game.ruleset)
            steps = self._steps(s, game_id)
            out = StringIO()
            writer = RecordWriter(out)
            writer.write(game.header)
            if game.status == "over":
                for row in steps:
                    writer.step(row.orders, row.events, row.hash)
                writer.end(game.outcome, game.seed, steps[-1].hash if steps else ruleset.state_hash(
                    ruleset.from_json(game.state)))
            else:
                for row in steps:
                    writer.write(self._step_for(ruleset, game, steps, row, seat, False))
            return out.getvalue()

    def _step_for(self, ruleset: Ruleset[Any], game: GameRow, steps: list[StepRow], row: StepRow,
                  seat: Seat | None, over: bool) -> dict[str, Any]:
        if over:
            return {"step": row.step, "orders": row.orders, "events": row.events}
        before = (ruleset.new_game(game.scenario, seed=game.seed, options=game.options) if row.step == 1
                  else ruleset.from_json(steps[row.step - 2].state))
        return redact_step(ruleset, row.step, before, row.orders, row.events, seat)

    # --- helpers ------------------------------------------------------------------------

    def _get(self, s: Session, game_id: str) -> GameRow:
        game = s.get(GameRow, game_id)
        if game is None:
            raise ApiError(404, "no_such_game", f"no game {game_id!r}")
        return game

    def _lock(self, s: Session, game_id: str) -> GameRow:
        """The game row, locked for this transaction (PostgreSQL row lock; SQLite's
        ``BEGIN IMMEDIATE`` already holds the database write lock)."""
        game = s.get(GameRow, game_id, with_for_update=True, populate_existing=True)
        if game is None:
            raise ApiError(404, "no_such_game", f"no game {game_id!r}")
        return game

    @staticmethod
    def _seats(s: Session, game_id: str) -> list[SeatRow]:
        return list(s.scalars(select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.position)))

    @staticmethod
    def _steps(s: Session, game_id: str) -> list[StepRow]:
        return list(s.scalars(select(StepRow).where(StepRow.game_id == game_id).order_by(StepRow.step)))

    def _state(self, ruleset: Ruleset[Any], game: GameRow) -> Any:
        return self._cached(game.id, game.steps, lambda: ruleset.from_json(game.state))

    def _state_at(self, s: Session | Connection, ruleset: Ruleset[Any], game_id: str, steps: int) -> Any:
        def load() -> Any:
            data = s.scalar(select(GameRow.state).where(GameRow.id == game_id))
            if data is None:
                raise ApiError(404, "no_such_game", f"no game {game_id!r}")
            return ruleset.from_json(data)

        return self._cached(game_id, steps, load)

    def _cached(self, game_id: str, steps: int, load: Callable[[], Any]) -> Any:
        """The state after ``steps`` steps, from an in-process cache keyed by step (a step's
        state never changes, so the cache is right in every process)."""
        key = (game_id, steps)
        with self._cache_lock:
            state = self._cache.get(key)
            if state is not None:
                self._cache.move_to_end(key)
                return state
        state = load()
        self._put(game_id, steps, state)
        return state

    def _put(self, game_id: str, steps: int, state: Any) -> None:
        with self._cache_lock:
            self._cache[(game_id, steps)] = state
            while len(self._cache) > 4096:
                self._cache.popitem(last=False)

    @staticmethod
    def _public(game: GameRow, seats: list[SeatRow]) -> dict[str, Any]:
        """What anyone may know about a game: no seed before the end, no tokens ever."""
        over = game.status == "over"
        return {
            "id": game.id, "ruleset": game.ruleset, "scenario": game.scenario, "options": game.options,
            "status": game.status, "steps": game.steps, "outcome": game.outcome,
            "seats": [{"seat": r.seat, "bot": r.bot, "stand_in": r.stand_in, "name": r.name,
                       "joined": r.bot is not None or r.token_hash is not None} for r in seats],
            "deadline_seconds": game.deadline_seconds, "turn_deadline": game.turn_deadline,
            "paused": game.paused_remaining is not None,
            "seed_sha256": game.seed_sha256, "seed": game.seed if over else None,
            "created_at": game.created_at,
        }
