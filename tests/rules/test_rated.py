"""Rated matches and rule-set families in the rules core.

- a rated match's options refuse undo, hints and a single seat, each with the precise error,
  and survive the log's JSON like every other option;
- a rated match seats no computer player, starts with two people or more, and never shows a
  hint or takes back a score, whatever anyone tries (a property over random play);
- a log that breaks those rules (written by hand) does not fold;
- every preset names its family; the family travels with the rule set, old logs without it get
  their preset's, and it does not change the fingerprint (nothing about scoring).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import check_state, replayed

from fivedice.rules import (
    PRESETS,
    ComputerInRatedMatch,
    Family,
    HintsOff,
    InvalidEvent,
    InvalidOptions,
    Match,
    MatchCreated,
    MatchOptions,
    MatchStarted,
    NotEnoughPlayers,
    Phase,
    PlayerJoined,
    RatedOptionsConflict,
    RuleError,
    RuleSet,
    UndoNotAllowed,
    family_presets,
    fold,
    preset,
)

RATED = MatchOptions(seats=3, undo_allowed=False, rated=True)


# --- the options ----------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(
    seats=st.integers(1, 8),
    undo_allowed=st.booleans(),
    hints=st.sampled_from([None, True, False]),
    rounds=st.integers(1, 6),
)
def test_rated_options_are_accepted_exactly_when_fair(
    seats: int, undo_allowed: bool, hints: bool | None, rounds: int
) -> None:
    fair = not undo_allowed and hints is not True and seats >= 2
    args = {
        "seats": seats,
        "undo_allowed": undo_allowed,
        "hints": hints,
        "rounds": rounds,
        "rated": True,
    }
    if fair:
        options = MatchOptions(**args)  # type: ignore[arg-type]
        assert options.rated
        assert MatchOptions.from_dict(options.to_dict()) == options
        assert options.to_dict()["rated"] is True
    else:
        with pytest.raises(RatedOptionsConflict):
            MatchOptions(**args)  # type: ignore[arg-type]
        with pytest.raises(RatedOptionsConflict):
            MatchOptions.from_dict(args)
    # The same options unrated are always fine.
    assert not MatchOptions(**{**args, "rated": False}).rated  # type: ignore[arg-type]


def test_each_refusal_says_which_rule() -> None:
    with pytest.raises(RatedOptionsConflict, match="no undo"):
        MatchOptions(rated=True)
    with pytest.raises(RatedOptionsConflict, match="no hints"):
        MatchOptions(rated=True, undo_allowed=False, hints=True)
    with pytest.raises(RatedOptionsConflict, match="two seats"):
        MatchOptions(rated=True, undo_allowed=False, seats=1)
    with pytest.raises(InvalidOptions, match="true or false"):
        MatchOptions.from_dict({"rated": "yes", "undo_allowed": False})
    assert issubclass(RatedOptionsConflict, InvalidOptions)


def test_options_from_before_ratings_are_unrated() -> None:
    old = MatchOptions().to_dict()
    del old["rated"]
    assert MatchOptions.from_dict(old).rated is False


# --- the match ------------------------------------------------------------------------------


def test_a_rated_match_seats_no_computer_and_starts_with_two() -> None:
    m = Match.create("official", RATED, random.Random(1))
    ann = m.join("Ann")
    before = m.events
    with pytest.raises(ComputerInRatedMatch):
        m.join("Robo", bot="optimal")
    assert m.events == before
    with pytest.raises(NotEnoughPlayers, match="two players"):
        m.start(ann)
    bob = m.join("Bob")
    m.start(ann)
    m.roll(ann)
    with pytest.raises(HintsOff):
        m.show_hint(ann)
    m.score(ann, "chance")
    with pytest.raises(UndoNotAllowed):
        m.undo(ann)
    assert m.state.active_seat == bob
    assert not m.state.hints_open


def test_unrated_matches_still_take_computers_and_start_alone() -> None:
    m = Match.create("official", MatchOptions(seats=2), random.Random(1))
    ann = m.join("Ann")
    m.start(ann)
    m2 = Match.create("official", MatchOptions(seats=2), random.Random(1))
    m2.join("Ann")
    m2.join("Robo", bot="optimal")


def test_a_hand_written_log_that_breaks_the_rated_rules_does_not_fold() -> None:
    created = MatchCreated(preset().to_dict(), RATED.to_dict())
    with pytest.raises(InvalidEvent, match="computer"):
        fold([created, PlayerJoined(0, "Ann"), PlayerJoined(1, "Robo", "optimal")])
    with pytest.raises(InvalidEvent, match="two or more"):
        fold([created, PlayerJoined(0, "Ann"), MatchStarted((0,))])
    fold([created, PlayerJoined(0, "Ann"), PlayerJoined(1, "Bob"), MatchStarted((0, 1))])


@settings(max_examples=25, deadline=None)
@given(
    data=st.data(),
    rules=st.sampled_from(list(PRESETS)),
    people=st.integers(2, 4),
    seed=st.integers(0, 2**32),
)
def test_random_play_in_a_rated_match_never_undoes_hints_or_seats_a_computer(
    data: st.DataObject, rules: str, people: int, seed: int
) -> None:
    options = MatchOptions(seats=people, undo_allowed=False, rated=True)
    m = Match.create(rules, options, random.Random(seed))
    seats = [m.join(f"P{i}") for i in range(people)]
    m.start(seats[0])
    steps = 0
    while m.state.phase is Phase.PLAYING and steps < 200:
        steps += 1
        s = m.state
        seat = s.active_seat
        assert seat is not None
        attempt = data.draw(st.sampled_from(["undo", "hint", "bot", "play", "play", "play"]))
        events = m.events
        try:
            if attempt == "undo":
                m.undo(data.draw(st.sampled_from(seats)))
            elif attempt == "hint":
                m.show_hint(seat)
            elif attempt == "bot":
                m.join("Robo", bot="optimal")
            else:
                if s.dice is None or (s.rolls_left and data.draw(st.booleans())):
                    m.roll(seat)
                else:
                    m.score(seat, data.draw(st.sampled_from(s.score_options())).category)
                continue
        except RuleError:
            assert m.events == events and m.state is s
            continue
        raise AssertionError(f"{attempt} was allowed in a rated match")
    check_state(m.state)
    assert all(p.bot is None and p.hints == 0 for p in m.state.players)
    assert replayed(m) == m.state


# --- the families ---------------------------------------------------------------------------


def test_every_preset_names_its_family() -> None:
    assert set(family_presets(Family.YAHTZEE)) == {
        "official",
        "free-joker",
        "vp-games",
        "classic-1986",
        "printable",
        "timed-online",
    }
    assert family_presets(Family.YATZY) == ("yatzy",)
    assert family_presets(Family.YACHT) == ("yacht",)
    assert family_presets(Family.GENERAL) == ("general", "general-no-chance")
    assert sum(len(family_presets(f)) for f in Family) == len(PRESETS)
    assert [f.label for f in Family] == ["Yahtzee", "Yatzy", "Yacht", "General"]


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_family_travels_with_the_rules(name: str) -> None:
    rules = preset(name)
    data = rules.to_dict()
    assert RuleSet.from_dict(data) == rules
    old = {k: v for k, v in data.items() if k != "family"}  # a log from before families
    assert RuleSet.from_dict(old).family is rules.family
    renamed = {**old, "name": "house-rules"}
    assert RuleSet.from_dict(renamed).family is Family.YAHTZEE


def test_the_family_does_not_change_the_fingerprint() -> None:
    from dataclasses import replace

    official = preset("official")
    assert replace(official, family=Family.YACHT).fingerprint == official.fingerprint
