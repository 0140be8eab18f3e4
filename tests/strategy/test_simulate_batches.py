"""Simulations in batches: flat memory, the same games for a seed up to a batch, and summaries
of counted scores that agree with numpy's on the scores themselves."""

from __future__ import annotations

import numpy as np
import pytest

from fivedice.rules import preset
from fivedice.strategy import StrategyTable
from fivedice.strategy.levels import (
    WinTally,
    head_to_head_batches,
    head_to_head_tally,
    level_tally,
)
from fivedice.strategy.simulate import Games, Summary, Tally, play_turns, simulate_games
from fivedice.strategy.winning import head_to_head_to_win


def test_a_summary_of_counted_scores_is_numpys_summary_of_the_scores() -> None:
    scores = np.random.default_rng(4).integers(0, 400, size=1_001)
    s = Summary.of(scores)
    assert s.games == 1_001
    assert s.mean == pytest.approx(scores.mean(), rel=1e-12)
    assert s.std == pytest.approx(scores.std(ddof=1), rel=1e-12)
    for p, value in s.percentiles.items():
        assert value == pytest.approx(np.percentile(scores, p), rel=1e-12), p
    expected = np.bincount(scores // 25)
    assert s.histogram == [(i * 25, int(n)) for i, n in enumerate(expected) if n]


def test_tallies_added_in_parts_equal_one_tally_of_the_whole() -> None:
    scores = np.random.default_rng(5).integers(0, 300, size=900)
    whole, parts = Tally(), Tally()
    whole.add(scores)
    for part in (scores[:10], scores[10:500], scores[500:]):  # the later parts reach higher
        parts.add(part)
    assert np.array_equal(whole.counts, parts.counts)
    assert Summary.of_tally(parts) == Summary.of(scores)


def test_a_win_tally_in_parts_gives_the_rate_of_all_the_matches() -> None:
    rng = np.random.default_rng(6)
    ours, theirs = rng.integers(0, 5, size=1_000), rng.integers(0, 5, size=1_000)
    outcome = (ours > theirs) + 0.5 * (ours == theirs)
    wins = WinTally()
    wins.add(ours[:300], theirs[:300])
    wins.add(ours[300:], theirs[300:])
    rate, low, high = wins.rate()
    half = 1.96 * outcome.std(ddof=1) / np.sqrt(1_000)
    assert (rate, low, high) == pytest.approx((outcome.mean(), rate - half, rate + half))


def test_up_to_a_batch_a_seed_gives_the_games_it_gave_before(official: StrategyTable) -> None:
    """The whole-array simulation as it was before batching, for the same seed."""
    games = Games.new(3_000)
    play_turns(official, games, np.random.default_rng(11))
    assert np.array_equal(simulate_games(official, 3_000, seed=11), games.final_scores(official))


def test_no_more_than_a_batch_of_games_is_held_at_once(
    official: StrategyTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Memory stays flat: with batches of 400, 1,000 games never make a card array over 400."""
    sizes: list[int] = []
    new = Games.new.__func__  # type: ignore[attr-defined]

    def counting(cls: type[Games], count: int) -> Games:
        sizes.append(count)
        return new(cls, count)  # type: ignore[no-any-return]

    monkeypatch.setattr(Games, "new", classmethod(counting))
    monkeypatch.setattr("fivedice.strategy.simulate.BATCH", 400)
    monkeypatch.setattr("fivedice.strategy.levels.BATCH", 400)
    tally = level_tally("optimal", preset("official"), 1_000, seed=2)
    assert sizes == [400, 400, 200]
    assert tally.games == 1_000
    sizes.clear()
    ours, theirs, wins = head_to_head_tally("optimal", "beginner", preset("official"), 900, 3)
    assert max(sizes) == 400 and sum(sizes) == 1_800
    assert ours.games == theirs.games == wins.matches == 900


def test_win_seeking_matches_are_played_in_batches_with_seeds_of_their_own(
    official: StrategyTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first batch keeps the seed; later batches get other dice, not the first's again."""
    monkeypatch.setattr("fivedice.strategy.levels.BATCH", 40)
    batches = list(head_to_head_batches("win-seeking", "optimal", preset("official"), 90, 4))
    assert [len(seeker) for seeker, _ in batches] == [40, 40, 10]
    assert all(len(s) == len(r) for s, r in batches)
    first = head_to_head_to_win(official, 40, 4)
    assert np.array_equal(batches[0][0], first[0]) and np.array_equal(batches[0][1], first[1])
    assert not np.array_equal(batches[1][1], batches[0][1])
