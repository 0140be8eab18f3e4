"""Players' names: trimmed, inner spaces collapsed, and two players at one table told apart by
more than capitals or spaces; a refused name leaves the match as it was."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fivedice.rules import Match, MatchOptions
from fivedice.rules.errors import NameTaken, RuleError
from fivedice.rules.match import MAX_NAME_LENGTH, check_name, check_name_free, name_key

spaces = st.text(alphabet=" \t\n\u00a0\u3000", max_size=4)
words = st.lists(
    st.text(alphabet=st.characters(categories=("L", "N", "P")), min_size=1, max_size=6),
    min_size=1,
    max_size=3,
)


def spaced(parts: list[str], gaps: list[str]) -> str:
    """The words with the given runs of white space around and between them."""
    gaps = [*gaps, "", "", "", ""]
    return (
        gaps[0]
        + "".join(p + (gaps[i + 1] or " ") for i, p in enumerate(parts)).rstrip(" ")
        + gaps[len(parts)]
    )


def flip(c: str) -> str:
    """The letter in the other case, where that is the same letter to casefold (a dotless i
    upper-cased is a plain I: another letter)."""
    swapped = c.swapcase()
    return swapped if name_key(swapped) == name_key(c) else c


@given(st.text(max_size=40))
def test_a_cleaned_name_is_trimmed_single_spaced_and_stays_as_it_is(raw: str) -> None:
    try:
        cleaned = check_name(raw)
    except RuleError:
        assert not raw.split() or len(" ".join(raw.split())) > MAX_NAME_LENGTH
        return
    assert cleaned == cleaned.strip() and "  " not in cleaned
    assert not any(c.isspace() and c != " " for c in cleaned)
    assert check_name(cleaned) == cleaned
    assert name_key(raw) == name_key(cleaned)


@given(words, st.lists(spaces, max_size=5), st.randoms(use_true_random=False))
def test_names_differing_only_in_case_or_spaces_are_one_name(
    parts: list[str], gaps: list[str], rng: random.Random
) -> None:
    name = " ".join(parts)
    other = "".join(flip(c) if rng.random() < 0.5 else c for c in spaced(parts, gaps))
    if len(name) > MAX_NAME_LENGTH:
        return
    assert name_key(other) == name_key(name)
    with pytest.raises(NameTaken) as refused:
        check_name_free(other, ["Somebody", name])
    assert repr(name) in str(refused.value)
    assert check_name_free(name + "2", [name]) == name + "2"


@given(words, st.lists(spaces, max_size=5))
def test_a_match_refuses_a_second_seat_under_the_same_name(
    parts: list[str], gaps: list[str]
) -> None:
    name = " ".join(parts)
    if len(name) > MAX_NAME_LENGTH:
        return
    match = Match.create("official", MatchOptions(seats=4), random.Random(1))
    match.join(name)
    before = tuple(match.events)
    with pytest.raises(NameTaken):
        match.join("".join(flip(c) for c in spaced(parts, gaps)))
    assert tuple(match.events) == before  # a refusal changes nothing
    assert [p.name for p in match.state.players] == [name]


def test_a_name_is_free_again_once_its_player_left_before_the_start() -> None:
    match = Match.create("official", MatchOptions(seats=3), random.Random(1))
    match.join("Ann")
    bob = match.join("  Bob   Smith ")
    assert match.state.players[bob].name == "Bob Smith"
    with pytest.raises(NameTaken, match="'Bob Smith' is already playing here"):
        match.join("bob smith")
    with pytest.raises(NameTaken):
        match.join("BOB SMITH", bot="beginner")  # a computer seat too
    with pytest.raises(NameTaken):
        match.join("\uff21nn")  # a full-width A: the same name to the eye
    match.leave(bob)
    seat = match.join("bob smith")
    assert [p.name for p in match.state.players if p.seat == seat] == ["bob smith"]
