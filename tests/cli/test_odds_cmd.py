"""``fivedice odds``: the exact chance of each box's condition, as a fraction and a percent."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from click.testing import Result

Run = Callable[..., Result]
Rows = Callable[[str], list[list[str]]]


def chances(result: Result) -> dict[str, Fraction]:
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    out = {c["category"]: Fraction(c["fraction"]) for c in data["chances"]}
    for c in data["chances"]:
        assert c["probability"] == pytest.approx(float(Fraction(c["fraction"])))
    return out


def test_holding_three_sixes_with_two_rolls_left(run: Run) -> None:
    result = run("odds", "6", "6", "6", "2", "3", "--keep", "6,6,6", "--json")
    data: dict[str, Any] = json.loads(result.stdout)
    assert (data["rules"], data["dice"], data["keep"], data["rolls_left"]) == (
        "official",
        [2, 3, 6, 6, 6],
        [6, 6, 6],
        2,
    )
    got = chances(result)
    # both sixes at once; one then the other; none then both
    assert got["yahtzee"] == Fraction(1, 36) + Fraction(10, 36) / 6 + Fraction(25, 36) / 36
    assert got["three_of_a_kind"] == 1
    assert got["chance"] == 1


@pytest.mark.parametrize("keep", ["6,6,6", "666", "6 6 6"])
def test_keep_may_be_written_in_several_ways(run: Run, keep: str) -> None:
    expected = chances(run("odds", "66623", "--keep", "6,6,6", "--json"))
    assert chances(run("odds", "66623", "-k", keep, "--json")) == expected


def test_one_roll_left_and_none(run: Run) -> None:
    one = chances(run("odds", "1 2 3 4 6", "--keep", "1234", "--rolls-left", "1", "--json"))
    assert one["large_straight"] == Fraction(1, 6)
    assert one["small_straight"] == 1
    none = chances(run("odds", "3 3 2 3 2", "--rolls-left", "0", "--json"))
    assert none["full_house"] == 1
    assert none["yahtzee"] == 0


def test_a_whole_turn_checks_seed_003(run: Run) -> None:
    # seed 003: "approximately once (1) in 22 attempts"
    got = chances(run("odds", "--json"))
    assert got["yahtzee"] == Fraction(347897, 7558272)
    result = run("odds")
    assert "a whole turn of 3 rolls" in result.stdout
    assert "4.603% of turns: about once in 21.7" in result.stdout


def test_the_table_shows_fraction_and_percent(run: Run, table_rows: Rows) -> None:
    result = run("odds", "66623", "--keep", "666")
    assert "2 3 6 6 6, holding 6 6 6, 2 rolls left" in result.stdout
    rows = table_rows(result.stdout)
    assert ["Yahtzee", "121/1296", "9.336%"] in rows
    assert ["Chance", "1", "100%"] in rows
    assert len(rows) == 13
    rows = table_rows(run("odds", "12345", "--rolls-left", "0").stdout)
    assert ["Yahtzee", "0", "0%"] in rows


def test_other_rules(run: Run) -> None:
    got = chances(run("odds", "12345", "--rules", "yatzy", "--rolls-left", "0", "--json"))
    assert got["small_straight"] == 1
    assert got["large_straight"] == 0
    assert len(got) == 15


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["12345", "--keep", "1,1"], "Cannot hold 1 1"),
        (["12345", "--keep", "7"], "Cannot read dice values"),
        (["12345", "--keep", "x"], "Cannot read dice values"),
        (["12345", "--rolls-left", "3"], "between 0 and 2"),
        (["--rolls-left", "0"], "between 1 and 3"),
        (["--keep", "66"], "--keep needs the dice"),
        (["1234"], "Cannot read dice"),
        (["12345", "--rules", "nope"], "No rule set called 'nope'"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    run: Run, refused: Callable[[Result], str], args: list[str], message: str
) -> None:
    assert message in refused(run("odds", *args))
