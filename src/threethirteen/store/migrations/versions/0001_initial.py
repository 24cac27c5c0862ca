"""The first schema: tables and their append-only action logs.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("preset", sa.String(64), nullable=False),
        sa.Column("house", sa.Text, nullable=False),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("turn_seconds", sa.Float, nullable=True),
        sa.Column("takeover_seconds", sa.Float, nullable=True),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("finished_at", sa.String(32), nullable=True),
        sa.Column("record", sa.Text, nullable=True),
    )
    op.create_index("ix_tables_status", "tables", ["status"])
    op.create_index("ix_tables_finished_at", "tables", ["finished_at"])
    op.create_table(
        "actions",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_index("ix_tables_finished_at", "tables")
    op.drop_index("ix_tables_status", "tables")
    op.drop_table("tables")
