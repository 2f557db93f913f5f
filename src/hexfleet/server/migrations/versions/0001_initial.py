"""Initial tables: games, seats, orders, steps, requests.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("scenario", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("seed_sha256", sa.String(64), nullable=False),
        sa.Column("bot_seed", sa.String(64), nullable=False),
        sa.Column("header", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False, index=True),
        sa.Column("steps", sa.Integer, nullable=False),
        sa.Column("state", sa.JSON, nullable=False),
        sa.Column("outcome", sa.JSON, nullable=True),
        sa.Column("deadline_seconds", sa.Float, nullable=True),
        sa.Column("turn_deadline", sa.Float, nullable=True, index=True),
        sa.Column("has_bots", sa.Boolean, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.String(64), primary_key=True),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("bot", sa.String(64), nullable=True),
        sa.Column("stand_in", sa.String(64), nullable=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("joined_at", sa.Float, nullable=True),
    )
    op.create_table(
        "orders",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("step", sa.Integer, primary_key=True),
        sa.Column("seat", sa.String(64), primary_key=True),
        sa.Column("order", sa.JSON, nullable=True),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "steps",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("step", sa.Integer, primary_key=True),
        sa.Column("orders", sa.JSON, nullable=False),
        sa.Column("events", sa.JSON, nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.Column("state", sa.JSON, nullable=False),
        sa.Column("resolved_at", sa.Float, nullable=False),
    )
    op.create_table(
        "requests",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.String(64), primary_key=True),
        sa.Column("key", sa.String(128), primary_key=True),
        sa.Column("body_sha256", sa.String(64), nullable=False),
        sa.Column("response", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    for table in ("requests", "steps", "orders", "seats", "games"):
        op.drop_table(table)
