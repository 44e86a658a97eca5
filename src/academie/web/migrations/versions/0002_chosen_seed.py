"""Whether a table's seed was chosen by whoever made it (a teaching or study table) rather than
drawn by the server.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Tables made before this revision are left unmarked: which of their seeds had been given
    # by their creators was never stored and cannot be told now.
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("chosen_seed", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("chosen_seed")
