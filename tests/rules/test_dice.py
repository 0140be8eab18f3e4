"""Dice: five six-sided dice as a sorted multiset, read the way the rule pages write them."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fivedice.rules import Dice, InvalidDice, InvalidHold, all_dice, hold_positions
from fivedice.rules.dice import is_sub_multiset

faces = st.integers(min_value=1, max_value=6)
five_faces = st.lists(faces, min_size=5, max_size=5)


@pytest.mark.parametrize("text", ["3 3 3 1 5", "3,3,3,1,5", "33315", "3-3-3-1-5", " 5 1 3 3 3 "])
def test_parse_reads_the_ways_the_pages_write_dice(text: str) -> None:
    assert Dice.parse(text) == Dice([1, 3, 3, 3, 5])
    assert str(Dice.parse(text)) == "1 3 3 3 5"


@pytest.mark.parametrize(
    "text", ["", "1 2 3 4", "1 2 3 4 5 6", "123456", "0 1 2 3 4", "7 1 1 1 1", "a b c d e", "x"]
)
def test_parse_refuses_anything_but_five_faces(text: str) -> None:
    with pytest.raises(InvalidDice):
        Dice.parse(text)


@pytest.mark.parametrize(
    "values",
    [[1, 2, 3, 4], [1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4], [1, 2, 3, 4, 7], [1.5, 2, 3, 4, 5]],
)
def test_dice_refuse_anything_but_five_faces(values: list[float]) -> None:
    with pytest.raises(InvalidDice, match="five values from 1 to 6"):
        Dice(values)


def test_dice_refuse_non_numbers_with_their_own_error() -> None:
    with pytest.raises(InvalidDice):
        Dice(["x", 2, 3, 4, 5])  # type: ignore[list-item]
    with pytest.raises(InvalidDice):
        Dice([None, 2, 3, 4, 5])  # type: ignore[list-item]


def test_the_error_shows_the_values_given_even_from_a_generator() -> None:
    with pytest.raises(InvalidDice, match=r"\[1, 2, 3, 4, 5, 6\]"):
        Dice(v for v in range(1, 7))


def test_counts_total_and_five_of_a_kind() -> None:
    dice = Dice.parse("4 5 2 5 5")
    assert dice.values == (2, 4, 5, 5, 5)
    assert dice.counts == (0, 1, 0, 1, 3, 0)
    assert dice.total == 21
    assert not dice.is_five_of_a_kind
    assert Dice.parse("6 6 6 6 6").is_five_of_a_kind
    assert list(dice) == [2, 4, 5, 5, 5]


def test_all_dice_are_the_252_multisets_each_once_in_order() -> None:
    every = all_dice()
    assert len(every) == 252
    assert len(set(every)) == 252
    assert list(every) == sorted(every)
    # every ordered throw of five dice lands on one of them, 7776 throws in all
    landed = Counter(Dice(throw) for throw in product(range(1, 7), repeat=5))
    assert set(landed) == set(every)
    assert sum(landed.values()) == 6**5
    assert landed[Dice.parse("1 1 1 1 1")] == 1
    assert landed[Dice.parse("1 2 3 4 5")] == 120


@given(five_faces, st.randoms())
def test_dice_do_not_depend_on_the_order_they_landed_in(values: list[int], rnd: object) -> None:
    shuffled = list(values)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    a, b = Dice(values), Dice(shuffled)
    assert a == b
    assert hash(a) == hash(b)
    assert a.values == tuple(sorted(values))


@given(five_faces)
def test_dice_invariants(values: list[int]) -> None:
    dice = Dice(values)
    assert len(dice.values) == 5
    assert list(dice.values) == sorted(dice.values)
    assert sum(dice.counts) == 5
    assert all(dice.counts[f - 1] == values.count(f) for f in range(1, 7))
    assert (
        dice.total
        == sum(values)
        == sum(f * c for f, c in zip(range(1, 7), dice.counts, strict=True))
    )
    assert dice.is_five_of_a_kind == (len(set(values)) == 1)
    assert Dice.parse(str(dice)) == dice
    assert dice in all_dice()


@given(five_faces, st.lists(faces, max_size=5))
def test_sub_multisets(dice: list[int], keep: list[int]) -> None:
    expected = all(keep.count(v) <= dice.count(v) for v in keep)
    assert is_sub_multiset(keep, dice) == expected


@given(five_faces, st.data())
def test_hold_positions_picks_the_kept_values(dice: list[int], data: st.DataObject) -> None:
    positions = data.draw(st.sets(st.integers(0, 4)))
    keep = [dice[i] for i in positions]
    held = hold_positions(dice, keep)
    assert len(held) == len(keep)
    assert list(held) == sorted(set(held))
    assert sorted(dice[i] for i in held) == sorted(keep)


def test_hold_positions_refuses_values_not_on_the_table() -> None:
    with pytest.raises(InvalidHold, match="Cannot keep a 6"):
        hold_positions((1, 2, 3, 4, 5), [6])
    with pytest.raises(InvalidHold, match="Cannot keep a 5"):
        hold_positions((5, 2, 3, 4, 1), [5, 5])
