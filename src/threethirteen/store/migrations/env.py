"""Alembic environment: runs the migrations on the connection the store hands it.

``threethirteen.store.sql.upgrade`` passes its connection in
``config.attributes["connection"]``; without one (the ``alembic`` command with a
``sqlalchemy.url`` option) an engine is made from the URL.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from threethirteen.store.sql import metadata


def run() -> None:
    """Run the migrations (Alembic calls this module only while migrating)."""
    config = context.config
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()
    else:
        engine = create_engine(config.get_main_option("sqlalchemy.url") or "sqlite://")
        with engine.begin() as fresh:
            context.configure(connection=fresh, target_metadata=metadata)
            with context.begin_transaction():
                context.run_migrations()


# Importing this module outside a migration (doctest collection, say) does nothing.
if hasattr(context, "config"):
    run()
