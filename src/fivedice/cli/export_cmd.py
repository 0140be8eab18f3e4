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
from .language import cli_translator
from .os_reasons import file_reason
from .refusals import fail
from .store_errors import check_database_exists, store_errors

MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


@app.command(help="cli.export.help")
def export(
    match: Annotated[str, typer.Argument(help="cli.export.match")],
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="cli.export.output"),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="cli.export.force")] = False,
    unfinished: Annotated[
        bool,
        typer.Option("--unfinished", help="cli.export.unfinished"),
    ] = False,
    database: DatabaseOption = None,
) -> None:
    """Write a finished match's log, one event per line, for `replay` and `analyse`."""
    from fivedice.store import Store, UnknownMatch

    t = cli_translator()
    if not MATCH_ID.fullmatch(match):
        fail(t.t("cli.export.bad_id", value=repr(match[:80])))
    if output is not None and str(output) != "-":
        if output.is_dir():
            fail(t.t("cli.export.is_folder", path=str(output)))
        if output.exists() and not force:
            fail(t.t("cli.export.exists", path=str(output)))
        if not output.parent.is_dir():
            fail(t.t("cli.export.no_folder", path=str(output), folder=str(output.parent)))
    with store_errors():
        check_database_exists(database)
        store = Store(database)
        try:
            summary = store.summary(match)
            events = store.load_events(match)
        except UnknownMatch:
            fail(t.t("cli.export.unknown_match", match=match))
        finally:
            store.close()
    if summary.status != "finished" and not unfinished:
        status = f"cli.export.status_{summary.status}"
        status = t.t(status) if t.has(status) else summary.status
        fail(t.t("cli.export.not_finished", match=match, status=status))
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
        fail(t.t("cli.export.unwritable", path=str(output), reason=file_reason(exc, t)))
    typer.echo(
        t.t("cli.export.written", count=len(events), match=match, path=str(output)), err=True
    )
