"""F1 shows the rules: from the start screen the rule set chosen, during a match the match's;
every box with what it scores, the bonuses and the joker as the rules core words them, and no
file number anywhere; Escape goes back with nothing changed (120x36; screenshot in
test-artifacts)."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from textual.widgets import Select, Static
from tui_driver import SIZE, AppFactory, match_of, start

from fivedice.rules import preset, preset_names
from fivedice.rules.describe import rules_page
from fivedice.tui.screens import MatchScreen, RulesScreen, StartScreen

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def screen_text(screen: RulesScreen) -> str:
    """Everything the rules screen shows, as plain text (tables rendered wide enough)."""
    console = Console(width=200, record=True, file=io.StringIO())
    for static in screen.query(Static):
        console.print(static.content)
    return console.export_text()


async def test_f1_on_the_start_screen_shows_the_chosen_rules(make_app: AppFactory) -> None:
    app = make_app(("Ann",))
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, StartScreen)
        app.screen.query_one("#preset", Select).value = "yatzy"
        await pilot.pause()
        await pilot.press("f1")
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        page = rules_page(preset("yatzy"))
        assert screen.page == page
        text = screen_text(screen)
        assert "Yatzy (Scandinavian)" in text
        for box in page.boxes:
            assert box.label in text and box.scores in text
        assert "50 when the upper boxes total 63 or more" in text
        assert f"Where these rules come from: {preset('yatzy').source[:40]}" in text
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        app.save_screenshot("tui-rules-120x36.svg", path=str(ARTIFACTS))
        await pilot.press("escape")
        assert isinstance(app.screen, StartScreen)
        assert app.screen.query_one("#preset", Select).value == "yatzy"


async def test_no_rules_screen_names_a_file_number(make_app: AppFactory) -> None:
    app = make_app(("Ann",))
    async with app.run_test(size=SIZE) as pilot:
        for name in preset_names():
            app.screen.query_one("#preset", Select).value = name
            await pilot.pause()
            source = str(app.screen.query_one("#preset-source", Static).content)
            assert "seed" not in source.lower(), (name, source)
            await pilot.press("f1")
            assert isinstance(app.screen, RulesScreen)
            assert "seed" not in screen_text(app.screen).lower(), name
            await pilot.press("escape")


async def test_f1_during_a_match_shows_its_rules_and_changes_nothing(
    make_app: AppFactory,
) -> None:
    app = make_app(("Ann", "Bob"), preset="timed-online", undo_allowed=False)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        match = match_of(app)
        await pilot.press("r")
        before = tuple(match.events)
        await pilot.press("f1")
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        text = screen_text(screen)
        assert "Yahtzee (timed online tables)" in text
        assert "none: a score, once set, stays" in text
        await pilot.press("r", "1", "enter")  # keys for the match do nothing under the rules
        assert tuple(match.events) == before
        await pilot.press("escape")
        assert isinstance(app.screen, MatchScreen)
        assert tuple(match.events) == before


async def test_the_match_screen_tells_of_f1_at_80_columns(make_app: AppFactory) -> None:
    app = make_app(("Ann", "Bob"), at_once=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MatchScreen)
        help_line = app.screen.query_one("#help", Static)
        assert "F1: rules" in help_line.render().plain  # type: ignore[attr-defined]
        assert help_line.size.width <= 80
        await pilot.press("f1")
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, MatchScreen)
