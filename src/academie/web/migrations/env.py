"""Alembic environment: migrations run on the connection :func:`academie.web.store.migrate`
passes, or on ``sqlalchemy.url``."""

from alembic import context
from sqlalchemy import create_engine, pool

from academie.web.store import metadata

def _run(connection) -> None:
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()


def main() -> None:
    config = context.config
    connection = config.attributes.get("connection")
    if connection is None:
        engine = create_engine(config.get_main_option("sqlalchemy.url"), poolclass=pool.NullPool)
        with engine.connect() as conn:
            _run(conn)
    else:
        _run(connection)


try:
    context.config  # noqa: B018 - only inside an Alembic command
except (NameError, AttributeError):  # imported by something else (a doctest collector): nothing to run
    pass
else:
    main()
