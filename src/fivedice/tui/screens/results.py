"""The end of a match: the winner(s), the ranking, the preset's high scores, what next (saving
the match's log among it), and every player's final card (below the buttons; the screen
scrolls on a small terminal)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, cast

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, HorizontalScroll, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from fivedice.rules import Match, Outcome

from ..saving import save_once
from ..scores import HighScoreLine
from ..widgets import ScorecardView
from .confirm import ConfirmScreen

if TYPE_CHECKING:
    from ..app import FiveDiceApp


def winner_line(outcome: Outcome) -> str:
    """One sentence about who won: a single winner, a tie, or a solo game's score."""
    ranked = [s for s in outcome.standings if s.place is not None]
    winners = [s for s in ranked if s.place == 1]
    if not winners:
        return "Nobody finished the match."
    total = winners[0].total
    if len(ranked) == 1:
        return f"{winners[0].name} finished with {total} points."
    if len(winners) == 1:
        return f"{winners[0].name} wins with {total} points!"
    names = ", ".join(w.name for w in winners[:-1]) + f" and {winners[-1].name}"
    return f"A tie! {names} share first place with {total} points."


def ranking_table(match: Match) -> Table:
    """Place, player, each round's total (when there are several) and the match total."""
    state = match.state
    outcome = state.outcome
    assert outcome is not None
    rounds = state.options.rounds
    table = Table(title="Ranking", title_style="bold", box=box.SIMPLE_HEAD)
    table.add_column("Place", justify="right")
    table.add_column("Player")
    if rounds > 1:
        for r in range(rounds):
            table.add_column(f"Round {r + 1}", justify="right")
    table.add_column("Total", justify="right", style="bold")
    for standing in outcome.standings:
        player = state.player(standing.seat)
        place = str(standing.place) if standing.place is not None else standing.status.value
        rounds_cells = [str(t) for t in player.round_totals] if rounds > 1 else []
        style = "bold green" if standing.place == 1 else ""
        table.add_row(place, standing.name, *rounds_cells, str(standing.total), style=style)
    return table


def high_score_table(
    title: str, lines: Sequence[HighScoreLine] | None, match_id: str | None
) -> Group | Text:
    """The preset's high scores, this match's entries marked; a note when there are none."""
    if lines is None:
        return Text("High scores are not available.", style="dim")
    if not lines:
        return Text(f"No high scores yet for {title}.", style="dim")
    table = Table(box=box.SIMPLE_HEAD)
    table.add_column("#", justify="right")
    table.add_column("Player")
    table.add_column("Score", justify="right")
    table.add_column("")
    for i, line in enumerate(lines, start=1):
        mine = match_id is not None and line.match_id == match_id
        table.add_row(
            str(i),
            line.name,
            str(line.total),
            "new" if mine else "",
            style="bold yellow" if mine else "",
        )
    return Group(Text(f"High scores · {title}", style="bold"), table)


class ResultsScreen(Screen[None]):
    """Who won, the ranking, the high scores; then Play again, New game, Reset or Quit; and
    the final cards."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "play_again", "Play again"),
        Binding("n", "new_game", "New game"),
        Binding("s", "save_log", "Save log"),
        Binding("q", "app.quit", "Quit", show=False),
    ]

    def __init__(self, match: Match, match_id: str | None) -> None:
        super().__init__(id="results-screen")
        self.match = match
        self.match_id = match_id
        self.saved_to: Path | None = None

    @property
    def game(self) -> FiveDiceApp:
        """The app, with its match-flow methods."""
        return cast("FiveDiceApp", self.app)

    def compose(self) -> ComposeResult:
        outcome = self.match.state.outcome
        assert outcome is not None
        with VerticalScroll(id="results-scroll"), Center(), Vertical(id="results"):
            yield Static("[b]Game over[/]", id="results-title")
            yield Static(winner_line(outcome), id="winner", markup=False)
            with Horizontal(id="results-tables"):
                yield Static(ranking_table(self.match), id="ranking")
                yield Static(id="high-scores")
            with Horizontal(id="results-buttons"):
                yield Button("Play again", id="play-again", variant="success")
                yield Button("New game", id="new-game", variant="primary")
                yield Button("Reset high scores", id="reset-scores", variant="error")
                yield Button("Save log", id="save-log")
                yield Button("Quit", id="quit")
            yield Static(id="saved", markup=False)
            yield Static("[b]Final cards[/]", id="final-cards-title")
            with HorizontalScroll(id="final-cards", can_focus=False), Vertical(id="card-stack"):
                for round in range(self.match.options.rounds):
                    yield ScorecardView(self.match.state, id=f"final-card-{round}")
        yield Footer()

    def on_mount(self) -> None:
        for round in range(self.match.options.rounds):
            card = self.query_one(f"#final-card-{round}", ScorecardView)
            card.show(self.match.state, round=round)
        self.show_high_scores()
        self.query_one("#play-again", Button).focus()

    def show_high_scores(self) -> None:
        """Draw the preset's high-score list as the store has it now."""
        rules = self.match.rules
        lines = self.game.high_scores(rules.name)
        self.query_one("#high-scores", Static).update(
            high_score_table(rules.title, lines, self.match_id)
        )
        self.query_one("#reset-scores", Button).disabled = not lines

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
            self.match, self.game.save_folder(), self.saved_to
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

        question = f"Reset the high scores of {self.match.rules.title}?"
        self.app.push_screen(ConfirmScreen(question, "Reset", "Keep them"), answered)

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
