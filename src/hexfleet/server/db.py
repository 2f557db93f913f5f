"""Database engines and sessions: SQLite (WAL, busy timeout) or PostgreSQL, same code.

Writes that must serialise per game take a lock before reading: on PostgreSQL a
``SELECT ... FOR UPDATE`` of the game row, on SQLite a ``BEGIN IMMEDIATE`` transaction (the
write lock is taken at the start, so two writers never both read then both try to upgrade, which
SQLite answers with "database is locked"). Read-only requests use plain deferred transactions and
never wait for writers under WAL.

SQLite has one writer at a time anyway, and its busy handler waits by sleeping in steps of up to
100 ms; so within one process SQLite writers queue on a ``threading.Lock`` instead, which hands
the database over at once. The busy timeout still covers other processes.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from importlib import resources
from typing import Any

from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.orm import Session, sessionmaker

from .config import Settings


class Database:
    """The engine and two session factories: ``read()`` and ``write()``."""

    def __init__(self, settings: Settings):
        self.url = settings.database_url
        self.is_sqlite = self.url.startswith("sqlite")
        kwargs: dict[str, Any] = {}
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": settings.busy_timeout_ms / 1000}
        else:
            kwargs.update(pool_size=20, max_overflow=20, pool_pre_ping=True)
            if settings.database_schema:
                kwargs["connect_args"] = {"options": f"-csearch_path={settings.database_schema}"}
        self.engine: Engine = create_engine(self.url, **kwargs)
        if self.is_sqlite:
            _sqlite_setup(self.engine, settings)
        self._read = sessionmaker(self.engine, expire_on_commit=False)
        self._write = sessionmaker(self.engine.execution_options(sqlite_begin="IMMEDIATE"), expire_on_commit=False)
        self._writer = threading.Lock() if self.is_sqlite else nullcontext()

    @contextmanager
    def read(self) -> Iterator[Session]:
        with self._read() as session, session.begin():
            yield session

    @contextmanager
    def write(self) -> Iterator[Session]:
        """One transaction that commits on success and rolls back on any exception."""
        with self._writer, self._write() as session, session.begin():
            yield session

    def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision (run at every startup)."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(resources.files(__package__).joinpath("migrations")))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def dispose(self) -> None:
        self.engine.dispose()


def _sqlite_setup(engine: Engine, settings: Settings) -> None:
    """The pysqlite transaction recipe from SQLAlchemy's docs, plus WAL and a busy timeout."""
    synchronous = settings.sqlite_synchronous.upper()
    if synchronous not in ("OFF", "NORMAL", "FULL", "EXTRA"):
        raise ValueError(f"HEXFLEET_SQLITE_SYNCHRONOUS must be OFF, NORMAL, FULL or EXTRA, got {synchronous!r}")

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we emit BEGIN ourselves, below
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={int(settings.busy_timeout_ms)}")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        mode = connection.get_execution_options().get("sqlite_begin", "DEFERRED")
        connection.exec_driver_sql(f"BEGIN {mode}")


def ping(db: Database) -> None:
    with db.read() as session:
        session.execute(text("SELECT 1"))
