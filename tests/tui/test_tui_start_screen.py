"""The start screen: players and their names, the rules, rounds, undo, computer seats."""

from __future__ import annotations

import asyncio

from textual.widgets import Button, Checkbox, Select
from tui_driver import SIZE, AppFactory, match_of, start, text_of

from fivedice.rules import preset, preset_names
from fivedice.tui.computer import computer_levels
from fivedice.tui.screens import MatchScreen, StartScreen
from fivedice.tui.widgets import Stepper


async def test_the_form_sets_up_the_match(make_app: AppFactory) -> None:
    app = make_app(("Ann",), seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, StartScreen)
        assert screen.query_one("#seat-0").display and not screen.query_one("#seat-1").display

        await pilot.click("#players-more")
        await pilot.press("plus")  # the stepper's key, with focus on its + button
        assert screen.query_one("#players", Stepper).value == 3
        assert screen.query_one("#seat-2").display
        await pilot.click("#name-1")
        await pilot.press(*"BOB")
        # Seat 3 keeps its placeholder name.

        await pilot.click("#rounds-more")
        await pilot.click("#undo")
        assert not screen.query_one("#undo", Checkbox).value

        await pilot.click("#preset")  # opens the list of rule sets
        await pilot.press("down", "enter")  # the second one
        assert screen.query_one("#preset", Select).value == "free-joker"
        assert text_of(app, "#preset-source") == preset("free-joker").source

        await start(pilot)
        match = match_of(app)
        assert [p.name for p in match.state.players] == ["Ann", "BOB", "P3"]
        assert match.rules.name == "free-joker"
        assert match.options.rounds == 2 and not match.options.undo_allowed
        assert match.options.seats == 3


async def test_player_count_stays_between_one_and_eight(make_app: AppFactory) -> None:
    app = make_app(("Ann",))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert screen.query_one("#players-less", Button).disabled
        await pilot.click("#players-more")
        await pilot.press(*["plus"] * 8)
        assert screen.query_one("#players", Stepper).value == 8
        assert screen.query_one("#players-more", Button).disabled
        assert all(screen.query_one(f"#seat-{i}").display for i in range(8))


async def test_two_players_with_one_name_are_refused(make_app: AppFactory) -> None:
    app = make_app(("Ann", "ann"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, StartScreen)
        assert text_of(app, "#start-error") == (
            "Two players are called ann: give each a different name "
            "(capitals and spaces do not count)"
        )
        await pilot.click("#name-1")
        await pilot.press("end", "backspace", "backspace", "backspace", *"AL")
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, MatchScreen)
        assert [p.name for p in app.screen.match.state.players] == ["Ann", "AL"]


async def test_a_computer_seat_plays_its_own_turns(make_app: AppFactory) -> None:
    levels = dict((level, label) for label, level in computer_levels())
    assert "beginner" in levels  # the strategy package offers computer players
    app = make_app(("Ann", "Bob"), seed=21)
    app.computer_delay = 0
    app.undo_grace = 0  # the undo grace has its own tests
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#kind-1")
        await pilot.press("down", "enter")  # "Computer: beginner", the first level
        assert app.screen.query_one("#kind-1", Select).value == "beginner"
        await start(pilot)
        match = match_of(app)
        assert match.state.player(1).bot == "beginner"

        await pilot.press("r", "enter")  # Ann scores; the computer takes its turn alone
        for _ in range(200):
            if match.state.active_seat == 0:
                break
            await asyncio.sleep(0.02)
        await pilot.pause()
        assert match.state.active_seat == 0
        assert len(match.state.card(1).boxes) == 1
        assert text_of(app, "#turn") == "Ann's turn"
        assert "Bob scored" in text_of(app, "#message")

        # People cannot move for the computer, nor take back its scoring.
        await pilot.press("u")
        assert text_of(app, "#message") == "A computer's scoring cannot be taken back"


async def test_rules_without_undo_turn_the_undo_box_off(make_app: AppFactory) -> None:
    app = make_app(("Ann", "Bob"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        undo = screen.query_one("#undo", Checkbox)
        assert undo.value and not undo.disabled
        names = list(preset_names())
        assert not preset("timed-online").undo_allowed
        await pilot.click("#preset")
        await pilot.press(*["down"] * names.index("timed-online"), "enter")
        assert screen.query_one("#preset", Select).value == "timed-online"
        assert undo.disabled and not undo.value
        await pilot.click("#undo")  # a disabled box does not change
        assert not undo.value

        await start(pilot)
        match = match_of(app)
        assert not match.options.undo_allowed
        assert not app.screen.query_one("#undo", Button).display
        await pilot.press("r", "enter", "u")
        assert text_of(app, "#message").startswith("This match does not allow undo")
        assert match.state.active_seat == 1


async def test_undo_comes_back_with_rules_that_have_it(make_app: AppFactory) -> None:
    app = make_app(("Ann",), preset="timed-online")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        undo = screen.query_one("#undo", Checkbox)
        assert undo.disabled and not undo.value
        await pilot.click("#preset")
        up = ["up"] * list(preset_names()).index("timed-online")
        await pilot.press(*up, "enter")  # the first rule set: official, with undo
        assert screen.query_one("#preset", Select).value == "official"
        assert undo.value and not undo.disabled


async def test_a_computer_in_the_first_seat_is_refused_in_words(make_app: AppFactory) -> None:
    app = make_app(("Ann", "Bob"), seed=24)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#kind-0")
        await pilot.press("down", "enter")  # "Computer: beginner" in the first seat
        assert app.screen.query_one("#kind-0", Select).value == "beginner"
        await start(pilot)
        assert isinstance(app.screen, StartScreen)  # no match, and a reason a player can act on
        assert text_of(app, "#start-error") == (
            "A person takes the first turn: put Ann after one of the people"
        )
