"""The terminal game's app: it holds what outlives one screen (the setup, the dice's random
source, the high-score store) and moves between the start, match and results screens."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from fivedice.i18n import translator
from fivedice.rules import Match, RuleError
from fivedice.rules.match import RandomSource

from .computer import UNDO_GRACE, ComputerSeats, computer_levels
from .language import tui_language
from .last_game import save_last_game
from .scores import HIGH_SCORE_LIMIT, HighScoreLine, ScoreBook, open_score_book
from .screens import ConfirmScreen, MatchScreen, ResultsScreen, StartScreen
from .setup import GameSetup
from .words import refusal, translate_bindings


class FiveDiceApp(App[None]):
    """fivedice in the terminal: a hot-seat match for 1 to 8 players.

    `rng` is where the dice come from (the system's secure source when None; tests pass a
    seeded ``random.Random``). `store` keeps high scores; when None, the default store
    (``FIVEDICE_DATABASE_URL`` or the user data directory) is opened on first use.
    `computer_delay` is the pause before each computer move, so people can follow it.
    With `start_at_once` the match begins without the start screen. With `turn_bell` (the
    default) the terminal's bell rings when the turn comes to a person from someone else.
    `save_dir` is where the results screen saves a match's log (the current directory when
    None). `undo_grace` is how long a computer who would move next waits while the person who
    just scored may still take it back. With `last_game_file`, each match's set-up is kept
    there, for the next run's start screen (``fivedice play`` passes it; tests leave it None).
    `language` is the language every screen speaks (the environment's when None).
    """

    CSS_PATH = "fivedice.tcss"
    TITLE = "fivedice"
    # The descriptions are catalog keys, put in the player's words when the app is made.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit_game", "tui.key.quit", priority=True),
        Binding("ctrl+p", "command_palette", "tui.key.palette", show=False, priority=True),
    ]

    def __init__(
        self,
        setup: GameSetup | None = None,
        *,
        rng: RandomSource | None = None,
        store: ScoreBook | None = None,
        store_url: str | None = None,
        computer_delay: float = 0.6,
        start_at_once: bool = False,
        turn_bell: bool = True,
        save_dir: Path | None = None,
        undo_grace: float = UNDO_GRACE,
        last_game_file: Path | None = None,
        language: str | None = None,
    ) -> None:
        super().__init__()
        self.language = language or tui_language()
        self.words = translator(self.language)
        translate_bindings(self, self.words)
        self.computers = ComputerSeats()
        self.computer_delay = computer_delay
        self.setup = setup or GameSetup()
        self.rng = rng
        self.match: Match | None = None
        self._store = store
        self._store_url = store_url
        self._store_failed = False
        self.start_at_once = start_at_once
        self.turn_bell = turn_bell
        self.save_dir = save_dir
        self.undo_grace = undo_grace
        self.last_game_file = last_game_file

    def on_mount(self) -> None:
        self.push_screen(StartScreen(self.setup, self.computer_kinds()))
        if self.start_at_once:
            self.start_match(self.setup)

    # Flow ------------------------------------------------------------------------------

    def computer_kinds(self) -> Sequence[tuple[str, str]]:
        """The computer players a seat can be, as (label, level); empty when none exist."""
        return computer_levels(self.words)

    def start_match(self, setup: GameSetup) -> None:
        """Start a match from `setup` and show it."""
        try:
            match = setup.new_match(self.rng)
        except RuleError as exc:
            self.notify(refusal(self.words, exc), severity="error", markup=False)
            return
        self.setup = setup
        self.match = match
        if self.last_game_file is not None:
            save_last_game(setup, self.last_game_file)
        self.switch_screen(MatchScreen(match))

    def match_title(self, match: Match) -> str:
        """The line above the dice: the game and its rule set."""
        return self.words.t(
            "tui.app.match_title", rules=self.words.preset(match.rules.name, match.rules.title)
        )

    def finish_match(self, match: Match) -> None:
        """Keep the finished match and its scores, then show the results."""
        match_id: str | None = None
        store = self.store()
        if store is not None:
            try:
                match_id = store.save_finished(match)
            except Exception as exc:  # a broken store must not lose the result on screen
                self.notify(
                    self.words.t("tui.app.scores_not_saved", error=exc),
                    severity="warning",
                    markup=False,
                )
        self.switch_screen(ResultsScreen(match, match_id))

    def play_again(self) -> None:
        """Same players, same options, new cards."""
        self.start_match(self.setup)

    def new_game(self) -> None:
        """Back to the start screen, prefilled with the last setup."""
        self.match = None
        self.switch_screen(StartScreen(self.setup, self.computer_kinds()))

    def save_folder(self) -> Path:
        """Where a match's log is saved: the folder given, else the current directory."""
        return (self.save_dir or Path.cwd()).resolve()

    def action_quit_game(self) -> None:
        """Quit; during a match, ask first, since a match left unfinished is not kept."""
        if not isinstance(self.screen, MatchScreen):
            self.exit()  # a second Ctrl+Q while the question is open quits too
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()

        self.push_screen(
            ConfirmScreen(
                self.words.t("tui.app.quit_question"),
                self.words.t("tui.app.quit"),
                self.words.t("tui.app.keep_playing"),
            ),
            answered,
        )

    # High scores -----------------------------------------------------------------------

    def store(self) -> ScoreBook | None:
        """The high-score store, opened on first use; None if it cannot be opened."""
        if self._store is None and not self._store_failed:
            try:
                self._store = open_score_book(self._store_url)
            except Exception as exc:
                self._store_failed = True
                self.notify(
                    self.words.t("tui.app.high_scores_off", error=exc),
                    severity="warning",
                    markup=False,
                    timeout=6,
                )
        return self._store

    def high_scores(self, preset: str) -> Sequence[HighScoreLine] | None:
        """The preset's high scores, best first; None when the store is unavailable."""
        store = self.store()
        if store is None:
            return None
        try:
            return store.high_scores(preset, HIGH_SCORE_LIMIT)
        except Exception as exc:
            self.notify(
                self.words.t("tui.app.high_scores_off", error=exc),
                severity="warning",
                markup=False,
            )
            return None

    def reset_high_scores(self, preset: str) -> None:
        """Start the preset's high-score list afresh."""
        store = self.store()
        if store is not None:
            store.reset_high_scores(preset)
