"""ComputerSeats: one player per level and rule set, decisions turned into seat moves."""

from __future__ import annotations

from fivedice.strategy import StrategyTable
from fivedice.strategy.seats import ComputerSeats, SeatMove

from .conftest import ChanceEndgame


def test_moves_follow_the_turn(official: StrategyTable, chance_endgame: ChanceEndgame) -> None:
    seats = ComputerSeats()
    assert seats.levels() == ["beginner", "good-human", "optimal", "win-seeking"]
    state, seeker = chance_endgame([6, 6, 6, 5, 5], [5, 5, 5, 6, 6])
    assert seats.needs_preparing("optimal", state)
    # Only Chance is open and 27 shows: the optimal player scores it.
    assert seats.decide("optimal", state, seeker) == SeatMove(category="chance")
    assert not seats.needs_preparing("optimal", state)
    # The win-seeker is one point behind and rolls again, keeping dice by position.
    move = seats.decide("win-seeking", state, seeker)
    assert not move.is_score and all(0 <= i < 5 for i in move.hold)
