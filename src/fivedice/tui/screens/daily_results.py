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
from ..words import decimal, english, signed, translate_bindings, words_of

if TYPE_CHECKING:
    from fivedice.i18n import Translator
    from fivedice.rules import RuleSet
    from fivedice.strategy.advisor import Advice
    from fivedice.strategy.analysis import Decision
    from fivedice.strategy.daily import DailyComparison

    from ..app import FiveDiceApp

MARK_STYLES = {"perfect": "green", "close": "yellow", "costly": "bold red"}  # i18n: not text
COSTLIEST_SHOWN = 3
WORTH_SHOWING = 0.05  # expected points: below this a decision is as good as the best


def score_lines(comparison: DailyComparison, words: Translator | None = None) -> str:
    """The two scores and what the player's decisions gave away (expected points against
    the best decision each time), in two lines."""
    words = words or english()
    scores = words.t("tui.daily.scores", score=comparison.score, count=comparison.optimal_score)
    cost = words.t("tui.daily.gave_away", cost=decimal(words, comparison.gave_away))
    return f"{scores}\n{cost}"


def turns_table(comparison: DailyComparison, words: Translator | None = None) -> Table:
    """Turn by turn: the player's box and points, the optimal player's, the cost and mark."""
    words = words or english()
    table = Table(  # padding collapsed and no edges: the longest boxes fit 80 columns
        box=box.SIMPLE_HEAD,
        title=words.t("tui.daily.turn_by_turn"),
        title_style="bold",
        collapse_padding=True,
        show_edge=False,
    )
    table.add_column("#", justify="right")
    table.add_column(words.t("tui.daily.column_yours"))
    table.add_column(words.t("tui.daily.column_points"), justify="right")
    table.add_column(words.t("tui.daily.column_optimal"))
    table.add_column(words.t("tui.daily.column_points"), justify="right")
    table.add_column(words.t("tui.daily.column_cost"), justify="right")
    table.add_column(words.t("tui.daily.column_mark"))
    for turn in comparison.turns:
        table.add_row(
            words.number(turn.turn),
            words.box(turn.you.label),
            words.number(turn.you.points),
            words.box(turn.optimal.label),
            words.number(turn.optimal.points),
            decimal(words, turn.cost),
            Text(words.t(f"tui.daily.mark.{turn.mark}"), style=MARK_STYLES.get(turn.mark, "")),
        )
    return table


def choice_words(rules: RuleSet, advice: Advice, words: Translator | None = None) -> str:
    """A decision in words: "hold 3 3", "reroll all", "Fours (12)"."""
    words = words or english()
    action = advice.action
    if action.kind == "score":
        points = (advice.points or 0) + advice.bonus
        box_name = words.box(rules.category(action.category).label)
        return words.t("tui.daily.choice_score", box=box_name, points=points)
    if not action.hold:
        return words.t("tui.daily.choice_reroll")
    return words.t("tui.daily.choice_hold", faces=" ".join(str(f) for f in action.hold))


def decision_line(
    rules: RuleSet, turn: int, decision: Decision, words: Translator | None = None
) -> str:
    """One decision beside the best one: "Turn 3, roll 2: 3 3 4 5 6 · you: hold 3 3 · best:
    hold 3 4 5 6 · cost 4.2"."""
    words = words or english()
    return words.t(
        "tui.daily.decision",
        turn=turn,
        roll=ROLLS_PER_TURN - decision.rolls_left,
        dice=" ".join(str(face) for face in decision.dice),
        taken=choice_words(rules, decision.taken, words),
        best=choice_words(rules, decision.best, words),
        cost=decimal(words, decision.cost),
    )


def costliest_text(
    comparison: DailyComparison, shown: int = COSTLIEST_SHOWN, words: Translator | None = None
) -> Text:
    """The decisions that gave most away, costliest first (none for a game without a slip)."""
    words = words or english()
    decisions = [(t.turn, d) for t in comparison.turns for d in t.decisions]
    worst = sorted(
        (pair for pair in decisions if pair[1].cost >= WORTH_SHOWING),
        key=lambda pair: -pair[1].cost,
    )[:shown]
    text = Text()
    text.append(words.t("tui.daily.costliest"), style="bold")
    if not worst:
        text.append("\n" + words.t("tui.daily.no_slip"))
    for turn, decision in worst:
        text.append("\n" + decision_line(comparison.rules, turn, decision, words))
    return text


def share_lines(comparison: DailyComparison, words: Translator | None = None) -> str:
    """The result to share: the day, the rule set, the score against the optimal player's and
    one mark per turn (no dice: it spoils nothing for those who play the day later); played
    here, so offline (its dice are this database's, not a server's)."""
    words = words or english()
    rules = words.preset(comparison.rules.name, comparison.rules.title)
    head = words.t("tui.daily.share_title", day=comparison.day, rules=rules)
    result = words.t(
        "tui.daily.share_score",
        score=comparison.score,
        optimal=comparison.optimal_score,
        difference=signed(words, comparison.score - comparison.optimal_score),
    )
    return "\n".join((head, result, comparison.marks()))


class DailyResultsScreen(Screen[None]):
    """The day's result: both scores, the turns side by side, the text to share; Save log
    and Quit."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "save_log", "tui.key.save_log"),
        Binding("q", "app.quit", "tui.key.quit", show=False),
    ]

    def __init__(self, match: Match, dice: DailyDice, title: str) -> None:
        super().__init__(id="daily-results-screen")
        self.words = words_of(self)
        translate_bindings(self, self.words)
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
        words = self.words
        with VerticalScroll(id="results-scroll"), Center(), Vertical(id="results"):
            yield Static(Text(self.title_line, style="bold"), id="results-title")
            yield Static(words.t("tui.daily.working"), id="daily-scores", markup=False)
            yield Static(id="daily-turns")
            yield Static(id="daily-costliest")
            yield Static(Text(words.t("tui.daily.share"), style="bold"), id="share-title")
            yield Static(id="share-text", markup=False)
            with Horizontal(id="results-buttons"):
                yield Button(words.t("tui.results.save_log"), id="save-log")
                yield Button(words.t("tui.results.quit"), id="quit", variant="primary")
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
                self.words.t(
                    "tui.daily.no_comparison", score=self.match.state.player(0).total, error=exc
                )
            )
            return
        self.show(comparison, share)

    def _work_out(self) -> tuple[DailyComparison, str]:
        from fivedice.strategy.daily import compare, optimal_game

        comparison = compare(self.match.events, optimal_game(self.dice))
        return comparison, share_lines(comparison, self.words)

    def show(self, comparison: DailyComparison, share: str) -> None:
        """Draw the comparison and the text to share."""
        self.comparison = comparison
        words = self.words
        self.query_one("#daily-scores", Static).update(score_lines(comparison, words))
        self.query_one("#daily-turns", Static).update(turns_table(comparison, words))
        self.query_one("#daily-costliest", Static).update(costliest_text(comparison, words=words))
        self.query_one("#share-text", Static).update(share)

    def action_save_log(self) -> None:
        """Write the game's log to a JSON file (once) and say where it went."""
        note = self.query_one("#saved", Static)
        self.saved_to, message, failed = save_once(
            self.match, self.game.save_folder(), self.saved_to, self.words
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
