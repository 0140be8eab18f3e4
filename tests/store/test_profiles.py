"""Profiles in the store: an account's games per rule set (played-out cards only), its bonus and
Yahtzee rates as the scorecards say, its accuracy from the recorded analyses, its recent
matches newest first, and its ratings under the account's name."""

from __future__ import annotations

import pytest
from rated_helpers import account_of, rated, store_rated
from test_store import finished_match

from fivedice.store import Store, load_profile, record_accuracy, seats_to_analyse

ACCOUNTS = {0: "acct-ann", 1: "acct-bob", 2: "acct-cid"}


def test_a_profile_counts_the_accounts_games_as_the_scorecards_say(store: Store) -> None:
    matches = [rated(200 + i, rounds=2 if i == 1 else 1) for i in range(3)]
    ids = [store_rated(store, m, ACCOUNTS) for m in matches]
    store.save_finished(finished_match(7))  # nobody's account: not in anyone's profile
    ann = int(account_of(store, "acct-ann"))

    profile = load_profile(store, ann)
    assert profile is not None and profile.name == "acct-ann" and profile.kind == "person"
    cards = [card for m in matches for card in m.state.player(0).cards if card.is_complete]
    (official,) = profile.games
    assert official.preset == "official" and official.games == len(cards) == 4
    assert official.average_score == pytest.approx(sum(c.grand_total for c in cards) / 4)
    assert official.upper_bonus_rate == pytest.approx(
        sum(c.upper_bonus > 0 for c in cards) / len(cards)
    )
    assert official.yahtzee_rate == pytest.approx(
        sum(c.boxes.get("yahtzee") == 50 for c in cards) / len(cards)
    )
    assert official.best_score == max(c.grand_total for c in cards)
    assert official.decisions == 0  # nothing analysed yet

    assert [r.match_id for r in profile.recent] == ids[::-1]
    assert all(r.rated and r.players == 3 and r.seat == 0 for r in profile.recent)
    assert {line.family.value for line in profile.ratings} == {"yahtzee"}
    assert profile.ratings[0].name == "acct-ann"
    assert len(profile.history) == 3


def test_accuracy_is_recorded_once_per_seat(store: Store) -> None:
    match_id = store_rated(store, rated(210), ACCOUNTS)
    seats = seats_to_analyse(store, match_id)
    assert sorted(seats) == [0, 1, 2]
    record_accuracy(store, match_id, "official", {0: (seats[0], 30, 12.5)})
    record_accuracy(store, match_id, "official", {0: (seats[0], 99, 99.0), 1: (seats[1], 28, 3.0)})
    assert sorted(seats_to_analyse(store, match_id)) == [2]
    (stats,) = (p for p in [load_profile(store, seats[0])] if p is not None)
    assert stats.games[0].decisions == 30 and stats.games[0].points_given_away == 12.5


def test_an_unknown_account_has_no_profile(store: Store) -> None:
    assert load_profile(store, 424242) is None
