"""``fivedice play``'s options: the seats it builds (people, then computers) and its refusals.

The app is not run in the terminal: its ``run`` is replaced by one that keeps the app, and a
Pilot then drives what the command would have shown.
"""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from click.testing import Result
from rich.console import Console
from textual.widgets import Input, Select

from fivedice.tui import FiveDiceApp
from fivedice.tui.screens import MatchScreen, StartScreen

Run = Callable[..., Result]


async def test_computers_with_go_start_the_match_with_those_seats(
    run: Run, apps: list[FiveDiceApp]
) -> None:
    result = run("play", "--player", "Ann", "--computer", "optimal", "-c", "beginner", "--go")
    assert result.exit_code == 0, result.output
    (app,) = apps
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MatchScreen)
        players = app.screen.state.players
        assert [(p.name, p.bot) for p in players] == [
            ("Ann", None),
            ("Oracle 2", "optimal"),
            ("Rookie 3", "beginner"),
        ]


async def test_computers_without_go_fill_in_the_start_screen(
    run: Run, apps: list[FiveDiceApp]
) -> None:
    result = run("play", "-p", "Ann", "-p", "Bob", "--computer", "win-seeking")
    assert result.exit_code == 0, result.output
    (app,) = apps
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert app.screen.query_one("#kind-2", Select).value == "win-seeking"
        assert app.screen.query_one("#kind-1", Select).value == "human"
        assert app.screen.query_one("#name-2", Input).value == "Shark 3"
        assert app.screen.read_setup().seats[2].computer == "win-seeking"


def test_an_unknown_level_is_refused_in_one_line(
    run: Run, apps: list[FiveDiceApp], refused: Callable[[Result], str]
) -> None:
    line = refused(run("play", "--computer", "grandmaster"))
    assert "'grandmaster'" in line and "optimal" in line
    assert apps == []


@pytest.mark.parametrize("twin", ["ann", " ANN ", "Ann"])
def test_two_players_under_one_name_are_refused_in_one_line(
    run: Run, apps: list[FiveDiceApp], refused: Callable[[Result], str], twin: str
) -> None:
    line = refused(run("play", "--player", "Ann", "--player", twin, "--go"))
    assert "Two players are called" in line and "capitals and spaces do not count" in line
    assert apps == []


def test_the_help_names_the_computer_option(run: Run) -> None:
    result = run("play", "--help")
    assert result.exit_code == 0
    assert "--computer" in result.output and "--go" in result.output


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["--rules", "nope"], "Error: No rule set called 'nope'; the presets are official, "),
        (["-r", "nope"], "Error: No rule set called 'nope'; the presets are official, "),
        (["-p", "x" * 25], "Error: Names are at most 24 characters"),
        (["-p", "Ann", "-p", "  "], "Error: A player needs a name"),
        (
            ["-p", "A", "-p", "B", "-p", "C", "-p", "D", "-p", "E", "-c", "beginner"] * 2,
            "Error: At most 8 players, not 12 (--player and --computer)",
        ),
        (["--rounds", "7"], "Error: Invalid value for '--rounds': "),
    ],
)
def test_each_refusal_is_one_line_and_starts_nothing(
    run: Run,
    apps: list[FiveDiceApp],
    refused: Callable[[Result], str],
    args: list[str],
    line: str,
) -> None:
    assert refused(run("play", *args)).startswith(line)
    assert apps == []


async def test_the_game_speaks_the_language_given_before_the_command(
    run: Run, apps: list[FiveDiceApp]
) -> None:
    """`fivedice --lang de play` opens the terminal game in German: Kniffel's boxes on the card."""
    result = run("--lang", "de", "play", "--player", "Ann", "--go")
    assert result.exit_code == 0, result.output
    (app,) = apps
    assert app.language == "de"
    async with app.run_test(size=(100, 50)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MatchScreen)
        console = Console(width=100, height=50, file=io.StringIO(), record=True)
        console.print(app.screen._compositor.render_update(full=True))
        shown = console.export_text()  # every character on the terminal
        assert "ist am Zug" in shown and "Würfeln" in shown
        assert "Dreierpasch" in shown and "Kniffel" in shown and "Three" not in shown
