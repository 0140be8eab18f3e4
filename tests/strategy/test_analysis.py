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


def undone_and_rescored(official: StrategyTable) -> tuple[Match, int]:
    """A two-player match where Ann scores her first roll in Ones, takes it back and scores
    it in Chance; the rest is played by the optimal player. Returns it and the undone
    scoring's number in the log."""
    rules = preset("official")
    match = Match.create(rules, MatchOptions(seats=2), rng=random.Random(7))
    ann, bob = match.join("Ann"), match.join("Bob")
    match.start(ann)
    match.roll(ann)
    match.score(ann, "ones")
    undone_seq = len(match.events)
    match.undo(ann)
    match.score(ann, "chance")
    optimal = TablePlayer(official, "optimal")
    play_match(match, {ann: optimal, bob: optimal})
    return match, undone_seq


def test_an_undone_scoring_is_no_decision(official: StrategyTable) -> None:
    match, undone_seq = undone_and_rescored(official)
    log = [e.to_dict() for e in match.events]
    assert log[undone_seq - 1]["type"] == "scored" and log[undone_seq]["type"] == "undone"
    # The same match without the scoring and its undo: what was decided is the same.
    without = log[: undone_seq - 1] + log[undone_seq + 1 :]
    result, plain = analyse(log, official), analyse(without, official)

    assert len(result.decisions) == len(plain.decisions)
    assert [d.taken for d in result.decisions] == [d.taken for d in plain.decisions]
    assert result.total_cost() == pytest.approx(plain.total_cost())
    assert undone_seq not in [d.seq for d in result.decisions]
    first = next(d for d in result.decisions if d.player == "Ann")
    assert first.taken.action.category == "chance" and first.seq == undone_seq + 2
    assert next(t.category for t in result.turns if t.player == "Ann") == "chance"
    assert len([t for t in result.turns if t.player == "Ann"]) == 13
    assert len(result.to_dict()["decisions"]) == len(plain.decisions)


def test_decisions_name_their_place_in_the_log(played: Match, official: StrategyTable) -> None:
    result = analyse(played.events, official)
    log = played.log()
    for d in result.decisions:
        event = log[d.seq - 1]
        assert event["seat"] == d.seat
        assert event["type"] == ("scored" if d.taken.action.kind == "score" else "rolled")
    for t in result.turns:
        assert log[t.seq - 1]["type"] == "scored" and log[t.seq - 1]["category"] == t.category
