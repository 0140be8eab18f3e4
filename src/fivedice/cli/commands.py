"""Every ``fivedice`` command: the module that defines it and the key of its one-line help.

A command's module is imported only when that command runs (see :mod:`.app`), so ``fivedice
--help`` lists every command from here without importing any of them, and each command starts
with only what it uses. A command's module declares the same help key on the command itself
(the tests check that the two agree).
"""

from __future__ import annotations

import importlib
from typing import NamedTuple


class CommandEntry(NamedTuple):
    """Where a command lives and what ``fivedice --help`` says of it."""

    module: str
    help: str


COMMANDS: dict[str, CommandEntry] = {
    "play": CommandEntry("play_cmd", "cli.play.help"),
    "daily": CommandEntry("daily_cmd", "cli.daily.help"),
    "scores": CommandEntry("scores_cmd", "cli.scores.help"),
    "score": CommandEntry("rules_cmd", "cli.rules.help.score_command"),
    "rules": CommandEntry("rules_cmd", "cli.rules.help.rules_command"),
    "odds": CommandEntry("rules_cmd", "cli.rules.help.odds_command"),
    "advise": CommandEntry("strategy_cmd", "cli.advise.help"),
    "replay": CommandEntry("rules_cmd", "cli.rules.help.replay_command"),
    "analyse": CommandEntry("strategy_cmd", "cli.analyse.help"),
    "export": CommandEntry("export_cmd", "cli.export.help"),
    "solve": CommandEntry("strategy_cmd", "cli.solve.help"),
    "simulate": CommandEntry("strategy_cmd", "cli.simulate.help"),
    "serve": CommandEntry("serve_cmd", "cli.serve.help"),
    "ratings": CommandEntry("ratings_cmd", "cli.ratings.help"),
}
"""The commands in the order ``fivedice --help`` lists them: playing first, then the rules
and the advisor, then what serves and keeps matches."""


def import_command(name: str) -> None:
    """Import the module of the command `name` (which registers it on the app)."""
    importlib.import_module(f"{__package__}.{COMMANDS[name].module}")


def import_every_command() -> None:
    """Import every command's module, as a tool that looks at the whole tree needs."""
    for name in COMMANDS:
        import_command(name)
