"""Absent players and the host's role (seed 000: "the turn goes automatically to the next player
still in the game"): an away player's turn passes with a 0 in their lowest-value open box; after
three in a row they are out; the host is always a person."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from test_match import ScriptedRandom, new_match, refused

from fivedice.rules import (
    ABSENT_TURNS_OUT,
    Match,
    MatchOptions,
    NotHost,
    NotYourTurn,
    Phase,
    SeatStatus,
    event_from_dict,
    fold,
)
from fivedice.rules.errors import InvalidOptions


def started(
    names: tuple[str, ...] = ("Ann", "Bob", "Cy"),
) -> tuple[Match, ScriptedRandom, list[int]]:
    m, rng, seats = new_match(names)
    m.start(seats[0])
    return m, rng, seats


def first_open(m: Match, seat: int) -> str:
    """The first box still open on the seat's card."""
    return m.state.card(seat).open_categories[0].name


def test_an_absent_turn_scratches_the_lowest_value_open_box_and_passes() -> None:
    m, _, (ann, bob, _cy) = started()
    m.pass_absent(ann)
    absent, scored = m.events[-2:]
    assert absent.to_dict() == {"type": "absent", "seat": ann, "skipped_by": None}
    # official rules: Ones is worth at most 5, the lowest of all boxes
    assert scored.to_dict()["category"] == "ones"
    assert (scored.to_dict()["points"], scored.to_dict()["scratch"]) == (0, True)
    assert m.state.active_seat == bob
    assert m.state.player(ann).absent_turns == 1
    assert m.state.player(ann).cards[0].boxes == {"ones": 0}


def test_three_absent_turns_in_a_row_put_the_player_out() -> None:
    m, rng, (ann, bob, cy) = started()
    for turn in range(ABSENT_TURNS_OUT):
        m.pass_absent(ann)
        for seat in (bob, cy):
            rng.push(1, 2, 3, 4, 6)
            m.roll(seat)
            m.score(seat, first_open(m, seat))
        if turn < ABSENT_TURNS_OUT - 1:
            assert m.state.player(ann).is_playing
    assert m.state.player(ann).status is SeatStatus.LEFT
    assert [e.type for e in m.events[-7:-4]] == ["absent", "scored", "left"]
    assert m.state.active_seat == bob  # Ann is skipped from then on
    assert m.state.player(ann).cards[0].boxes == {"ones": 0, "twos": 0, "threes": 0}


def test_playing_again_resets_the_count() -> None:
    m, rng, (ann, bob) = started(("Ann", "Bob"))
    for _ in range(ABSENT_TURNS_OUT - 1):
        m.pass_absent(ann)
        rng.push(1, 2, 3, 4, 6)
        m.roll(bob)
        m.score(bob, first_open(m, bob))
    rng.push(6, 6, 6, 6, 6)
    m.roll(ann)
    assert m.state.player(ann).absent_turns == 0
    m.score(ann, "yahtzee")
    rng.push(1, 2, 3, 4, 6)
    m.roll(bob)
    m.score(bob, first_open(m, bob))
    m.pass_absent(ann)
    assert m.state.player(ann).is_playing and m.state.player(ann).absent_turns == 1


def test_the_last_absence_of_a_two_player_match_finishes_it() -> None:
    m, rng, (ann, bob) = started(("Ann", "Bob"))
    for _ in range(ABSENT_TURNS_OUT):
        m.pass_absent(ann)
        if m.state.phase is Phase.PLAYING:
            rng.push(1, 2, 3, 4, 6)
            m.roll(bob)
            m.score(bob, first_open(m, bob))
    assert m.state.phase is Phase.FINISHED
    outcome = m.state.outcome
    assert outcome is not None and outcome.winners == (bob,)


def test_only_the_host_skips_and_only_the_active_player() -> None:
    m, _, (ann, bob, cy) = started()
    refused(m, NotHost, m.pass_absent, ann, bob)
    refused(m, NotYourTurn, m.pass_absent, bob, ann)
    m.pass_absent(ann, skipped_by=ann)  # the host may even skip their own turn
    m.pass_absent(bob, skipped_by=ann)
    assert m.events[-2].to_dict() == {"type": "absent", "seat": bob, "skipped_by": ann}
    assert m.state.active_seat == cy


def test_the_host_is_never_a_computer() -> None:
    m = Match.create("official", rng=ScriptedRandom())
    bot = m.join("Robo", bot="greedy")
    ann = m.join("Ann")
    bob = m.join("Bob")
    assert m.state.host == ann
    m.leave(ann)
    assert m.state.host == bob  # the next person, not the computer seated first
    m.leave(bob)
    assert m.state.host == bot  # a table of computers only: its first seat


def test_the_role_passes_to_a_person_and_comes_back_when_they_leave() -> None:
    m, _, (ann, _bob, cy) = new_match(("Ann", "Bob", "Cy"))
    m.pass_host(cy)
    assert m.state.host == cy
    refused(m, NotHost, m.start, ann)
    refused(m, NotHost, m.pass_host, cy)  # already the host
    m.start(cy)
    assert m.state.order[0] == ann  # the order stays the seating order (host first: seat 0)
    m.leave(cy)
    assert m.state.host == ann
    bot_match = Match.create("official", rng=ScriptedRandom())
    bot_match.join("Ann")
    robo = bot_match.join("Robo", bot="greedy")
    refused(bot_match, NotHost, bot_match.pass_host, robo)


def test_new_events_round_trip_and_replay() -> None:
    m, _, (ann, _bob, cy) = started()
    m.pass_host(cy)
    m.pass_absent(ann, skipped_by=cy)
    events = [event_from_dict(e.to_dict()) for e in m.events]
    assert fold(events) == m.state


def test_absent_after_is_bounded() -> None:
    assert MatchOptions().absent_after_seconds == 60
    for bad in (9.9, 3600.1, 0):
        try:
            MatchOptions(absent_after_seconds=bad)
        except InvalidOptions:
            continue
        raise AssertionError(f"{bad} accepted")
    assert MatchOptions.from_dict(MatchOptions(hints=False).to_dict()).hints is False


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["absent", "skip", "play"]), min_size=1, max_size=60))
def test_a_table_never_waits_on_nobody(moves: list[str]) -> None:
    """Whatever mix of absences, skips and plays: the match stays foldable, the active seat is
    always a player still in the game, and nobody absent three times in a row still plays."""
    m, rng, _ = started(("Ann", "Bob", "Cy"))
    for move in moves:
        s = m.state
        if s.phase is not Phase.PLAYING:
            break
        seat = s.active_seat
        assert seat is not None and s.player(seat).is_playing
        if move == "play":
            rng.push(1, 1, 2, 3, 5)
            m.roll(seat)
            m.score(seat, first_open(m, seat))
        else:
            host = s.host
            m.pass_absent(seat, skipped_by=host if move == "skip" else None)
        assert all(p.absent_turns < ABSENT_TURNS_OUT for p in m.state.players if p.is_playing)
        assert fold(m.events) == m.state
