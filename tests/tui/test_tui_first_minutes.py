"""What a newcomer meets at 80x24: Start always in view, focus seen without colour, the
steppers say how they change, a computer player is offered in words, and a computer's turn
says the computer is playing (and leaves the person's keys doing nothing)."""

from __future__ import annotations

import random

from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select
from textual.widgets._footer import FooterKey
from tui_driver import AppFactory, match_of, start, text_of

from fivedice.store import Store
from fivedice.tui import FiveDiceApp, GameSetup, SeatSetup
from fivedice.tui.screens import MatchScreen, StartScreen
from fivedice.tui.widgets import Stepper

SMALL = (80, 24)
Cell = tuple[str, bool, bool, bool, bool, bool]
STEPPER_HINT = "press - or + to change, or click"


def shown_whole(app: FiveDiceApp, widget: Widget) -> bool:
    """Whether the widget is on the terminal in full and on top where it is drawn."""
    region = widget.region
    if region.area == 0 or not Region(0, 0, *app.size).contains_region(region):
        return False
    return app.screen.get_widget_at(*region.center)[0] is widget


def monochrome(app: FiveDiceApp) -> list[list[Cell]]:
    """The terminal as a monochrome screen shows it: each cell's character and its bold,
    underline, reverse, italic and strike, every colour left out."""
    picture = []
    for strip in app.screen._compositor.render_strips():
        row: list[Cell] = []
        for segment in strip:
            style = segment.style
            look = (
                bool(style and style.bold),
                bool(style and style.underline),
                bool(style and style.reverse),
                bool(style and style.italic),
                bool(style and style.strike),
            )
            row.extend((char, *look) for char in segment.text)
        picture.append(row)
    return picture


async def press_again(pilot: Pilot[None], button: Button, key: str = "enter") -> None:
    """Press the focused button once its last press has shown (Textual lets a button take
    no press while it still draws the one before)."""
    assert button.has_focus
    while button.has_class("-active"):
        await pilot.pause(0.02)
    await pilot.press(key)
    await pilot.pause()


def footer_keys(app: FiveDiceApp) -> set[str]:
    """The keys the footer offers now, by their description."""
    return {key.description for key in app.screen.query(FooterKey)}


async def test_start_stays_in_view_with_one_to_eight_players(make_app: AppFactory) -> None:
    app = make_app(("Ann",))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        go = screen.query_one("#start", Button)
        for count in range(1, 9):
            if count == 2:
                await pilot.click("#players-more")
            elif count > 2:
                await pilot.press("plus")  # the stepper's key, its + button having focus
            await pilot.pause()
            assert screen.query_one("#players", Stepper).value == count
            assert shown_whole(app, go), f"Start is out of view with {count} players"
        for i in (7, 0):  # focus far down the form, then back up: the form scrolls, not Start
            screen.query_one(f"#name-{i}", Input).focus()
            await pilot.pause()
            assert shown_whole(app, screen.query_one(f"#name-{i}")), f"name {i + 1} is hidden"
            assert shown_whole(app, go)
        await pilot.press("ctrl+end")
        await start(pilot)  # a click on the button where it is drawn
        assert len(match_of(app).state.players) == 8


async def test_a_refusal_shows_beside_start_at_80x24(make_app: AppFactory) -> None:
    app = make_app(("Ann", "ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"))
    async with app.run_test(size=SMALL) as pilot:
        await start(pilot)
        assert isinstance(app.screen, StartScreen)  # refused: nothing started
        error = app.screen.query_one("#start-error")
        assert text_of(app, "#start-error").startswith("Two players are called ann")
        assert shown_whole(app, error) and shown_whole(app, app.screen.query_one("#start"))


async def test_focus_is_seen_without_colour_on_the_start_screen(make_app: AppFactory) -> None:
    app = make_app(("Ann", "Bob"))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        controls = [w for w in screen.focus_chain if isinstance(w, Input | Select | Button)]
        controls += [screen.query_one("#undo")]
        assert {"name-0", "kind-0", "name-1", "kind-1", "preset", "start"} <= {
            w.id for w in controls
        }
        pictures: dict[str, list[list[Cell]]] = {}
        for control in controls:
            control.focus()
            await pilot.pause()
            assert control.has_focus
            pictures[str(control.id)] = picture = monochrome(app)
            row = control.parent if control.parent and control.parent.has_class("field") else None
            if row is None and control.parent and control.parent.parent:
                row = control.parent.parent  # a stepper's button: the stepper's row
            if row is not None and row.has_class("field"):
                label = row.query(".field-label").first()
                x, y = label.region.x, label.region.y
                text = str(label.render()).strip()
                cells = picture[y][x : x + label.region.width]
                marked = [c for c in cells if c[0].strip()]
                assert marked and all(c[3] for c in marked), f"{text!r} is not reversed"
        same = [
            (a, b)
            for i, a in enumerate(pictures)
            for b in list(pictures)[i + 1 :]
            if pictures[a] == pictures[b]
        ]
        assert not same, f"without colour, focus on these looks the same: {same}"


async def test_the_box_cursor_is_seen_without_colour(make_app: AppFactory) -> None:
    app = make_app(("Ann", "Bob"), at_once=True)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MatchScreen)
        first = screen.cursor
        before = monochrome(app)
        await pilot.press("down")
        assert screen.cursor != first
        assert monochrome(app) != before, "the box cursor moved, but only its colour shows it"
        await pilot.press("r")  # with the dice's previews in every open box
        rolled = monochrome(app)
        await pilot.press("up")
        assert screen.cursor == first
        assert monochrome(app) != rolled


async def test_each_stepper_says_how_to_change_it(make_app: AppFactory) -> None:
    app = make_app(("Ann",))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.focused is screen.query_one("#name-0")  # no stepper has focus
        assert "Less" not in footer_keys(app)
        for stepper_id in ("players", "rounds"):
            stepper = screen.query_one(f"#{stepper_id}", Stepper)
            stepper.scroll_visible(animate=False)
            await pilot.pause()
            row = stepper.parent
            assert row is not None
            hints = [label for label in row.query(Label) if str(label.content) == STEPPER_HINT]
            assert hints, f"no hint beside the {stepper_id} stepper"
            assert shown_whole(app, hints[0]) and hints[0].region.y == stepper.region.y


async def test_a_computer_player_is_offered_in_words(make_app: AppFactory) -> None:
    app = make_app(("Ann",), seed=3)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        head = [w for w in screen.query(Label) if str(w.content) == "Human or computer"]
        assert head and shown_whole(app, head[0])
        add = screen.query_one("#add-computer", Button)
        assert str(add.label) == "+ Add a computer player" and shown_whole(app, add)

        await pilot.click("#add-computer")
        assert screen.query_one("#players", Stepper).value == 2
        assert screen.query_one("#seat-1").display
        assert screen.query_one("#kind-1", Select).value == "good-human"
        assert screen.query_one("#name-1", Input).placeholder == "Ace 2"
        for _ in range(6):
            await press_again(pilot, add)  # the button keeps focus, and stays in view
            assert shown_whole(app, add)
        assert screen.query_one("#players", Stepper).value == 8
        assert add.disabled  # eight seats: no room for another
        await pilot.press("enter")  # a disabled button takes no press
        assert screen.query_one("#players", Stepper).value == 8

        await start(pilot)
        players = match_of(app).state.players
        assert [p.bot for p in players] == [None] + ["good-human"] * 7
        assert [p.name for p in players][:3] == ["Ann", "Ace 2", "Ace 3"]


async def test_a_computers_turn_says_so_and_the_keys_do_nothing(store: Store) -> None:
    setup = GameSetup((SeatSetup("Ann"), SeatSetup("Cy", "beginner")))
    # The computer thinks for an hour: its turn is still on when the test ends.
    app = FiveDiceApp(
        setup,
        rng=random.Random(23),
        store=store,
        start_at_once=True,
        computer_delay=3600,
        undo_grace=0,
    )
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert text_of(app, "#rolls").endswith("press R to roll")  # Ann's turn
        assert "Roll" in footer_keys(app)
        await pilot.press("r", "enter")  # Ann scores; Cy's turn
        await pilot.pause()
        match = match_of(app)
        assert match.state.active_seat == 1
        rolls = text_of(app, "#rolls")
        assert "press R" not in rolls and rolls.endswith("Cy (computer) is playing")
        assert text_of(app, "#turn") == "Cy's turn (computer)"
        assert not {"Roll", "Hold", "Score", "Hint"} & footer_keys(app)
        events, message = len(match.events), text_of(app, "#message")
        await pilot.press("r", "space", "1", "down", "enter", "h")
        await pilot.pause()
        assert len(match.events) == events  # nothing moved
        assert text_of(app, "#message") == message  # and nothing was said
        assert match.state.dice is None and match.state.player(1).hints == 0
