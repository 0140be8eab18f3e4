"""The store keeps every event, refuses duplicate sequence numbers, and ranks results."""

from __future__ import annotations

import random

import pytest

from fivedice.rules import Match, MatchOptions
from fivedice.store import SequenceConflict, Store, UnknownMatch


def play_out(match: Match, rng: random.Random) -> None:
    """Finish a started match with each player taking the best-scoring box after one roll."""
    while not match.state.is_finished:
        seat = match.state.active_seat
        assert seat is not None
        match.roll(seat)
        best = max(match.state.score_options(), key=lambda o: (o.total, rng.random()))
        match.score(seat, best.category)


def finished_match(seed: int, names: tuple[str, ...] = ("Ann", "Bob")) -> Match:
    rng = random.Random(seed)
    match = Match.create("official", MatchOptions(), rng=rng)
    seats = [match.join(n) for n in names]
    match.start(seats[0])
    play_out(match, rng)
    return match


def test_events_round_trip_to_the_identical_state(store: Store) -> None:
    match = finished_match(1)
    match_id = store.create_match(match.events[:3], preset="official")
    store.append(match_id, 4, match.events[3:])
    restored = store.load_match(match_id)
    assert restored.state == match.state
    assert store.load_events(match_id, after_seq=10) == list(match.events[10:])


def test_a_taken_sequence_number_is_refused_and_nothing_is_written(store: Store) -> None:
    match = finished_match(2)
    match_id = store.create_match(match.events[:5], preset="official")
    with pytest.raises(SequenceConflict):
        store.append(match_id, 5, match.events[4:7])  # seq 5 exists: the whole batch fails
    assert len(store.load_events(match_id)) == 5


def test_unknown_match_is_an_error(store: Store) -> None:
    with pytest.raises(UnknownMatch):
        store.load_events("nope")
    with pytest.raises(UnknownMatch):
        store.append("nope", 1, finished_match(3).events[:1])


def test_high_scores_rank_complete_cards_and_reset_hides_older_ones(store: Store) -> None:
    totals = []
    for seed in range(3):
        match = finished_match(seed, ("Ann", "Bob"))
        store.save_finished(match)
        totals += [p.total for p in match.state.players]
    scores = store.high_scores("official", limit=10)
    assert [s.total for s in scores] == sorted(totals, reverse=True)
    assert store.high_scores("yatzy") == []

    store.reset_high_scores("official")
    assert store.high_scores("official") == []
    later = finished_match(9, ("Cy",))
    store.save_finished(later)
    assert [s.name for s in store.high_scores("official")] == ["Cy"]
    # History keeps everything, newest first, with the number of players in each match.
    history = store.player_history("Ann")
    assert len(history) == 3 and all(h.players == 2 for h in history)


def test_unfinished_matches_are_listed_for_recovery(store: Store) -> None:
    match = Match.create("official", rng=random.Random(4))
    match.join("Ann")
    waiting = store.create_match(match.events, preset="official", origin="online")
    done = store.save_finished(finished_match(5))
    assert store.unfinished() == [waiting]
    assert store.summary(done).status == "finished"
    assert store.summary(waiting).origin == "online"


def test_a_result_is_recorded_once(store: Store) -> None:
    match = finished_match(6)
    match_id = store.save_finished(match)
    store.record_result(match_id, match.state)
    assert len(store.high_scores("official")) == 2


def test_the_database_persists_across_store_instances(store_url: str) -> None:
    first = Store(store_url)
    match_id = first.save_finished(finished_match(7))
    first.close()
    second = Store(store_url)
    assert second.load_match(match_id).state.is_finished
    second.close()


def test_computer_players_stay_off_the_high_scores_unless_asked(store: Store) -> None:
    rng = random.Random(11)
    match = Match.create("official", rng=rng)
    ann = match.join("Ann")
    match.join("Optimal", bot="optimal")
    match.start(ann)
    play_out(match, rng)
    store.save_finished(match)
    assert [s.name for s in store.high_scores("official")] == ["Ann"]
    everyone = store.high_scores("official", include_bots=True)
    assert sorted(s.name for s in everyone) == ["Ann", "Optimal"]
