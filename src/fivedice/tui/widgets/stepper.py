"""A number picked with − and + buttons, between a least and a greatest value."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Button, Label

from ..words import translate_bindings, words_of


class Stepper(Horizontal):
    """A value from `least` to `most`, changed by its − and + buttons (or − and + keys)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("minus", "step(-1)", "tui.key.less"),
        Binding("plus", "step(1)", "tui.key.more"),
    ]

    value: reactive[int] = reactive(1)

    class Changed(Message):
        """The value changed."""

        def __init__(self, stepper: Stepper, value: int) -> None:
            super().__init__()
            self.stepper = stepper
            self.value = value

        @property
        def control(self) -> Stepper:
            return self.stepper

    def __init__(self, value: int, least: int, most: int, *, id: str) -> None:
        super().__init__(id=id, classes="stepper")
        translate_bindings(self, words_of(self))
        self.least = least
        self.most = most
        self.set_reactive(Stepper.value, max(least, min(most, value)))

    def compose(self) -> ComposeResult:
        yield Button("−", id=f"{self.id}-less", classes="step-less", compact=True)
        yield Label(str(self.value), id=f"{self.id}-value", classes="step-value")
        yield Button("+", id=f"{self.id}-more", classes="step-more", compact=True)

    def on_mount(self) -> None:
        self._sync_buttons()

    def watch_value(self, value: int) -> None:
        if self.is_mounted:
            self.query_one(".step-value", Label).update(str(value))
            self._sync_buttons()
        self.post_message(self.Changed(self, value))

    def _sync_buttons(self) -> None:
        self.query_one(".step-less", Button).disabled = self.value <= self.least
        self.query_one(".step-more", Button).disabled = self.value >= self.most

    def action_step(self, delta: int) -> None:
        """Move the value by `delta`, staying within its bounds."""
        self.value = max(self.least, min(self.most, self.value + delta))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_step(-1 if event.button.has_class("step-less") else 1)
