"""The daily challenge in the store, on SQLite and PostgreSQL: one secret a day whoever asks
first, one attempt per account and day (the key holds against a race), the finished attempt
recorded once, and the day's leaderboard, scores and list of days after 200 players."""

from __future__ import annotations

import itertools
import random
import threading
from datetime import date, timedelta

import pytest

from fivedice.rules.daily import SECRET_BYTES
from fivedice.server.daily_stats import histogram, percentile, rank_of
from fivedice.store import Store
from fivedice.store.accounts import create_guest
from fivedice.store.daily import (
    account_attempts,
    day_scores,
    days_played,
    finish_attempt,
    get_attempt,
    get_optimal,
    keep_optimal,
    leaderboard,
    open_attempt,
    players_of_day,
    streak,
)
from fivedice.store.online import ensure_schema

DAY = date(2026, 11, 25)


@pytest.fixture
def accounts(store: Store) -> Store:
    """The store with the online server's tables."""
    ensure_schema(store)
    return store


def test_a_day_has_one_secret_whoever_asks(store: Store, store_url: str) -> None:
    first = store.daily_secret(DAY)
    assert len(first) == SECRET_BYTES
    other = Store(store_url)  # another node on the same database
    try:
        assert other.daily_secret(DAY) == first
    finally:
        other.close()
    assert store.daily_secret(DAY + timedelta(days=1)) != first


def test_nodes_racing_for_a_new_days_secret_agree(store: Store, store_url: str) -> None:
    nodes = [Store(store_url) for _ in range(4)]
    got: list[bytes] = []
    start = threading.Barrier(len(nodes))

    def ask(node: Store) -> None:
        start.wait()
        got.append(node.daily_secret(DAY))

    threads = [threading.Thread(target=ask, args=(n,)) for n in nodes]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for n in nodes:
        n.close()
    assert len(got) == 4
    assert len(set(got)) == 1
    assert store.daily_secret(DAY) == got[0]


def test_one_attempt_per_account_and_day_even_in_a_race(accounts: Store, store_url: str) -> None:
    guest = create_guest(accounts)
    nodes = [Store(store_url) for _ in range(4)]
    start = threading.Barrier(len(nodes))
    outcomes: list[tuple[str, bool]] = []

    def open_one(node: Store, n: int) -> None:
        start.wait()
        attempt, created = open_attempt(node, DAY, guest.id, f"table-{n}", "official")
        outcomes.append((attempt.table_id, created))

    threads = [threading.Thread(target=open_one, args=(n, i)) for i, n in enumerate(nodes)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for n in nodes:
        n.close()
    assert sum(created for _, created in outcomes) == 1
    assert len({table for table, _ in outcomes}) == 1  # everyone got the one that won
    attempt = get_attempt(accounts, DAY, guest.id)
    assert attempt is not None and not attempt.finished
    # The next day is another attempt.
    other, created = open_attempt(accounts, DAY + timedelta(days=1), guest.id, "next", "yatzy")
    assert created and other.table_id == "next"


def test_a_finished_attempt_is_recorded_once(accounts: Store) -> None:
    guest = create_guest(accounts)
    open_attempt(accounts, DAY, guest.id, "t1", "official")
    assert finish_attempt(accounts, "t1", 231, 12.5, {"score": 231}, today=DAY)
    assert not finish_attempt(accounts, "t1", 99, 0.0, {"score": 99}, today=DAY)
    attempt = get_attempt(accounts, DAY, guest.id)
    assert attempt is not None
    assert (attempt.score, attempt.gave_away, attempt.comparison) == (231, 12.5, {"score": 231})
    assert attempt.finished_at is not None
    assert not finish_attempt(accounts, "no-such-table", 1, 0.0, {})


def test_the_optimal_game_is_kept_once(accounts: Store) -> None:
    assert get_optimal(accounts, DAY) is None
    kept = keep_optimal(accounts, DAY, "official", 250, [{"type": "created"}])
    again = keep_optimal(accounts, DAY, "official", 1, [])
    assert kept == again
    assert (again.score, again.log) == (250, [{"type": "created"}])


def test_two_hundred_players_ranked_with_ties(accounts: Store) -> None:
    rng = random.Random(2026)
    scores = [rng.choice(range(120, 330, 7)) for _ in range(200)]  # many ties
    ids = []
    for n, score in enumerate(scores):
        guest = create_guest(accounts)
        ids.append(guest.id)
        open_attempt(accounts, DAY, guest.id, f"t{n}", "official")
        finish_attempt(accounts, f"t{n}", score, 1.0, {"score": score}, today=DAY)
    unfinished = create_guest(accounts)
    open_attempt(accounts, DAY, unfinished.id, "playing", "official")

    assert players_of_day(accounts, DAY) == 200
    assert day_scores(accounts, DAY) == sorted(scores, reverse=True)
    low = ids[scores.index(min(scores))]  # far below the top 50
    board = leaderboard(accounts, DAY, 50, low)
    top = board[:50]
    expected_ranks = sorted(1 + sum(1 for t in scores if t > s) for s in scores)
    assert [row.rank for row in top] == expected_ranks[:50]
    assert [row.score for row in top] == sorted(scores, reverse=True)[:50]
    for row in board:
        assert row.rank == 1 + sum(1 for s in scores if s > row.score)
        assert row.name == f"Guest {1000 + row.account_id}"
    assert len(board) == 51
    assert (board[-1].account_id, board[-1].score) == (low, min(scores))
    assert board[-1].rank == 1 + len([s for s in scores if s > min(scores)])
    assert len(leaderboard(accounts, DAY, 50, top[0].account_id)) == 50
    # The day's numbers from these scores, against a computation here.
    for you in (scores[0], scores[-1], max(scores), min(scores)):
        assert rank_of(you, scores) == 1 + len([s for s in scores if s > you])
        assert percentile(you, scores) == round(100 * len([s for s in scores if s <= you]) / 200, 1)
    assert percentile(max(scores), scores) == 100.0
    shown = histogram(scores, scores[0], 300)
    bins = shown["bins"]
    assert sum(b["count"] for b in bins) == 200
    assert len(bins) <= 20
    for b in bins:
        assert b["count"] == len([s for s in scores if b["from"] <= s <= b["to"]])
    assert bins[0]["from"] <= min(scores) and bins[-1]["to"] >= max(max(scores), 300)
    assert all(nxt["from"] == b["to"] + 1 for b, nxt in itertools.pairwise(bins))
    # The list of days: this day with its players and best score.
    days = days_played(accounts, DAY, 30)
    assert [(d.day, d.players, d.best_score) for d in days] == [(DAY, 200, max(scores))]


def test_days_list_newest_first_and_the_streak(accounts: Store) -> None:
    guest = create_guest(accounts)
    played = [DAY - timedelta(days=n) for n in (0, 1, 2, 4)]
    for n, day in enumerate(played):
        open_attempt(accounts, day, guest.id, f"s{n}", "official")
        finish_attempt(accounts, f"s{n}", 200 + n, 0.0, {}, today=day)
    assert [d.day for d in days_played(accounts, DAY, 30)] == played
    assert [d.day for d in days_played(accounts, DAY - timedelta(days=1), 2)] == played[1:3]
    mine = account_attempts(accounts, guest.id)
    assert [a.day for a in mine] == played
    days = [a.day for a in mine]
    assert streak(days, DAY) == 3
    assert streak(days, DAY + timedelta(days=1)) == 3  # yesterday still counts
    assert streak(days, DAY + timedelta(days=2)) == 0
    assert streak([], DAY) == 0


def test_a_game_finished_after_its_day_is_kept_but_not_ranked(accounts: Store) -> None:
    early, late = create_guest(accounts), create_guest(accounts)
    open_attempt(accounts, DAY, early.id, "early", "official")
    open_attempt(accounts, DAY, late.id, "late", "official")
    finish_attempt(accounts, "early", 180, 5.0, {}, today=DAY)
    # Finished after midnight: the day's secret was public by then.
    finish_attempt(accounts, "late", 300, 0.0, {}, today=DAY + timedelta(days=1))
    kept = get_attempt(accounts, DAY, late.id)
    assert kept is not None and kept.score == 300 and kept.ranked is False
    ranked = get_attempt(accounts, DAY, early.id)
    assert ranked is not None and ranked.ranked is True
    assert day_scores(accounts, DAY) == [180]
    assert players_of_day(accounts, DAY) == 1
    assert [r.account_id for r in leaderboard(accounts, DAY, 50, late.id)] == [early.id]
    [line] = days_played(accounts, DAY, 30)
    assert (line.players, line.best_score) == (1, 180)
