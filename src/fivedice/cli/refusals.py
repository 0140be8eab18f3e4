"""How a command refuses: one line on stderr in the user's language and exit code 2, nothing
changed. Light on imports, so that every command may refuse before it loads what it works
with."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import NoReturn

import typer

from fivedice.i18n import Translator, translator

from .conventions import REFUSED
from .language import cli_language


class BadInput(Exception):
    """Input the command cannot use; its message is the one line the user sees."""


def words() -> Translator:
    """The command line's words, in the language it speaks now."""
    return translator(cli_language())


def fail(message: str) -> NoReturn:
    """Print one line on stderr and exit with code 2 (the command was refused)."""
    typer.echo(words().t("cli.rules.error", message=message), err=True)
    raise typer.Exit(REFUSED)


def refusal_text(exc: BaseException) -> str:
    """A refusal in the command line's language: a rules error (or any error with a ``code``
    and ``params``) from the catalog, any other by its own message."""
    from fivedice.i18n.errors import said_by_catalog

    said = said_by_catalog(exc, words())
    return str(exc) if said is None else said


def check_range(option: str, value: int, low: int, high: int) -> None:
    """Refuse a number outside its range with one line (Typer's own min/max print a usage
    panel of several lines instead)."""
    if not low <= value <= high:
        fail(words().t("cli.rules.out_of_range", option=option, low=low, high=high, value=value))


@contextmanager
def reporting_bad_input() -> Iterator[None]:
    """Turn the rules' refusals and unreadable input into :func:`fail`."""
    from fivedice.rules import RuleError

    try:
        yield
    except (RuleError, BadInput) as exc:
        fail(refusal_text(exc))
