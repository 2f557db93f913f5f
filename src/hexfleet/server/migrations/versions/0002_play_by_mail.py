"""Play by mail: the game master's token, pausing, reminders; seats' mail addresses and
standing orders.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD/DROP COLUMN (SQLite has both natively): a batch copy of the table would drop the
    # old one, and ON DELETE CASCADE would empty seats, orders and steps with it
    op.add_column("games", sa.Column("master_hash", sa.String(64), nullable=True))
    op.add_column("games", sa.Column("paused_remaining", sa.Float, nullable=True))
    op.add_column("games", sa.Column("reminded", sa.Float, nullable=True))
    op.add_column("seats", sa.Column("email", sa.String(254), nullable=True))
    op.add_column("seats", sa.Column("standing", sa.JSON, nullable=True))


def downgrade() -> None:
    for table, column in (("seats", "standing"), ("seats", "email"), ("games", "reminded"),
                          ("games", "paused_remaining"), ("games", "master_hash")):
        op.drop_column(table, column)
