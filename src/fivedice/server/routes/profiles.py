"""Profiles: an account's public page in numbers (its ratings and their history, its games
per rule set, its accuracy against the optimal player, its recent matches), read from the
store; nothing is computed at a view (the accuracy is recorded after each match)."""

from __future__ import annotations

import asyncio
import dataclasses
from collections import defaultdict
from typing import Annotated
from urllib.parse import quote

from fastapi import APIRouter, Path

from fivedice.rules import Family, RuleError, preset
from fivedice.store import GameStats, Profile, RatingStep, RecentMatch, load_profile

from ..context import Ctx
from ..daily import hidden_matches
from ..errors import UnknownAccount, refusals
from ..protocol import (
    Accuracy,
    FamilyRating,
    ProfileView,
    RatingPoint,
    RecentMatchView,
    RuleSetStats,
    TableTitle,
)
from ..table_names import stored_title

router = APIRouter(prefix="/api/accounts", tags=["accounts"])

MAX_ACCOUNT_ID = 2**31 - 1


@router.get(
    "/{account_id}/profile",
    response_model=ProfileView,
    responses=refusals(404, 422, 503, say={404: "`unknown_account`: there is no such account"}),
)
async def profile(
    ctx: Ctx, account_id: Annotated[int, Path(ge=1, le=MAX_ACCOUNT_ID)]
) -> ProfileView:
    """An account's public profile: name and kind; per rating family the current rating and
    its history (the newest 200 rated matches); per rule set its played-out games, average
    score, upper-bonus and Yahtzee rates, best game and accuracy; its 20 newest matches."""
    found = await asyncio.to_thread(load_profile, ctx.store, account_id)
    if found is None:
        raise UnknownAccount(account=str(account_id))
    hidden = await asyncio.to_thread(hidden_matches, ctx.store, [m.match_id for m in found.recent])
    if hidden:  # a daily challenge's match shows once its day is over
        found = dataclasses.replace(
            found, recent=[m for m in found.recent if m.match_id not in hidden]
        )
    return profile_view(found)


def profile_view(found: Profile) -> ProfileView:
    """A stored profile as the API shows it."""
    decisions = sum(g.decisions for g in found.games)
    given_away = sum(g.points_given_away for g in found.games)
    return ProfileView(
        account_id=found.account_id,
        name=found.name,
        kind=found.kind,  # type: ignore[arg-type]
        ratings=family_ratings(found),
        games=[rule_set_stats(g) for g in found.games],
        accuracy=Accuracy(
            decisions=decisions,
            points_given_away=round(given_away, 3),
            per_decision=round(given_away / decisions, 4) if decisions else None,
        ),
        recent=[recent_match(m) for m in found.recent],
    )


def family_ratings(found: Profile) -> list[FamilyRating]:
    """Each family's current rating with its history, oldest first."""
    steps: dict[Family, list[RatingStep]] = defaultdict(list)
    for step in reversed(found.history):
        steps[step.family].append(step)
    return [
        FamilyRating(
            family=line.family.value,
            label=line.family.label,
            rating=line.rating.shown,
            mu=line.rating.mu,
            sigma=line.rating.sigma,
            games=line.rating.games,
            provisional=line.rating.provisional,
            history=[
                RatingPoint(
                    match_id=s.match_id,
                    rating=s.after.shown,
                    games=s.after.games,
                    provisional=s.after.provisional,
                    finished_at=s.finished_at.isoformat(),
                )
                for s in steps[line.family]
            ],
        )
        for line in sorted(found.ratings, key=lambda line: line.family.value)
    ]


def rule_set_stats(stats: GameStats) -> RuleSetStats:
    """One rule set's numbers, rounded for people."""
    try:
        title = preset(stats.preset).title
    except RuleError:
        title = stats.preset  # a rule set this server no longer offers
    return RuleSetStats(
        preset=stats.preset,
        title=title,
        games=stats.games,
        average_score=round(stats.average_score, 1),
        upper_bonus_rate=round(stats.upper_bonus_rate, 4),
        yahtzee_rate=round(stats.yahtzee_rate, 4),
        best_score=stats.best_score,
        decisions=stats.decisions,
        points_given_away=round(stats.points_given_away, 3),
        accuracy=round(stats.points_given_away / stats.decisions, 4) if stats.decisions else None,
    )


def recent_match(match: RecentMatch) -> RecentMatchView:
    """One recent match, with the page's link to its replay."""
    return RecentMatchView(
        match_id=match.match_id,
        preset=match.preset,
        name=match.label,
        title=TableTitle.model_validate(title) if (title := stored_title(match.meta)) else None,
        seat=match.seat,
        played_as=match.name,
        total=match.total,
        place=match.place,
        players=match.players,
        rated=match.rated,
        finished_at=match.finished_at.isoformat(),
        replay_url=f"/?view=replay&match={quote(match.match_id)}",
    )
