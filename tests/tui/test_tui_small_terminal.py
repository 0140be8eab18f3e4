"""The match screen on a small terminal: at 80x24 the dice and the turn line stay in view
while the card scrolls on its own, every box is reached and scored by keys; at 120x40 eight
players' totals are all in view."""

from __future__ import annotations

from pathlib import Path

from textual.containers import ScrollableContainer
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Static
from tui_driver import AppFactory, match_of

from fivedice.tui import FiveDiceApp
from fivedice.tui.screens import MatchScreen, ResultsScreen
from fivedice.tui.widgets import ScoreCell

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
EIGHT = (
    "Annabel",
    "Bartholomew",
    "Cyrille",
    "Dorothea",
    "Evangeline",
    "Fitzgerald",
    "Gwendolyn",
    "Hieronymus",
)


def shown_whole(app: FiveDiceApp, widget: Widget) -> bool:
    """Whether the widget is on screen in full and on top where it is drawn."""
    screen = Region(0, 0, *app.size)
    region = widget.region
    if region.area == 0 or not screen.contains_region(region):
        return False
    return app.screen.get_widget_at(*region.center)[0] is widget


def card_scroll(app: FiveDiceApp) -> ScrollableContainer:
    return app.screen.query_one("#card-scroll", ScrollableContainer)


def in_card_view(app: FiveDiceApp, cell: ScoreCell) -> bool:
    """Whether the cell lies inside the card's visible part, on screen."""
    view = card_scroll(app).content_region
    return view.contains_region(cell.region) and shown_whole(app, cell)


def assert_dice_and_turn_in_view(app: FiveDiceApp) -> None:
    screen = app.screen
    assert shown_whole(app, screen.query_one("#turn")), "the turn line scrolled away"
    for position in range(5):
        die = screen.query_one(f"#die-{position}")
        assert shown_whole(app, die), f"die {position + 1} is not in view"
    assert shown_whole(app, screen.query_one("#rolls"))


async def test_at_80x24_every_box_is_reached_and_scored_by_keys(make_app: AppFactory) -> None:
    app = make_app(("Ann",), seed=5, at_once=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MatchScreen)
        match = match_of(app)
        assert card_scroll(app).max_scroll_y > 0  # the card is taller than its room here
        turn = 0
        while not match.state.is_finished:
            await pilot.press("r")
            allowed = {o.category for o in match.state.score_options()}
            boxes = [b for b in screen.open_boxes() if b in allowed]
            target = boxes[-1] if turn % 2 == 0 else boxes[0]  # far down, then far up
            assert screen.cursor is not None
            steps = screen.open_boxes().index(target) - screen.open_boxes().index(screen.cursor)
            for _ in range(abs(steps)):
                await pilot.press("down" if steps > 0 else "up")
                await pilot.pause()
                cell = screen.query_one(f"#cell-0-{screen.cursor}", ScoreCell)
                assert in_card_view(app, cell), f"the cursor's box {screen.cursor} is hidden"
                assert_dice_and_turn_in_view(app)
            assert screen.cursor == target
            filled = len(match.state.card(0).boxes)
            await pilot.press("enter")
            await pilot.pause()
            assert match.state.card(0).boxes.get(target) is not None
            assert len(match.state.card(0).boxes) == filled + 1
            turn += 1
        assert turn == 13 and isinstance(app.screen, ResultsScreen)


async def test_at_80x24_page_keys_scroll_the_card_and_the_dice_stay(
    make_app: AppFactory,
) -> None:
    app = make_app(("Ann", "Bob"), seed=6, at_once=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scroll = card_scroll(app)
        dice_at = app.screen.query_one("#die-0").region
        total = app.screen.query_one("#cell-1-grand_total", ScoreCell)
        assert scroll.max_scroll_y > 0 and not in_card_view(app, total)

        await pilot.press("end")
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y and in_card_view(app, total)
        for seat, name in enumerate(("Ann", "Bob")):  # the names stay over the scrolled card
            header = app.screen.query_one(f"#head-{seat}", Static)
            assert shown_whole(app, header) and str(header.content).endswith(name)
        assert app.screen.query_one("#head-0", Static).has_class("-active")
        await pilot.press("home")
        await pilot.pause()
        assert scroll.scroll_y == 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert scroll.scroll_y > 0
        await pilot.press("pageup")
        await pilot.pause()
        assert scroll.scroll_y == 0
        assert app.screen.query_one("#die-0").region == dice_at
        assert_dice_and_turn_in_view(app)

        await pilot.press("r", *["down"] * 12)  # the cursor to the bottom: the card follows
        await pilot.pause()
        assert scroll.scroll_y > 0 and app.screen.query_one("#die-0").region == dice_at
        assert_dice_and_turn_in_view(app)
        keys = list(app.screen.query("FooterKey"))
        assert len(keys) >= 8  # Roll, Hold, Box, Score, Undo, Hint, Leave, Quit
        for key in keys:  # every key's hint in full on the footer line, none over another
            assert Region(0, 0, 80, 24).contains_region(key.region), key.region
            others = [k.region for k in keys if k is not key]
            assert not any(key.region.overlaps(other) for other in others), key.region
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        app.save_screenshot("match-80x24.svg", path=str(ARTIFACTS))


async def test_at_120x40_eight_players_totals_are_all_in_view(make_app: AppFactory) -> None:
    app = make_app(EIGHT, seed=7, at_once=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert card_scroll(app).max_scroll_x == 0 and card_scroll(app).max_scroll_y == 0
        for seat in range(len(EIGHT)):
            total = app.screen.query_one(f"#cell-{seat}-grand_total", ScoreCell)
            assert in_card_view(app, total), f"{EIGHT[seat]}'s grand total is hidden"
            header = app.screen.query_one(f"#head-{seat}", Static)
            assert shown_whole(app, header) and EIGHT[seat][:5] in str(header.content)
            assert header.region.x == total.region.x  # the name stands over its column
        assert_dice_and_turn_in_view(app)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        app.save_screenshot("match-8-players-120x40.svg", path=str(ARTIFACTS))


async def test_at_80x24_eight_columns_narrow_to_fit_the_width(make_app: AppFactory) -> None:
    app = make_app(EIGHT, seed=8, at_once=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert card_scroll(app).max_scroll_x == 0  # no sideways scrolling
        header = app.screen.query_one("#head-1", Static)
        assert str(header.content).endswith("…") and str(header.content).startswith("Bart")
        for seat in range(len(EIGHT)):
            assert shown_whole(app, app.screen.query_one(f"#head-{seat}", Static))
        await pilot.resize_terminal(200, 40)  # wide again: the whole names come back
        await pilot.pause()
        assert str(app.screen.query_one("#cell-1-name", ScoreCell).content) == "Bartholomew"
        assert shown_whole(app, app.screen.query_one("#cell-1-name", ScoreCell))
        assert not app.screen.query_one("#card-head").display  # the card's own header is back
