"""What every ``fivedice`` command has alike, so that one way of asking works everywhere:
``-h``/``--help``, ``--version``, and the exit codes."""

from __future__ import annotations

from functools import cache
from typing import Annotated

import typer
from typer._click.core import Command  # Typer vendors Click
from typer.core import TyperGroup

import fivedice

HELP_OPTION_NAMES = ["-h", "--help"]

DONE = 0
"""Exit code: the command did what was asked."""
DECLINED = 1
"""Exit code: the command ran and the answer is no (a confirmation declined, ``ratings check``
finding a rating the logs do not give)."""
REFUSED = 2
"""Exit code: what was asked cannot be done as asked (a usage mistake, a value out of range, a
name or file not found, a database or port that cannot be used, a missing command); nothing was
changed."""


def version_line() -> str:
    """What ``--version`` prints."""
    return f"fivedice {fivedice.__version__}"


def _show_version(value: bool) -> None:
    if value:
        typer.echo(version_line())
        raise typer.Exit(DONE)


@cache
def _version_flag() -> object:
    """The ``--version`` flag as Typer builds it (from a throwaway one-option command)."""
    probe = typer.Typer()

    @probe.command()
    def _probe(
        version: Annotated[
            bool,
            typer.Option(
                "--version",
                is_eager=True,
                expose_value=False,
                callback=_show_version,
                help="cli.conventions.version",
            ),
        ] = False,
    ) -> None:
        """Never run."""

    return typer.main.get_command(probe).params[0]


def add_version_option(command: Command) -> None:
    """Give ``command`` (and every command under it, for a group) a ``--version`` flag."""
    if not any("--version" in getattr(p, "opts", ()) for p in command.params):
        command.params.append(_version_flag())  # type: ignore[arg-type]
    if isinstance(command, TyperGroup):
        for sub in command.commands.values():
            add_version_option(sub)


RulesOption = Annotated[str, typer.Option("--rules", "-r", help="cli.conventions.rules")]
"""The rule set, spelled ``-r``/``--rules`` in every command that takes one."""

DatabaseOption = Annotated[
    str | None,
    typer.Option(
        "--database",
        envvar="FIVEDICE_DATABASE_URL",
        help="cli.conventions.database",
        show_default=False,
    ),
]
"""The database, spelled ``--database`` in every command that reads or writes one."""
