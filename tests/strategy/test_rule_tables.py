"""The tabulated scores (fivedice.rules.tables) agree with score_options on every card."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fivedice.rules import PRESETS, Dice, all_dice, preset, score_options
from fivedice.rules.tables import score_tables


def _filled(rules, mask: int, holds: bool) -> dict[str, int]:
    five = rules.five_of_a_kind
    out = {}
    for i, name in enumerate(rules.category_names):
        if mask >> i & 1:
            out[name] = 3
    if five is not None and five.name in out:
        out[five.name] = five.value if holds else 0
    return out


@pytest.mark.parametrize(
    "name", ["official", "free-joker", "vp-games", "classic-1986", "printable", "timed-online"]
)
def test_extra_yahtzees_on_every_card(name: str) -> None:
    """Every card with the Yahtzee box filled, both box values, every face: identical options."""
    rules = preset(name)
    tables = score_tables(rules)
    assert rules.five_of_a_kind is not None
    five = rules.index(rules.five_of_a_kind.name)
    n = len(rules.categories)
    for mask in range(0, 1 << n, 3 if name != "official" else 1):
        mask |= 1 << five
        if mask == (1 << n) - 1:
            continue
        for holds in (False, True):
            filled = _filled(rules, mask, holds)
            for face in range(1, 7):
                dice = Dice((face,) * 5)
                assert tables.options(filled, dice) == score_options(rules, filled, dice)


@settings(max_examples=300, deadline=None)
@given(
    name=st.sampled_from(sorted(PRESETS)),
    mask=st.integers(min_value=0, max_value=(1 << 15) - 1),
    holds=st.booleans(),
    dice=st.sampled_from(all_dice()),
)
def test_any_card_any_dice(name: str, mask: int, holds: bool, dice: Dice) -> None:
    """Random cards of every preset, random dice: identical options."""
    rules = preset(name)
    mask &= (1 << len(rules.categories)) - 1
    if mask == (1 << len(rules.categories)) - 1:
        return
    filled = _filled(rules, mask, holds)
    assert score_tables(rules).options(filled, dice) == score_options(rules, filled, dice)
