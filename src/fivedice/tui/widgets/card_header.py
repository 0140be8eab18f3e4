"""The scorecard's header line (the round and each player's name) kept above a card that
scrolls under it, so that on a small terminal every column stays named."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from fivedice.rules import MatchState

from ..words import words_of
from .scorecard import ACTIVE_MARK, ScorecardView, ScoreColumn, round_header, shortened


class CardHeader(Horizontal):
    """One line: a cell over the labels, then one per player, as wide as the card's columns."""

    def __init__(self, state: MatchState, id: str | None = "card-head") -> None:
        super().__init__(id=id)
        self._seats = [p.seat for p in state.players]

    def compose(self) -> ComposeResult:
        yield Static(id="head-labels", classes="head-cell", markup=False)
        for seat in self._seats:
            yield Static(id=f"head-{seat}", classes="head-cell head-player", markup=False)

    def show(self, card: ScorecardView, state: MatchState) -> None:
        """Copy the card's header: its column widths, the round, the names, who is active."""
        labels = self.query_one("#head-labels", Static)
        labels.styles.width = card.label_width
        rounds = state.options.rounds
        labels.update(round_header(words_of(self), state.round, rounds))
        for column in card.query(ScoreColumn):
            cell = self.query_one(f"#head-{column.seat}", Static)
            active = column.seat == state.active_seat
            cell.styles.width = column.width_cells
            mark = ACTIVE_MARK if active else ""
            cell.update(shortened(mark + column.player_name, column.width_cells - 2))
            cell.set_class(active, "-active")
            cell.set_class(not state.player(column.seat).is_playing, "-gone")
