"""The scores each box can hold, and the cards no game can produce (refused by the CLI)."""

from __future__ import annotations

import random

import pytest

from fivedice.rules import (
    PRESETS,
    Dice,
    RuleError,
    Scorecard,
    check_possible,
    possible_scores,
    preset,
)
from fivedice.rules.errors import ImpossibleScore


def test_the_official_boxes_hold_what_the_rule_pages_say() -> None:
    got = possible_scores(preset("official"))
    assert got["yahtzee"] == {0, 50}
    assert got["chance"] == set(range(5, 31))
    assert got["fives"] == {0, 5, 10, 15, 20, 25}
    assert got["large_straight"] == {0, 40}
    assert got["three_of_a_kind"] == {0, *range(5, 31)}


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_score_a_played_game_puts_in_a_box_is_possible(name: str) -> None:
    """Random games, each box filled by a random allowed option (jokers included)."""
    rules = preset(name)
    possible = possible_scores(rules)
    rng = random.Random(name)
    for _ in range(200):
        card = Scorecard(rules)
        while not card.is_complete:
            # Many extra Yahtzees, so the joker boxes are reached often.
            faces = [rng.randint(1, 6)] * 5 if rng.random() < 0.3 else rng.choices(range(1, 7), k=5)
            card = card.with_score(rng.choice(card.options(Dice(faces))))
        for box, points in card.boxes.items():
            assert points in possible[box], (box, points)
        check_possible(rules, card.boxes, card.yahtzee_bonus)  # a played card is never refused


@pytest.mark.parametrize(
    ("boxes", "bonus", "message"),
    [
        ({"yahtzee": 25}, 0, "Yahtzee cannot hold 25: it holds 0, 50"),
        ({"chance": 99}, 0, "Chance cannot hold 99: it holds 5 to 30"),
        ({"yahtzee": 50}, 150, "a multiple of 100, not 150"),
        ({"yahtzee": 50}, -100, "a multiple of 100, not -100"),
        ({"yahtzee": 0, "ones": 5}, 100, "needs points in the Yahtzee box"),
        ({"yahtzee": 50, "ones": 5}, 200, "2 extra Yahtzees, but only 1 other boxes are filled"),
    ],
)
def test_impossible_cards_are_refused_with_what_is_wrong(
    boxes: dict[str, int], bonus: int, message: str
) -> None:
    with pytest.raises(ImpossibleScore, match=message):
        check_possible(preset("official"), boxes, bonus)
    assert issubclass(ImpossibleScore, RuleError)


def test_a_rule_set_without_the_bonus_refuses_any() -> None:
    with pytest.raises(ImpossibleScore, match="no extra-Yahtzee bonus"):
        check_possible(preset("yatzy"), {"yatzy": 50, "ones": 5}, 100)
