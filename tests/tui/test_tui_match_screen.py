"""The match screen through its keys and clicks: holds, rolls, scoring, undo, errors."""

from __future__ import annotations

import asyncio
import functools
import random
from pathlib import Path

from textual.widgets import Button
from tui_driver import SIZE, AppFactory, fast_forward, match_of, play_turn, text_of

from fivedice.store import Store
from fivedice.tui import FiveDiceApp, GameSetup, SeatSetup
from fivedice.tui.screens import MatchScreen, StartScreen
from fivedice.tui.widgets import DieView, ScoreCell

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def cell(app: object, seat: int, key: str) -> ScoreCell:
    """The scorecard cell of `seat` in row `key`."""
    from fivedice.tui import FiveDiceApp

    assert isinstance(app, FiveDiceApp)
    return app.screen.query_one(f"#cell-{seat}-{key}", ScoreCell)


def message_is_error(app: object) -> bool:
    from fivedice.tui import FiveDiceApp

    assert isinstance(app, FiveDiceApp)
    return app.screen.query_one("#message").has_class("-error")


async def test_hold_and_release_by_key_and_by_click(make_app: AppFactory) -> None:
    app = make_app(seed=7, at_once=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        match = match_of(app)
        await pilot.press("r")
        first = match.state.dice
        assert first is not None

        await pilot.press("2")
        assert match.state.held == (1,)
        die = app.screen.query_one("#die-1", DieView)
        assert die.has_class("-held") and die.border_subtitle == "HELD"

        await pilot.click("#die-1")  # release by click
        assert match.state.held == ()
        assert not die.has_class("-held") and not die.border_subtitle

        await pilot.click("#die-3")  # hold by click
        await pilot.press("5")  # and another by key
        await pilot.press("5")  # ... released again
        assert match.state.held == (3,)
        await pilot.click("#roll")
        assert match.state.dice is not None and match.state.dice[3] == first[3]
        assert match.state.held == (3,)  # a held die stays held for the next roll
        assert text_of(app, "#message").startswith("Ann rolled")


async def test_illegal_actions_show_an_error_and_change_nothing(make_app: AppFactory) -> None:
    app = make_app(seed=8, at_once=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        match = match_of(app)

        async def refused(*keys: str, click: str | None = None) -> str:
            before = (match.events, match.state)
            if click:
                await pilot.click(click)
            else:
                await pilot.press(*keys)
            assert (match.events, match.state) == before
            assert message_is_error(app)
            return text_of(app, "#message")

        assert await refused("enter") == "Roll the dice before scoring"
        assert await refused("1") == "Roll first: there are no dice to hold yet"
        assert await refused("u") == "Nothing to undo: undo works only until the next roll"
        await pilot.press("r", "r", "r")
        assert match.state.rolls_left == 0
        assert await refused("r") == "No rolls left: the dice must be scored"
        assert await refused(click="#roll") == "No rolls left: the dice must be scored"
        assert app.screen.query_one("#roll", Button).disabled
        assert await refused("2") == "No rolls left: the dice must be scored"
        assert await refused(click="#cell-1-chance") == "That is Bob's card: it is Ann's turn"

        await pilot.click("#cell-0-ones")
        await pilot.press("r")  # Bob
        await play_turn(pilot, app, "keys")  # Bob scores, Ann's turn again
        await pilot.press("r")
        assert await refused(click="#cell-0-ones") == "Ones is already filled"
        before = match.events
        await pilot.click("#label-upper_total")  # a derived row: not a box to score in
        await pilot.click("#cell-0-grand_total")
        assert match.events == before


async def test_undo_through_the_ui(make_app: AppFactory) -> None:
    app = make_app(seed=9, at_once=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        match = match_of(app)
        undo = app.screen.query_one("#undo", Button)
        assert undo.display and undo.disabled

        await pilot.press("r")
        dice = match.state.dice
        await pilot.click("#cell-0-chance")
        assert match.state.active_seat == 1
        assert cell(app, 0, "chance").has_class("-filled")
        assert not undo.disabled

        await pilot.press("u")
        assert match.state.active_seat == 0
        assert match.state.dice == dice and match.state.rolls_left == 2
        assert "chance" not in match.state.card(0).boxes
        assert text_of(app, "#message") == "Ann took back Chance"
        assert cell(app, 0, "chance").has_class("-preview")
        assert app.screen.cursor == "chance"

        await pilot.press("up", "enter")  # Yahtzee instead (the box above Chance)
        assert "yahtzee" in match.state.card(0).boxes
        await pilot.click("#undo")  # the button does the same
        assert match.state.active_seat == 0 and "yahtzee" not in match.state.card(0).boxes
        await pilot.press("enter")
        await pilot.press("r")  # Bob rolls: now it is too late
        await pilot.press("u")
        assert message_is_error(app)
        assert "yahtzee" in match.state.card(0).boxes


async def test_undo_switched_off(make_app: AppFactory) -> None:
    app = make_app(seed=10, undo_allowed=False, at_once=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        match = match_of(app)
        assert not app.screen.query_one("#undo", Button).display
        await pilot.press("r", "enter")
        await pilot.press("u")
        assert text_of(app, "#message").startswith("This match does not allow undo")
        assert match.state.active_seat == 1


async def test_previews_cursor_and_keyboard_scoring(make_app: AppFactory) -> None:
    app = make_app(seed=11, at_once=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        match = match_of(app)
        screen = app.screen
        assert isinstance(screen, MatchScreen)
        assert screen.cursor == "ones" and cell(app, 0, "ones").has_class("-cursor")
        assert str(cell(app, 0, "chance").content) == ""  # nothing to preview before a roll

        await pilot.press("r")
        dice = match.state.dice
        assert dice is not None
        assert str(cell(app, 0, "chance").content) == str(sum(dice))
        assert cell(app, 0, "chance").has_class("-preview")
        assert str(cell(app, 1, "chance").content) == ""  # no previews in Bob's column
        assert app.screen.query_one("#column-0").has_class("-active")

        await pilot.press("up")  # wraps round to the last box
        assert screen.cursor == "chance"
        await pilot.press("down", "down", "down")
        assert screen.cursor == "threes"
        await pilot.press("enter")
        assert match.state.card(0).boxes == {"threes": dice.count(3) * 3}
        assert cell(app, 0, "threes").has_class("-filled")
        assert app.screen.query_one("#column-1").has_class("-active")
        assert text_of(app, "#turn") == "Bob's turn"

        # Each player has their own cursor; Ann's moves off her filled box on her next turn.
        assert screen.cursor == "ones"
        await pilot.press("down", "r", "enter")
        assert screen.cursor == "fours"
        await pilot.press("down")
        assert screen.cursor == "fives"


async def test_rounds_show_the_round_and_the_match_total(make_app: AppFactory) -> None:
    app = make_app(("Ann",), seed=12, rounds=2, at_once=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        match = match_of(app)
        assert str(app.screen.query_one("#label-name", ScoreCell).content) == "Round 1 of 2"
        assert text_of(app, "#round-info") == "Round 1 of 2 · Turn 1 of 13"
        fast_forward(app, turns_left=14)  # one turn left in round 1
        await play_turn(pilot, app, "keys")
        assert match.state.round == 1
        assert text_of(app, "#round-info") == "Round 2 of 2 · Turn 1 of 13"
        first_round = match.state.players[0].round_totals[0]
        assert str(cell(app, 0, "match_total").content) == str(first_round)
        assert str(cell(app, 0, "grand_total").content) == "0"


async def test_leaving_a_match_asks_first(make_app: AppFactory) -> None:
    app = make_app(seed=13, at_once=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        match = match_of(app)
        await pilot.press("escape")
        await pilot.click("#confirm-no")
        assert match_of(app) is match
        await pilot.press("escape", "y")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


async def test_ctrl_q_during_a_match_asks_before_it_quits(make_app: AppFactory) -> None:
    app = make_app(seed=13, at_once=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        match = match_of(app)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code is None  # still running: the question is open
        await pilot.click("#confirm-no")
        await pilot.pause()
        assert match_of(app) is match and app.return_code is None
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.click("#confirm-yes")
        await pilot.pause()
        assert app.return_code == 0


async def test_ctrl_q_outside_a_match_quits_at_once(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code == 0


async def test_a_narrow_terminal_puts_the_card_under_the_dice(make_app: AppFactory) -> None:
    app = make_app(seed=14, at_once=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#board").has_class("-stacked")
        await pilot.resize_terminal(*SIZE)
        assert not app.screen.query_one("#board").has_class("-stacked")


async def test_screenshot_of_a_match_in_progress(make_app: AppFactory) -> None:
    app = make_app(("Ann", "Bob", "Cy"), seed=15, at_once=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        fast_forward(app, turns_left=3 * 13 - 7)  # a few boxes filled on every card
        await pilot.press("r", "1", "3")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)  # a fresh clone has no artifacts folder
        path = app.save_screenshot("match-in-progress.svg", path=str(ARTIFACTS))
        svg = Path(path).read_text()
        assert "Cy" in svg and "HELD" in svg


async def test_a_computer_waits_while_a_question_is_open(store: Store) -> None:
    setup = GameSetup((SeatSetup("Ann"), SeatSetup("Rookie", "beginner")))
    app = FiveDiceApp(
        setup,
        rng=random.Random(16),
        store=store,
        computer_delay=0.2,
        undo_grace=0,  # the undo grace has its own tests
        start_at_once=True,
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        match = match_of(app)
        await pilot.press("r", "enter", "escape")  # Ann scores, then asks to leave
        moves = len(match.events)
        await asyncio.sleep(0.6)
        assert len(match.events) == moves  # the computer does not play under the question
        await pilot.press("n")  # keep playing: the computer goes on
        for _ in range(300):
            if match.state.active_seat == 0:
                break
            await asyncio.sleep(0.02)
        assert match.state.active_seat == 0 and len(match.state.card(1).boxes) == 1


async def test_the_bell_rings_when_the_turn_comes_back_to_a_person(store: Store) -> None:
    for enabled in (True, False):
        setup = GameSetup((SeatSetup("Ann"), SeatSetup("Rookie", "beginner")))
        app = FiveDiceApp(
            setup,
            rng=random.Random(16),
            store=store,
            computer_delay=0.05,
            undo_grace=0,
            start_at_once=True,
            turn_bell=enabled,
        )
        rings: list[int | None] = []
        app.bell = functools.partial(rings.append, 0)  # type: ignore[method-assign]
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            match = match_of(app)
            await pilot.press("r", "1", "2", "r")  # Ann rolls, holds, rolls: no bell, her turn
            assert rings == []
            await pilot.press("enter")  # Ann scores: the computer plays, then it is Ann's again
            for _ in range(300):
                if match.state.active_seat == 0 and len(match.state.card(1).boxes) == 1:
                    break
                await asyncio.sleep(0.02)
            await pilot.pause()
            assert match.state.active_seat == 0
            assert rings == ([0] if enabled else [])


async def test_the_hint_key_shows_the_best_move_on_a_persons_turn(make_app: AppFactory) -> None:
    from fivedice.rules import Dice
    from fivedice.strategy import load_or_solve
    from fivedice.strategy.advisor import advise

    app = make_app(("Ann",), seed=21, at_once=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        match = match_of(app)
        await pilot.press("h")
        assert text_of(app, "#message") == "Roll first: the hint is for the dice showing"
        await pilot.press("r", "h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        state = match.state
        assert state.dice is not None
        table = load_or_solve(state.rules)
        best = advise(table, state.card(0), Dice(state.dice), state.rolls_left)[0]
        shown = text_of(app, "#message")
        assert shown.startswith("Hint: ") and shown.endswith(f"{best.expected:.1f}")
        if best.action.kind == "hold":
            held = ", ".join(str(p + 1) for p in best.action.positions(state.dice))
            assert f"hold dice {held} " in shown or (not held and "roll all five" in shown)
        else:
            assert match.rules.category(best.action.category).label in shown
        assert state.player(0).hints == 1  # counted in Ann's results
        assert not message_is_error(app)


async def test_no_hint_between_people_or_on_a_computers_turn(
    make_app: AppFactory, store: Store
) -> None:
    app = make_app(("Ann", "Bob"), seed=22, at_once=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r", "h")
        assert text_of(app, "#message") == "Hints are off at this table until the match is over"
        assert match_of(app).state.player(0).hints == 0

    setup = GameSetup((SeatSetup("Ann"), SeatSetup("Cy", "beginner")))
    app = FiveDiceApp(
        setup, rng=random.Random(23), store=store, start_at_once=True, computer_delay=5
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r", "enter")  # Ann scores; Cy's turn
        assert match_of(app).state.active_seat == 1
        said = text_of(app, "#message")
        await pilot.press("h")  # no key moves for the computer: H does nothing, says nothing
        assert text_of(app, "#message") == said
        assert match_of(app).state.player(1).hints == 0
