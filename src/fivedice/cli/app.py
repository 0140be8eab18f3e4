"""The one ``fivedice`` command: a Typer app that each command module adds itself to, loaded
one command at a time (a command's module is imported when that command runs)."""

from __future__ import annotations

from typing import Any

import typer
from typer._click import Context  # Typer vendors Click: its errors are not click's own
from typer._click.core import Command
from typer._click.exceptions import NoArgsIsHelpError, UsageError
from typer.core import TyperCommand, TyperGroup
from typer.main import get_command_from_info, get_command_name, get_group_from_info

from fivedice.i18n import translator

from .commands import COMMANDS, import_command
from .conventions import HELP_OPTION_NAMES, REFUSED, add_version_option
from .help_text import translate_help
from .language import add_language_option, choose_language, cli_translator, environment_language
from .usage_errors import usage_message


def usage_error(exc: UsageError) -> typer.Exit:
    """Print a usage mistake Click found as one line; the exit to raise."""
    t = cli_translator()
    typer.echo(t.t("cli.app.error", message=usage_message(exc.format_message(), t)), err=True)
    return typer.Exit(REFUSED)


class OneLineUsageErrors(TyperGroup):
    """Every command gets ``--version`` (see :mod:`.conventions`), the app its ``--lang`` (see
    :mod:`.language`), and a usage mistake that Click finds itself (an unknown option, a word
    where a number goes, a missing option) ends like every other refusal: one line, exit code 2.

    The commands are loaded as they are asked for: the help lists each by its entry in
    :data:`.commands.COMMANDS`, and a command is built from its module when it runs.
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

    def list_commands(self, ctx: Context) -> list[str]:
        """Every command, loaded or not, in the order the help lists them."""
        return list(dict.fromkeys([*COMMANDS, *self.commands]))

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        """A loaded command, else what the help shows of one not loaded yet (its name and
        one-line help); None for a name that is no command."""
        loaded = self.commands.get(cmd_name)
        if loaded is not None or cmd_name not in COMMANDS:
            return loaded
        t = cli_translator()
        return TyperCommand(
            cmd_name, help=t.t(COMMANDS[cmd_name].help), rich_help_panel=t.t("cli.help.commands")
        )

    def resolve_command(
        self, ctx: Context, args: list[str]
    ) -> tuple[str | None, Command | None, list[str]]:
        """Load the command named first in `args` (importing its module), then find it."""
        if args and args[0] in COMMANDS and args[0] not in self.commands:
            self.commands[args[0]] = self.load(args[0], ctx)
        return super().resolve_command(ctx, args)

    def load(self, name: str, ctx: Context) -> Command:
        """Import the module of the command `name` and build the command, with ``--version``
        and its help in the run's language."""
        import_command(name)
        command = built(name)
        add_version_option(command)
        translate_help(command, cli_translator(), ctx)
        return command

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


def built(name: str) -> Command:
    """The Click command (or group) that Typer builds for `name`, registered on :data:`app`
    when its module was imported."""
    for info in app.registered_commands:
        assert info.callback is not None
        if (info.name or get_command_name(info.callback.__name__)) == name:
            return get_command_from_info(
                info,
                pretty_exceptions_short=app.pretty_exceptions_short,
                rich_markup_mode=app.rich_markup_mode,
            )
    for group in app.registered_groups:
        if group.name == name:
            return get_group_from_info(
                group,
                pretty_exceptions_short=app.pretty_exceptions_short,
                rich_markup_mode=app.rich_markup_mode,
                suggest_commands=app.suggest_commands,
            )
    raise LookupError(f"{name!r} is not registered by its module")  # i18n: not text


@app.callback()
def _every_command() -> None:
    """Nothing to do before a command: the callback makes the app a group while its commands
    are not loaded yet."""
