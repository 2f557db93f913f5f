"""The Alembic migrations, on SQLite and PostgreSQL: the newest revision is exactly the models'
schema, and a database made by an older server upgrades in place with its games playable."""

from __future__ import annotations

from importlib import resources

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from fastapi.testclient import TestClient
from sqlalchemy import func, inspect, select

from hexfleet.server import Settings, create_app
from hexfleet.server.db import Database
from hexfleet.server.models import Base


def upgrade(db: Database, revision: str) -> None:
    """Upgrade (or downgrade) the database to ``revision``."""
    config = Config()
    config.set_main_option("script_location", str(resources.files("hexfleet.server").joinpath("migrations")))
    with db.engine.begin() as connection:
        config.attributes["connection"] = connection
        current = MigrationContext.configure(connection).get_current_revision()
        (command.downgrade if current and current > revision else command.upgrade)(config, revision)


KNOWN = [("modify_nullable", "games", "header"), ("modify_nullable", "games", "state"),
         ("modify_nullable", "orders", "order")]
"""Differences from revision 0001, which the database only makes stricter than the models
(``NOT NULL`` where the mapping allows null, and the reverse for ``orders.order``, which the
server always fills)."""


def test_the_newest_revision_is_the_models_schema(settings: Settings) -> None:
    db = Database(settings)
    try:
        db.migrate()
        with db.engine.connect() as connection:
            diff = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        found = [(d[0][0], d[0][2], d[0][3]) if isinstance(d, list) else (d[0], d[1].name, "") for d in diff]
        assert found == KNOWN
    finally:
        db.dispose()


def test_a_game_made_before_play_by_mail_upgrades_and_plays_on(settings: Settings) -> None:
    with TestClient(create_app(settings)) as client:  # today's server makes a game ...
        made = client.post("/api/games", json={"ruleset": "turn-or-burn", "scenario": "quick-shot"}).json()
    db = Database(settings)
    try:
        upgrade(db, "0001")  # ... and the schema goes back to before play by mail, the game kept
        assert "email" not in {c["name"] for c in inspect(db.engine).get_columns("seats")}
        with db.engine.connect() as connection:
            assert connection.scalar(select(func.count()).select_from(Base.metadata.tables["games"])) == 1
    finally:
        db.dispose()
    with TestClient(create_app(settings)) as client:  # the server upgrades the schema at startup
        game_id = made["game"]["id"]
        red = client.post(f"/api/games/{game_id}/seats/red/join", json={"email": "red@example.test"})
        assert red.status_code == 200, red.text
        assert client.get(f"/api/games/{game_id}").json()["status"] == "open"
        refused = client.post(f"/api/games/{game_id}/master/pause",
                              headers={"Authorization": f"Bearer {made['master_token']}"})
        assert refused.json()["error"] == "not_master"  # an old game has no game master
