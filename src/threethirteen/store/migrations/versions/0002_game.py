"""Tables name their game; actions may be long; solo tables say so and may be private.

A table of any game of the registry is stored: ``tables.game`` names it (every row
made before is Three-Thirteen's, the server default), and ``actions.action`` grows
from 32 to 160 characters (Thirteen's twelve-card double sequence and Rummy's
thirteen-card run are written out card by card). ``tables.solo`` says whether a
table is a solo match (null for the rows made before: the server infers it from the
seats, as it did), and ``tables.watchable`` whether its player opened a solo match to
spectators.

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
    # Plain ADD COLUMN: in batch mode SQLite would copy ``tables``, which ``actions``
    # refers to (its foreign key forbids dropping the old copy).
    op.add_column(
        "tables",
        sa.Column("game", sa.String(32), nullable=False, server_default="three-thirteen"),
    )
    op.add_column("tables", sa.Column("solo", sa.Boolean, nullable=True))
    op.add_column(
        "tables", sa.Column("watchable", sa.Boolean, nullable=False, server_default=sa.false())
    )
    # batch mode: SQLite cannot change a column's type in place, so Alembic copies the
    # table (nothing refers to ``actions``).
    with op.batch_alter_table("actions") as batch:
        batch.alter_column(
            "action", existing_type=sa.String(32), type_=sa.String(160), existing_nullable=False
        )


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.alter_column(
            "action", existing_type=sa.String(160), type_=sa.String(32), existing_nullable=False
        )
    for column in ("watchable", "solo", "game"):
        op.drop_column("tables", column)  # SQLite 3.35+ drops a column in place
