"""Match analysis: optimal decisions cost nothing, weaker ones cost points, outlooks add up."""

from __future__ import annotations

import json
import random

import pytest

from fivedice.rules import Match, MatchOptions, preset
from fivedice.strategy import StrategyTable
from fivedice.strategy.analysis import analyse
from fivedice.strategy.heuristics import beginner_table
from fivedice.strategy.players import TablePlayer, play_match


@pytest.fixture(scope="module")
def played(official: StrategyTable) -> Match:
    rules = preset("official")
    match = Match.create(rules, MatchOptions(seats=2), rng=random.Random(2024))
    a, b = match.join("Opti"), match.join("Newbie")
    match.start(a)
    play_match(
        match,
        {a: TablePlayer(official, "optimal"), b: TablePlayer(beginner_table(rules), "beginner")},
    )
    return match


def test_optimal_decisions_cost_nothing(played: Match, official: StrategyTable) -> None:
    result = analyse(played.events, official)
    opti = [d for d in result.decisions if d.player == "Opti"]
    assert opti and all(d.cost < 1e-9 for d in opti)
    assert result.total_cost()["Newbie"] > 0


def test_outlook_after_the_last_turn_is_the_final_score(
    played: Match, official: StrategyTable
) -> None:
    result = analyse([e.to_dict() for e in played.events], official)
    for player in played.state.players:
        turns = [t for t in result.turns if t.seat == player.seat]
        assert len(turns) == 13
        assert turns[-1].expected_final == pytest.approx(player.total)
    json.dumps(result.to_dict())
