"""Rated matches in the store: the ratings written with the result equal openskill's own
computation done here; they move the right way; a leaver ranks last; a match that does not
count (unrated, a seat without an account) writes none; recomputing every rating from the logs
gives the recorded numbers; the leaderboard and a player's history read them back."""

from __future__ import annotations

import itertools
import threading
from datetime import UTC, datetime, timedelta

import pytest
from rated_helpers import (
    NEWCOMER,
    account_of,
    expected_ranks,
    link_accounts,
    openskill_after,
    rated,
    store_rated,
)
from test_store import finished_match

from fivedice.ratings import PROVISIONAL_GAMES, Rating, recompute
from fivedice.rules import Family
from fivedice.store import (
    Store,
    best_ratings,
    player_ratings,
    rated_matches,
    rating_history,
    recorded_changes,
)
from fivedice.store import store as store_module
from fivedice.store.accounts import delete_account

ACCOUNTS = {0: "acct-ann", 1: "acct-bob", 2: "acct-cid"}


def current(store: Store, family: Family = Family.YAHTZEE) -> dict[str, Rating]:
    """The current ratings by account label (the accounts' usernames)."""
    return {line.name: line.rating for line in best_ratings(store, family, 100)}


def test_a_rated_three_player_match_moves_ratings_as_openskill_says(store: Store) -> None:
    match = rated(1)
    store_rated(store, match, ACCOUNTS)
    ranks = expected_ranks(match.state)
    expected = openskill_after(
        {a: NEWCOMER for a in ACCOUNTS.values()}, {ACCOUNTS[s]: r for s, r in ranks.items()}
    )
    got = current(store)
    assert set(got) == set(ACCOUNTS.values())
    for account, (mu, sigma) in expected.items():
        assert got[account].mu == pytest.approx(mu, rel=1e-12)
        assert got[account].sigma == pytest.approx(sigma, rel=1e-12)
        assert got[account].games == 1 and got[account].provisional
        assert got[account].sigma < NEWCOMER[1]  # everyone is known a little better
    first = next(s for s, r in ranks.items() if r == 1)
    last = max(ranks, key=lambda s: (ranks[s], s))
    assert ranks[last] > 1, "seed 1 gives no three-way tie"
    assert got[ACCOUNTS[first]].mu > NEWCOMER[0]
    assert got[ACCOUNTS[last]].mu < NEWCOMER[0]

    # A second match starts from the first one's ratings.
    again = rated(2)
    store_rated(store, again, ACCOUNTS)
    ranks2 = {ACCOUNTS[s]: r for s, r in expected_ranks(again.state).items()}
    expected2 = openskill_after({a: (r.mu, r.sigma) for a, r in got.items()}, ranks2)
    got2 = current(store)
    for account, (mu, sigma) in expected2.items():
        assert got2[account].mu == pytest.approx(mu, rel=1e-12)
        assert got2[account].sigma == pytest.approx(sigma, rel=1e-12)
        assert got2[account].games == 2


def test_a_leaver_ranks_last_whatever_their_total(store: Store) -> None:
    match = rated(3, leaver=0)
    state = match.state
    assert not state.player(0).is_playing
    store_rated(store, match, ACCOUNTS)
    ranks = expected_ranks(state)
    assert ranks[0] == 3
    expected = openskill_after(
        {a: NEWCOMER for a in ACCOUNTS.values()}, {ACCOUNTS[s]: r for s, r in ranks.items()}
    )
    got = current(store)
    for account, (mu, _) in expected.items():
        assert got[account].mu == pytest.approx(mu, rel=1e-12)
    assert got["acct-ann"].mu < NEWCOMER[0]
    assert min(got.values(), key=lambda r: r.mu) == got["acct-ann"]


def test_matches_that_do_not_count_write_no_ratings(store: Store) -> None:
    # A rated match with a seat nobody signed in for; an unrated match with accounts.
    store_rated(store, rated(4), {0: "acct-ann", 1: "acct-bob"})
    unrated = finished_match(5, ("Ann", "Bob", "Cid"))
    store_rated(store, unrated, ACCOUNTS)
    # A rated match nobody signed in for.
    bare = store.create_match(rated(6).events, preset="official")
    store.record_result(bare, rated(6).state)
    assert current(store) == {}
    assert recorded_changes(store) == [] and rated_matches(store) == []
    assert len(store.high_scores("official", 50)) == 9  # the results and games are there


def test_a_database_without_accounts_still_records_rated_results(store_url: str) -> None:
    fresh = Store(store_url)
    try:
        match = rated(7)
        match_id = fresh.create_match(match.events, preset="official")
        fresh.record_result(match_id, match.state)
        assert fresh.summary(match_id).status == "finished"
        assert recorded_changes(fresh) == []
    finally:
        fresh.close()


def test_recomputing_every_rating_from_the_logs_gives_the_recorded_numbers(
    store: Store,
) -> None:
    people = ["acct-ann", "acct-bob", "acct-cid", "acct-dee"]
    plays = [
        ("official", (0, 1, 2), None),
        ("yatzy", (0, 1), None),
        ("free-joker", (3, 1, 0), 1),  # same family as official: one rating for both
        ("official", (2, 3), None),
        ("yacht", (0, 1, 2, 3), 2),
        ("general", (1, 2), None),
        ("printable", (0, 1, 2, 3), None),
    ]
    for seed, (rules, who, leaver) in enumerate(plays, start=10):
        names = tuple(people[i].removeprefix("acct-").title() for i in who)
        match = rated(seed, names, rules=rules, leaver=leaver)
        store_rated(store, match, {seat: people[i] for seat, i in enumerate(who)})
    store.save_finished(finished_match(30))  # unrated matches are skipped

    recorded = recorded_changes(store)
    assert len(recorded) == 3 + 2 + 3 + 2 + 4 + 2 + 4
    assert recompute(rated_matches(store)) == recorded  # exactly: same floats, same order
    families = {c.family for c in recorded}
    assert families == {Family.YAHTZEE, Family.YATZY, Family.YACHT, Family.GENERAL}
    ann_id = account_of(store, "acct-ann")
    ann = {line.family: line.rating for line in player_ratings(store, ann_id)}
    assert ann[Family.YAHTZEE].games == 3 and ann[Family.YATZY].games == 1
    assert Family.GENERAL not in ann

    # The history chains: each match starts where the one before left off.
    history = rating_history(store, account_of(store, "acct-ann"), Family.YAHTZEE)
    assert [h.after.games for h in history] == [3, 2, 1]
    for newer, older in itertools.pairwise(history):
        assert (newer.before.mu, newer.before.sigma) == (older.after.mu, older.after.sigma)
    assert (history[-1].before.mu, history[-1].before.sigma) == NEWCOMER


def test_the_leaderboard_orders_by_shown_rating_and_marks_provisional(store: Store) -> None:
    for seed in range(PROVISIONAL_GAMES):
        store_rated(store, rated(40 + seed, ("Ann", "Bob")), {0: "acct-ann", 1: "acct-bob"})
    store_rated(store, rated(60, ("Ann", "Cid")), {0: "acct-ann", 1: "acct-cid"})
    board = best_ratings(store, Family.YAHTZEE)
    shown = [line.rating.ordinal for line in board]
    assert shown == sorted(shown, reverse=True)
    by_account = {line.name: line for line in board}
    assert by_account["acct-ann"].rating.games == PROVISIONAL_GAMES + 1
    assert not by_account["acct-ann"].rating.provisional
    assert not by_account["acct-bob"].rating.provisional
    assert by_account["acct-cid"].rating.provisional
    assert by_account["acct-cid"].account_id == account_of(store, "acct-cid")
    assert best_ratings(store, Family.YACHT) == []
    assert len(best_ratings(store, Family.YAHTZEE, limit=2)) == 2


def test_rated_matches_are_stamped_in_the_order_they_are_rated(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server whose clock is behind the last one's still stamps its rated match after it,
    so the recompute replays the matches in the order they were rated."""
    first = store_rated(store, rated(70), ACCOUNTS)
    behind = datetime.now(UTC) - timedelta(hours=1)
    monkeypatch.setattr(store_module, "utcnow", lambda: behind)
    second = store_rated(store, rated(71), ACCOUNTS)
    finished = [store.summary(m).finished_at for m in (first, second)]
    assert finished[0] is not None and finished[1] is not None
    assert finished[1] > finished[0]
    assert recompute(rated_matches(store)) == recorded_changes(store)


def test_a_result_recorded_twice_rates_once(store: Store) -> None:
    match = rated(80)
    match_id = store_rated(store, match, ACCOUNTS)
    store.record_result(match_id, match.state)
    store.set_status(match_id, "playing")  # as if the status check were passed by
    store.record_result(match_id, match.state)
    assert len(recorded_changes(store)) == 3


def test_linking_is_per_match(store: Store) -> None:
    one = store_rated(store, rated(90), ACCOUNTS)
    other = rated(91)
    other_id = store.create_match(other.events, preset="official")
    link_accounts(store, other_id, {0: "acct-ann", 1: "acct-bob"})  # Cid not signed in
    store.record_result(other_id, other.state)
    assert {c.match_id for c in recorded_changes(store)} == {one}


def test_rated_matches_recorded_at_once_by_several_servers_chain_correctly(
    store: Store, store_url: str
) -> None:
    """Writers on separate connection pools (as separate servers would be) record rated
    matches of the same players at the same moment: each match starts from the ratings the one
    before it left, none is lost, and the recompute agrees."""
    writers = 6
    matches = [rated(100 + i) for i in range(writers)]
    ids = [store.create_match(m.events, preset="official") for m in matches]
    for match_id in ids:
        link_accounts(store, match_id, ACCOUNTS)
    stores = [Store(store_url) for _ in range(writers)]
    start = threading.Barrier(writers)
    failures: list[BaseException] = []

    def record(i: int) -> None:
        try:
            start.wait()
            stores[i].record_result(ids[i], matches[i].state)
        except BaseException as exc:
            failures.append(exc)

    threads = [threading.Thread(target=record, args=(i,)) for i in range(writers)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
    finally:
        for s in stores:
            s.close()
    assert failures == []
    recorded = recorded_changes(store)
    assert len(recorded) == 3 * writers
    assert recompute(rated_matches(store)) == recorded
    for account in ACCOUNTS.values():
        history = rating_history(store, account_of(store, account))[::-1]
        assert [h.after.games for h in history] == list(range(1, writers + 1))
        for older, newer in itertools.pairwise(history):
            assert (newer.before.mu, newer.before.sigma) == (older.after.mu, older.after.sigma)


def test_a_deleted_account_is_listed_as_a_deleted_player(store: Store) -> None:
    store_rated(store, rated(95), ACCOUNTS)
    delete_account(store, int(account_of(store, "acct-bob")))
    names = {line.name for line in best_ratings(store, Family.YAHTZEE)}
    assert names == {"acct-ann", "deleted player", "acct-cid"}
