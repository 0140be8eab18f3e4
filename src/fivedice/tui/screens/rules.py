"""A rule set's rules over the current screen: how to play, every box and what it scores, the
bonuses, the joker and undo, and where the rule set comes from (worded by the rules core), in
the terminal game's language."""

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

from fivedice.i18n import Translator
from fivedice.rules import RuleSet
from fivedice.rules.describe import RulesPage, origin_phrase, rules_page, say

from ..words import translate_bindings

# How to do at this terminal what the rules say (tui.rules.key.*: what, then how).
KEYS = ("roll", "hold", "score", "undo", "hint")


class RulesScreen(ModalScreen[None]):
    """The rules of `rules`; Escape (or F1, or Q) closes it and the game goes on as it was."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,q", "close", "tui.rules.close"),  # i18n: not text
    ]

    def __init__(self, rules: RuleSet, words: Translator) -> None:
        super().__init__(id="rules-screen")
        self.words = words
        self.page = rules_page(rules, words)
        translate_bindings(self, words)

    def compose(self) -> ComposeResult:
        page, words = self.page, self.words
        with Vertical(id="rules-dialog"), VerticalScroll(id="rules-scroll"):
            title = words.preset(page.preset, page.title)
            yield Static(Text(title, style="bold"), id="rules-title")
            origin = words.t("tui.rules.origin", origin=page.origin)
            yield Static(Text(origin), id="rules-origin")
            yield Static(how_to_play(page, words), id="rules-how-to")
            yield Static(boxes_table(page, words), id="rules-boxes")
            yield Static(extras_table(page, words), id="rules-extras")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()  # the arrow keys and Page Down scroll it

    def action_close(self) -> None:
        """Back to the screen underneath."""
        self.dismiss(None)


def origin_text(rules: RuleSet, words: Translator) -> str:
    """Where a rule set comes from, in the player's words (the start screen shows it under the
    choice of rules)."""
    return say(words, origin_phrase(rules))


def how_to_play(page: RulesPage, words: Translator) -> Group:
    """The game in a few numbered sentences, then this terminal's keys."""
    steps = Table.grid(padding=(0, 1))
    steps.add_column(style="bold", no_wrap=True)
    steps.add_column()
    for number, line in enumerate(page.how_to_play, start=1):
        steps.add_row(words.t("tui.rules.step", number=number), line)
    keys = Table.grid(padding=(0, 2))
    keys.add_column(style="bold", no_wrap=True)
    keys.add_column()
    for key in KEYS:
        keys.add_row(words.t(f"tui.rules.key.{key}"), words.t(f"tui.rules.key.{key}_how"))
    return Group(steps, Text(""), keys)


def boxes_table(page: RulesPage, words: Translator) -> Table:
    """Every box: what the dice must show, what it scores, its most."""
    table = Table(title=words.t("tui.rules.card"), title_justify="left", expand=True)
    table.add_column(words.t("tui.rules.box"), no_wrap=True)
    table.add_column(words.t("tui.rules.needs"))
    table.add_column(words.t("tui.rules.scores"))
    table.add_column(words.t("tui.rules.most"), justify="right")
    for section in ("upper", "lower"):
        for box in page.boxes:
            if box.section == section:
                most = words.number(box.max_points)
                table.add_row(words.box(box.label), box.needs, box.scores, most)
        table.add_section()
    return table


def extras_table(page: RulesPage, words: Translator) -> Table:
    """The turn, the bonuses, the joker and undo."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    rolls = words.t("tui.rules.rolls_text", count=page.rolls, dice=page.dice)
    table.add_row(words.t("tui.rules.rolls"), rolls)
    table.add_row(words.t("tui.rules.upper_bonus"), page.upper_bonus_text)
    table.add_row(words.t("tui.rules.extra_bonus"), page.extra_bonus_text)
    table.add_row(words.t("tui.rules.joker"), page.joker_text)
    table.add_row(words.t("tui.rules.undo"), page.undo_text)
    return table
