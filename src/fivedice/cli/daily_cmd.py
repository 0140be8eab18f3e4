"""``fivedice daily``: the daily challenge's dice in the terminal game, offline (no
leaderboard), and, for a day that is over, the optimal player's game on its dice. The day's
secret comes from the database the server uses, so a server's own players get the same dice."""

from __future__ import annotations

import re
from datetime import date
from typing import TYPE_CHECKING, Annotated

import typer

from .app import app
from .conventions import DatabaseOption
from .language import cli_language, cli_translator
from .refusals import fail, refusal_text
from .words import box_label, count, day, dice_words

if TYPE_CHECKING:
    from fivedice.rules import Match
    from fivedice.rules.daily import DailyDice

DAY_PATTERN = re.compile(r"\d{4}-\d{2}-\d{2}")


def read_day(text: str | None, today: date) -> date:
    """The day asked for (YYYY-MM-DD; today when None); refuses a malformed or future day."""
    if text is None:
        return today
    t = cli_translator()
    try:
        if not DAY_PATTERN.fullmatch(text):
            raise ValueError
        asked = date.fromisoformat(text)
    except ValueError:
        fail(t.t("cli.daily.bad_date", value=repr(text[:40])))
    if asked > today:
        fail(t.t("cli.daily.not_yet", day=day(asked, t), today=day(today, t)))
    from fivedice.rules.daily import FIRST_DAY

    if asked < FIRST_DAY:
        fail(t.t("cli.daily.before_first", first=day(FIRST_DAY, t), day=day(asked, t)))
    return asked


def day_secret(database: str | None, when: date, *, make: bool = True) -> bytes:
    """The day's secret from the store, made there the first time the day is played; without
    `make`, a day nobody played in this database is refused (its dice were never drawn)."""
    from fivedice.store import Store
    from fivedice.store.daily import find_secret

    from .store_errors import store_errors

    with store_errors():
        store = Store(database)
        try:
            secret = store.daily_secret(when) if make else find_secret(store, when)
        finally:
            store.close()
    if secret is None:
        fail(cli_translator().t("cli.daily.never_played", day=day(when)))
    return secret


@app.command(help="cli.daily.help")
def daily(
    day_text: Annotated[
        str | None,
        typer.Option(
            "--date",
            metavar="YYYY-MM-DD",
            help="cli.daily.date",
            show_default=False,
        ),
    ] = None,
    database: DatabaseOption = None,
    name: Annotated[
        str | None, typer.Option("--name", help="cli.daily.name", show_default=False)
    ] = None,
    show_optimal: Annotated[
        bool,
        typer.Option(
            "--show-optimal",
            help="cli.daily.show_optimal",
        ),
    ] = False,
    bell: Annotated[
        bool,
        typer.Option("--bell/--no-bell", help="cli.daily.bell"),
    ] = True,
) -> None:
    """Play the daily challenge: the day's dice under the day's rule set (Yatzy on Sundays, a
    rotating variant on Saturdays), then your game beside the optimal player's on the same dice.
    Offline: no leaderboard, one person, no hints. The dice come from the database's secret for
    the day: the same as every game of the day on that database (give a server's --database to
    play its players' dice; another server's are its own)."""
    from fivedice.rules import RuleError
    from fivedice.rules.daily import DailyDice, preset_of_day, today
    from fivedice.rules.match import check_name

    t = cli_translator()
    now = today()
    played = read_day(day_text, now)
    try:
        player = check_name(t.t("cli.daily.default_name") if name is None else name)
    except RuleError as exc:
        fail(refusal_text(exc))
    if show_optimal and played >= now:
        fail(t.t("cli.daily.still_secret", day=day(played, t)))
    secret = day_secret(database, played, make=not show_optimal)
    dice = DailyDice(played, preset_of_day(played), secret)
    if show_optimal:
        print_optimal_game(dice)
        return
    from ..tui.daily import DailyApp

    DailyApp(dice, player, turn_bell=bell, language=cli_language()).run()


def print_optimal_game(dice: DailyDice) -> None:
    """The optimal player's game on the day's dice, a line per turn, and the day's secret
    (published once the day is over, so anyone can rebuild its dice)."""
    from fivedice.rules import preset
    from fivedice.strategy.daily import optimal_game

    from ..tui.daily import daily_title

    t = cli_translator()
    rules = preset(dice.rules)
    match = optimal_game(dice)
    title = daily_title(dice.day, t.preset(rules.name, rules.title), t)
    typer.echo(t.t("cli.daily.optimal_game", title=title))
    typer.echo(t.t("cli.daily.secret", secret=dice.secret.hex()))
    for line in optimal_lines(match):
        typer.echo(line)
    typer.echo(t.t("cli.daily.total", count=match.state.player(0).total))


def optimal_lines(match: Match) -> list[str]:
    """Each turn of a one-seat match in words: every roll's dice as they lay, what was held
    before the next roll, and the box filled."""
    from fivedice.rules import BoxScored, DiceRolled

    t = cli_translator()
    lines: list[str] = []
    steps: list[str] = []
    for event in match.events:
        if isinstance(event, DiceRolled):
            if steps and event.held:
                kept = dice_words(event.dice[p] for p in event.held)
                steps.append(t.t("cli.daily.hold", dice=kept))
            elif steps:
                steps.append(t.t("cli.daily.hold_nothing"))
            steps.append(t.t("cli.daily.roll", dice=dice_words(event.dice)))
        elif isinstance(event, BoxScored):
            box = box_label(match.rules, event.category, t)
            points = count(event.points, "point", t=t)
            if event.bonus:
                bonus = count(event.bonus, "bonus_point", t=t)
                steps.append(t.t("cli.daily.scored_bonus", box=box, points=points, bonus=bonus))
            else:
                steps.append(t.t("cli.daily.scored", box=box, points=points))
            turn = f"{len(lines) + 1:>2}"
            lines.append(t.t("cli.daily.turn", turn=turn, steps=" · ".join(steps)))
            steps = []
    return lines
