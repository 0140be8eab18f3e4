"""The daily challenge's dice: one face per (turn, roll, position), whatever anyone holds."""

from __future__ import annotations

import hashlib
import hmac
import random
from collections import Counter
from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fivedice.rules import DailyDice, DiceRolled, Match, MatchOptions, RuleError, preset_of_day
from fivedice.rules.daily import (
    SATURDAY_ROTATION,
    InvalidSecret,
    read_secret,
)
from fivedice.rules.presets import preset_names

DAY = date(2026, 11, 25)
SECRET = bytes(range(32))


def independent_face(secret: bytes, day: date, rules: str, turn: int, roll: int, pos: int) -> int:
    """The face as the module's docstring writes it out, rebuilt here from hmac alone."""
    block = hmac.new(
        secret, f"fivedice-daily|{day}|{rules}|{turn}|{roll}|{pos}".encode(), hashlib.sha256
    ).digest()
    while True:
        fair = [b for b in block if b < 252]
        if fair:
            return fair[0] % 6 + 1
        block = hashlib.sha256(block).digest()


@settings(max_examples=200)
@given(
    secret=st.binary(min_size=32, max_size=32),
    turn=st.integers(1, 13),
    roll=st.integers(1, 3),
    position=st.integers(0, 4),
    offset=st.integers(0, 4000),
)
def test_a_face_is_the_written_out_function(
    secret: bytes, turn: int, roll: int, position: int, offset: int
) -> None:
    day = DAY - timedelta(days=offset)
    dice = DailyDice.of_day(day, secret)
    assert dice.face(turn, roll, position) == independent_face(
        secret, day, dice.rules, turn, roll, position
    )


def test_known_faces_do_not_change() -> None:
    """A published day must stay checkable: these faces are pinned."""
    dice = DailyDice(DAY, "official", bytes(32))
    assert dice.throw(1, 1, range(5)) == (1, 6, 5, 6, 6)


def test_faces_are_fair() -> None:
    dice = DailyDice(DAY, "official", SECRET)
    counts = Counter(dice.face(t, r, p) for t in range(1, 401) for r in (1, 2, 3) for p in range(5))
    expected = sum(counts.values()) / 6
    chi2 = sum((counts[f] - expected) ** 2 / expected for f in range(1, 7))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert chi2 < 20.5  # 5 degrees of freedom: p < 0.001 beyond this


def test_the_day_and_the_rule_set_change_every_face() -> None:
    base = DailyDice(DAY, "official", SECRET)
    other_day = DailyDice(DAY + timedelta(days=7), "official", SECRET)
    other_rules = DailyDice(DAY, "free-joker", SECRET)
    keys = [(t, r, p) for t in range(1, 14) for r in (1, 2, 3) for p in range(5)]
    faces = [base.face(*k) for k in keys]
    assert faces != [other_day.face(*k) for k in keys]
    assert faces != [other_rules.face(*k) for k in keys]


def _play(dice: DailyDice, holds: random.Random) -> Match:
    """One person's daily game, holding at random and scoring the first open box."""
    match = Match.create(dice.rules, MatchOptions(seats=1, hints=False), rng=dice)
    seat = match.join("Ann")
    match.start(seat)
    while not match.state.is_finished:
        match.roll(seat)
        while match.state.rolls_left and holds.random() < 0.7:
            held = [i for i in range(5) if holds.random() < 0.5]
            match.roll(seat, hold=held)
        open_box = next(
            c.name for c in match.rules.categories if c.name not in match.state.card(seat).boxes
        )
        match.score(seat, open_box)
    return match


def _thrown_faces(match: Match) -> dict[tuple[int, int, int], int]:
    """(turn, roll, position) → face for every die the match threw."""
    out: dict[tuple[int, int, int], int] = {}
    turn, roll = 1, 0
    for event in match.events:
        if isinstance(event, DiceRolled):
            roll += 1
            for p in range(5):
                if p not in event.held:
                    out[(turn, roll, p)] = event.dice[p]
        elif getattr(event, "type", "") == "scored":
            turn, roll = turn + 1, 0
    return out


@settings(max_examples=40, deadline=None)
@given(first=st.integers(0, 2**32), second=st.integers(0, 2**32))
def test_two_players_who_hold_differently_see_the_same_faces(first: int, second: int) -> None:
    dice = DailyDice(DAY, "official", SECRET)
    a = _thrown_faces(_play(dice, random.Random(first)))
    b = _thrown_faces(_play(dice, random.Random(second)))
    shared = set(a) & set(b)
    assert {(t, 1, p) for t in range(1, 14) for p in range(5)} <= shared  # every first roll
    assert all(a[k] == b[k] == dice.face(*k) for k in shared)


def test_held_dice_keep_their_faces_and_thrown_ones_take_the_days() -> None:
    dice = DailyDice(DAY, "official", SECRET)
    match = Match.create("official", MatchOptions(seats=1, hints=False), rng=dice)
    seat = match.join("Ann")
    match.start(seat)
    first = match.roll(seat).dice
    second = match.roll(seat, hold=[0, 3]).dice
    assert first == dice.throw(1, 1, range(5))
    assert (second[0], second[3]) == (first[0], first[3])
    assert (second[1], second[2], second[4]) == dice.throw(1, 2, (1, 2, 4))
    match.score(seat, "chance")
    assert match.roll(seat).dice == dice.throw(2, 1, range(5))


def test_an_undone_turn_rolls_on_with_its_own_faces() -> None:
    dice = DailyDice(DAY, "official", SECRET)
    match = Match.create("official", MatchOptions(seats=1, hints=False), rng=dice)
    seat = match.join("Ann")
    match.start(seat)
    match.roll(seat)
    match.score(seat, "chance")
    match.undo(seat)
    assert match.roll(seat, hold=[]).dice == dice.throw(1, 2, range(5))


def test_the_rule_set_of_the_day() -> None:
    monday = date(2026, 11, 23)
    assert [preset_of_day(monday + timedelta(days=i)) for i in range(5)] == ["official"] * 5
    assert preset_of_day(monday + timedelta(days=6)) == "yatzy"
    saturdays = [preset_of_day(monday + timedelta(days=5 + 7 * w)) for w in range(7)]
    assert sorted(saturdays) == sorted(SATURDAY_ROTATION)
    assert set(SATURDAY_ROTATION) <= set(preset_names())


def test_refusals() -> None:
    with pytest.raises(InvalidSecret):
        read_secret("abc")
    with pytest.raises(InvalidSecret):
        read_secret("zz" * 32)
    assert read_secret(SECRET.hex()) == SECRET
    with pytest.raises(InvalidSecret):
        DailyDice(DAY, "official", b"short")
    with pytest.raises(RuleError):
        DailyDice(DAY, "no-such-rules", SECRET)
    with pytest.raises(RuleError):
        DailyDice(DAY, "official", SECRET).randint(1, 6)
