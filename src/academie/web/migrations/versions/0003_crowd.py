"""Many tables, several processes: the tables' last activity, creator address, bot seats and
seat to act; the abandoned mark; the leases (which process runs a table's bots).

Revision ID: 0003
Revises: 0001
Create Date: 2026-12-01
"""
import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("updated", sa.DateTime, nullable=True))
        batch.add_column(sa.Column("client", sa.String(64), nullable=True))
        batch.add_column(sa.Column("bots", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("turn", sa.Integer, nullable=True))
        batch.add_column(sa.Column("abandoned", sa.Boolean, nullable=False, server_default=sa.false()))
    # the last activity of a stored table: its last action, else its creation
    op.execute("UPDATE tables SET updated = COALESCE((SELECT MAX(a.at) FROM actions a WHERE a.table_id = tables.id), "
               "created)")
    op.execute("UPDATE tables SET bots = (SELECT COUNT(*) FROM seats s WHERE s.table_id = tables.id "
               "AND s.kind <> 'human')")
    op.create_index("tables_lobby", "tables", ["complete", "abandoned", "updated"])
    op.create_index("tables_client", "tables", ["client", "complete"])
    op.create_table(
        "leases",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("owner", sa.String(100), nullable=False),
        sa.Column("expires_at", sa.DateTime, nullable=False),
    )
    op.create_index("leases_owner", "leases", ["owner"])


def downgrade() -> None:
    op.drop_table("leases")
    op.drop_index("tables_client", "tables")
    op.drop_index("tables_lobby", "tables")
    with op.batch_alter_table("tables") as batch:
        for name in ("abandoned", "turn", "bots", "client", "updated"):
            batch.drop_column(name)
