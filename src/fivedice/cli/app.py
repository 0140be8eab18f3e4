"""The one ``fivedice`` command: a Typer app that each command module adds itself to."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="fivedice",
    help="Yahtzee as its players know it: play, score, solve, advise, serve.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
