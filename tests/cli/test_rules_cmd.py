"""``fivedice rules``: the presets, and each one's boxes, bonuses, joker rule and source."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from click.testing import Result

from fivedice.rules import PRESETS, RuleSet, preset

Run = Callable[..., Result]
Rows = Callable[[str], list[list[str]]]


def test_lists_every_preset_with_its_title(run: Run, table_rows: Rows) -> None:
    result = run("rules")
    assert result.exit_code == 0
    rows = table_rows(result.stdout)
    assert [r[0] for r in rows] == list(PRESETS)
    assert rows[0][1] == "Yahtzee (official rules) (default)"
    assert ["yatzy", "Yatzy (Scandinavian)", "15"] in rows
    listed = json.loads(run("rules", "--json").stdout)
    assert listed == [{"name": r.name, "title": r.title} for r in PRESETS.values()]


def test_shows_the_official_boxes_and_options(run: Run, table_rows: Rows) -> None:
    result = run("rules", "official")
    assert result.exit_code == 0
    rows = table_rows(result.stdout)
    assert [r[0] for r in rows] == [c.label for c in preset("official").categories]
    assert ["Threes", "the sum of the dice showing 3", "15"] in rows
    assert ["Full house", "three of one face and two of another: 25 points", "25"] in rows
    assert [
        "Small straight",
        "1-2-3-4 or 2-3-4-5 or 3-4-5-6 in the dice: 30 points",
        "30",
    ] in rows
    assert ["Yahtzee", "all five alike: 50 points", "50"] in rows
    text = result.stdout
    assert "Upper bonus: 35 when the upper boxes total 63 or more" in text
    assert "Extra-Yahtzee bonus: 100 for each extra Yahtzee while its box holds 50" in text
    assert "Joker: forced, when the Yahtzee box is filled (50 or 0): the matching upper box" in text
    assert f"Source: {preset('official').source[:40]}" in text


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("printable", "scores more than 0 where it is placed"),
        ("printable", "Full house, Small straight, Large straight at full value once the"),
        ("timed-online", "when the 5 of a kind box holds 50: any open box"),
        ("vp-games", "the matching upper box if open; else any open box for 0"),
        ("classic-1986", "an upper box scores the total of the dice"),
        ("free-joker", "(50 or 0): any open box"),
        ("general", "Upper bonus: none"),
        ("general", "Extra-Yahtzee bonus: none"),
        ("general", "Joker: none"),
        ("yatzy", "Upper bonus: 50 when the upper boxes total 63 or more"),
        ("yatzy", "a pair: the sum of the highest pair"),
        ("yatzy", "1-2-3-4-5 in the dice: the sum of all dice"),
        ("yacht", "at least 4 alike: the sum of those dice"),
        ("general", "Playtouch"),
        ("timed-online", "Undo: none: a score, once set, stays"),
        ("official", "Undo: where the table allows it"),
    ],
)
def test_each_preset_tells_its_own_rules(run: Run, name: str, expected: str) -> None:
    result = run("rules", name)
    assert result.exit_code == 0
    assert expected in result.stdout


@pytest.mark.parametrize("name", list(PRESETS))
def test_no_preset_is_named_by_a_file_number(run: Run, name: str) -> None:
    result = run("rules", name)
    assert result.exit_code == 0
    assert "seed" not in result.stdout.lower()


def test_json_rebuilds_the_rule_set_and_gives_each_box_its_maximum(run: Run) -> None:
    for name in PRESETS:
        data = json.loads(run("rules", name, "--json").stdout)
        maxima = [box.pop("max") for box in data["categories"]]
        assert RuleSet.from_dict(data) == preset(name)
        assert maxima == [c.max_points for c in preset(name).categories]


def test_unknown_preset_is_refused(run: Run, refused: Callable[[Result], str]) -> None:
    assert "No rule set called 'deluxe'; the presets are official" in refused(
        run("rules", "deluxe")
    )
