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
from .rules_cmd import fail
from .words import box_label, count

if TYPE_CHECKING:
    from fivedice.rules import Match
    from fivedice.rules.daily import DailyDice

DAY_PATTERN = re.compile(r"\d{4}-\d{2}-\d{2}")
DEFAULT_NAME = "Player"


def read_day(text: str | None, today: date) -> date:
    """The day asked for (YYYY-MM-DD; today when None); refuses a malformed or future day."""
    if text is None:
        return today
    try:
        if not DAY_PATTERN.fullmatch(text):
            raise ValueError
        day = date.fromisoformat(text)
    except ValueError:
        fail(f"--date is a day as YYYY-MM-DD, not {text[:40]!r}")
    if day > today:
        fail(f"{day} has not come yet: today is {today} (days change at midnight UTC)")
    from fivedice.rules.daily import FIRST_DAY

    if day < FIRST_DAY:
        fail(f"The daily challenge began on {FIRST_DAY}: there is no challenge on {day}")
    return day


def day_secret(database: str | None, day: date, *, make: bool = True) -> bytes:
    """The day's secret from the store, made there the first time the day is played; without
    `make`, a day nobody played in this database is refused (its dice were never drawn)."""
    from fivedice.store import Store
    from fivedice.store.daily import find_secret

    from .serve_cmd import _store_errors

    with _store_errors():
        store = Store(database)
        try:
            secret = store.daily_secret(day) if make else find_secret(store, day)
        finally:
            store.close()
    if secret is None:
        fail(f"Nobody played the daily challenge of {day} in this database: it has no dice")
    return secret


@app.command()
def daily(
    day_text: Annotated[
        str | None,
        typer.Option(
            "--date",
            metavar="YYYY-MM-DD",
            help="The day to play (a past day, or today); today (UTC) by default.",
            show_default=False,
        ),
    ] = None,
    database: DatabaseOption = None,
    name: Annotated[str, typer.Option("--name", help="Your name on the card.")] = DEFAULT_NAME,
    show_optimal: Annotated[
        bool,
        typer.Option(
            "--show-optimal",
            help="Print the optimal player's game on the dice of a past day played in this "
            "database (roll by roll, what it held and the box it chose) and the day's secret, "
            "instead of playing.",
        ),
    ] = False,
    bell: Annotated[
        bool,
        typer.Option("--bell/--no-bell", help="Ring the terminal's bell when your turn comes."),
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

    now = today()
    day = read_day(day_text, now)
    try:
        player = check_name(name)
    except RuleError as exc:
        fail(str(exc))
    if show_optimal and day >= now:
        fail(f"The dice of {day} are secret until the day is over: --show-optimal takes a past day")
    dice = DailyDice(day, preset_of_day(day), day_secret(database, day, make=not show_optimal))
    if show_optimal:
        print_optimal_game(dice)
        return
    from ..tui.daily import DailyApp

    DailyApp(dice, player, turn_bell=bell).run()


def print_optimal_game(dice: DailyDice) -> None:
    """The optimal player's game on the day's dice, a line per turn, and the day's secret
    (published once the day is over, so anyone can rebuild its dice)."""
    from fivedice.rules import preset
    from fivedice.strategy.daily import optimal_game

    from ..tui.daily import daily_title

    rules = preset(dice.rules)
    match = optimal_game(dice)
    typer.echo(f"{daily_title(dice.day, rules.title)}: the optimal player's game")
    typer.echo(f"The day's secret: {dice.secret.hex()}")
    for line in optimal_lines(match):
        typer.echo(line)
    typer.echo(f"Total: {count(match.state.player(0).total, 'point')}")


def optimal_lines(match: Match) -> list[str]:
    """Each turn of a one-seat match in words: every roll's dice as they lay, what was held
    before the next roll, and the box filled."""
    from fivedice.rules import BoxScored, DiceRolled

    lines: list[str] = []
    steps: list[str] = []
    for event in match.events:
        if isinstance(event, DiceRolled):
            if steps:
                kept = " ".join(str(event.dice[p]) for p in event.held) or "nothing"
                steps.append(f"hold {kept}")
            steps.append("roll " + " ".join(str(face) for face in event.dice))
        elif isinstance(event, BoxScored):
            box = box_label(match.rules, event.category)
            bonus = f" + {count(event.bonus, 'bonus point')}" if event.bonus else ""
            steps.append(f"{box}: {count(event.points, 'point')}{bonus}")
            lines.append(f"Turn {len(lines) + 1:>2}  " + " · ".join(steps))
            steps = []
    return lines
