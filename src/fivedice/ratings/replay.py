"""Which finished matches count for ratings, and every rating recomputed from them in order.

The store records a rated match's changes when the match ends; :func:`recompute` rebuilds the
same numbers from the matches' logs alone (the same model, the same order: by finish time),
so the ratings history can be checked, or rebuilt, at any time.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime

from fivedice.rules import Family, MatchState

from .model import MAX_PLAYERS, MIN_PLAYERS, Placed, Rating, RatingChange, rank_seats, rate


@dataclass(frozen=True)
class RatedMatch:
    """A finished rated match as the ratings see it: its family, when it ended, and each
    player's account and rank (in seat order)."""

    match_id: str
    family: Family
    finished_at: datetime
    players: tuple[tuple[str, int], ...]


def rated_match(
    match_id: str, finished_at: datetime, state: MatchState, accounts: Mapping[int, str]
) -> RatedMatch | None:
    """The match as the ratings count it, or None when it does not count: not rated, not
    finished, a seat held by nobody signed in (`accounts` maps seats to account ids), one
    account in two seats, or not 2 to 8 players."""
    outcome = state.outcome
    if not state.options.rated or outcome is None:
        return None
    seats = [s.seat for s in outcome.standings]
    if any(seat not in accounts for seat in seats):
        return None
    if len({accounts[seat] for seat in seats}) != len(seats):
        return None
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        return None
    ranks = rank_seats(outcome)
    players = tuple((accounts[seat], ranks[seat]) for seat in sorted(seats))
    return RatedMatch(match_id, state.rules.family, finished_at, players)


def changes_for(match: RatedMatch, current: Mapping[str, Rating]) -> list[RatingChange]:
    """What `match` does to its players' ratings, given each one's rating before it (an
    account missing from `current` is a newcomer)."""
    placed = [
        Placed(account, rank, current.get(account, Rating.newcomer()))
        for account, rank in match.players
    ]
    return rate(match.match_id, match.family, placed)


def recompute(matches: Iterable[RatedMatch]) -> list[RatingChange]:
    """Every rating change, replaying the rated matches in order of their end (ties by id)."""
    current: dict[Family, dict[str, Rating]] = {}
    changes: list[RatingChange] = []
    for match in sorted(matches, key=lambda m: (m.finished_at, m.match_id)):
        family = current.setdefault(match.family, {})
        moved = changes_for(match, family)
        for change in moved:
            family[change.account_id] = change.after
        changes.extend(moved)
    return changes
