"""A finished table's rematch: the id of the one table its seats play their rematch at (the
first seat to ask makes it; the others are seated there).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""
import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rematch")
