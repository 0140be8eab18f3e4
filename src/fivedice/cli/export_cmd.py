"""``fivedice export``: a stored match's log, from the server's database to a file or stdout,
as JSON lines that ``fivedice replay`` and ``fivedice analyse`` read without a server."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated

import typer

from .app import app
from .conventions import DatabaseOption
from .rules_cmd import fail
from .serve_cmd import _store_errors

MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


@app.command()
def export(
    match: Annotated[str, typer.Argument(help="The match's id (as in its replay's address).")],
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="The file to write (default: stdout)."),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
    unfinished: Annotated[
        bool,
        typer.Option("--unfinished", help="Export a match not finished yet: its log so far."),
    ] = False,
    database: DatabaseOption = None,
) -> None:
    """Write a finished match's log, one event per line, for `replay` and `analyse`."""
    from fivedice.store import Store, UnknownMatch

    if not MATCH_ID.fullmatch(match):
        fail(f"A match id is 1 to 64 letters, digits, - or _, not {match[:80]!r}")
    if output is not None and str(output) != "-":
        if output.is_dir():
            fail(f"{output} is a folder: name a file to write")
        if output.exists() and not force:
            fail(f"{output} exists: add --force to overwrite it")
        if not output.parent.is_dir():
            fail(f"Cannot write {output}: the folder {output.parent} does not exist")
    with _store_errors():
        _check_database_exists(database)
        store = Store(database)
        try:
            summary = store.summary(match)
            events = store.load_events(match)
        except UnknownMatch:
            fail(f"No match {match} in the database")
        finally:
            store.close()
    if summary.status != "finished" and not unfinished:
        fail(f"Match {match} is not finished ({summary.status}): --unfinished exports it so far")
    lines = "".join(
        json.dumps({"seq": seq, **event.to_dict()}) + "\n"
        for seq, event in enumerate(events, start=1)
    )
    if output is None or str(output) == "-":
        typer.echo(lines, nl=False)
        return
    try:
        output.write_text(lines, encoding="utf-8")
    except OSError as exc:
        fail(f"Cannot write {output}: {exc.strerror or exc}")
    typer.echo(f"{len(events)} events of match {match} written to {output}", err=True)


def _check_database_exists(url: str | None) -> None:
    """An SQLite file that is not there is refused, not created empty by a command that
    only reads."""
    from sqlalchemy.engine import make_url

    from fivedice.store import database_url

    parsed = make_url(database_url(url))
    name = parsed.database
    if not parsed.drivername.startswith("sqlite") or not name or name == ":memory:":
        return
    if not Path(name).is_file():
        fail(f"Cannot use the database {name}: there is no such file")
