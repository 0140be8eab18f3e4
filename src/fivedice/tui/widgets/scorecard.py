"""The scorecard: a column of row labels and one :class:`ScoreColumn` per player.

What each cell shows is decided by :func:`card_cells`, a pure function of the match state, so
the rules for previews and highlights can be read (and tested) without a terminal.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Static

from fivedice.i18n import Translator
from fivedice.rules import MatchState, RuleSet, Scorecard

from ..words import english, row_name, words_of

HEADER_KEY = "name"
MATCH_TOTAL_KEY = "match_total"
ACTIVE_MARK = "▶ "


@dataclass(frozen=True)
class CellView:
    """What one cell shows: its text and the style classes that say what kind of cell it is."""

    text: str
    classes: frozenset[str] = frozenset()


def row_layout(
    rules: RuleSet, rounds: int, words: Translator | None = None
) -> list[tuple[str, str]]:
    """The card's rows as (key, label): every box and derived row, and a match total when
    the match has several rounds; the labels in `words` (English when None)."""
    words = words or english()
    rows = [(key, row_name(words, rules, key, label)) for key, label, _ in Scorecard(rules).rows()]
    if rounds > 1:
        rows.append((MATCH_TOTAL_KEY, words.t("tui.card.match_total", count=rounds)))
    return rows


def round_header(words: Translator, shown: int, rounds: int) -> str:
    """The header over the labels: which round's card this is, when there are several."""
    return words.t("tui.card.round", round=shown + 1, rounds=rounds) if rounds > 1 else ""


def card_cells(
    state: MatchState,
    seat: int,
    cursor: str | None = None,
    round: int | None = None,
    words: Translator | None = None,
) -> dict[str, CellView]:
    """Every cell of `seat`'s column in `round` (the current round when None), keyed by row.

    Filled boxes show their points. For the active player after a roll, each open box the
    rules allow shows the points it would give (class ``-preview``; ``+100``-style bonuses
    included), and an open box the joker rule forbids shows a dash. Derived rows always show
    their value. Numbers are written as `words`' language writes them (plainly when None).
    """
    number = words.number if words is not None else str
    player = state.player(seat)
    card = player.cards[state.round if round is None else round]
    active = seat == state.active_seat and round in (None, state.round)
    previews = {o.category: o for o in state.score_options()} if active else {}
    box_names = set(card.rules.category_names)
    cells: dict[str, CellView] = {}
    for key, _label, value in card.rows():
        classes: set[str] = set()
        if key not in box_names:
            text = number(value) if value is not None else ""
            classes.add("-derived")
        elif value is not None:
            text = number(value)
            classes.add("-filled")
        else:
            classes.add("-open")
            choice = previews.get(key)
            if choice is not None:
                text = number(choice.points) + (f"+{number(choice.bonus)}" if choice.bonus else "")
                classes.add("-preview")
                if choice.total == 0:
                    classes.add("-zero")
            elif previews:
                text = "–"
                classes.add("-forbidden")
            else:
                text = ""
        if active and key == cursor:
            classes.add("-cursor")
        cells[key] = CellView(text, frozenset(classes))
    if state.options.rounds > 1:
        cells[MATCH_TOTAL_KEY] = CellView(number(player.total), frozenset({"-derived", "-match"}))
    return cells


class ScoreCell(Static):
    """One cell of the card; clicking a box's cell (or its label) asks to score there."""

    class Clicked(Message):
        """A cell was clicked: `seat` is None for the label column."""

        def __init__(self, seat: int | None, key: str) -> None:
            super().__init__()
            self.seat = seat
            self.key = key

    def __init__(self, key: str, seat: int | None, text: str = "", classes: str = "") -> None:
        cell_id = f"label-{key}" if seat is None else f"cell-{seat}-{key}"
        super().__init__(text, id=cell_id, classes=classes, markup=False)
        self.key = key
        self.seat = seat
        self._shown: CellView | None = None

    def show(self, view: CellView) -> None:
        """Draw `view`, touching the widget only if something changed."""
        if view == self._shown:
            return
        previous = self._shown.classes if self._shown else frozenset()
        self.update(view.text, layout=False)  # a cell's size never depends on its text
        self.remove_class(*(previous - view.classes))
        self.add_class(*view.classes)
        self._shown = view

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.seat, self.key))


MIN_COLUMN = 7  # room for a 4-digit total, padded


def column_width(name: str) -> int:
    """A player's column width: room for the name and the active mark, within 7 to 14."""
    return max(MIN_COLUMN, min(14, len(name) + 4))


def fitted_widths(natural: list[int], room: int) -> list[int]:
    """Column widths that fit in `room` cells: the natural ones if they fit, else each capped
    at the widest cap that fits (never below MIN_COLUMN: then the card scrolls sideways)."""
    if sum(natural) <= room:
        return list(natural)
    cap = max(natural, default=MIN_COLUMN)
    while cap > MIN_COLUMN and sum(min(w, cap) for w in natural) > room:
        cap -= 1
    return [min(w, cap) for w in natural]


def shortened(text: str, width: int) -> str:
    """`text` cut to `width` characters, with an ellipsis where it was cut."""
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


class ScoreColumn(Vertical):
    """One player's column: their name on top, then one cell per row of the card."""

    def __init__(self, seat: int, name: str, rows: list[tuple[str, str]], box_names: set[str]):
        super().__init__(id=f"column-{seat}", classes="score-column")
        self.seat = seat
        self.player_name = name
        self._rows = rows
        self._box_names = box_names
        self.width_cells = column_width(name)
        self.styles.width = self.width_cells

    def narrow_to(self, width: int) -> None:
        """Draw the column `width` cells wide (the name cut to fit)."""
        if width != self.width_cells:
            self.width_cells = width
            self.styles.width = width

    def compose(self) -> ComposeResult:
        yield ScoreCell(HEADER_KEY, self.seat, self.player_name, classes="-header")
        for key, _label in self._rows:
            kind = "-box" if key in self._box_names else "-derived"
            yield ScoreCell(key, self.seat, classes=kind)

    def show(self, cells: dict[str, CellView], active: bool, gone: bool) -> None:
        """Draw the column's cells; mark it when its player is the active one or has left."""
        self.set_class(active, "-active")
        self.set_class(gone, "-gone")
        room = self.width_cells - 2  # the cells' padding
        name = shortened((ACTIVE_MARK if active else "") + self.player_name, room)
        header_classes = {"-header"} | ({"-gone"} if gone else set())
        for cell in self.query(ScoreCell):
            if cell.key == HEADER_KEY:
                cell.show(CellView(name, frozenset(header_classes)))
            else:
                cell.show(cells[cell.key])


class ScorecardView(Horizontal):
    """The whole card for every player: labels on the left, a column per player."""

    def __init__(self, state: MatchState, id: str | None = "scorecard") -> None:
        super().__init__(id=id)
        self.words = words_of(self)
        self._rows = row_layout(state.rules, state.options.rounds, self.words)
        self._box_names = set(state.rules.category_names)
        self._players = [(p.seat, p.name) for p in state.players]
        self._labels = dict(self._rows)
        self._label_width = max(len(label) for _, label in self._rows) + 2

    @property
    def label_width(self) -> int:
        """The label column's width."""
        return self._label_width

    @property
    def natural_width(self) -> int:
        """The columns' total width: what the card needs to show without scrolling."""
        return self._label_width + sum(column_width(name) for _, name in self._players)

    def fit(self, width: int | None) -> None:
        """Narrow the player columns to fit `width` cells with the labels (None: as wide as
        the names want); the card scrolls sideways only when even the narrowest do not fit."""
        columns = list(self.query(ScoreColumn))
        natural = [column_width(c.player_name) for c in columns]
        room = (width - self._label_width) if width is not None else sum(natural)
        for column, fitted in zip(columns, fitted_widths(natural, room), strict=True):
            column.narrow_to(fitted)

    def compose(self) -> ComposeResult:
        with Vertical(id="labels", classes="label-column") as labels:
            labels.styles.width = self._label_width
            yield ScoreCell(HEADER_KEY, None, classes="-header")
            for key, label in self._rows:
                kind = "-box" if key in self._box_names else "-derived"
                yield ScoreCell(key, None, label, classes=kind)
        for seat, name in self._players:
            yield ScoreColumn(seat, name, self._rows, self._box_names)

    def show(self, state: MatchState, cursor: str | None = None, round: int | None = None) -> None:
        """Draw `round`'s card (the current round's when None) for every player, previews and
        cursor included."""
        rounds = state.options.rounds
        shown = state.round if round is None else round
        header = round_header(self.words, shown, rounds)
        for label in self.query_one("#labels").query(ScoreCell):
            classes = {"-header"} if label.key == HEADER_KEY else set()
            if label.key not in self._box_names and label.key != HEADER_KEY:
                classes.add("-derived")
            if label.key == cursor and state.active_seat is not None:
                classes.add("-cursor")
            text = header if label.key == HEADER_KEY else self._labels[label.key]
            label.show(CellView(text, frozenset(classes)))
        for column in self.query(ScoreColumn):
            player = state.player(column.seat)
            column.show(
                card_cells(state, column.seat, cursor, round, self.words),
                active=column.seat == state.active_seat and shown == state.round,
                gone=not player.is_playing,
            )
