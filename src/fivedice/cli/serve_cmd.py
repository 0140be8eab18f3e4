"""``fivedice serve``: the game server; ``fivedice scores``: the high-score lists (single games)
and their admin."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, cast

import typer

from .app import app
from .conventions import DatabaseOption, RulesOption
from .rules_cmd import check_range, fail, reporting_bad_input

scores_app = typer.Typer(
    help="High-score lists of single games: show one, or reset it (the 1986 game's Reset).",
    no_args_is_help=True,  # as the app itself: no command shows the commands (exit code 2)
)
app.add_typer(scores_app, name="scores")


@app.command()
def serve(
    host: Annotated[str | None, typer.Option(help="Address to listen on.")] = None,
    port: Annotated[int | None, typer.Option(help="Port to listen on.")] = None,
    database: DatabaseOption = None,
    old_database: Annotated[str | None, typer.Option("--database-url", hidden=True)] = None,
) -> None:
    """Run the game server (lobby, tables, play sockets, REST API with docs at /docs)."""
    from fivedice.extras import MissingExtra, require

    try:
        require("server", "fivedice serve")
    except MissingExtra as exc:
        fail(str(exc))
    from fivedice.server import Settings
    from fivedice.server.preflight import startup_problem
    from fivedice.server.runner import run
    from fivedice.server.settings import SettingError
    from fivedice.store import Store

    if old_database is not None:
        fail("--database-url is now --database, as in every command: --database URL")
    try:
        settings = Settings.from_env(host=host, port=port, database_url=database)
    except SettingError as exc:
        fail(str(exc))
    problem = startup_problem(settings)
    if problem is not None:
        fail(problem)
    _check_port_free(settings.host, settings.port)
    with _store_errors(settings.database_url):  # one line now, not a traceback from the server
        _check_database_writable(settings.database_url)
        Store(settings.database_url).close()
    run(settings)


def _check_port_free(host: str, port: int) -> None:
    """Bind the address briefly, so a port already in use is refused before the server is
    announced (as uvicorn binds it: with SO_REUSEADDR, so a closing socket does not count)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET  # as uvicorn chooses it
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as exc:
        fail(f"Cannot listen on {host}:{port}: {exc.strerror or exc}")


def _check_database_writable(url: str | None) -> None:
    """An SQLite file the server could not write (its folder missing or read-only, or the file
    read-only) is refused now, not at the first finished game."""
    from sqlalchemy.engine import make_url

    from fivedice.store import database_url

    parsed = make_url(database_url(url))
    name = parsed.database
    if not parsed.drivername.startswith("sqlite") or not name or name == ":memory:":
        return
    path = Path(name)
    if not path.parent.is_dir():
        fail(f"Cannot use the database {path}: the folder {path.parent} does not exist")
    if path.exists() and not os.access(path, os.W_OK):
        fail(f"Cannot use the database {path}: the file is read-only")
    if not path.exists() and not os.access(path.parent, os.W_OK):
        fail(f"Cannot use the database {path}: the folder {path.parent} is read-only")


@contextmanager
def _store_errors(url: str | None = None) -> Iterator[None]:
    """A database that cannot be opened or read ends in one line, not a traceback (the
    drivers' messages may span lines: they are folded into one)."""
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from fivedice.server.preflight import one_line
    from fivedice.store import DATABASE_URL_ENV, display_url

    try:
        yield
    except ArgumentError as exc:
        fail(f"Cannot use the database URL: {one_line(exc)}")
    except SQLAlchemyError as exc:
        detail = getattr(exc, "orig", None) or exc
        where = f" {display_url(url)} ({DATABASE_URL_ENV} or --database)" if url else ""
        fail(f"Cannot use the database{where}: {one_line(detail)}")
    except OSError as exc:  # the default data folder could not be created
        fail(f"Cannot use the database: {exc.strerror or exc} ({exc.filename})")
    except ModuleNotFoundError as exc:  # the URL names a driver that is not installed
        fail(missing_driver(exc.name or str(exc)))


def missing_driver(module: str) -> str:
    """What to install for a database URL whose driver module is missing."""
    from fivedice.extras import needs

    if module.split(".")[0] in ("psycopg", "psycopg2"):
        return f"{needs('postgres', 'A PostgreSQL database')} (and a URL starting postgresql+psycopg://)"
    return f"Cannot use the database: its driver {module!r} is not installed"


LimitOption = Annotated[int, typer.Option("--limit", "-n", help="How many lines: 1 to 1,000.")]


@scores_app.command("show")
def show_scores(
    rules: RulesOption = "official",
    limit: LimitOption = 10,
    period: Annotated[
        str, typer.Option(help="all, month or week (this calendar month or week, UTC).")
    ] = "all",
    database: DatabaseOption = None,
) -> None:
    """Print a preset's best single games: a match of several rounds is several games."""
    from fivedice.rules import preset
    from fivedice.store import PERIODS, Period, Store, best_games

    check_range("--limit", limit, 1, 1000)
    with reporting_bad_input():
        preset(rules)
    if period not in PERIODS:
        fail(f"A period is one of {', '.join(PERIODS)}, not {period!r}")
    with _store_errors():
        store = Store(database)
        try:
            scores = best_games(store, rules, period=cast(Period, period), limit=limit)
        finally:
            store.close()
    if not scores:
        typer.echo(f"No high scores for {rules} yet.")
    for place, line in enumerate(scores, start=1):
        game = f"  game {line.round + 1} of {line.rounds}" if line.rounds > 1 else ""
        typer.echo(
            f"{place:>3}. {line.name:<24} {line.total:>5}  {line.finished_at:%Y-%m-%d}{game}"
        )


@scores_app.command("reset")
def reset_scores(
    rules: Annotated[
        str, typer.Option("--rules", "-r", help="The rule set whose list to reset: a preset name.")
    ],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    database: DatabaseOption = None,
) -> None:
    """Start a preset's high-score list afresh; the match history is kept."""
    from fivedice.rules import preset
    from fivedice.store import Store

    with reporting_bad_input():
        preset(rules)
    if not yes:
        typer.confirm(f"Reset the high scores of {rules}?", abort=True)
    with _store_errors():
        store = Store(database)
        try:
            store.reset_high_scores(rules)
        finally:
            store.close()
    typer.echo(f"High scores of {rules} reset.")
