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
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("master_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("paused_remaining", sa.Float, nullable=True))
        batch.add_column(sa.Column("reminded", sa.Float, nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("email", sa.String(254), nullable=True))
        batch.add_column(sa.Column("standing", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("standing")
        batch.drop_column("email")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("reminded")
        batch.drop_column("paused_remaining")
        batch.drop_column("master_hash")
