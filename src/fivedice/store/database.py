"""Where the database is: an SQLAlchemy URL from the caller, the environment, or the default
SQLite file in the user data directory."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir
from sqlalchemy import Engine, MetaData, Table, create_engine, event, text
from sqlalchemy.engine import make_url

DATABASE_URL_ENV = "FIVEDICE_DATABASE_URL"


def default_sqlite_path() -> Path:
    """The embedded database used when nothing else is configured."""
    return Path(user_data_dir("fivedice", appauthor=False)) / "fivedice.db"


def database_url(url: str | None = None) -> str:
    """The URL to use: the argument, else ``FIVEDICE_DATABASE_URL``, else the default file."""
    if url:
        return url
    from_env = os.environ.get(DATABASE_URL_ENV)
    if from_env:
        return from_env
    path = default_sqlite_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


def display_url(url: str | None = None) -> str:
    """The database URL to show people (logs, the startup banner): any password hidden."""
    return make_url(database_url(url)).render_as_string(hide_password=True)


def make_engine(url: str | None = None) -> Engine:
    """An engine for `url`; SQLite files get write-ahead logging and enforced foreign keys."""
    resolved = database_url(url)
    if resolved.startswith("sqlite"):
        engine = create_engine(resolved, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=5000")
            cursor.close()

        return engine
    return create_engine(resolved, pool_pre_ping=True)


SCHEMA_LOCK = 0x66697665  # PostgreSQL advisory lock key for schema changes ("five")


def create_schema(engine: Engine, metadata: MetaData, tables: list[Table] | None = None) -> None:
    """Create what is missing of the schema. On PostgreSQL under an advisory lock, so nodes
    that start together on a fresh database do not race to create the same tables."""
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
        metadata.create_all(conn, tables=tables)
