"""The rating model against openskill itself: any 2 to 8 players with ties; ranks from an
outcome (ties share, leavers last and tied); the shown value and when it stops being
provisional; the recompute's order."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from fivedice.ratings import (
    PROVISIONAL_GAMES,
    Placed,
    RatedMatch,
    Rating,
    rank_seats,
    rate,
    recompute,
)
from fivedice.rules import Family, Outcome, SeatStatus, Standing

ratings = st.builds(
    Rating,
    mu=st.floats(0, 50, allow_nan=False),
    sigma=st.floats(0.5, 9, allow_nan=False),
    games=st.integers(0, 100),
)


@settings(max_examples=150, deadline=None)
@given(data=st.data(), players=st.integers(2, 8))
def test_any_match_rates_as_openskill_does(data: st.DataObject, players: int) -> None:
    before = data.draw(st.lists(ratings, min_size=players, max_size=players))
    ranks = data.draw(st.lists(st.integers(1, players), min_size=players, max_size=players))
    placed = [Placed(f"a{i}", r, b) for i, (r, b) in enumerate(zip(ranks, before, strict=True))]
    changes = rate("m", Family.YATZY, placed)

    model = PlackettLuce()
    teams = [[model.rating(mu=b.mu, sigma=b.sigma)] for b in before]
    expected = model.rate(teams, ranks=ranks)
    for change, team, b, p in zip(changes, expected, before, placed, strict=True):
        assert change.account_id == p.account_id and change.family is Family.YATZY
        assert change.before == b
        assert change.after.mu == pytest.approx(team[0].mu, rel=1e-12, abs=1e-12)
        assert change.after.sigma == pytest.approx(team[0].sigma, rel=1e-12, abs=1e-12)
        assert change.after.games == b.games + 1
    # With equal ratings before, a better rank never ends lower than a worse one.
    if len({(b.mu, b.sigma) for b in before}) == 1:
        for a, b in itertools.pairwise(changes):
            pa, pb = placed[changes.index(a)].rank, placed[changes.index(b)].rank
            if pa < pb:
                assert a.after.mu >= b.after.mu
            if pa == pb:
                assert a.after.mu == pytest.approx(b.after.mu)


def test_one_player_or_nine_or_an_account_twice_is_refused() -> None:
    newcomer = Rating.newcomer()
    with pytest.raises(ValueError, match="2 to 8"):
        rate("m", Family.YAHTZEE, [Placed("a", 1, newcomer)])
    with pytest.raises(ValueError, match="2 to 8"):
        rate("m", Family.YAHTZEE, [Placed(f"a{i}", 1, newcomer) for i in range(9)])
    with pytest.raises(ValueError, match="once"):
        rate("m", Family.YAHTZEE, [Placed("a", 1, newcomer), Placed("a", 2, newcomer)])


def standing(seat: int, total: int, place: int | None) -> Standing:
    status = SeatStatus.PLAYING if place is not None else SeatStatus.LEFT
    return Standing(seat, f"P{seat}", total, place, status)


def test_ranks_share_ties_and_put_every_leaver_last_together() -> None:
    outcome = Outcome(
        (
            standing(2, 250, 1),
            standing(0, 200, 2),
            standing(3, 200, 2),
            standing(4, 120, 4),
            standing(1, 300, None),  # left while leading
            standing(5, 10, None),
        )
    )
    assert rank_seats(outcome) == {2: 1, 0: 2, 3: 2, 4: 4, 1: 5, 5: 5}
    everyone_left = Outcome((standing(0, 5, None), standing(1, 9, None)))
    assert rank_seats(everyone_left) == {0: 1, 1: 1}


def test_a_tie_moves_two_equal_players_alike() -> None:
    newcomer = Rating.newcomer()
    changes = rate("m", Family.YACHT, [Placed("a", 1, newcomer), Placed("b", 1, newcomer)])
    assert changes[0].after.mu == pytest.approx(changes[1].after.mu)
    assert changes[0].after.mu == pytest.approx(newcomer.mu)
    assert changes[0].after.sigma < newcomer.sigma


def test_shown_value_and_provisional() -> None:
    newcomer = Rating.newcomer()
    assert (newcomer.mu, newcomer.sigma) == (25.0, 25.0 / 3)
    assert newcomer.ordinal == pytest.approx(0.0) and newcomer.shown == 0.0
    assert newcomer.provisional
    assert Rating(30.0, 2.0, PROVISIONAL_GAMES - 1).provisional
    settled = Rating(30.0, 2.0, PROVISIONAL_GAMES)
    assert not settled.provisional and settled.shown == 24.0


def test_recompute_replays_in_finish_order_per_family() -> None:
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    later = RatedMatch("m2", Family.YAHTZEE, t0 + timedelta(minutes=5), (("a", 2), ("b", 1)))
    earlier = RatedMatch("m1", Family.YAHTZEE, t0, (("a", 1), ("b", 2)))
    yatzy = RatedMatch("m3", Family.YATZY, t0 + timedelta(minutes=1), (("a", 1), ("b", 2)))
    changes = recompute([later, yatzy, earlier])
    assert [c.match_id for c in changes] == ["m1", "m1", "m3", "m3", "m2", "m2"]
    m2a = next(c for c in changes if (c.match_id, c.account_id) == ("m2", "a"))
    m1a = next(c for c in changes if (c.match_id, c.account_id) == ("m1", "a"))
    m3a = next(c for c in changes if (c.match_id, c.account_id) == ("m3", "a"))
    assert m2a.before == m1a.after  # the Yatzy match does not touch the Yahtzee rating
    assert m3a.before == Rating.newcomer()
