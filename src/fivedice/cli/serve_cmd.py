"""``fivedice serve``: the game server (with fivedice[server]; without it, one line saying
what to install)."""

from __future__ import annotations

import os
import socket
from typing import Annotated

import typer

from .app import app
from .conventions import DatabaseOption
from .language import cli_translator
from .refusals import fail, refusal_text
from .store_errors import sqlite_file, store_errors


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
    with store_errors(settings.database_url):  # one line now, not a traceback from the server
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
    path, t = sqlite_file(url), cli_translator()
    if path is None:
        return
    if not path.parent.is_dir():
        fail(t.t("cli.database.no_folder", path=str(path), folder=str(path.parent)))
    if path.exists() and not os.access(path, os.W_OK):
        fail(t.t("cli.database.read_only_file", path=str(path)))
    if not path.exists() and not os.access(path.parent, os.W_OK):
        fail(t.t("cli.database.read_only_folder", path=str(path), folder=str(path.parent)))
