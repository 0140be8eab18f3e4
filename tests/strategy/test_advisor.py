"""The advisor on hand-checked positions, and its consistency with the table."""

from __future__ import annotations

import pytest

from fivedice.rules import Dice, Scorecard, all_dice, preset
from fivedice.strategy import ImpossibleCard, StrategyTable
from fivedice.strategy.advisor import advise
from fivedice.strategy.keeps import multinomial_probability

RULES = preset("official")


def _card_with_open(*open_boxes: str) -> Scorecard:
    return Scorecard(RULES, {n: 0 for n in RULES.category_names if n not in open_boxes})


def test_only_chance_open_scores_the_sum(official: StrategyTable) -> None:
    """With only Chance open and no rolls left, the one action scores the dice sum."""
    actions = advise(official, _card_with_open("chance"), Dice.parse("12346"), 0)
    assert len(actions) == 1
    assert actions[0].action.category == "chance"
    assert actions[0].points == 16
    assert actions[0].expected == pytest.approx(16.0)


def test_only_yahtzee_open_holds_the_three(official: StrategyTable) -> None:
    """With only the Yahtzee box open and three of a kind showing, hold the three."""
    best = advise(official, _card_with_open("yahtzee"), Dice.parse("44412"), 2)[0]
    assert best.action.kind == "hold"
    assert best.action.hold == (4, 4, 4)


def test_actions_cover_every_hold_and_box(official: StrategyTable) -> None:
    """Every distinct hold (but holding all five) and every open box is listed, best first."""
    actions = advise(official, Scorecard(RULES), Dice.parse("11234"), 1)
    holds = [a for a in actions if a.action.kind == "hold"]
    scores = [a for a in actions if a.action.kind == "score"]
    assert len(scores) == 13
    assert len(holds) == 3 * 2 * 2 * 2 - 1  # ones: 0-2 held; twos..fours: 0-1 held
    assert [a.expected for a in actions] == sorted((a.expected for a in actions), reverse=True)


def test_best_first_roll_values_average_to_the_start(official: StrategyTable) -> None:
    """Averaging the best action's value over all first rolls gives the table's start value."""
    card = Scorecard(RULES)
    total = sum(
        multinomial_probability(d.counts) * advise(official, card, d, 2)[0].expected
        for d in all_dice()
    )
    assert total == pytest.approx(official.expected_start, abs=1e-9)


def test_joker_positions_use_the_joker_rules(official: StrategyTable) -> None:
    """An extra Yahtzee with Fours open must go in Fours (forced joker) and earns 100."""
    card = Scorecard(RULES, {"yahtzee": 50})
    actions = advise(official, card, Dice.parse("44444"), 0)
    assert [a.action.category for a in actions] == ["fours"]
    assert actions[0].bonus == 100


def test_impossible_card_is_refused(official: StrategyTable) -> None:
    """A card no game can reach is refused rather than given a made-up value."""
    card = Scorecard(RULES, {"threes": 7})  # threes score multiples of 3
    with pytest.raises(ImpossibleCard):
        advise(official, card, Dice.parse("12345"), 2)
