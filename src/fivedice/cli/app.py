"""The one ``fivedice`` command: a Typer app that each command module adds itself to."""

from __future__ import annotations

from typing import Any

import typer
from typer._click import Context  # Typer vendors Click: its errors are not click's own
from typer._click.exceptions import NoArgsIsHelpError, UsageError
from typer.core import TyperGroup, TyperOption

from fivedice.i18n import translator

from .conventions import HELP_OPTION_NAMES, REFUSED, add_version_option
from .help_text import translate_help
from .language import add_language_option, choose_language, cli_translator, environment_language
from .usage_errors import usage_message

_typed = TyperOption.display_type_rich


def _flags_take_no_value(self: TyperOption, ctx: Context) -> str | None:
    """A flag (``--show-optimal``, ``--bell/--no-bell``) takes no value, so its help shows no
    type: Typer's own help writes ``<bool>`` there, as if it wanted ``--show-optimal true``."""
    return None if self.is_flag else _typed(self, ctx)


TyperOption.display_type_rich = _flags_take_no_value  # type: ignore[method-assign]


def usage_error(exc: UsageError) -> typer.Exit:
    """Print a usage mistake Click found as one line; the exit to raise."""
    t = cli_translator()
    typer.echo(t.t("cli.app.error", message=usage_message(exc.format_message(), t)), err=True)
    return typer.Exit(REFUSED)


class OneLineUsageErrors(TyperGroup):
    """Every command gets ``--version`` (see :mod:`.conventions`), the app its ``--lang`` (see
    :mod:`.language`), and a usage mistake that Click finds itself (an unknown option, a word
    where a number goes, a missing option) ends like every other refusal: one line, exit code 2.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        add_version_option(self)
        add_language_option(self)
        translate_help(self, translator(environment_language()))

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        """Choose the run's language and put the help into it, then read the app's own
        options; a mistake there (``fivedice --bogus``) is one line too."""
        translate_help(self, translator(choose_language(self, ctx, args)), ctx)
        try:
            return super().parse_args(ctx, args)
        except NoArgsIsHelpError:
            raise
        except UsageError as exc:
            raise usage_error(exc) from None

    def invoke(self, ctx: Context) -> Any:
        """Run the command, turning Click's multi-line usage panel into one line."""
        try:
            return super().invoke(ctx)
        except NoArgsIsHelpError as exc:  # a group with no command: its help, as the app's own
            if exc.format_message():  # Rich has printed it already; plain Click returns it
                typer.echo(exc.format_message())
            raise typer.Exit(REFUSED) from None
        except UsageError as exc:
            raise usage_error(exc) from None


app = typer.Typer(
    cls=OneLineUsageErrors,
    name="fivedice",
    help="cli.app.help",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": HELP_OPTION_NAMES},
)
