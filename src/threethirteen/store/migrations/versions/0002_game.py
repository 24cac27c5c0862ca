"""Tables name their game; actions may be long.

A table of any game of the registry is stored: ``tables.game`` names it (every row
made before is Three-Thirteen's, the server default), and ``actions.action`` grows
from 32 to 160 characters (Thirteen's twelve-card double sequence and Rummy's
thirteen-card run are written out card by card).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # batch mode: SQLite cannot alter a column in place, so Alembic copies the table.
    with op.batch_alter_table("tables") as batch:
        batch.add_column(
            sa.Column("game", sa.String(32), nullable=False, server_default="three-thirteen")
        )
    with op.batch_alter_table("actions") as batch:
        batch.alter_column(
            "action", existing_type=sa.String(32), type_=sa.String(160), existing_nullable=False
        )


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.alter_column(
            "action", existing_type=sa.String(160), type_=sa.String(32), existing_nullable=False
        )
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("game")
