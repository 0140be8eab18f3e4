"""``fivedice scores``: the high-score lists of single games (the terminal game's and the
server's), and their admin."""

from __future__ import annotations

from typing import Annotated, cast

import typer

from .app import app
from .conventions import DatabaseOption, LimitOption, RulesOption, confirm, decline
from .language import cli_translator
from .refusals import check_range, fail, reporting_bad_input
from .store_errors import store_errors
from .words import day

scores_app = typer.Typer(
    help="cli.scores.help",
    no_args_is_help=True,  # as the app itself: no command shows the commands (exit code 2)
)
app.add_typer(scores_app, name="scores")


@scores_app.command("show", help="cli.scores.show.help")
def show_scores(
    rules: RulesOption = "official",
    limit: LimitOption = 10,
    period: Annotated[str, typer.Option(help="cli.scores.show.period")] = "all",
    database: DatabaseOption = None,
) -> None:
    """Print a preset's best single games: a match of several rounds is several games."""
    from fivedice.rules import preset
    from fivedice.store import PERIODS, Period, Store, best_games

    t = cli_translator()
    check_range("--limit", limit, 1, 1000)
    with reporting_bad_input():
        preset(rules)
    if period not in PERIODS:
        fail(t.t("cli.scores.show.unknown_period", periods=", ".join(PERIODS), value=repr(period)))
    with store_errors():
        store = Store(database)
        try:
            scores = best_games(store, rules, period=cast(Period, period), limit=limit)
        finally:
            store.close()
    if not scores:
        typer.echo(t.t("cli.scores.show.none", rules=rules))
    for place, line in enumerate(scores, start=1):
        total, when = t.number(line.total), day(line.finished_at, t)
        text = f"{place:>3}. {line.name:<24} {total:>5}  {when}"
        if line.rounds > 1:
            text += "  " + t.t("cli.scores.show.game_of", game=line.round + 1, games=line.rounds)
        typer.echo(text)


@scores_app.command("reset", help="cli.scores.reset.help")
def reset_scores(
    rules: Annotated[str, typer.Option("--rules", "-r", help="cli.scores.reset.rules")],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="cli.scores.reset.yes")] = False,
    database: DatabaseOption = None,
) -> None:
    """Start a preset's high-score list afresh; the match history is kept."""
    from fivedice.rules import preset
    from fivedice.store import Store

    t = cli_translator()
    with reporting_bad_input():
        preset(rules)
    if not yes and not confirm(t.t("cli.scores.reset.confirm", rules=rules), t):
        decline(t)
    with store_errors():
        store = Store(database)
        try:
            store.reset_high_scores(rules)
        finally:
            store.close()
    typer.echo(t.t("cli.scores.reset.done", rules=rules))
