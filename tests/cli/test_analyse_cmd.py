"""``fivedice analyse``: every decision, or with ``--mistakes`` only those that gave expected
points away; moves and boxes in the card's words."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from fivedice.rules import Match, MatchOptions, preset
from fivedice.strategy.players import play_match, player_for

Run = Callable[..., Result]
Refused = Callable[[Result], str]

pytestmark = pytest.mark.usefixtures("private_cache")


def test_mistakes_are_only_the_decisions_that_cost_points(run: Run, match_log: Path) -> None:
    every = json.loads(run("analyse", str(match_log), "--json").stdout)
    only = json.loads(run("analyse", str(match_log), "--mistakes", "--json").stdout)
    costly = [d for d in every["decisions"] if d["cost"] > 0]
    assert costly and len(costly) < len(every["decisions"])
    assert only["decisions"] == costly
    assert "turns" not in only
    assert only["total_cost"] == every["total_cost"]

    text = run("analyse", str(match_log), "--mistakes")
    assert text.exit_code == 0, text.output
    lines = text.stdout.splitlines()
    decision_lines = [line for line in lines if "took " in line]
    assert len(decision_lines) == len(costly)
    assert all("  costs " in line and line.lstrip().startswith("Bob ") for line in decision_lines)
    assert not any("expected final" in line for line in lines)
    assert lines[-1].startswith("Bob: ") and "expected points given away" in lines[-1]


def test_moves_and_boxes_are_in_the_cards_words(run: Run, match_log: Path) -> None:
    text = run("analyse", str(match_log)).stdout
    labels = [c.label for c in preset("official").categories]
    assert any(f"took score {label}," in text for label in labels)
    assert any(f"after {label}: expected final" in text for label in labels)
    assert ", 1 roll left: took " in text and ", 2 rolls left: took " in text
    assert "(1 left)" not in text and "_" not in text


def test_a_match_without_mistakes_says_so(run: Run, tmp_path: Path) -> None:
    rules = preset("official")
    match = Match.create("official", MatchOptions(seats=1), rng=random.Random(5))
    seat = match.join("Solo")
    match.start(seat)
    play_match(match, {seat: player_for("optimal", rules)})
    log = tmp_path / "best.json"
    log.write_text(json.dumps(match.log()))
    result = run("analyse", str(log), "--mistakes")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1:] == [
        "No mistakes: every decision was a best one.",
        "Solo: 0.000 expected points given away",
    ]


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["missing.json"], "Error: Cannot read missing.json: there is no such file"),
        ([], "Error: Missing argument 'log'."),
        (["--mistakes", "--bogus", "x"], "Error: No such option: --bogus"),
    ],
)
def test_each_refusal_is_one_line_with_exit_code_2(
    run: Run, refused: Refused, args: list[str], line: str
) -> None:
    assert refused(run("analyse", *args)).startswith(line)
