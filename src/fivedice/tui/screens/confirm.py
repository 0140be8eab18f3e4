"""A yes/no question over the current screen (resetting high scores, leaving a match)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..words import translate_bindings, words_of


class ConfirmScreen(ModalScreen[bool]):
    """Asks `question`; dismisses with True for yes, False for no (or Escape)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "tui.key.yes"),  # i18n: not text
        Binding("n,escape", "answer(False)", "tui.key.no"),  # i18n: not text
    ]

    def __init__(self, question: str, yes: str | None = None, no: str | None = None) -> None:
        """`yes` and `no` label the buttons (the player's "Yes" and "No" when None)."""
        super().__init__(classes="confirm-screen")
        words = words_of(self)
        translate_bindings(self, words)
        self.question = question
        self.yes_label = yes or words.t("tui.confirm.yes")
        self.no_label = no or words.t("tui.confirm.no")

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-dialog"):
            yield Static(self.question, id="confirm-question", markup=False)
            with Horizontal(id="confirm-buttons"):
                yield Button(self.yes_label, id="confirm-yes", variant="error")
                yield Button(self.no_label, id="confirm-no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#confirm-no", Button).focus()

    def action_answer(self, yes: bool) -> None:
        """Close the dialog with the answer."""
        self.dismiss(yes)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "confirm-yes")
