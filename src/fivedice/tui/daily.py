"""The daily challenge in the terminal (``fivedice daily``): one person plays the day's dice
under the day's rule set, without hints, then sees their game beside the optimal player's on
the same dice. Offline: nothing is sent to a leaderboard, and no high score is kept."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import ClassVar

from fivedice.i18n import Translator
from fivedice.rules import Match, preset
from fivedice.rules.daily import DailyDice

from .app import FiveDiceApp
from .screens import MatchScreen
from .screens.daily_results import DailyResultsScreen
from .setup import GameSetup
from .words import english

# The day's secret is this database's: the same dice as every game of the day played on it (a
# server's players too, given that server's --database), not those of other servers.
FIRST_WORD = english().t("tui.daily.first_word")
"""The line under the dice when the day's game starts (in English; the app says it in the
player's language)."""


def daily_title(day: date, rules_title: str, words: Translator | None = None) -> str:
    """The line that marks a daily game: "Daily challenge · Sunday 2026-11-29 · Yatzy
    (Scandinavian)" (the date as the language writes it, by the catalog's pattern)."""
    words = words or english()
    shown = words.date(day, words.t("tui.daily.date_pattern"))
    return words.t("tui.daily.title", day=shown, rules=rules_title)


def daily_match(dice: DailyDice, name: str) -> Match:
    """The day's match for one person: the day's rule set, the daily options (no hints, no
    clock), every roll from the day's dice."""
    from fivedice.strategy.daily import DAILY_OPTIONS

    match = Match.create(dice.rules, DAILY_OPTIONS, rng=dice)
    seat = match.join(name)
    match.start(seat)
    return match


class DailyApp(FiveDiceApp):
    """The terminal game set for one day's challenge: straight to the match, then the
    comparison with the optimal game (:class:`DailyResultsScreen`). Leaving the match quits."""

    # The game's styles, then the daily's own on top of them.
    CSS_PATH: ClassVar[list[str | Path]] = ["fivedice.tcss", "daily.tcss"]  # type: ignore[assignment]
    TITLE = "fivedice daily"  # i18n: not text (the command's name)

    def __init__(
        self,
        dice: DailyDice,
        name: str,
        *,
        turn_bell: bool = True,
        save_dir: Path | None = None,
        language: str | None = None,
    ) -> None:
        setup = GameSetup.from_names([name], dice.rules, 1, preset(dice.rules).undo_allowed)
        super().__init__(
            setup,
            rng=dice,
            start_at_once=True,
            turn_bell=turn_bell,
            save_dir=save_dir,
            language=language,
        )
        self.dice = dice
        self.player_name = name

    @property
    def title_line(self) -> str:
        """The daily game's header: the day, its rule set and its weekday."""
        rules = preset(self.dice.rules)
        return daily_title(self.dice.day, self.words.preset(rules.name, rules.title), self.words)

    def start_match(self, setup: GameSetup) -> None:
        """Start the day's match (at once: the start screen is passed straight by)."""
        self.match = daily_match(self.dice, self.player_name)
        screen = MatchScreen(self.match)
        screen.say(self.words.t("tui.daily.first_word"))
        self.switch_screen(screen)

    def match_title(self, match: Match) -> str:
        return self.title_line

    def finish_match(self, match: Match) -> None:
        """Show the comparison with the optimal game (kept nowhere: the daily is offline)."""
        self.switch_screen(DailyResultsScreen(match, self.dice, self.title_line))

    def play_again(self) -> None:
        """A day has one game: the same dice again would be no test."""
        self.exit()

    def new_game(self) -> None:
        """Leaving the day's match ends the daily game."""
        self.exit()
