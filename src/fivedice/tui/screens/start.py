"""The start screen: who plays (1-8 names, or computers), which rules, how many rounds, undo."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, cast

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from fivedice.rules import RuleError, preset, preset_names

from ..computer import DEFAULT_LEVEL, computer_name, missing_levels_note
from ..setup import MAX_NAME_LENGTH, MAX_ROUNDS, MAX_SEATS, GameSetup, SeatSetup, default_name
from ..widgets import Stepper
from ..words import refusal, translate_bindings, words_of
from .rules import RulesScreen, origin_text

if TYPE_CHECKING:
    from ..app import FiveDiceApp

HUMAN = "human"
GAME_NAME = "[b]fivedice[/]"  # never translated


class StartScreen(Screen[None]):
    """Choose the players, the rule set, the rounds and undo; then Start."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "tui.key.start", priority=True),
        Binding("f1", "rules", "tui.key.rules", priority=True),
        Binding("escape", "app.quit", "tui.key.quit", show=False),
    ]

    def __init__(self, setup: GameSetup, computers: Sequence[tuple[str, str]] = ()) -> None:
        """`computers` lists the computer players on offer as (label, kind)."""
        super().__init__(id="start-screen")
        self.words = words_of(self)
        translate_bindings(self, self.words)
        self.setup = setup
        self.computers = tuple(computers)
        self._undo_choice = setup.undo_allowed  # kept while rules without undo are chosen

    @property
    def game(self) -> FiveDiceApp:
        """The app, with its match-flow methods."""
        return cast("FiveDiceApp", self.app)

    def compose(self) -> ComposeResult:
        s, words = self.setup, self.words
        with (
            VerticalScroll(id="start-scroll", can_focus=False),
            Center(),
            Vertical(id="start-form") as form,
        ):
            form.border_title = words.t("tui.start.title", game=GAME_NAME)
            with Horizontal(classes="field"):
                yield Label(words.t("tui.start.players"), classes="field-label")
                yield Stepper(len(s.seats), 1, MAX_SEATS, id="players")
                yield Label(words.t("tui.start.stepper_hint"), classes="step-hint")
            if self.computers:
                with Horizontal(id="seats-head", classes="seat-row"):
                    yield Label("", classes="field-label")
                    yield Label(words.t("tui.start.name_header"), classes="seat-name")
                    yield Label(words.t("tui.start.kind_header"), classes="seat-kind")
            with Vertical(id="seats"):
                for i in range(MAX_SEATS):
                    yield from self._seat_row(i)
            if self.computers:
                yield Button(words.t("tui.start.add_computer"), id="add-computer", compact=True)
            if self.computers and (missing := missing_levels_note(words)):
                yield Static(missing, id="start-missing-levels", markup=False)
            with Horizontal(classes="field"):
                yield Label(words.t("tui.start.rules"), classes="field-label")
                yield Select(
                    [(words.preset(name, preset(name).title), name) for name in preset_names()],
                    value=s.preset,
                    allow_blank=False,
                    id="preset",
                    compact=True,
                )
            yield Static(origin_text(preset(s.preset), words), id="preset-source", markup=False)
            with Horizontal(classes="field"):
                yield Label(words.t("tui.start.rounds"), classes="field-label")
                yield Stepper(s.rounds, 1, MAX_ROUNDS, id="rounds")
                yield Label(words.t("tui.start.stepper_hint"), classes="step-hint")
            with Horizontal(classes="field"):
                yield Label(words.t("tui.start.undo"), classes="field-label")
                yield Checkbox(
                    words.t("tui.start.undo_choice"),
                    s.undo_allowed,
                    id="undo",
                    compact=True,
                )
        # Start (and why a setup is refused) stays at the foot of the screen, under the form,
        # however many players the form lists and however far it is scrolled.
        with Center(id="start-bar"), Vertical(id="start-foot"):
            yield Static(id="start-error", markup=False)
            yield Button(words.t("tui.start.start"), id="start", variant="success", compact=True)
        yield Footer()

    def _seat_row(self, i: int) -> ComposeResult:
        seat = self.setup.seats[i] if i < len(self.setup.seats) else None
        # A default name stays a placeholder, so typing a name does not have to erase it.
        name = seat.name if seat is not None and seat.name != default_name(i) else ""
        with Horizontal(id=f"seat-{i}", classes="seat-row field"):
            yield Label(f"{i + 1}.", classes="field-label seat-number")
            yield Input(
                value=name,
                placeholder=default_name(i),
                max_length=MAX_NAME_LENGTH,
                id=f"name-{i}",
                classes="seat-name",
                compact=True,
            )
            if self.computers:
                kind = seat.computer if seat is not None and seat.computer else HUMAN
                yield Select(
                    [(self.words.t("tui.start.human"), HUMAN), *self.computers],
                    value=kind,
                    allow_blank=False,
                    id=f"kind-{i}",
                    classes="seat-kind",
                    compact=True,
                )

    def on_mount(self) -> None:
        self._show_seats(len(self.setup.seats))
        self._offer_undo(self.setup.preset)
        self.query_one("#name-0", Input).focus()

    def _offer_undo(self, preset_name: str) -> None:
        """Undo is a choice only where the rule set has it; otherwise it is shown off (and the
        player's choice comes back with rules that have undo)."""
        allowed = preset(preset_name).undo_allowed
        undo = self.query_one("#undo", Checkbox)
        if allowed == (not undo.disabled):
            return
        if allowed:
            undo.value = self._undo_choice
        else:
            self._undo_choice = undo.value
            undo.value = False
        undo.disabled = not allowed
        undo.tooltip = None if allowed else self.words.t("tui.start.no_undo")

    def _show_seats(self, count: int) -> None:
        for i in range(MAX_SEATS):
            self.query_one(f"#seat-{i}").display = i < count
        for add in self.query("#add-computer").results(Button):
            add.disabled = count >= MAX_SEATS

    def on_stepper_changed(self, event: Stepper.Changed) -> None:
        if event.stepper.id == "players" and self.is_mounted:
            self._show_seats(event.value)

    def on_select_changed(self, event: Select.Changed) -> None:
        select_id = event.select.id or ""
        if select_id == "preset" and isinstance(event.value, str):
            self.query_one("#preset-source", Static).update(
                origin_text(preset(event.value), self.words)
            )
            self._offer_undo(event.value)
        elif select_id.startswith("kind-") and isinstance(event.value, str):
            i = int(select_id.removeprefix("kind-"))
            human = event.value == HUMAN
            name = self.query_one(f"#name-{i}", Input)
            name.placeholder = default_name(i) if human else computer_name(event.value, i)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            event.stop()
            self.action_start()
        elif event.button.id == "add-computer":
            event.stop()
            self.add_computer()

    def add_computer(self) -> None:
        """Seat one more player, played by the computer (a level a newcomer can play with)."""
        players = self.query_one("#players", Stepper)
        if players.value >= MAX_SEATS or not self.computers:
            return
        seat = players.value
        players.value = seat + 1
        self._show_seats(seat + 1)
        levels = [kind for _, kind in self.computers]
        level = DEFAULT_LEVEL if DEFAULT_LEVEL in levels else levels[0]
        self.query_one(f"#kind-{seat}", Select).value = level
        # The new seat and this button stay in view as the list grows down the form.
        add = self.query_one("#add-computer", Button)
        self.call_after_refresh(add.scroll_visible, animate=False)

    def read_setup(self) -> GameSetup:
        """The setup the form shows now."""
        count = self.query_one("#players", Stepper).value
        seats = []
        for i in range(count):
            name = self.query_one(f"#name-{i}", Input).value.strip()
            kind = HUMAN
            if self.computers:
                value = self.query_one(f"#kind-{i}", Select).value
                kind = value if isinstance(value, str) else HUMAN
            computer = None if kind == HUMAN else kind
            if not name:
                name = computer_name(kind, i) if computer else default_name(i)
            seats.append(SeatSetup(name, computer))
        chosen = self.query_one("#preset", Select).value
        return GameSetup(
            seats=tuple(seats),
            preset=chosen if isinstance(chosen, str) else self.setup.preset,
            rounds=self.query_one("#rounds", Stepper).value,
            undo_allowed=self.query_one("#undo", Checkbox).value,
        )

    def action_rules(self) -> None:
        """The rules of the rule set chosen."""
        self.app.push_screen(
            RulesScreen(preset(str(self.query_one("#preset", Select).value)), self.words)
        )

    def action_start(self) -> None:
        """Start the match the form describes, or say what is wrong with it."""
        setup = self.read_setup()
        try:
            setup.validate()
        except RuleError as exc:
            said = refusal(self.words, exc)
            self.query_one("#start-error", Static).update(said)
            self.app.notify(said, severity="error", markup=False)
            return
        self.game.start_match(setup)
