"""A player's rating in one family and how a rated match moves it: OpenSkill's Plackett–Luce
model, each player a team of one, ties sharing a rank.

Shown value: the ordinal ``mu - 3 * sigma`` (a cautious estimate: the skill the player has with
about 99.7% confidence, 0 for a newcomer), rounded for people. A rating is *provisional* until
the player has finished :data:`PROVISIONAL_GAMES` rated matches in the family: counting games
is easy to explain ("two more games"), and by then sigma has fallen well below a newcomer's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from openskill.models import PlackettLuce

from fivedice.rules import Family, Outcome

PROVISIONAL_GAMES = 5
ORDINAL_Z = 3.0  # sigmas below mu: the shown rating is the cautious estimate
MIN_PLAYERS, MAX_PLAYERS = 2, 8


@cache
def _model() -> PlackettLuce:
    """OpenSkill's Plackett–Luce model with its own defaults (mu 25, sigma 25/3)."""
    return PlackettLuce()


@dataclass(frozen=True)
class Rating:
    """A player's skill in one family: mean and uncertainty, and how many rated matches made it."""

    mu: float
    sigma: float
    games: int = 0

    @classmethod
    def newcomer(cls) -> Rating:
        """The rating of someone who has never finished a rated match in the family."""
        model = _model()
        return cls(model.mu, model.sigma, 0)

    @property
    def ordinal(self) -> float:
        """The shown value: ``mu - 3 sigma``."""
        return self.mu - ORDINAL_Z * self.sigma

    @property
    def provisional(self) -> bool:
        """Too few rated matches for the number to mean much yet."""
        return self.games < PROVISIONAL_GAMES

    @property
    def shown(self) -> float:
        """The ordinal as people see it: one decimal."""
        return round(self.ordinal, 1)


@dataclass(frozen=True)
class Placed:
    """One player of a finished rated match: who (an account id), where they finished (1 is
    first; ties share a rank; leavers come last), and their rating before the match."""

    account_id: str
    rank: int
    before: Rating


@dataclass(frozen=True)
class RatingChange:
    """How one rated match moved one player's rating."""

    match_id: str
    account_id: str
    family: Family
    before: Rating
    after: Rating


def rank_seats(outcome: Outcome) -> dict[int, int]:
    """Each seat's rank for rating: its place, ties sharing it; a player who left or forfeited
    ranks last, tied with every other leaver."""
    placed = [s.place for s in outcome.standings if s.place is not None]
    last = max(placed, default=0) + 1
    return {s.seat: s.place if s.place is not None else last for s in outcome.standings}


def rate(match_id: str, family: Family, players: Sequence[Placed]) -> list[RatingChange]:
    """The new ratings after a rated match of 2 to 8 players, in the order given."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"A rated match has {MIN_PLAYERS} to {MAX_PLAYERS} players")
    if len({p.account_id for p in players}) != len(players):
        raise ValueError("A rated match has each account once")
    model = _model()
    teams = [[model.rating(mu=p.before.mu, sigma=p.before.sigma)] for p in players]
    rated = model.rate(teams, ranks=[float(p.rank) for p in players])
    return [
        RatingChange(
            match_id,
            p.account_id,
            family,
            p.before,
            Rating(team[0].mu, team[0].sigma, p.before.games + 1),
        )
        for p, team in zip(players, rated, strict=True)
    ]
