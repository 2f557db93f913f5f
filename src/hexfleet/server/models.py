"""Tables. The event log (``steps``: orders and events per step, with the game's seed) is the
source of truth; ``games.state`` and ``steps.state`` are caches of ``ruleset.to_json`` that a
replay from the seed can always rebuild.

Times are UNIX seconds as floats: the same type on SQLite and PostgreSQL, and only the server's
deadline bookkeeping reads them (never the rules).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Boolean, Float, ForeignKey, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, deferred, mapped_column


class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON, Any: JSON}


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(64))
    scenario: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]]
    seed: Mapped[str] = mapped_column(String(64))
    """Secret until the game is over; only ``seed_sha256`` is shown before."""
    seed_sha256: Mapped[str] = mapped_column(String(64))
    bot_seed: Mapped[str] = mapped_column(String(64))
    """Seeds the bots' own choices; separate from the game seed so bots cannot leak it."""
    header: Mapped[dict[str, Any]] = deferred(mapped_column(JSON))
    """The record's header line, as written at creation."""
    status: Mapped[str] = mapped_column(String(16), index=True)
    """``open`` (seats to fill), ``active`` (being played) or ``over``."""
    steps: Mapped[int] = mapped_column(Integer, default=0)
    """Steps resolved so far; the step open for orders is ``steps + 1``."""
    state: Mapped[dict[str, Any]] = deferred(mapped_column(JSON))
    """Cache: ``ruleset.to_json`` of the state after ``steps`` steps (loaded only when the
    in-process state cache misses)."""
    outcome: Mapped[dict[str, Any] | None]
    deadline_seconds: Mapped[float | None] = mapped_column(Float)
    turn_deadline: Mapped[float | None] = mapped_column(Float, index=True)
    has_bots: Mapped[bool] = mapped_column(Boolean, default=False)
    """Some seat is a bot: after each step its next order is stored at once."""
    version: Mapped[int] = mapped_column(Integer, default=0)
    """Bumped on every change a client should hear about (join, order, resolution)."""
    created_at: Mapped[float] = mapped_column(Float)
    master_hash: Mapped[str | None] = mapped_column(String(64))
    """``sha256`` of the game master's token (pause, extend, replace, standing orders)."""
    paused_remaining: Mapped[float | None] = mapped_column(Float)
    """Set while the game master has paused the game: the seconds the turn had left (``0``
    without a deadline). Nothing resolves while paused."""
    reminded: Mapped[float | None] = mapped_column(Float)
    """The turn deadline whose reminder mail has gone out (so it goes out once)."""


class SeatRow(Base):
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[str] = mapped_column(String(64), primary_key=True)
    position: Mapped[int] = mapped_column(Integer)
    bot: Mapped[str | None] = mapped_column(String(64))
    """The bot that plays this seat; ``None`` for a person."""
    stand_in: Mapped[str | None] = mapped_column(String(64))
    """A bot that plays for this person when a deadline passes; ``None``: the standing order."""
    name: Mapped[str | None] = mapped_column(String(64))
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    """``sha256`` of the seat's bearer token; the token itself is never stored."""
    joined_at: Mapped[float | None] = mapped_column(Float)
    email: Mapped[str | None] = mapped_column(String(254))
    """Where play by mail sends this seat's reports and reminders, and whose sheets it takes."""
    standing: Mapped[dict[str, Any] | None]
    """Standing orders per unit, ``{decision kind: {unit: its part of the order}}``: used for
    those units when the seat misses a deadline (the ruleset's default for the others)."""


class OrderRow(Base):
    __tablename__ = "orders"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    step: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[str] = mapped_column(String(64), primary_key=True)
    order: Mapped[Any]
    source: Mapped[str] = mapped_column(String(16))
    """``player``, ``sheet`` (an order sheet, by mail or the browser), ``bot``, ``standing``
    (deadline) or ``stand_in`` (deadline, a bot)."""
    created_at: Mapped[float] = mapped_column(Float)


class StepRow(Base):
    __tablename__ = "steps"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    step: Mapped[int] = mapped_column(Integer, primary_key=True)
    orders: Mapped[dict[str, Any]]
    events: Mapped[list[Any]]
    hash: Mapped[str] = mapped_column(String(64))
    state: Mapped[dict[str, Any]]
    """Cache: the state after this step (what the next step's orders were given in)."""
    resolved_at: Mapped[float] = mapped_column(Float)


class RequestRow(Base):
    """Idempotency keys: a retried order with the same key gets the first answer back."""

    __tablename__ = "requests"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[str] = mapped_column(String(64), primary_key=True)
    key: Mapped[str] = mapped_column(String(128), primary_key=True)
    body_sha256: Mapped[str] = mapped_column(String(64))
    response: Mapped[dict[str, Any]]
