"""Alembic's environment: run with the connection the server hands over (see storage.migrate),
or from `alembic` with `sqlalchemy.url` set."""

from __future__ import annotations

from typing import Any

from alembic import context
from sqlalchemy import engine_from_config, pool

from ludoteca.server.store.models import Base

config = context.config
target_metadata = Base.metadata


def run_with(connection: Any) -> None:
    context.configure(connection=connection, target_metadata=target_metadata)
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    run_with(connection)
else:
    engine = engine_from_config(
        config.get_section(config.config_ini_section) or {}, prefix="sqlalchemy.",
        poolclass=pool.NullPool,
    )
    with engine.connect() as conn:
        run_with(conn)
