"""Server settings, one pydantic-settings class read from the environment (``HEXFLEET_*``)."""

from __future__ import annotations

from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="HEXFLEET_")

    database_url: str = "sqlite:///hexfleet.db"
    """SQLAlchemy URL: an embedded SQLite file by default, or ``postgresql+psycopg://...``."""
    database_schema: str | None = None
    """PostgreSQL only: keep the tables in this schema (tests use one schema per run)."""
    sqlite_synchronous: str = "NORMAL"
    """With WAL, ``NORMAL`` keeps every commit through a killed or crashed server process (the
    WAL is written before the commit returns; only its fsync waits for checkpoints), but a
    power loss or OS crash may lose the last commits. ``FULL`` fsyncs at every commit: no loss
    even then, at the cost of one disk sync per order (docs/server.md)."""
    busy_timeout_ms: int = 10_000
    deadline_poll_seconds: float = 0.5
    """How often the background task looks for turns whose deadline has passed."""
    stream_poll_seconds: float = 5.0
    """An open event stream re-checks the database this often, so updates made by another
    server process (several workers on one PostgreSQL) still reach it."""
    threads: int = 2
    """Worker threads for requests' database work. Few is faster: SQLite takes one writer at a
    time, and every extra thread competes for the GIL (bench/server_load.py: 2 threads gave the
    most orders per second, 4 a quarter fewer and a worse p99)."""
    bot_threads: int = 1
    """Threads on which bots think, apart from the request threads."""
    max_body_bytes: int = 64 * 1024
    """Larger request bodies get 413 ``too_large`` before anything reads them (orders and new
    games take a few hundred bytes)."""
    max_steps_per_resolve: int = 1000
    """Bots-only stretches are resolved in chunks of at most this many steps per transaction."""

    # --- play by mail (docs/pbm.md): off unless an SMTP URL or a Maildir is set ----------------
    mail_smtp_url: str | None = None
    """Where reports, reminders and answers go out: ``smtp://host:port``, ``smtp+starttls://
    user:password@host:587`` or ``smtps://user:password@host:465``."""
    mail_from: str = "hexfleet@localhost"
    """The sender of every mail; players send their order sheets to this address."""
    mail_maildir: str | None = None
    """The Maildir the mail server delivers the players' order sheets into (read and marked seen)."""
    mail_poll_seconds: float = 30.0
    """How often the Maildir is read and reminders are looked for."""
    mail_remind_seconds: float = 12 * 3600
    """A reminder goes to each seat still owing orders this long before the turn deadline."""
