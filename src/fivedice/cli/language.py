"""The language the command line speaks: ``--lang`` (before the command), else ``FIVEDICE_LANG``,
else the locale variables as gettext reads them (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``).

The choice is read from the arguments before Click parses them (see :func:`choose_language`),
because ``--help`` is answered while they are parsed: help texts are catalog keys, put into
words for the whole command tree once the language is known (:mod:`.help_text`). The choice is
kept in the run's Click context, so one process may run commands in several languages (tests).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import cache
from typing import NoReturn

import typer
from typer._click import Context  # Typer vendors Click
from typer._click.core import Command
from typer._click.exceptions import UsageError
from typer._click.globals import get_current_context

from fivedice.i18n import LANGUAGES, Translator, from_environment, translator

from .conventions import REFUSED

LANG_ENV = "FIVEDICE_LANG"
"""The environment variable that names the command line's language (``--lang`` wins)."""

_CHOSEN = "fivedice.lang"
"""Where a run keeps its language: a key of the Click context's ``meta``, shared by the run's
contexts."""


def cli_language() -> str:
    """The language of the command running now: its ``--lang``, else the environment's."""
    ctx = get_current_context(silent=True)
    chosen = ctx.meta.get(_CHOSEN) if ctx is not None else None
    return chosen if isinstance(chosen, str) else environment_language()


def cli_translator() -> Translator:
    """The words of the command running now, in its language."""
    return translator(cli_language())


def environment_language() -> str:
    """``FIVEDICE_LANG`` when it names a language fivedice speaks, else the locale's."""
    named = os.environ.get(LANG_ENV, "")
    return known_language(named) or from_environment()


def known_language(value: str) -> str | None:
    """The language `value` names (``sv``, ``pt-br``, ``pt_BR``; a country fivedice has no
    catalog of goes to its language: ``sv_FI``, ``de-AT``, ``pt``), or None for one fivedice
    does not speak."""
    wanted = value.strip().split(".")[0].replace("_", "-").casefold()
    exact = next((lang for lang in LANGUAGES if lang.casefold() == wanted), None)
    base = wanted.split("-")[0]
    return exact or next((lang for lang in LANGUAGES if lang.split("-")[0] == base), None)


def choose_language(command: Command, ctx: Context, args: Sequence[str]) -> str:
    """Read ``--lang`` (or ``FIVEDICE_LANG``) from the app's own arguments, refuse one fivedice
    does not speak, and keep the choice in `ctx` for :func:`cli_language`.

    The app's parser reads a copy of the arguments without running any callback, so ``--lang
    sv``, ``--lang=sv`` and a ``--lang`` after ``--version`` are all read as Click reads them; a
    mistake in them is left for the real parse to report.
    """
    try:
        opts, _, _ = command.make_parser(ctx).parse_args(args=list(args))
    except UsageError:
        opts = {}
    given = opts.get("lang")
    source, value = ("--lang", given) if isinstance(given, str) else (LANG_ENV, None)
    if value is None:
        value = os.environ.get(LANG_ENV) or None
    lang = from_environment() if value is None else known_language(value)
    if lang is None:
        refuse_language(source, value or "")
    ctx.meta[_CHOSEN] = lang
    return lang


def refuse_language(source: str, value: str) -> NoReturn:
    """Refuse a language fivedice does not speak, naming the ones it does (in the
    environment's language, the only one known then)."""
    t = translator(from_environment())
    choices = ", ".join(f"{lang} ({name})" for lang, name in LANGUAGES.items())
    message = t.t(
        "cli.app.unknown_language", option=source, value=repr(value[:40]), choices=choices
    )
    typer.echo(t.t("cli.app.error", message=message), err=True)
    raise typer.Exit(REFUSED)


@cache
def _language_option() -> object:
    """The ``--lang`` option as Typer builds it (from a throwaway one-option command); its
    value is read by :func:`choose_language`, so the option only documents and accepts it."""
    probe = typer.Typer()

    @probe.command()
    def _probe(
        lang: str | None = typer.Option(
            None,
            "--lang",
            metavar="LANG",
            expose_value=False,
            help="cli.app.lang_option",
            show_default=False,
        ),
    ) -> None:
        """Never run."""

    return typer.main.get_command(probe).params[0]


def add_language_option(command: Command) -> None:
    """Give the app its ``--lang`` option (before the command: ``fivedice --lang sv score``)."""
    if not any("--lang" in getattr(p, "opts", ()) for p in command.params):
        command.params.append(_language_option())  # type: ignore[arg-type]
