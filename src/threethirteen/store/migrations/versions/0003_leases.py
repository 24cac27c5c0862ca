"""Several server processes on one database: which process holds which table.

``servers`` has one row a server process of a cluster (``threethirteen serve
--cluster NAME``): its name and when it last said it is alive (``seen_at``, seconds
since the epoch). ``leases`` names, for each unfinished table some process holds, that
process. A lease whose process has not been seen for a while is anyone's to take
(:mod:`threethirteen.store.leases`). A server of one process never writes them.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "servers",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("seen_at", sa.Float, nullable=False),
    )
    op.create_table(
        "leases",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("server", sa.String(64), nullable=False, index=True),
    )


def downgrade() -> None:
    op.drop_table("leases")
    op.drop_table("servers")
