"""The end of a match: the winner(s), the ranking, the preset's high scores, what next (saving
the match's log among it), and every player's final card (below the buttons; the screen
scrolls on a small terminal)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, cast

from rich import box
from rich.console import Group, RenderableType
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, HorizontalScroll, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from fivedice.i18n import Translator
from fivedice.rules import Match, Outcome

from ..saving import save_once
from ..scores import HighScoreLine
from ..widgets import ScorecardView
from ..words import english, translate_bindings, words_of
from .confirm import ConfirmScreen

if TYPE_CHECKING:
    from ..app import FiveDiceApp

RESULTS_MAX_WIDTH = 110  # as fivedice.tcss makes #results, with its border and padding
RESULTS_FRAME = 6
TABLE_GAP = 2  # the tables' right margin
WINNER_STYLE = "bold green"  # i18n: not text
NEW_STYLE = "bold yellow"  # i18n: not text


def winner_line(outcome: Outcome, words: Translator | None = None) -> str:
    """One sentence about who won: a single winner, a tie, or a solo game's score."""
    words = words or english()
    ranked = [s for s in outcome.standings if s.place is not None]
    winners = [s for s in ranked if s.place == 1]
    if not winners:
        return words.t("tui.results.nobody_finished")
    total = winners[0].total
    if len(ranked) == 1:
        return words.t("tui.results.solo", name=winners[0].name, count=total)
    if len(winners) == 1:
        return words.t("tui.results.winner", name=winners[0].name, count=total)
    names = words.t(
        "tui.results.names",
        names=", ".join(w.name for w in winners[:-1]),
        last=winners[-1].name,
    )
    return words.t("tui.results.tie", names=names, count=total)


def ranking_table(match: Match, words: Translator | None = None) -> Table:
    """Place, player, each round's total (when there are several) and the match total."""
    words = words or english()
    state = match.state
    outcome = state.outcome
    assert outcome is not None
    rounds = state.options.rounds
    table = Table(title=words.t("tui.results.ranking"), title_style="bold", box=box.SIMPLE_HEAD)
    table.add_column(words.t("tui.results.place"), justify="right")
    table.add_column(words.t("tui.results.player"))
    if rounds > 1:
        for r in range(rounds):
            table.add_column(words.t("tui.results.round", round=r + 1), justify="right")
    table.add_column(words.t("tui.results.total"), justify="right", style="bold")
    for standing in outcome.standings:
        player = state.player(standing.seat)
        if standing.place is not None:
            place = words.number(standing.place)
        else:
            place = words.t(f"tui.results.status.{standing.status.value}")
        rounds_cells = [words.number(t) for t in player.round_totals] if rounds > 1 else []
        style = WINNER_STYLE if standing.place == 1 else ""
        total = words.number(standing.total)
        table.add_row(place, standing.name, *rounds_cells, total, style=style)
    return table


def high_score_table(
    title: str,
    lines: Sequence[HighScoreLine] | None,
    match_id: str | None,
    words: Translator | None = None,
) -> Group | Text:
    """The preset's high scores, this match's entries marked; a note when there are none."""
    words = words or english()
    if lines is None:
        return Text(words.t("tui.results.high_scores_off"), style="dim")
    if not lines:
        return Text(words.t("tui.results.no_high_scores", rules=title), style="dim")
    table = Table(box=box.SIMPLE_HEAD)
    table.add_column("#", justify="right")
    table.add_column(words.t("tui.results.player"))
    table.add_column(words.t("tui.results.score"), justify="right")
    table.add_column("")
    for i, line in enumerate(lines, start=1):
        mine = match_id is not None and line.match_id == match_id
        table.add_row(
            words.number(i),
            line.name,
            words.number(line.total),
            words.t("tui.results.new") if mine else "",
            style=NEW_STYLE if mine else "",
        )
    return Group(Text(words.t("tui.results.high_scores", rules=title), style="bold"), table)


class ResultsScreen(Screen[None]):
    """Who won, the ranking, the high scores; then Play again, New game, Reset or Quit; and
    the final cards."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "play_again", "tui.key.play_again"),
        Binding("n", "new_game", "tui.key.new_game"),
        Binding("s", "save_log", "tui.key.save_log"),
        Binding("q", "app.quit", "tui.key.quit", show=False),
    ]

    def __init__(self, match: Match, match_id: str | None) -> None:
        super().__init__(id="results-screen")
        self.words = words_of(self)
        translate_bindings(self, self.words)
        self.match = match
        self.match_id = match_id
        self.saved_to: Path | None = None
        self._tables: dict[str, RenderableType] = {}

    @property
    def game(self) -> FiveDiceApp:
        """The app, with its match-flow methods."""
        return cast("FiveDiceApp", self.app)

    def compose(self) -> ComposeResult:
        outcome = self.match.state.outcome
        assert outcome is not None
        words = self.words
        with VerticalScroll(id="results-scroll"), Center(), Vertical(id="results"):
            yield Static(Text(words.t("tui.results.title"), style="bold"), id="results-title")
            yield Static(winner_line(outcome, words), id="winner", markup=False)
            self._tables["ranking"] = ranking_table(self.match, words)
            with Horizontal(id="results-tables"):
                yield Static(self._tables["ranking"], id="ranking")
                yield Static(id="high-scores")
            with Horizontal(id="results-buttons"):
                yield Button(words.t("tui.results.play_again"), id="play-again", variant="success")
                yield Button(words.t("tui.results.new_game"), id="new-game", variant="primary")
                yield Button(
                    words.t("tui.results.reset_scores"), id="reset-scores", variant="error"
                )
                yield Button(words.t("tui.results.save_log"), id="save-log")
                yield Button(words.t("tui.results.quit"), id="quit")
            yield Static(id="saved", markup=False)
            yield Static(
                Text(words.t("tui.results.final_cards"), style="bold"), id="final-cards-title"
            )
            with HorizontalScroll(id="final-cards", can_focus=False), Vertical(id="card-stack"):
                for round in range(self.match.options.rounds):
                    yield ScorecardView(self.match.state, id=f"final-card-{round}")
        yield Footer()

    def on_mount(self) -> None:
        for round in range(self.match.options.rounds):
            card = self.query_one(f"#final-card-{round}", ScorecardView)
            card.show(self.match.state, round=round)
        self.show_high_scores()
        # The winner stays in view at the top; the keys work wherever the page is scrolled.
        self.query_one("#play-again", Button).focus(scroll_visible=False)

    def show_high_scores(self) -> None:
        """Draw the preset's high-score list as the store has it now."""
        rules = self.match.rules
        lines = self.game.high_scores(rules.name)
        title = self.words.preset(rules.name, rules.title)
        self._tables["high-scores"] = high_score_table(title, lines, self.match_id, self.words)
        self.query_one("#high-scores", Static).update(self._tables["high-scores"])
        self._arrange_tables()
        self.query_one("#reset-scores", Button).disabled = not lines

    def on_resize(self) -> None:
        self._arrange_tables()

    def _arrange_tables(self) -> None:
        """The ranking and the high scores side by side where both fit, else one above the
        other (their words are longer in some languages)."""
        console = self.app.console
        needed = sum(
            Measurement.get(console, console.options, table).maximum + TABLE_GAP
            for table in self._tables.values()
        )
        room = min(self.size.width, RESULTS_MAX_WIDTH) - RESULTS_FRAME
        self.query_one("#results-tables").set_class(needed > room, "-stacked")

    def action_play_again(self) -> None:
        """The same players with the same options, from a fresh card."""
        self.game.play_again()

    def action_new_game(self) -> None:
        """Back to the start screen, filled in as this match was."""
        self.game.new_game()

    def action_save_log(self) -> None:
        """Write the match's log to a JSON file (once) and say where it went, with the command
        that replays it."""
        note = self.query_one("#saved", Static)
        self.saved_to, message, failed = save_once(
            self.match, self.game.save_folder(), self.saved_to, self.words
        )
        note.update(message)
        note.set_class(failed, "-error")
        if failed:
            self.app.bell()

    def action_reset_scores(self) -> None:
        """Clear this preset's high-score list, after asking."""

        def answered(yes: bool | None) -> None:
            if yes:
                self.game.reset_high_scores(self.match.rules.name)
                self.show_high_scores()

        words, rules = self.words, self.match.rules
        question = words.t(
            "tui.results.reset_question", rules=words.preset(rules.name, rules.title)
        )
        yes, no = words.t("tui.results.reset"), words.t("tui.results.keep_them")
        self.app.push_screen(ConfirmScreen(question, yes, no), answered)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        actions = {
            "play-again": self.action_play_again,
            "new-game": self.action_new_game,
            "reset-scores": self.action_reset_scores,
            "save-log": self.action_save_log,
            "quit": self.app.exit,
        }
        action = actions.get(event.button.id or "")
        if action is not None:
            action()
