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
from .conventions import DatabaseOption, RulesOption, confirm, decline
from .language import cli_translator
from .rules_cmd import check_range, fail, refusal_text, reporting_bad_input
from .words import day

scores_app = typer.Typer(
    help="cli.scores.help",
    no_args_is_help=True,  # as the app itself: no command shows the commands (exit code 2)
)
app.add_typer(scores_app, name="scores")


@app.command(help="cli.serve.help")
def serve(
    host: Annotated[str | None, typer.Option(help="cli.serve.host")] = None,
    port: Annotated[int | None, typer.Option(help="cli.serve.port")] = None,
    database: DatabaseOption = None,
    old_database: Annotated[str | None, typer.Option("--database-url", hidden=True)] = None,
) -> None:
    """Run the game server (lobby, tables, play sockets, REST API with docs at /docs)."""
    from fivedice.extras import MissingExtra, require

    try:
        require("server", "fivedice serve")  # i18n: not text
    except MissingExtra as exc:
        fail(refusal_text(exc))
    from fivedice.server import Settings
    from fivedice.server.preflight import startup_problem
    from fivedice.server.runner import run
    from fivedice.server.settings import SettingError
    from fivedice.store import Store

    if old_database is not None:
        fail(cli_translator().t("cli.serve.database_url_renamed"))
    try:
        settings = Settings.from_env(host=host, port=port, database_url=database)
    except SettingError as exc:
        fail(refusal_text(exc))
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
        where = f"{host}:{port}"
        fail(
            cli_translator().t("cli.serve.cannot_listen", address=where, reason=exc.strerror or exc)
        )


def _check_database_writable(url: str | None) -> None:
    """An SQLite file the server could not write (its folder missing or read-only, or the file
    read-only) is refused now, not at the first finished game."""
    from sqlalchemy.engine import make_url

    from fivedice.store import database_url

    parsed = make_url(database_url(url))
    name = parsed.database
    if not parsed.drivername.startswith("sqlite") or not name or name == ":memory:":
        return
    path, t = Path(name), cli_translator()
    if not path.parent.is_dir():
        fail(t.t("cli.database.no_folder", path=str(path), folder=str(path.parent)))
    if path.exists() and not os.access(path, os.W_OK):
        fail(t.t("cli.database.read_only_file", path=str(path)))
    if not path.exists() and not os.access(path.parent, os.W_OK):
        fail(t.t("cli.database.read_only_folder", path=str(path), folder=str(path.parent)))


@contextmanager
def _store_errors(url: str | None = None) -> Iterator[None]:
    """A database that cannot be opened or read ends in one line, not a traceback (the
    drivers' messages may span lines: they are folded into one)."""
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from fivedice.server.preflight import one_line
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
        reason = exc.strerror or exc
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


LimitOption = Annotated[int, typer.Option("--limit", "-n", help="cli.scores.limit")]


@scores_app.command("show", help="cli.scores.show.help")
def show_scores(
    rules: RulesOption = "official",
    limit: LimitOption = 10,
    period: Annotated[str, typer.Option(help="cli.scores.show.period")] = "all",
    database: DatabaseOption = None,
) -> None:
    """Print a preset's best single games: a match of several rounds is several games."""
    from fivedice.rules import preset
    from fivedice.store import PERIODS, Period, Store, best_games

    t = cli_translator()
    check_range("--limit", limit, 1, 1000)
    with reporting_bad_input():
        preset(rules)
    if period not in PERIODS:
        fail(t.t("cli.scores.show.unknown_period", periods=", ".join(PERIODS), value=repr(period)))
    with _store_errors():
        store = Store(database)
        try:
            scores = best_games(store, rules, period=cast(Period, period), limit=limit)
        finally:
            store.close()
    if not scores:
        typer.echo(t.t("cli.scores.show.none", rules=rules))
    for place, line in enumerate(scores, start=1):
        total, when = t.number(line.total), day(line.finished_at, t)
        text = f"{place:>3}. {line.name:<24} {total:>5}  {when}"
        if line.rounds > 1:
            text += "  " + t.t("cli.scores.show.game_of", game=line.round + 1, games=line.rounds)
        typer.echo(text)


@scores_app.command("reset", help="cli.scores.reset.help")
def reset_scores(
    rules: Annotated[str, typer.Option("--rules", "-r", help="cli.scores.reset.rules")],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="cli.scores.reset.yes")] = False,
    database: DatabaseOption = None,
) -> None:
    """Start a preset's high-score list afresh; the match history is kept."""
    from fivedice.rules import preset
    from fivedice.store import Store

    t = cli_translator()
    with reporting_bad_input():
        preset(rules)
    if not yes and not confirm(t.t("cli.scores.reset.confirm", rules=rules), t):
        decline(t)
    with _store_errors():
        store = Store(database)
        try:
            store.reset_high_scores(rules)
        finally:
            store.close()
    typer.echo(t.t("cli.scores.reset.done", rules=rules))
