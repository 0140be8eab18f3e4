"""Computer players play through the match's intents; the win-seeker takes risks when behind."""

from __future__ import annotations

import random

import pytest

from fivedice.rules import Match, MatchOptions, preset
from fivedice.strategy import StrategyTable
from fivedice.strategy.players import Level, TablePlayer, play_match, play_turn, player_for
from fivedice.strategy.winning import WinSeeker, normal_win_chance

from .conftest import ChanceEndgame


@pytest.mark.parametrize("level", [level.value for level in Level])
def test_each_level_plays_a_whole_match(level: str, official: StrategyTable) -> None:
    """A two-seat match between a level and the optimal player ends with full cards."""
    rules = preset("official")
    match = Match.create(rules, MatchOptions(seats=2), rng=random.Random(11))
    a, b = match.join("Ann"), match.join("Bot")
    match.start(a)
    play_match(match, {a: player_for(level, rules), b: TablePlayer(official, "optimal")})
    state = match.state
    assert state.is_finished
    assert all(p.is_complete for p in state.players)
    assert Match.replay(match.events).state.outcome == state.outcome


def test_win_seeker_gambles_when_behind_at_the_end(
    official: StrategyTable, chance_endgame: ChanceEndgame
) -> None:
    """Last turn, only Chance open, 27 showing, the rival finished one point ahead.

    Scoring 27 (what the optimal player does) loses for sure; the win-seeker rerolls.
    """
    # The rival's last turn: 28 in Chance; the seeker's first roll of its last turn: 27.
    state, seeker = chance_endgame([6, 6, 6, 5, 5], [5, 5, 5, 6, 6])
    optimal_move = TablePlayer(official, "optimal").decide(state, seeker)
    seeking_move = WinSeeker(preset("official"), official).decide(state, seeker)
    assert str(optimal_move) == "score chance"
    assert seeking_move.kind == "hold"
    assert 5 in seeking_move.hold or 6 in seeking_move.hold


def test_normal_win_chance() -> None:
    """Even rivals split; certain leads and deficits are 1 and 0."""
    assert normal_win_chance(250, 3600, [(250, 3600)]) == pytest.approx(0.5)
    assert normal_win_chance(260, 0, [(250, 0)]) == 1.0
    assert normal_win_chance(240, 0, [(250, 0)]) == 0.0
    assert normal_win_chance(250, 100, [(250, 100), (250, 100)]) == pytest.approx(0.25)


def test_play_turn_uses_the_intents(official: StrategyTable) -> None:
    """One computer turn is a first roll, up to two rerolls, and a scoring, all as events."""
    match = Match.create("official", MatchOptions(seats=1), rng=random.Random(3))
    seat = match.join("Solo")
    match.start(seat)
    before = len(match.events)
    play_turn(match, seat, TablePlayer(official, "optimal"))
    kinds = [e.type for e in match.events[before:]]
    assert kinds[0] == "rolled" and kinds[-1] == "scored"
    assert 2 <= len(kinds) <= 4
