"""A rule set's rules over the current screen: how to play, every box and what it scores, the
bonuses, the joker and undo, and where the rule set comes from (worded by the rules core)."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from fivedice.rules import RuleSet
from fivedice.rules.describe import RulesPage, rules_page

# How to do at this terminal what the rules say.
KEYS = (
    ("Roll", "R or Space"),
    ("Hold a die", "1 to 5, or click it (again to release it)"),
    ("Score", "↑ ↓ to choose a box, Enter to score it (or click it)"),
    ("Take a scoring back", "U, where the match allows it"),
    ("A hint", "H, where the match's hints are on"),
)


class RulesScreen(ModalScreen[None]):
    """The rules of `rules`; Escape (or F1, or Q) closes it and the game goes on as it was."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,q", "close", "Close"),
    ]

    def __init__(self, rules: RuleSet) -> None:
        super().__init__(id="rules-screen")
        self.page = rules_page(rules)

    def compose(self) -> ComposeResult:
        page = self.page
        with Vertical(id="rules-dialog"), VerticalScroll(id="rules-scroll"):
            yield Static(Text(page.title, style="bold"), id="rules-title")
            yield Static(f"Where these rules come from: {page.origin}", id="rules-origin")
            yield Static(how_to_play(page), id="rules-how-to")
            yield Static(boxes_table(page), id="rules-boxes")
            yield Static(extras_table(page), id="rules-extras")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()  # the arrow keys and Page Down scroll it

    def action_close(self) -> None:
        """Back to the screen underneath."""
        self.dismiss(None)


def how_to_play(page: RulesPage) -> Group:
    """The game in a few numbered sentences, then this terminal's keys."""
    steps = Table.grid(padding=(0, 1))
    steps.add_column(style="bold", no_wrap=True)
    steps.add_column()
    for number, line in enumerate(page.how_to_play, start=1):
        steps.add_row(f"{number}.", line)
    keys = Table.grid(padding=(0, 2))
    keys.add_column(style="bold", no_wrap=True)
    keys.add_column()
    for what, how in KEYS:
        keys.add_row(what, how)
    return Group(steps, Text(""), keys)


def boxes_table(page: RulesPage) -> Table:
    """Every box: what the dice must show, what it scores, its most."""
    table = Table(title="The card", title_justify="left", expand=True)
    table.add_column("Box", no_wrap=True)
    table.add_column("The dice must show")
    table.add_column("It scores")
    table.add_column("Most", justify="right")
    for section in ("upper", "lower"):
        for box in page.boxes:
            if box.section == section:
                table.add_row(box.label, box.needs, box.scores, str(box.max_points))
        table.add_section()
    return table


def extras_table(page: RulesPage) -> Table:
    """The turn, the bonuses, the joker and undo."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    table.add_row("Rolls a turn", f"up to {page.rolls}, with {page.dice} dice")
    table.add_row("Upper bonus", page.upper_bonus_text)
    table.add_row("A second five of a kind", page.extra_bonus_text)
    table.add_row("Joker", page.joker_text)
    table.add_row("Undo", page.undo_text)
    return table
