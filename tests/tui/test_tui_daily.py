"""``fivedice daily`` in the terminal, played by keyboard at 80x24 with a fixed secret: every
roll takes the day's faces, two games with different holds see the same face wherever both
throw, no hint is given during the game, and the results show the optimal player's game on
the same dice, turn by turn, with the text to share."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest
from rich.measure import Measurement
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import Static
from tui_driver import keep_most_common, match_of, nearby_box, roll, score, text_of, toggle

from fivedice.rules import BoxScored, DiceRolled, Match, MatchState
from fivedice.rules.daily import DailyDice, preset_of_day
from fivedice.strategy.daily import optimal_game
from fivedice.tui.daily import FIRST_WORD, DailyApp, daily_title
from fivedice.tui.screens import MatchScreen
from fivedice.tui.screens.daily_results import (
    DailyResultsScreen,
    decision_line,
    turns_table,
)

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SECRET = bytes(range(32))
SUNDAY = date(2026, 11, 22)  # Yatzy rules: 15 turns
Holds = Callable[[MatchState], set[int]]

Face = tuple[int, int, int]  # (turn, roll, position)


def keep_first_die(state: MatchState) -> set[int]:
    """A player who keeps the leftmost die and throws the rest: other holds than the first's."""
    return {0}


def faces_thrown(match: Match) -> dict[Face, int]:
    """Every face the match's log shows at a thrown position, by (turn, roll, position)."""
    thrown: dict[Face, int] = {}
    turn, roll_number = 1, 0
    for event in match.events:
        if isinstance(event, DiceRolled):
            roll_number += 1
            for position, face in enumerate(event.dice):
                if position not in event.held:
                    thrown[(turn, roll_number, position)] = face
        elif isinstance(event, BoxScored):
            turn, roll_number = turn + 1, 0
    return thrown


async def play_daily(pilot: Pilot[None], app: DailyApp, holds: Holds) -> Match:
    """Play the day to the end by keyboard: roll, twice hold what `holds` says and roll again,
    then score in the best box within a step of the cursor."""
    match = match_of(app)
    while not match.state.is_finished:
        await roll(pilot, "keys")
        for _ in range(2):
            state = match.state
            for position in sorted(set(state.held) ^ holds(state)):
                await toggle(pilot, position, "keys")
            await roll(pilot, "keys")
        screen = app.screen
        assert isinstance(screen, MatchScreen) and screen.cursor is not None
        box = nearby_box(match.state, screen.open_boxes(), screen.cursor, reach=1)
        await score(pilot, app, box, "keys")
    await pilot.pause()
    return match


async def comparison_shown(pilot: Pilot[None], app: DailyApp) -> DailyResultsScreen:
    """The results screen once the optimal game has been worked out and drawn."""
    screen = app.screen
    assert isinstance(screen, DailyResultsScreen), f"expected the daily results, got {screen!r}"
    await app.workers.wait_for_complete()
    await pilot.pause()
    assert screen.comparison is not None
    return screen


async def test_a_daily_game_by_keyboard_at_80x24(tmp_path: Path) -> None:
    dice = DailyDice(SUNDAY, preset_of_day(SUNDAY), SECRET)
    app = DailyApp(dice, "Ann", turn_bell=False, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = app.screen.query_one("#title", Static)
        assert str(title.content) == daily_title(SUNDAY, "Yatzy (Scandinavian)")
        assert str(title.content).startswith("Daily challenge · Sunday 2026-11-22")
        assert title.region.height == 1  # shown at 80x24, above the dice
        assert text_of(app, "#message") == FIRST_WORD
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        await roll(pilot, "keys")
        before_hint = text_of(app, "#message")
        await pilot.press("h")  # the daily tests your own play: no hint, and none offered
        await pilot.pause()
        assert text_of(app, "#message") == before_hint
        shown = app.screen.active_bindings.values()
        footer = " ".join(b.binding.description for b in shown if b.binding.show)
        assert "Hint" not in footer and "Roll" in footer
        assert "hint" not in text_of(app, "#help")
        app.save_screenshot("daily-match-80x24.svg", path=str(ARTIFACTS))
        match = await play_daily(pilot, app, keep_most_common)
        assert match.rules.name == "yatzy" and match.options.hints is False

        # (a) every roll's thrown dice are the day's faces for that turn, roll and position
        thrown = faces_thrown(match)
        assert len(thrown) > 15 * 5  # rerolls too, not only the first roll of each turn
        for (turn, roll_number, position), face in thrown.items():
            assert face == dice.throw(turn, roll_number, [position])[0]

        # (b) the results show the optimal player's score on the same dice
        screen = await comparison_shown(pilot, app)
        optimal = optimal_game(dice).state.players[0].total
        scores = text_of(app, "#daily-scores")
        assert f"You scored {match.state.players[0].total};" in scores
        assert f"the optimal player scored {optimal} points" in scores
        comparison = screen.comparison
        assert comparison is not None and comparison.optimal_score == optimal
        assert len(comparison.turns) == 15
        worst_turn, worst = max(
            ((t.turn, d) for t in comparison.turns for d in t.decisions), key=lambda p: p[1].cost
        )
        costliest = text_of(app, "#daily-costliest")
        assert costliest.splitlines()[1] == decision_line(match.rules, worst_turn, worst)
        assert f"cost {worst.cost:.1f}" in costliest
        share = text_of(app, "#share-text")
        assert comparison.marks() in share and str(optimal) in share
        assert share.startswith("fivedice daily (offline) · ")
        turns = screen.query_one("#daily-turns", Static)
        table = turns_table(comparison)
        needed = Measurement.get(app.console, app.console.options, table).maximum
        assert turns.region.width >= needed  # every column whole, the marks included
        assert turns.region.right <= screen.query_one("#results").content_region.right
        page = screen.query_one("#results-scroll", VerticalScroll)
        assert page.max_scroll_y > 0  # too tall for 24 lines: it scrolls
        app.save_screenshot("daily-results-80x24.svg", path=str(ARTIFACTS))
        await pilot.press("end")
        await pilot.pause()
        app.save_screenshot("daily-results-80x24-end.svg", path=str(ARTIFACTS))
        await pilot.press("s")  # the log is saved where asked
        await pilot.pause()
        assert len(list(tmp_path.glob("fivedice-*.json"))) == 1
        await pilot.press("q")
    first_game = faces_thrown(match)

    # (c) the same day with other holds: the same face wherever both games threw
    app = DailyApp(dice, "Bob", turn_bell=False, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        other = await play_daily(pilot, app, keep_first_die)
        await comparison_shown(pilot, app)
    second_game = faces_thrown(other)
    both = set(first_game) & set(second_game)
    assert set(first_game) != set(second_game)  # the holds differed
    assert len(both) > 15 * 5
    assert all(first_game[key] == second_game[key] for key in both)


async def test_the_results_at_120x40(tmp_path: Path) -> None:
    day = date(2026, 11, 24)  # a Tuesday: the official rules
    dice = DailyDice(day, preset_of_day(day), SECRET)
    app = DailyApp(dice, "Ann", turn_bell=False, save_dir=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "Tuesday" in text_of(app, "#title")
        await play_daily(pilot, app, keep_most_common)
        screen = await comparison_shown(pilot, app)
        turns = screen.query_one("#daily-turns", Static)
        assert turns.region.width <= 120 and turns.region.height > 13  # a row per turn
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        app.save_screenshot("daily-results-120x40.svg", path=str(ARTIFACTS))


async def test_leaving_the_days_match_quits(tmp_path: Path) -> None:
    dice = DailyDice(SUNDAY, preset_of_day(SUNDAY), SECRET)
    app = DailyApp(dice, "Ann", turn_bell=False, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.click("#confirm-yes")
        await pilot.pause()
    assert app.return_code == 0 and not list(tmp_path.iterdir())


async def test_a_game_played_as_the_optimal_player_is_perfect_throughout(tmp_path: Path) -> None:
    dice = DailyDice(SUNDAY, preset_of_day(SUNDAY), SECRET)
    app = DailyApp(dice, "Ann", turn_bell=False, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.finish_match(optimal_game(dice))  # the day's dice played as the optimal player
        await pilot.pause()
        screen = await comparison_shown(pilot, app)
        assert screen.comparison is not None
        assert {turn.mark for turn in screen.comparison.turns} == {"perfect"}
        assert "Every decision was as good as the optimal player's" in text_of(
            app, "#daily-costliest"
        )
        score = screen.comparison.optimal_score
        assert f"You scored {score}; the optimal player scored {score} points" in text_of(
            app, "#daily-scores"
        )


async def test_the_players_score_stays_when_the_optimal_game_cannot_be_worked_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(dice: DailyDice) -> Match:
        raise RuntimeError("no table")

    monkeypatch.setattr("fivedice.strategy.daily.optimal_game", broken)
    dice = DailyDice(SUNDAY, preset_of_day(SUNDAY), SECRET)
    game = optimal_game(dice)  # the name imported here is the working one
    app = DailyApp(dice, "Ann", turn_bell=False, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.finish_match(game)
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = text_of(app, "#daily-scores")
        assert text.startswith(f"You scored {game.state.players[0].total}.")
        assert "could not be worked out: no table" in text
