"""The match: the dice, the roll count, and every player's scorecard.

Every key and click becomes one intent on the :class:`~fivedice.rules.Match`; a
:class:`~fivedice.rules.RuleError` is shown to the player and changes nothing. After each
intent the screen redraws itself from the match state alone.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from fivedice.rules import BoxScored, DiceRolled, Match, MatchState, RuleError
from fivedice.rules.errors import MatchFinished
from fivedice.rules.state import ROLLS_PER_TURN

from ..computer import SeatMove, best_move, hint_text, person_may_undo
from ..widgets import CardHeader, DiceTray, DieView, ScorecardView, ScoreCell
from ..widgets.scorecard import row_layout
from ..words import refusal, translate_bindings, words_of
from .confirm import ConfirmScreen
from .rules import RulesScreen

if TYPE_CHECKING:
    from fivedice.i18n import Translator

    from ..app import FiveDiceApp

HELP_GAP = "   "  # between the keys of the help lines


def help_text(words: Translator, hints: bool) -> str:
    """The two lines of keys under the dice (the hint key only where hints are offered)."""
    score = words.t("tui.match.help_score")
    if hints:
        score += HELP_GAP + words.t("tui.match.help_hint")
    return words.t("tui.match.help_dice") + "\n" + score


GRACE_POLL = 0.05  # seconds between looks while a person may still undo
# The keys that move for the player whose turn it is: no key of these does anything while a
# computer plays, and the footer does not offer them then.
MOVE_ACTIONS = frozenset({"roll", "toggle_hold", "move_cursor", "score", "hint"})
TABLE_WIDTH = 61  # the dice side, as wide as fivedice.tcss makes #table
CARD_PADDING = 4


class ActionButton(Button, can_focus=False):
    """A button for the mouse; the keyboard uses the screen's keys instead."""


class MatchScreen(Screen[None]):
    """A hot-seat match in progress."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "roll", "tui.key.roll"),
        Binding("space", "roll", "tui.key.roll", show=False),
        Binding("1", "toggle_hold(0)", "tui.key.hold", key_display="1-5"),
        *(Binding(str(i + 1), f"toggle_hold({i})", show=False) for i in range(1, 5)),
        Binding("up", "move_cursor(-1)", "tui.key.box", key_display="↑↓"),
        Binding("down", "move_cursor(1)", show=False),
        Binding("pageup", "scroll_card('page_up')", show=False),
        Binding("pagedown", "scroll_card('page_down')", show=False),
        Binding("home", "scroll_card('home')", show=False),
        Binding("end", "scroll_card('end')", show=False),
        Binding("enter", "score", "tui.key.score"),
        Binding("u", "undo", "tui.key.undo"),
        Binding("h", "hint", "tui.key.hint"),
        # F1 is in the help line: 80 columns hold no more.
        Binding("f1", "rules", "tui.key.rules", show=False),
        Binding("escape", "leave", "tui.key.leave"),
    ]

    def __init__(self, match: Match) -> None:
        super().__init__(id="match-screen")
        self.words = words_of(self)
        translate_bindings(self, self.words)
        self.match = match
        rows = row_layout(match.rules, match.options.rounds)
        box_names = set(match.rules.category_names)
        self.box_order = [key for key, _ in rows if key in box_names]
        self._cursors: dict[int, str] = {}  # each player's box cursor, kept between turns
        self.message = ""
        self.message_is_error = False
        self._computer_token: int | None = None  # the log length the computer is moving at
        self._turn_of: int | None = match.state.active_seat  # whose turn the last redraw showed
        self._keys_for_computer = False  # whether the footer's keys were last set for a computer

    @property
    def game(self) -> FiveDiceApp:
        """The app, with its match-flow methods."""
        return cast("FiveDiceApp", self.app)

    @property
    def cursor(self) -> str | None:
        """The box the active player's keyboard cursor is on (None when nobody is active)."""
        seat = self.state.active_seat
        return self._cursors.get(seat) if seat is not None else None

    @cursor.setter
    def cursor(self, box: str) -> None:
        seat = self.state.active_seat
        if seat is not None:
            self._cursors[seat] = box

    @property
    def state(self) -> MatchState:
        """The match state now."""
        return self.match.state

    def compose(self) -> ComposeResult:
        with Horizontal(id="board"):
            with Vertical(id="table"):
                yield Static(id="title", markup=False)
                with Vertical(id="turn-line"):  # one line on a small terminal
                    yield Static(id="turn", markup=False)
                    yield Static(id="round-info", markup=False)
                yield DiceTray(id="dice")
                yield Static(id="rolls")
                with Horizontal(id="actions"):
                    yield ActionButton(self.words.t("tui.match.roll"), id="roll", variant="success")
                    yield ActionButton(self.words.t("tui.match.undo"), id="undo", variant="warning")
                yield Static(id="message", markup=False)
                yield Static(help_text(self.words, self.hints_offered), id="help")
            yield CardHeader(self.state)  # shown on a small terminal only
            with ScrollableContainer(id="card-scroll", can_focus=False):
                yield ScorecardView(self.state)
        # Every key fits an 80-column line in every language; the command palette (Ctrl+P)
        # is still there, without its key on the line.
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one("#undo").display = self.match.options.undo_allowed
        self.query_one("#title", Static).update(self.game.match_title(self.match))
        self.redraw()

    def _ring_for_turn(self, seat: int, person: bool) -> None:
        """Ring the terminal's bell when the turn comes to a person from someone else (a
        computer, or another player at this screen), unless the bell is turned off."""
        came = seat != self._turn_of
        self._turn_of = seat
        if came and person and getattr(self.app, "turn_bell", True):
            self.app.bell()

    def on_resize(self) -> None:
        # Side by side when the terminal is wide enough; else the turn line and the dice on
        # top, kept in place, and the card under them in the rest of the screen, scrolling on
        # its own (80x24 included), its columns narrowed to fit the width where they can.
        card = self.query_one(ScorecardView)
        wide = self.size.width >= TABLE_WIDTH + card.natural_width + CARD_PADDING
        self.query_one("#board").set_class(not wide, "-stacked")
        card.fit(None if wide else self.size.width - CARD_PADDING)
        self._show_card()  # the names cut to the columns' new widths

    # Drawing ---------------------------------------------------------------------------

    def redraw(self) -> None:
        """Draw everything from the match state."""
        s = self.state
        self._settle_cursor()
        self._show_card()
        if s.active_seat is None:
            return
        words = self.words
        player = s.player(s.active_seat)
        self._ring_for_turn(s.active_seat, player.bot is None)
        whose = "tui.match.turn_computer" if player.bot else "tui.match.turn"
        self.query_one("#turn", Static).update(words.t(whose, name=player.name))
        card = s.card(s.active_seat)
        total_turns = len(s.rules.categories)
        turn = min(total_turns, len(card.boxes) + 1)
        rounds = s.options.rounds
        if rounds > 1:
            where = words.t(
                "tui.match.round_turn",
                round=s.round + 1,
                rounds=rounds,
                turn=turn,
                turns=total_turns,
            )
        else:
            where = words.t("tui.match.turn_of", turn=turn, turns=total_turns)
        self.query_one("#round-info", Static).update(where)
        self.query_one(DiceTray).show(s.dice, s.held, enabled=s.rolls_left > 0)
        self.query_one("#rolls", Static).update(self._rolls_text(s))
        self.query_one("#roll", Button).disabled = s.rolls_left <= 0
        point = s.undo_point
        self.query_one("#undo", Button).disabled = point is None or bool(s.player(point.seat).bot)
        note = self.query_one("#message", Static)
        note.update(self.message)
        note.set_class(self.message_is_error, "-error")
        computer_plays = player.bot is not None
        if computer_plays != self._keys_for_computer:
            self._keys_for_computer = computer_plays
            self.refresh_bindings()  # the move keys leave the footer, or come back
        self._schedule_computer()

    def _show_card(self) -> None:
        """Draw the card, and the header line kept above it on a small terminal."""
        card = self.query_one(ScorecardView)
        card.show(self.state, self.cursor)
        self.query_one(CardHeader).show(card, self.state)

    def _rolls_text(self, s: MatchState) -> Text:
        """The rolls used as marks, and what comes next."""
        used = ROLLS_PER_TURN - s.rolls_left
        marks = " ".join("●" if i < used else "○" for i in range(ROLLS_PER_TURN))
        rolls = self.words.t("tui.match.rolls", marks=marks) + "  "
        if s.active_seat is not None and (player := s.player(s.active_seat)).bot is not None:
            # Nothing here is for the person at the keyboard to do.
            computer = self.words.t("tui.match.rolls_computer", name=player.name)
            return Text.assemble(rolls, (computer, "italic"))
        if s.dice is None:
            return Text.assemble(rolls, (self.words.t("tui.match.rolls_first"), "dim"))
        if s.rolls_left == 0:
            return Text.assemble(rolls, (self.words.t("tui.match.rolls_none"), "bold"))
        return Text(rolls + self.words.t("tui.match.rolls_left", count=s.rolls_left))

    def _settle_cursor(self) -> None:
        """Keep the active player's box cursor on an open box of their card: the same box,
        else the next open one below it, else the last open one."""
        open_boxes = self.open_boxes()
        if not open_boxes or self.cursor in open_boxes:
            return
        start = self.box_order.index(self.cursor) if self.cursor in self.box_order else 0
        after = [b for b in open_boxes if self.box_order.index(b) >= start]
        self.cursor = after[0] if after else open_boxes[-1]

    def open_boxes(self) -> list[str]:
        """The active player's open boxes, in card order."""
        s = self.state
        if s.active_seat is None:
            return []
        filled = s.card(s.active_seat).boxes
        return [b for b in self.box_order if b not in filled]

    def say(self, message: str, error: bool = False) -> None:
        """Show a line under the dice; an error in red, with the terminal's bell.

        (Not a toast: toasts appear bottom right, over the scorecard the player is using.)
        """
        self.message = message
        self.message_is_error = error
        if error:
            self.app.bell()

    # Intents ---------------------------------------------------------------------------

    def attempt(self, intent: Callable[[], str]) -> bool:
        """Run one intent on the match: show what it did, or the rule it broke."""
        try:
            done = intent()
        except RuleError as exc:
            self.say(refusal(self.words, exc), error=True)
            self.redraw()
            return False
        self.say(done)
        if self.state.is_finished:
            self.game.finish_match(self.match)
            return True
        self.redraw()
        return True

    def _active(self) -> int:
        seat = self.state.active_seat
        if seat is None:
            raise MatchFinished()
        return seat

    def _computer_level(self) -> str | None:
        """The level of the computer whose turn it is, or None on a person's turn."""
        s = self.state
        return s.player(s.active_seat).bot if s.active_seat is not None else None

    def _people_wait(self) -> bool:
        """On a computer's turn, tell the person at the keyboard to wait; True if so."""
        if self._computer_level() is None:
            return False
        seat = self._active()
        self.say(self.words.t("tui.match.wait", name=self.state.player(seat).name), error=True)
        self.redraw()
        return True

    def roll(self) -> bool:
        """Roll the dice that are not held."""

        def roll() -> str:
            seat = self._active()
            event: DiceRolled = self.match.roll(seat)
            shown = " ".join(str(v) for v in event.dice)
            return self.words.t("tui.match.rolled", name=self.state.player(seat).name, dice=shown)

        return self.attempt(roll)

    def hold(self, positions: set[int]) -> bool:
        """Hold exactly the dice at `positions` (0-4)."""

        def hold() -> str:
            seat = self._active()
            self.match.hold(seat, sorted(positions))
            name = self.state.player(seat).name
            if not positions:
                return self.words.t("tui.match.holds_none", name=name)
            shown = ", ".join(str(p + 1) for p in sorted(positions))
            return self.words.t("tui.match.holds", name=name, positions=shown)

        return self.attempt(hold)

    def score_box(self, category: str) -> bool:
        """Score the dice in `category` for the active player."""

        def score() -> str:
            seat = self._active()
            name = self.state.player(seat).name
            event: BoxScored = self.match.score(seat, category)
            box = self.words.box(self.match.rules.category(category).label)
            if event.bonus:
                return self.words.t(
                    "tui.match.scored_bonus",
                    name=name,
                    points=event.points,
                    box=box,
                    bonus=event.bonus,
                )
            return self.words.t("tui.match.scored", name=name, points=event.points, box=box)

        self.cursor = category
        return self.attempt(score)

    def action_roll(self) -> None:
        """Roll the dice that are not held."""
        if not self._people_wait():
            self.roll()

    def action_toggle_hold(self, position: int) -> None:
        """Hold the die at `position` (0-4), or release it if it is held."""
        if not self._people_wait():
            self.hold(set(self.state.held) ^ {position})

    def action_move_cursor(self, step: int) -> None:
        """Move the box cursor to the previous or next open box."""
        boxes = self.open_boxes()
        if not boxes or self._computer_level() is not None:
            return
        i = boxes.index(self.cursor) if self.cursor in boxes else 0
        self.cursor = boxes[(i + step) % len(boxes)]
        self.redraw()
        if self.state.active_seat is not None:
            cell = self.query_one(f"#cell-{self.state.active_seat}-{self.cursor}")
            cell.scroll_visible(animate=False)

    def action_scroll_card(self, where: str) -> None:
        """Scroll the card a page up or down, or to its top or bottom; the dice stay put."""
        scroll = self.query_one("#card-scroll", ScrollableContainer)
        moves = {
            "page_up": scroll.scroll_page_up,
            "page_down": scroll.scroll_page_down,
            "home": scroll.scroll_home,
            "end": scroll.scroll_end,
        }
        move = moves.get(where)
        if move is not None:
            move(animate=False)

    def action_score(self) -> None:
        """Score the dice in the box under the cursor."""
        if self.cursor is not None and not self._people_wait():
            self.score_box(self.cursor)

    def action_undo(self) -> None:
        """Take back the last scoring, while the next player has not rolled."""
        point = self.state.undo_point
        if point is not None and self.state.player(point.seat).bot:
            self.say(self.words.t("tui.match.computer_undo"), error=True)
            self.redraw()
            return

        def undo() -> str:
            seat = point.seat if point is not None else self._active()
            self.match.undo(seat)
            assert point is not None  # undo raised otherwise
            self.cursor = point.category
            box = self.words.box(self.match.rules.category(point.category).label)
            return self.words.t("tui.match.took_back", name=self.state.player(seat).name, box=box)

        self.attempt(undo)

    def action_rules(self) -> None:
        """The rules this match is played by."""
        self.app.push_screen(RulesScreen(self.match.rules, words_of(self)))

    @property
    def hints_offered(self) -> bool:
        """Whether H may give a hint in this match: not where the table turned hints off for
        good (the daily challenge), so neither the footer nor the help offers it there."""
        return self.match.options.hints is not False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide the hint key where the match never gives hints, and every move key while a
        computer plays its turn (those keys then do nothing at all)."""
        if action in MOVE_ACTIONS and self._computer_level() is not None:
            return False
        return action != "hint" or self.hints_offered

    def action_hint(self) -> None:
        """Show the advisor's best move for the person whose turn it is (counted as a hint
        in their results; refused where the table's hints are off)."""
        if self._people_wait():
            return
        if self.state.dice is None:
            self.say(self.words.t("tui.match.hint_needs_roll"), error=True)
            self.redraw()
            return
        try:
            self.match.show_hint(self._active())
        except RuleError as exc:
            self.say(refusal(self.words, exc), error=True)
            self.redraw()
            return
        self.say(self.words.t("tui.match.hint_working"))
        self.redraw()
        self.run_worker(self._hint(len(self.match.events)), group="hint", exclusive=True)

    async def _hint(self, token: int) -> None:
        """Work out the hint in a thread (the first for a rule set solves it), then show it
        if the position is still the one it is for."""
        state, seat = self.state, self._active()
        try:
            advice = await asyncio.to_thread(best_move, state, seat)
        except Exception as exc:  # no hint must not stop the game
            self.say(self.words.t("tui.match.no_hint", error=exc), error=True)
            self.redraw()
            return
        if advice is None or len(self.match.events) != token:
            return  # the player moved meanwhile: this hint is for a position gone by
        self.say(hint_text(state, advice, self.words))
        self.redraw()

    # Computer players ------------------------------------------------------------------

    def _schedule_computer(self) -> None:
        """On a computer's turn, start working out its next move (once per position)."""
        level = self._computer_level()
        token = len(self.match.events)
        if level is None or self._computer_token == token:
            return
        self._computer_token = token
        self.run_worker(self._computer_step(level, token), group="computer", exclusive=True)

    async def _computer_step(self, level: str, token: int) -> None:
        """Decide and play one move of a computer's turn: roll, hold and roll, or score.

        While the person who scored just before may still take it back (U), the first roll
        waits the app's undo grace: it would close their undo window."""
        state = self.state
        seat = self._active()
        computers = self.game.computers
        loop = asyncio.get_running_loop()
        grace_ends = loop.time() + self.game.undo_grace
        if person_may_undo(state) and self.game.undo_grace > 0:
            self.say(
                self.words.t(
                    "tui.match.undo_window", message=self.message, name=state.player(seat).name
                )
            )
            self.redraw()
        if computers.needs_preparing(level, state) and state.dice is not None:
            self.say(self.words.t("tui.match.studying", name=state.player(seat).name))
            self.redraw()
        try:
            move = await asyncio.to_thread(computers.decide, level, state, seat)
        except Exception as exc:  # a failing computer must not stop the people's game
            best = max(state.score_options(), key=lambda o: o.total, default=None)
            self.app.notify(
                self.words.t("tui.match.computer_failed", error=exc),
                severity="error",
                markup=False,
            )
            move = SeatMove(category=best.category) if best else SeatMove()
        await asyncio.sleep(self.game.computer_delay)
        while person_may_undo(self.state) and len(self.match.events) == token:
            if (left := grace_ends - loop.time()) <= 0:
                break
            await asyncio.sleep(min(GRACE_POLL, left))
        while self.app.screen is not self:  # a question is open over the match: wait for it
            await asyncio.sleep(0.1)
        if len(self.match.events) != token:
            return  # the position changed meanwhile (an undo, or the match was left)
        self._play_computer_move(move)

    def _play_computer_move(self, move: SeatMove) -> None:
        if move.category is not None:
            self.score_box(move.category)
        elif self.state.dice is not None and set(move.hold) != set(self.state.held):
            self.hold(set(move.hold))  # shown for a moment; the next step rolls
        else:
            self.roll()

    def action_leave(self) -> None:
        """Leave the match for the start screen, after asking."""

        def answered(yes: bool | None) -> None:
            if yes:
                self.game.new_game()

        self.app.push_screen(
            ConfirmScreen(
                self.words.t("tui.match.leave_question"),
                self.words.t("tui.match.leave"),
                self.words.t("tui.app.keep_playing"),
            ),
            answered,
        )

    # Mouse -----------------------------------------------------------------------------

    def on_die_view_clicked(self, event: DieView.Clicked) -> None:
        self.action_toggle_hold(event.position)

    def on_score_cell_clicked(self, event: ScoreCell.Clicked) -> None:
        if event.key not in self.box_order:
            return
        active = self.state.active_seat
        if event.seat is not None and event.seat != active and active is not None:
            owner = self.state.player(event.seat).name
            now = self.state.player(active).name
            self.say(self.words.t("tui.match.not_your_card", owner=owner, name=now), error=True)
            self.redraw()
            return
        if not self._people_wait():
            self.score_box(event.key)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "roll":
            self.action_roll()
        elif event.button.id == "undo":
            self.action_undo()
