"""Alembic environment: run with the connection the server hands over (``Database.migrate``),
or, from the ``alembic`` command line, with ``HEXFLEET_DATABASE_URL``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from hexfleet.server.config import Settings
from hexfleet.server.models import Base

config = context.config


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=Base.metadata)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(Settings().database_url)
    with engine.begin() as conn:
        context.configure(connection=conn, target_metadata=Base.metadata)
        with context.begin_transaction():
            context.run_migrations()


run()
