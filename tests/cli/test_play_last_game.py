"""``fivedice play`` remembers the last game's set-up: a match started keeps its players, rule
set, rounds and undo, and the next ``fivedice play`` without players opens with them (an
option given still applies; ``--fresh`` starts from the defaults). A broken file is ignored."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from textual.widgets import Select

from fivedice.tui import FiveDiceApp, GameSetup, SeatSetup
from fivedice.tui.last_game import last_game_file, load_last_game, save_last_game
from fivedice.tui.screens import MatchScreen, StartScreen

Run = Callable[..., Result]

LAST = GameSetup(
    (SeatSetup("Ann"), SeatSetup("Bob"), SeatSetup("Oracle 3", "optimal")), "yatzy", 2, False
)


def test_the_file_lives_in_the_config_folder(private_config: Path) -> None:
    assert last_game_file() == private_config / "last-game.json"


async def test_a_match_started_keeps_its_setup(run: Run, apps: list[FiveDiceApp]) -> None:
    assert load_last_game(last_game_file()) is None
    result = run("play", "-p", "Ann", "-p", "Bob", "-c", "optimal", "-r", "yatzy", "--rounds", "2")
    assert result.exit_code == 0, result.output
    result = run("play", "-p", "Ann", "-p", "Bob", "-c", "optimal", "-r", "yatzy", "--no-undo")
    (first, second) = apps
    async with first.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert load_last_game(last_game_file()) is None  # nothing kept before a match starts
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(first.screen, MatchScreen)
    kept = load_last_game(last_game_file())
    assert kept == GameSetup(
        (SeatSetup("Ann"), SeatSetup("Bob"), SeatSetup("Oracle 3", "optimal")), "yatzy", 2, True
    )
    assert second.setup.undo_allowed is False  # what is given still wins over what was kept


async def test_play_without_players_opens_with_the_last_game(
    run: Run, apps: list[FiveDiceApp]
) -> None:
    save_last_game(LAST, last_game_file())
    assert run("play").exit_code == 0
    assert run("play", "-r", "yacht").exit_code == 0
    assert run("play", "--fresh").exit_code == 0
    assert run("play", "-p", "Zed").exit_code == 0
    last, other_rules, fresh, named = (app.setup for app in apps)
    assert last == LAST
    assert other_rules.preset == "yacht" and other_rules.names == LAST.names
    assert other_rules.rounds == 2 and other_rules.undo_allowed is False
    assert fresh.names == ("P1",) and fresh.preset == "official"
    assert named.names == ("Zed",) and named.preset == "official"
    app = apps[0]
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert app.screen.query_one("#preset", Select).value == "yatzy"
        assert app.screen.query_one("#kind-2", Select).value == "optimal"
        assert app.screen.read_setup() == LAST


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        '{"seats": [], "preset": "official", "rounds": 1, "undo_allowed": true}',
        '{"seats": [{"name": "Ann", "computer": null}], "preset": "nope", "rounds": 1,'
        ' "undo_allowed": true}',
        '{"seats": [{"name": "Ann", "computer": null}, {"name": "X", "computer": "psychic"}],'
        ' "preset": "official", "rounds": 1, "undo_allowed": true}',
        '{"seats": [{"name": "Ann", "computer": null}, {"name": "ann", "computer": null}],'
        ' "preset": "official", "rounds": 1, "undo_allowed": true}',
        '{"seats": [{"name": "Ann", "computer": null}], "preset": "official", "rounds": 99,'
        ' "undo_allowed": true}',
        " " * 20_000,
    ],
    ids=["garbage", "no-seats", "preset", "level", "same-name", "rounds", "huge"],
)
def test_a_broken_file_is_ignored(run: Run, apps: list[FiveDiceApp], text: str) -> None:
    path = last_game_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    assert load_last_game(path) is None
    result = run("play")
    assert result.exit_code == 0, result.output
    assert apps[0].setup == GameSetup()
