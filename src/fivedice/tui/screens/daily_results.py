"""The end of a daily game: the player's score beside the optimal player's on the same dice,
the two games turn by turn (each box, its points, what the player's decisions cost and a
mark), and the short result to share. The optimal game is worked out in a thread, so the
screen opens at once; on a small terminal it scrolls."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, cast

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from fivedice.rules import Match
from fivedice.rules.daily import DailyDice
from fivedice.rules.state import ROLLS_PER_TURN

from ..saving import save_once

if TYPE_CHECKING:
    from fivedice.rules import RuleSet
    from fivedice.strategy.advisor import Advice
    from fivedice.strategy.analysis import Decision
    from fivedice.strategy.daily import DailyComparison

    from ..app import FiveDiceApp

MARK_STYLES = {"perfect": "green", "close": "yellow", "costly": "bold red"}
WORKING = "Working out the optimal player's game on the same dice…"
COSTLIEST_SHOWN = 3
WORTH_SHOWING = 0.05  # expected points: below this a decision is as good as the best


def score_lines(comparison: DailyComparison) -> str:
    """The two scores and what the player's decisions gave away (expected points against
    the best decision each time), in two lines."""
    points = "point" if comparison.optimal_score == 1 else "points"
    return (
        f"You scored {comparison.score}; the optimal player scored "
        f"{comparison.optimal_score} {points} on the same dice.\n"
        f"Your decisions cost {comparison.gave_away:.1f} points of expected score."
    )


def turns_table(comparison: DailyComparison) -> Table:
    """Turn by turn: the player's box and points, the optimal player's, the cost and mark."""
    table = Table(  # padding collapsed and no edges: the longest boxes fit 80 columns
        box=box.SIMPLE_HEAD,
        title="Turn by turn",
        title_style="bold",
        collapse_padding=True,
        show_edge=False,
    )
    table.add_column("#", justify="right")
    table.add_column("Your box")
    table.add_column("Pts", justify="right")
    table.add_column("Optimal's box")
    table.add_column("Pts", justify="right")
    table.add_column("Cost", justify="right")
    table.add_column("Mark")
    for turn in comparison.turns:
        table.add_row(
            str(turn.turn),
            turn.you.label,
            str(turn.you.points),
            turn.optimal.label,
            str(turn.optimal.points),
            f"{turn.cost:.1f}",
            Text(turn.mark, style=MARK_STYLES.get(turn.mark, "")),
        )
    return table


def choice_words(rules: RuleSet, advice: Advice) -> str:
    """A decision in words: "hold 3 3", "reroll all", "Fours (12)"."""
    action = advice.action
    if action.kind == "score":
        points = (advice.points or 0) + advice.bonus
        return f"{rules.category(action.category).label} ({points})"
    return str(action)


def decision_line(rules: RuleSet, turn: int, decision: Decision) -> str:
    """One decision beside the best one: "Turn 3, roll 2: 3 3 4 5 6 · you: hold 3 3 · best:
    hold 3 4 5 6 · cost 4.2"."""
    roll = ROLLS_PER_TURN - decision.rolls_left
    dice = " ".join(str(face) for face in decision.dice)
    return (
        f"Turn {turn}, roll {roll}: {dice} · you: {choice_words(rules, decision.taken)} · "
        f"best: {choice_words(rules, decision.best)} · cost {decision.cost:.1f}"
    )


def costliest_text(comparison: DailyComparison, shown: int = COSTLIEST_SHOWN) -> Text:
    """The decisions that gave most away, costliest first (none for a game without a slip)."""
    decisions = [(t.turn, d) for t in comparison.turns for d in t.decisions]
    worst = sorted(
        (pair for pair in decisions if pair[1].cost >= WORTH_SHOWING),
        key=lambda pair: -pair[1].cost,
    )[:shown]
    text = Text()
    text.append("Your costliest decisions", style="bold")
    if not worst:
        text.append("\nEvery decision was as good as the optimal player's.")
    for turn, decision in worst:
        text.append("\n" + decision_line(comparison.rules, turn, decision))
    return text


class DailyResultsScreen(Screen[None]):
    """The day's result: both scores, the turns side by side, the text to share; Save log
    and Quit."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "save_log", "Save log"),
        Binding("q", "app.quit", "Quit", show=False),
    ]

    def __init__(self, match: Match, dice: DailyDice, title: str) -> None:
        super().__init__(id="daily-results-screen")
        self.match = match
        self.dice = dice
        self.title_line = title
        self.comparison: DailyComparison | None = None
        self.saved_to: Path | None = None

    @property
    def game(self) -> FiveDiceApp:
        """The app, with its match-flow methods."""
        return cast("FiveDiceApp", self.app)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="results-scroll"), Center(), Vertical(id="results"):
            yield Static(Text(self.title_line, style="bold"), id="results-title")
            yield Static(WORKING, id="daily-scores", markup=False)
            yield Static(id="daily-turns")
            yield Static(id="daily-costliest")
            yield Static("[b]Share[/]", id="share-title")
            yield Static(id="share-text", markup=False)
            with Horizontal(id="results-buttons"):
                yield Button("Save log", id="save-log")
                yield Button("Quit", id="quit", variant="primary")
            yield Static(id="saved", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#quit", Button).focus()
        self.run_worker(self._compare(), group="daily-compare", exclusive=True)

    async def _compare(self) -> None:
        """Work out the optimal game (a solve the first time a rule set is met) and the
        comparison, then show them."""
        try:
            comparison, share = await asyncio.to_thread(self._work_out)
        except Exception as exc:  # the player's own result stays on screen regardless
            self.query_one("#daily-scores", Static).update(
                f"You scored {self.match.state.player(0).total}. "
                f"The optimal game could not be worked out: {exc}"
            )
            return
        self.show(comparison, share)

    def _work_out(self) -> tuple[DailyComparison, str]:
        from fivedice.strategy.daily import compare, optimal_game, share_text

        comparison = compare(self.match.events, optimal_game(self.dice))
        return comparison, share_text(comparison, offline=True)

    def show(self, comparison: DailyComparison, share: str) -> None:
        """Draw the comparison and the text to share."""
        self.comparison = comparison
        self.query_one("#daily-scores", Static).update(score_lines(comparison))
        self.query_one("#daily-turns", Static).update(turns_table(comparison))
        self.query_one("#daily-costliest", Static).update(costliest_text(comparison))
        self.query_one("#share-text", Static).update(share)

    def action_save_log(self) -> None:
        """Write the game's log to a JSON file (once) and say where it went."""
        note = self.query_one("#saved", Static)
        self.saved_to, message, failed = save_once(
            self.match, self.game.save_folder(), self.saved_to
        )
        note.update(message)
        note.set_class(failed, "-error")
        if failed:
            self.app.bell()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save-log":
            self.action_save_log()
        elif event.button.id == "quit":
            self.app.exit()
