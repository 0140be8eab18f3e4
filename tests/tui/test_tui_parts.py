"""The terminal game's parts that need no terminal: setup, dice art, cells, texts, command."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from fivedice.rules import Match, MatchOptions, RuleError
from fivedice.rules.state import Outcome, SeatStatus, Standing
from fivedice.tui import FiveDiceApp, GameSetup, SeatSetup
from fivedice.tui.screens.results import winner_line
from fivedice.tui.widgets import die_face
from fivedice.tui.widgets.dice import PIP
from fivedice.tui.widgets.scorecard import card_cells, row_layout


@pytest.mark.parametrize("face", range(1, 7))
def test_a_die_shows_as_many_pips_as_its_face(face: int) -> None:
    drawn = die_face(face)
    lines = drawn.split("\n")
    assert len(lines) == 3 and all(len(line) == 7 for line in lines)
    assert drawn.count(PIP) == face
    assert lines == [line[::-1] for line in reversed(lines)]  # symmetric under a half turn


def test_an_unrolled_die_shows_a_question_mark() -> None:
    assert die_face(None).strip() == "?"


def test_setup_makes_a_started_match_in_seat_order() -> None:
    setup = GameSetup(
        (SeatSetup("Ann"), SeatSetup("Rookie", "beginner")), "yatzy", rounds=3, undo_allowed=False
    )
    match = setup.new_match(random.Random(1))
    s = match.state
    assert [(p.name, p.bot) for p in s.players] == [("Ann", None), ("Rookie", "beginner")]
    assert s.active_seat == 0 and s.rules.name == "yatzy"
    assert s.options == MatchOptions(seats=2, rounds=3, undo_allowed=False)


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (GameSetup.from_names(["Ann", " ANN "]), "Two players are called ANN"),
        (GameSetup.from_names([""]), "A player needs a name"),
        (GameSetup.from_names(["x" * 25]), "Names are at most 24 characters"),
        (GameSetup.from_names([f"P{i}" for i in range(9)]), "A match has 1 to 8 players"),
        (GameSetup.from_names(["Ann"], preset="nope"), "No rule set called 'nope'"),
        (GameSetup.from_names(["Ann"], rounds=7), "A match has 1 to 6 rounds"),
    ],
)
def test_setup_refuses_what_cannot_be_played(setup: GameSetup, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        setup.validate()


def test_initials_are_names() -> None:
    GameSetup.from_names(["ABC", "X", "Z Z"]).validate()


def two_player_match(rules: str = "official") -> Match:
    match = GameSetup.from_names(["Ann", "Bob"], preset=rules).new_match(random.Random(4))
    return match


def test_cells_preview_the_active_players_open_boxes_after_a_roll() -> None:
    match = two_player_match()
    before = card_cells(match.state, 0, cursor="ones")
    assert before["chance"].text == "" and "-open" in before["chance"].classes
    assert "-cursor" in before["ones"].classes

    match.roll(0)
    dice = match.state.dice
    assert dice is not None
    cells = card_cells(match.state, 0)
    assert cells["chance"].text == str(sum(dice))
    assert "-preview" in cells["chance"].classes
    assert cells["grand_total"] == card_cells(match.state, 1)["grand_total"]
    assert "-derived" in cells["grand_total"].classes
    assert all(c.text in ("", "0") for c in card_cells(match.state, 1).values())

    match.score(0, "chance")
    filled = card_cells(match.state, 0)["chance"]
    assert filled.text == str(sum(dice)) and "-filled" in filled.classes
    assert card_cells(match.state, 0)["grand_total"].text == str(sum(dice))


def test_cells_mark_boxes_the_joker_rule_forbids() -> None:
    """Official rules, an extra Yahtzee of fours with Fours open: only Fours may take it."""

    class Fours:
        def randint(self, a: int, b: int) -> int:
            return 4

    match = GameSetup.from_names(["Ann"]).new_match(Fours())
    match.roll(0)
    match.score(0, "yahtzee")
    match.roll(0)
    cells = card_cells(match.state, 0)
    assert cells["fours"].text == "20+100" and "-preview" in cells["fours"].classes
    assert cells["chance"].text == "–" and "-forbidden" in cells["chance"].classes


def test_rows_add_a_match_total_for_several_rounds() -> None:
    match = two_player_match()
    keys = [k for k, _ in row_layout(match.rules, 1)]
    assert keys[0] == "ones" and keys[-1] == "grand_total" and "match_total" not in keys
    assert [k for k, _ in row_layout(match.rules, 2)][-1] == "match_total"


def standing(seat: int, name: str, total: int, place: int | None) -> Standing:
    status = SeatStatus.PLAYING if place is not None else SeatStatus.LEFT
    return Standing(seat, name, total, place, status)


def test_winner_lines() -> None:
    solo = Outcome((standing(0, "Ann", 201, 1),))
    assert winner_line(solo) == "Ann finished with 201 points."
    one = Outcome((standing(0, "Ann", 250, 1), standing(1, "Bob", 200, 2)))
    assert winner_line(one) == "Ann wins with 250 points!"
    tie = Outcome(
        (
            standing(0, "Ann", 250, 1),
            standing(2, "Cy", 250, 1),
            standing(1, "Bob", 250, 1),
            standing(3, "Di", 10, None),
        )
    )
    assert winner_line(tie) == "A tie! Ann, Cy and Bob share first place with 250 points."


def test_play_command_prefills_the_start_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from fivedice.cli import app as cli_app

    seen: list[FiveDiceApp] = []
    monkeypatch.setattr(FiveDiceApp, "run", lambda self: seen.append(self))
    result = CliRunner().invoke(
        cli_app,
        ["play", "-p", "ANN", "-p", "BOB", "--rules", "yacht", "--rounds", "2", "--no-undo"],
    )
    assert result.exit_code == 0, result.output
    (app,) = seen
    assert app.setup == GameSetup.from_names(
        ["ANN", "BOB"], preset="yacht", rounds=2, undo_allowed=False
    )
    assert not app.start_at_once

    result = CliRunner().invoke(cli_app, ["play", "-p", "ANN", "--go"])
    assert result.exit_code == 0, result.output
    assert seen[-1].start_at_once and seen[-1].setup.names == ("ANN",)


def test_play_command_refuses_an_unknown_rule_set() -> None:
    from typer.testing import CliRunner

    from fivedice.cli import app as cli_app

    result = CliRunner().invoke(cli_app, ["play", "--rules", "nope"])
    assert result.exit_code == 2
    assert "nope" in result.output


def test_the_stylesheet_ships_inside_the_package() -> None:
    import fivedice.tui

    css = Path(fivedice.tui.__file__).with_name(FiveDiceApp.CSS_PATH)  # type: ignore[arg-type]
    assert css.is_file() and "DieView" in css.read_text()
