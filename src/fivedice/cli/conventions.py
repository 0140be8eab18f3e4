"""What every ``fivedice`` command has alike, so that one way of asking works everywhere:
``-h``/``--help``, ``--version``, and the exit codes."""

from __future__ import annotations

from functools import cache
from typing import Annotated, NoReturn

import typer
from typer._click.core import Command  # Typer vendors Click
from typer.core import TyperGroup

import fivedice
from fivedice.i18n import Translator

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


def confirm(question: str, t: Translator) -> bool:
    """Ask a yes-or-no question in the user's language, no by default: "Reset the high scores
    of official? [y/N]: ". The language's own answers count ("j", "ja" in Swedish), and
    English's; an answer neither yes nor no asks again, and no answer at all (stdin closed) is
    a no."""
    yes = set(t.t("cli.confirm.yes").split()) | {"y", "yes"}
    no = set(t.t("cli.confirm.no").split()) | {"n", "no", ""}
    while True:
        try:
            answer = typer.prompt(
                t.t("cli.confirm.prompt", question=question), default="", show_default=False
            )
        except typer.Abort:
            return False
        if answer.strip().casefold() in yes:
            return True
        if answer.strip().casefold() in no:
            return False
        typer.echo(t.t("cli.app.error", message=t.t("cli.confirm.invalid")), err=True)


def decline(t: Translator) -> NoReturn:
    """End a command whose question was answered no: "Aborted!", exit code 1."""
    typer.echo(t.t("cli.confirm.aborted"), err=True)
    raise typer.Exit(DECLINED)


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

LimitOption = Annotated[int, typer.Option("--limit", "-n", help="cli.scores.limit")]
"""How many lines a list shows, spelled ``-n``/``--limit`` in every command that lists."""
