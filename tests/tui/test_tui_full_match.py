"""A whole match through the UI, and what the results screen offers afterwards."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Button, Static
from tui_driver import SIZE, AppFactory, fast_forward, match_of, play_turn, start, text_of

from fivedice.rules import Match
from fivedice.store import Store
from fivedice.tui import FiveDiceApp, GameSetup
from fivedice.tui.scores import HighScoreLine
from fivedice.tui.screens import MatchScreen, ResultsScreen, StartScreen
from fivedice.tui.screens.results import winner_line

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def high_scores_text(app: FiveDiceApp) -> str:
    """The high-score panel as plain text."""
    panel = app.screen.query_one("#high-scores", Static)
    return "\n".join(line.text for line in panel.render_lines(panel.region.reset_offset))


CLICK_TURNS = {0, 5, 12, 19}  # Ann, Bob, Ann, Bob
REROLL_TURNS = {1, 5, 8, 12}  # by keys and by clicks, for both


@pytest.mark.slow
async def test_two_players_play_to_the_winner_screen(make_app: AppFactory, store: Store) -> None:
    """Mostly by keys, some turns by mouse, some with dice kept and rolled again.

    (A key press through the pilot costs about 70 ms and a click twice that, so the plan keeps
    the match short while each player uses every kind of action.) Even turns are Ann's.
    """
    app = make_app(("Ann", "Bob"), seed=2024)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        match = match_of(app)
        turn = 0
        while not match.state.is_finished:
            style = "clicks" if turn in CLICK_TURNS else "keys"
            await play_turn(pilot, app, style, rerolls=1 if turn in REROLL_TURNS else 0)
            turn += 1
        await pilot.pause()

        assert turn == 26
        assert isinstance(app.screen, ResultsScreen)
        assert all(player.is_complete for player in match.state.players)
        outcome = match.state.outcome
        assert outcome is not None
        assert text_of(app, "#winner") == winner_line(outcome)
        winner = next(s for s in outcome.standings if s.place == 1)
        assert f"{winner.name} wins with {winner.total} points!" == text_of(app, "#winner")

        # Both cards went into the preset's high scores, best first, and are shown.
        scores = store.high_scores("official")
        assert sorted((h.name, h.total) for h in scores) == sorted(
            (p.name, p.total) for p in match.state.players
        )
        assert scores[0].total == winner.total
        shown = high_scores_text(app)
        assert "Ann" in shown and "Bob" in shown and str(winner.total) in shown


async def test_play_again_keeps_players_and_options(make_app: AppFactory) -> None:
    app = make_app(
        ("Ann", "Bob"), seed=5, preset="yacht", undo_allowed=False, rounds=2, at_once=True
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        first = match_of(app)
        fast_forward(app, turns_left=1)
        await play_turn(pilot, app, "keys")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)

        await pilot.click("#play-again")
        await pilot.pause()
        again = match_of(app)
        assert again is not first
        assert [p.name for p in again.state.players] == ["Ann", "Bob"]
        assert again.rules.name == "yacht"
        assert again.options == first.options
        assert again.state.active_seat == 0 and again.state.dice is None
        assert text_of(app, "#turn") == "Ann's turn"


async def test_new_game_returns_to_a_prefilled_start_screen(make_app: AppFactory) -> None:
    app = make_app(("Al",), seed=9, preset="general")
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        match = match_of(app)
        fast_forward(app, turns_left=2)
        await play_turn(pilot, app, "clicks")
        await play_turn(pilot, app, "keys")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert text_of(app, "#winner") == f"Al finished with {match.state.players[0].total} points."

        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        setup = app.screen.read_setup()
        assert setup.names == ("Al",) and setup.preset == "general"

        await start(pilot)
        assert isinstance(app.screen, MatchScreen)
        assert app.screen.match is not match
        assert app.screen.match.rules.name == "general"


async def test_reset_high_scores_asks_first(make_app: AppFactory, store: Store) -> None:
    app = make_app(("Solo",), seed=11, at_once=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        fast_forward(app, turns_left=1)
        await play_turn(pilot, app, "clicks")
        await pilot.pause()
        assert len(store.high_scores("official")) == 1
        assert "Solo" in high_scores_text(app)

        await pilot.click("#reset-scores")
        await pilot.pause()
        await pilot.click("#confirm-no")  # changed their mind
        await pilot.pause()
        assert len(store.high_scores("official")) == 1

        await pilot.click("#reset-scores")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert store.high_scores("official") == []
        assert isinstance(app.screen, ResultsScreen)
        assert "No high scores yet" in high_scores_text(app)


class BrokenStore:
    """A store whose disk is gone."""

    def save_finished(self, match: Match) -> str:
        raise OSError("disk full")

    def high_scores(self, preset: str, limit: int = 10) -> list[HighScoreLine]:
        raise OSError("disk full")

    def reset_high_scores(self, preset: str) -> None:
        raise OSError("disk full")


async def test_a_broken_store_does_not_lose_the_result() -> None:
    app = FiveDiceApp(
        GameSetup.from_names(["Solo"]),
        rng=random.Random(3),
        store=BrokenStore(),
        start_at_once=True,
    )
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        fast_forward(app, turns_left=1)
        await play_turn(pilot, app, "keys")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert text_of(app, "#winner").startswith("Solo finished with")
        assert "High scores are not available" in high_scores_text(app)
        assert app.screen.query_one("#reset-scores", Button).disabled
        warnings = [n.message for n in app._notifications]
        assert any("The scores were not saved: disk full" in m for m in warnings)


async def test_the_default_store_follows_the_environment(tmp_path: Path) -> None:
    """No store given: the app opens FIVEDICE_DATABASE_URL's (the fixture's temporary file)."""
    app = FiveDiceApp(GameSetup.from_names(["Solo"]), rng=random.Random(3), start_at_once=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        fast_forward(app, turns_left=1)
        await play_turn(pilot, app, "keys")
        await pilot.pause()
        assert "Solo" in high_scores_text(app)
    assert (tmp_path / "env.db").is_file()


async def play_to_the_results(pilot: Any, app: Any) -> tuple[Any, ResultsScreen]:
    """Fast-forward to the last turn, play it by keys: the match and its results screen."""
    await pilot.pause()
    match = match_of(app)
    fast_forward(app, turns_left=1)
    await play_turn(pilot, app, "keys")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, ResultsScreen)
    return match, screen


async def test_the_results_show_every_final_card_scrollable_at_80x24(
    make_app: AppFactory,
) -> None:
    from textual.containers import HorizontalScroll, VerticalScroll

    from fivedice.tui.widgets import ScoreCell

    names = ("Annabel", "Bartholomew", "Cyrille", "Dorothea", "Evangeline", "Fitzgerald")
    app = make_app(names, seed=31, at_once=True)
    async with app.run_test(size=(80, 24)) as pilot:
        match, screen = await play_to_the_results(pilot, app)
        page = screen.query_one("#results-scroll", VerticalScroll)
        cards = screen.query_one("#final-cards", HorizontalScroll)
        assert page.max_scroll_y > 0 and cards.max_scroll_x > 0  # too big for 80x24

        for seat, player in enumerate(match.state.players):
            card = match.state.card(seat)
            total = screen.query_one(f"#cell-{seat}-grand_total", ScoreCell)
            assert str(total.content) == str(player.total)
            for box, points in card.boxes.items():
                assert str(screen.query_one(f"#cell-{seat}-{box}", ScoreCell).content) == str(
                    points
                )

        last = screen.query_one(f"#cell-{len(names) - 1}-grand_total", ScoreCell)
        await pilot.press("pagedown", "pagedown")  # the page scrolls down to the cards
        await pilot.pause()
        assert page.scroll_y == page.max_scroll_y
        cards.scroll_to(x=cards.max_scroll_x, animate=False)  # sideways to the last player
        await pilot.pause()
        assert screen.get_widget_at(*last.region.center)[0] is last
        ARTIFACTS.mkdir(parents=True, exist_ok=True)  # a fresh clone has no artifacts folder
        app.save_screenshot("results-80x24.svg", path=str(ARTIFACTS))


async def test_the_results_show_each_rounds_card(make_app: AppFactory) -> None:
    from fivedice.tui.widgets import ScorecardView, ScoreCell

    app = make_app(("Ann", "Bob"), seed=32, rounds=2, at_once=True)
    async with app.run_test(size=(80, 24)) as pilot:
        match, screen = await play_to_the_results(pilot, app)
        for r in range(2):
            card = screen.query_one(f"#final-card-{r}", ScorecardView)
            assert str(card.query_one("#label-name", ScoreCell).content) == f"Round {r + 1} of 2"
            for seat, player in enumerate(match.state.players):
                total = card.query_one(f"#cell-{seat}-grand_total", ScoreCell)
                assert str(total.content) == str(player.round_totals[r])
                boxes = player.cards[r].boxes
                for box, points in boxes.items():
                    assert str(card.query_one(f"#cell-{seat}-{box}", ScoreCell).content) == str(
                        points
                    )
        assert match.state.players[0].round_totals[0] != match.state.players[0].round_totals[1]
