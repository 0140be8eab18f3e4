"""Games in the store: every card of a finished match is one game, so the high-score lists rank
single games and a several-round match's total never heads a list of one-round games (the bug
of issue 11); this week's and this month's best; games filled in for matches finished before
games were stored."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import delete, func, select
from test_store import finished_match, play_out

from fivedice.rules import Match, MatchOptions
from fivedice.store import Store, best_games, period_start
from fivedice.store.models import GameScoreRow


def two_round_match(seed: int) -> Match:
    rng = random.Random(seed)
    match = Match.create("official", MatchOptions(rounds=2), rng=rng)
    match.join("Tess")
    match.start(0)
    play_out(match, rng)
    return match


def test_a_two_round_total_never_heads_a_list_of_one_round_games(store: Store) -> None:
    long = two_round_match(1)
    tess = long.state.player(0)
    assert tess.total > max(tess.round_totals)  # e.g. 526 against one-round games near 250
    store.save_finished(long)
    singles = [finished_match(seed, ("Ann", "Bob")) for seed in range(3)]
    for match in singles:
        store.save_finished(match)

    scores = store.high_scores("official", limit=50)
    games = sorted(
        [*tess.round_totals, *(p.total for m in singles for p in m.state.players)], reverse=True
    )
    assert [s.total for s in scores] == games
    assert scores[0].total < tess.total  # the match total is nowhere in the list
    tess_games = [s for s in scores if s.name == "Tess"]
    assert sorted((s.round, s.rounds) for s in tess_games) == [(0, 2), (1, 2)]
    assert {s.total for s in tess_games} == set(tess.round_totals)
    assert all(s.rounds == 1 and s.round == 0 for s in scores if s.name != "Tess")


def test_unfinished_cards_are_kept_but_not_listed(store: Store) -> None:
    rng = random.Random(5)
    match = Match.create("official", MatchOptions(seats=2), rng=rng)
    match.join("Ann")
    match.join("Bob")
    match.start(0)
    match.roll(0)
    match.score(0, "chance")
    match.leave(1)  # Bob leaves: the match ends, Ann's card half filled
    match_id = store.save_finished(match)
    assert store.high_scores("official") == []
    with store.engine.connect() as conn:
        rows = conn.execute(select(GameScoreRow).where(GameScoreRow.match_id == match_id)).all()
    assert len(rows) == 2 and not any(r.complete for r in rows)


def test_periods_are_calendar_weeks_and_months_in_utc() -> None:
    wednesday = datetime(2026, 11, 25, 13, 5, tzinfo=UTC)
    assert period_start("week", wednesday) == datetime(2026, 11, 23, tzinfo=UTC)
    assert period_start("month", wednesday) == datetime(2026, 11, 1, tzinfo=UTC)
    assert period_start("all", wednesday) is None
    monday_midnight = datetime(2026, 11, 23, tzinfo=UTC)
    assert period_start("week", monday_midnight) == monday_midnight
    with pytest.raises(ValueError, match="period"):
        period_start("year", wednesday)  # type: ignore[arg-type]


def test_this_weeks_and_this_months_best(store: Store) -> None:
    old, recent = finished_match(1), finished_match(2)
    old_id = store.save_finished(old)
    recent_id = store.save_finished(recent)
    # Fixed moments, not the clock's: a Wednesday noon, the recent match an hour before it and
    # the old one 40 days before (in the all-time list only).
    now = datetime(2026, 11, 25, 12, tzinfo=UTC)
    with store.engine.begin() as conn:
        for match_id, finished_at in (
            (old_id, now - timedelta(days=40)),
            (recent_id, now - timedelta(hours=1)),
        ):
            conn.execute(
                GameScoreRow.__table__.update()
                .where(GameScoreRow.match_id == match_id)
                .values(finished_at=finished_at)
            )
    recent_totals = sorted((p.total for p in recent.state.players), reverse=True)
    every_total = sorted((p.total for m in (old, recent) for p in m.state.players), reverse=True)
    assert [s.total for s in best_games(store, "official")] == every_total
    assert [s.total for s in best_games(store, "official", period="month", now=now)] == (
        recent_totals
    )
    assert [s.total for s in best_games(store, "official", period="week", now=now)] == (
        recent_totals
    )
    next_month = now + timedelta(days=32)
    assert best_games(store, "official", period="month", now=next_month) == []
    assert best_games(store, "official", period="week", now=now + timedelta(days=8)) == []
    assert len(best_games(store, "official", period="week", limit=1, now=now)) == 1


def test_matches_from_before_games_get_theirs_from_their_logs(store_url: str) -> None:
    first = Store(store_url)
    long = two_round_match(3)
    long_id = first.save_finished(long)
    first.save_finished(finished_match(4))
    before = first.high_scores("official", limit=50)
    with first.engine.begin() as conn:  # a database from before games were stored
        conn.execute(delete(GameScoreRow))
    assert first.high_scores("official") == []
    first.close()

    second = Store(store_url)  # opening it fills them in
    try:
        assert second.high_scores("official", limit=50) == before
        with second.engine.connect() as conn:
            count = conn.scalar(select(func.count()).where(GameScoreRow.match_id == long_id))
        assert count == 2
        Store(store_url).close()  # and again: nothing to do, nothing doubled
        assert second.high_scores("official", limit=50) == before
    finally:
        second.close()
