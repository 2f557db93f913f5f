"""The play server: FastAPI over SQLAlchemy (SQLite or PostgreSQL). See docs/server.md."""

from .app import create_app
from .config import Settings

__all__ = ["Settings", "create_app"]
