"""Starting the server on uvicorn: ``hexfleet serve`` and ``python -m hexfleet.server`` (``make
run``) both come here, so the two cannot drift apart."""

from __future__ import annotations

from pathlib import Path

import uvicorn

from .app import create_app
from .config import Settings


def database_url(db: str) -> str:
    """``db`` as a SQLAlchemy URL: a URL as given, else a SQLite file path (created if new)."""
    return db if "://" in db else f"sqlite:///{Path(db).expanduser().resolve()}"


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None) -> None:
    """Serve until interrupted. ``db`` overrides ``HEXFLEET_DATABASE_URL`` (default: the SQLite
    file ``hexfleet.db`` in the working directory)."""
    settings = Settings() if db is None else Settings(database_url=database_url(db))
    print(f"hexfleet server: http://{host}:{port}/ (database {settings.database_url.split('://')[0]})")
    uvicorn.run(create_app(settings), host=host, port=port, log_level="warning", timeout_graceful_shutdown=2)
