"""The dice drawn large: one :class:`DieView` per position, clicked to hold or release."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from ..words import words_of

PIP = "●"

# Which of the 3x3 pip places each face fills, row by row (the usual layout of a real die).
_PIP_PLACES: dict[int, tuple[str, str, str]] = {
    1: ("...", ".o.", "..."),
    2: ("o..", "...", "..o"),
    3: ("o..", ".o.", "..o"),
    4: ("o.o", "...", "o.o"),
    5: ("o.o", ".o.", "o.o"),
    6: ("o.o", "o.o", "o.o"),
}


def die_face(face: int | None) -> str:
    """A die's face as three lines of seven characters; a face of None (not rolled) is a '?'."""
    if face is None:
        return "\n".join(("       ", "   ?   ", "       "))
    rows = _PIP_PLACES[face]
    return "\n".join(" " + " ".join(PIP if c == "o" else " " for c in row) + " " for row in rows)


class DieView(Static):
    """One die: its face, its key (1-5) in the top border, and "HELD" below when held."""

    face: reactive[int | None] = reactive(None)
    held: reactive[bool] = reactive(False)

    class Clicked(Message):
        """The player clicked this die (to hold or release it)."""

        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    def __init__(self, position: int) -> None:
        super().__init__(die_face(None), id=f"die-{position}", classes="-blank")
        self.position = position
        self.border_title = str(position + 1)

    def watch_face(self, face: int | None) -> None:
        self.update(die_face(face))
        self.set_class(face is None, "-blank")

    def watch_held(self, held: bool) -> None:
        self.set_class(held, "-held")
        self.border_subtitle = words_of(self).t("tui.dice.held") if held else ""

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.position))


class DiceTray(Horizontal):
    """The five dice, by position."""

    def compose(self) -> ComposeResult:
        for position in range(5):
            yield DieView(position)

    def show(self, dice: Sequence[int] | None, held: Sequence[int], enabled: bool = True) -> None:
        """Draw these dice (None before the turn's first roll) with `held` positions marked."""
        for die in self.query(DieView):
            die.face = None if dice is None else dice[die.position]
            die.held = die.position in held
        self.set_class(not enabled, "-disabled")
