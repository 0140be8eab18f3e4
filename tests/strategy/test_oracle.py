"""yatzy-solver (an independent Rust solver) as an oracle for many random positions."""

from __future__ import annotations

import random

import numpy as np
import pytest
import yatzy_solver as ys  # a test dependency (pyproject's `test` extra): missing means failing

from fivedice.rules import Dice, Scorecard, preset
from fivedice.strategy import load_or_solve
from fivedice.strategy.advisor import advise

VARIANTS = {"american+forced-joker": "official", "american": "free-joker"}


def _random_card(rules, rng: random.Random) -> Scorecard:
    boxes: dict[str, int] = {}
    names = list(rules.category_names)
    for name in rng.sample(names, rng.randrange(len(names))):
        box = rules.category(name)
        if box.face:
            boxes[name] = box.face * rng.randrange(6)
        elif name == "yahtzee":
            boxes[name] = rng.choice([0, 50])
        else:
            boxes[name] = 0
    return Scorecard(rules, boxes)


@pytest.mark.parametrize("variant", ["american+forced-joker"])
def test_option_values_agree_with_yatzy_solver(variant: str) -> None:
    """Every action's value in 300 random positions agrees with yatzy-solver to 1e-6."""
    rules = preset(VARIANTS[variant])
    table = load_or_solve(rules)
    oracle_variant = ys.Variant(variant)
    oracle = ys.Solver.build(oracle_variant)
    rng = random.Random(4)
    cards, dice, rolls = [], [], []
    for _ in range(300):
        card = _random_card(rules, rng)
        if card.is_complete:
            continue
        cards.append(card)
        dice.append(sorted(rng.randint(1, 6) for _ in range(5)))
        rolls.append(rng.randrange(3))
    filled = np.array([sum(1 << rules.index(n) for n in c.boxes) for c in cards], dtype=np.uint32)
    upper = np.array([min(63, c.upper_subtotal) for c in cards], dtype=np.uint16)
    armed = np.array([c.boxes.get("yahtzee", 0) == 50 for c in cards], dtype=np.bool_)
    codes, values, counts = oracle.option_values_batch(
        filled, upper, armed, np.array(dice, dtype=np.uint8), np.array(rolls, dtype=np.uint8)
    )
    for i, card in enumerate(cards):
        so_far = card.grand_total  # yatzy-solver counts an earned upper bonus as scored
        ours = {
            str(a.action)
            .replace("yahtzee", "five_of_a_kind")
            .replace("reroll all", "keep -")
            .replace("hold", "keep"): a.expected - so_far
            for a in advise(table, card, Dice(dice[i]), rolls[i])
        }
        theirs = {
            oracle_variant.action_notation(int(codes[i, j])): float(values[i, j])
            for j in range(int(counts[i]))
        }
        theirs = {
            k: v for k, v in theirs.items() if not (k.startswith("keep") and len(k.split()) == 6)
        }
        assert ours.keys() == theirs.keys(), (card.boxes, dice[i], rolls[i])
        for action, value in theirs.items():
            assert ours[action] == pytest.approx(value, abs=1e-6), (card.boxes, dice[i], action)
