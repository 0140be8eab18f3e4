"""A database the commands cannot use ends in one line, not a traceback: the store's errors,
a missing driver, an SQLite file that is not there.

Only the store and SQLAlchemy are imported here (when a command opens its database), never the
server: the terminal game, ``daily``, ``scores``, ``ratings`` and ``export`` run in a plain
install, which has no server packages.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .language import cli_translator
from .os_reasons import file_reason
from .refusals import fail


def one_line(text: object) -> str:
    """A driver's message as one line: psycopg's may span several."""
    return "; ".join(line.strip() for line in str(text).splitlines() if line.strip())


@contextmanager
def store_errors(url: str | None = None) -> Iterator[None]:
    """A database that cannot be opened or read ends in one line, not a traceback (the
    drivers' messages may span lines: they are folded into one)."""
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from fivedice.store import DATABASE_URL_ENV, display_url

    t = cli_translator()
    try:
        yield
    except ArgumentError as exc:
        fail(t.t("cli.database.bad_url", detail=one_line(exc)))
    except SQLAlchemyError as exc:
        detail = one_line(getattr(exc, "orig", None) or exc)
        if url:
            where = display_url(url)
            fail(t.t("cli.database.unusable_at", url=where, env=DATABASE_URL_ENV, detail=detail))
        fail(t.t("cli.database.unusable", detail=detail))
    except OSError as exc:  # the default data folder could not be created
        reason = file_reason(exc, t)
        fail(t.t("cli.database.unusable_file", reason=reason, file=str(exc.filename)))
    except ModuleNotFoundError as exc:  # the URL names a driver that is not installed
        fail(missing_driver(exc.name or str(exc)))


def missing_driver(module: str) -> str:
    """What to install for a database URL whose driver module is missing."""
    from fivedice.extras import needs

    t = cli_translator()
    if module.split(".")[0] in ("psycopg", "psycopg2"):
        install = needs("postgres", t.t("cli.database.postgres"))
        return t.t("cli.database.postgres_needs", needs=install)
    return t.t("cli.database.no_driver", module=repr(module))


def sqlite_file(url: str | None) -> Path | None:
    """The file an SQLite database URL names (None for another database, or one in memory)."""
    from sqlalchemy.engine import make_url

    from fivedice.store import database_url

    parsed = make_url(database_url(url))
    name = parsed.database
    if not parsed.drivername.startswith("sqlite") or not name or name == ":memory:":
        return None
    return Path(name)


def check_database_exists(url: str | None) -> None:
    """An SQLite file that is not there is refused, not created empty by a command that
    only reads."""
    path = sqlite_file(url)
    if path is not None and not path.is_file():
        fail(cli_translator().t("cli.database.no_file", path=str(path)))
