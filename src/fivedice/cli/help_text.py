"""Help in the user's language: every command, option and argument declares its help as a
catalog key (``help="cli.advise.top"``), and :func:`translate_help` puts the whole command tree
into words once the run's language is known, before Click answers ``--help``.

Typer builds a fresh tree of Click commands for every run, so translating it in place leaves
nothing behind for the next run. The words of Click and Typer themselves are not in our keys:
the option and argument panels' titles are set through Typer's own ``rich_help_panel``, and the
help option's text through the option itself; "Usage:" and "[default: ...]" stay as Typer
writes them (its vendored Click has no gettext, and Typer's gettext calls run once, at import).
"""

from __future__ import annotations

from typing import Any

from typer._click import Context  # Typer vendors Click
from typer._click.core import Command
from typer.core import TyperArgument, TyperGroup

from fivedice.i18n import Translator

_KEY = "_fivedice_help_key"
"""The attribute where a command or parameter keeps the key its help was declared with."""


def translate_help(command: Command, t: Translator, ctx: Context | None = None) -> None:
    """Put the help of `command` and of everything under it into `t`'s words."""
    _translate(command, "help", t)
    command.rich_help_panel = t.t("cli.help.commands")  # type: ignore[attr-defined]
    for param in command.params:
        _translate(param, "help", t)
        panel = "cli.help.arguments" if isinstance(param, TyperArgument) else "cli.help.options"
        param.rich_help_panel = t.t(panel)  # type: ignore[attr-defined]
    if ctx is not None:
        option = command.get_help_option(ctx)
        if option is not None:
            option.help = t.t("cli.help.help_option")
            option.rich_help_panel = t.t("cli.help.options")
    if isinstance(command, TyperGroup):
        for sub in command.commands.values():
            translate_help(sub, t, ctx)


def _translate(thing: Any, attribute: str, t: Translator) -> None:
    """Set `thing`'s `attribute` from the key it was declared with (kept for the next
    translation); a text that is no key is left as it is. The words are help, not Rich
    markup: a bracket in them ("fivedice[solver]") is shown as written."""
    key = getattr(thing, _KEY, None)
    if key is None:
        declared = getattr(thing, attribute, None)
        if not isinstance(declared, str) or not declared.startswith("cli.") or not t.has(declared):
            return
        key = declared
        setattr(thing, _KEY, key)
    words = t.t(key)
    if "[" in words:  # Rich's markup module is imported only for the few that need it
        from rich.markup import escape

        words = escape(words)
    setattr(thing, attribute, words)
