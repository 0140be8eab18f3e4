"""The daily comparison: the optimal player's game on the day's dice, and yours beside it."""

from __future__ import annotations

import hashlib
import hmac
from datetime import date

import pytest

from fivedice.rules import DailyDice, Dice, DiceRolled, Match
from fivedice.strategy.advisor import advise
from fivedice.strategy.cache import load_or_solve
from fivedice.strategy.daily import (
    DAILY_OPTIONS,
    MARK_SYMBOLS,
    compare,
    mark_of,
    optimal_game,
    share_text,
)
from fivedice.strategy.players import play_match, player_for

DAY = date(2026, 11, 22)  # a Sunday: Yatzy rules
SECRET = bytes.fromhex("5a" * 32)


def independent_rebuild(secret: bytes, day: date, rules: str) -> list[tuple[int, ...]]:
    """Every roll of the day's optimal game, with the faces from hmac alone and the optimal
    choice from the advisor: kept values held at the leftmost dice that show them."""
    from fivedice.rules import preset
    from fivedice.rules.scorecard import Scorecard

    def face(turn: int, roll: int, pos: int) -> int:
        msg = f"fivedice-daily|{day}|{rules}|{turn}|{roll}|{pos}".encode()
        block = hmac.new(secret, msg, hashlib.sha256).digest()
        while not any(b < 252 for b in block):
            block = hashlib.sha256(block).digest()
        return next(b for b in block if b < 252) % 6 + 1

    table = load_or_solve(preset(rules))
    card = Scorecard(preset(rules))
    rolls: list[tuple[int, ...]] = []
    for turn in range(1, len(preset(rules).categories) + 1):
        dice = [face(turn, 1, p) for p in range(5)]
        rolls.append(tuple(dice))
        for roll in (2, 3, 4):
            best = advise(table, card, Dice(dice), 4 - roll)[0].action
            if best.kind == "score":
                break
            held: list[int] = []
            for value in best.hold:
                held.append(next(i for i, v in enumerate(dice) if v == value and i not in held))
            dice = [dice[p] if p in held else face(turn, roll, p) for p in range(5)]
            rolls.append(tuple(dice))
        best = advise(table, card, Dice(dice), 0)[0].action
        assert best.kind == "score"
        card = card.with_score(card.option(best.category, Dice(dice)))
    return rolls


def test_the_optimal_game_is_rebuilt_from_the_secret_alone() -> None:
    game = optimal_game(DailyDice.of_day(DAY, SECRET))
    assert game.rules.name == "yatzy"
    rolled = [e.dice for e in game.events if isinstance(e, DiceRolled)]
    assert rolled == independent_rebuild(SECRET, DAY, "yatzy")
    assert game.state.is_finished


def test_the_optimal_game_compared_with_itself_is_perfect() -> None:
    dice = DailyDice.of_day(DAY, SECRET)
    game = optimal_game(dice)
    result = compare(game.log(), optimal_game(dice))
    assert result.score == result.optimal_score == game.state.players[0].total
    assert result.gave_away == pytest.approx(0, abs=1e-6)
    assert result.marks() == MARK_SYMBOLS["perfect"] * len(game.rules.categories)
    assert [t.you.category for t in result.turns] == [t.optimal.category for t in result.turns]
    assert result.to_dict()["day"] == "2026-11-22"


def _human_game(dice: DailyDice, level: str) -> Match:
    match = Match.create(dice.rules, DAILY_OPTIONS, rng=dice)
    seat = match.join("Kim")
    match.start(seat)
    play_match(match, {seat: player_for(level, match.rules)})
    return match


def test_a_weaker_game_gives_points_away_turn_by_turn() -> None:
    dice = DailyDice.of_day(DAY, SECRET)
    mine = _human_game(dice, "beginner")
    result = compare(mine.log(), optimal_game(dice))
    assert result.score == mine.state.players[0].total
    assert len(result.turns) == len(mine.rules.categories)
    assert result.gave_away > 5  # the beginner plays each turn for its own points
    assert result.gave_away == pytest.approx(sum(t.cost for t in result.turns))
    assert all(t.mark == mark_of(t.cost) for t in result.turns)
    assert "costly" in {t.mark for t in result.turns}
    # the first roll of every turn is the day's, whoever plays it
    for turn in result.turns:
        first = list(dice.throw(turn.turn, 1, range(5)))
        assert turn.you.rolls[0] == turn.optimal.rolls[0] == first
    assert sum(turn.you.points for turn in result.turns) <= result.score  # plus any bonus


def test_an_undone_scoring_is_one_turn() -> None:
    dice = DailyDice.of_day(DAY, SECRET)
    match = Match.create(dice.rules, DAILY_OPTIONS, rng=dice)
    seat = match.join("Kim")
    match.start(seat)
    match.roll(seat)
    match.score(seat, "chance")
    match.undo(seat)
    play_match(match, {seat: player_for("optimal", match.rules)})
    result = compare(match.log(), optimal_game(dice))
    assert len(result.turns) == len(match.rules.categories)
    assert len(result.turns[0].you.rolls) >= 1 and result.turns[0].you.category


def test_the_share_text_spoils_no_dice() -> None:
    dice = DailyDice.of_day(DAY, SECRET)
    result = compare(_human_game(dice, "good-human").log(), optimal_game(dice))
    text = share_text(result, streak=4)
    lines = text.splitlines()
    assert lines[0] == "fivedice daily · 2026-11-22 · " + result.rules.title
    assert lines[1].startswith(f"{result.score} (optimal {result.optimal_score}, ")
    assert lines[2] == result.marks() and len(lines[2]) == len(result.turns)
    assert lines[3] == "Streak: 4 days"
    assert share_text(result).count("\n") == 2
    assert share_text(result, offline=True).startswith("fivedice daily (offline) · 2026-11-22")


def test_an_unfinished_game_is_refused() -> None:
    dice = DailyDice.of_day(DAY, SECRET)
    match = Match.create(dice.rules, DAILY_OPTIONS, rng=dice)
    match.start(match.join("Kim"))
    with pytest.raises(ValueError, match="not finished"):
        compare(match.log(), optimal_game(dice))
