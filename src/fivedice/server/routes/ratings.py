"""Ratings: a family's best, and one account's ratings and rated matches."""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Annotated

from fastapi import APIRouter, Path, Query

from fivedice.ratings import PROVISIONAL_GAMES
from fivedice.rules import Family, family_presets
from fivedice.store import RatingLine, best_ratings, player_ratings, rating_history

from ..context import Ctx
from ..errors import refusals
from ..protocol import PlayerRatings, RatingBoard, RatingLineView, RatingStepView

router = APIRouter(prefix="/api/ratings", tags=["ratings"])


@router.get("/{family}", response_model=RatingBoard, responses=refusals(422, 503))
async def family_ratings(
    ctx: Ctx, family: Family, limit: Annotated[int, Query(ge=1, le=100)] = 20
) -> RatingBoard:
    """A family's best current ratings (the shown value, ``mu - 3 sigma``), best first; a
    rating with fewer than `provisional_games` rated matches is marked provisional."""
    lines = await asyncio.to_thread(partial(best_ratings, ctx.store, family, limit))
    return RatingBoard(
        family=family.value,
        label=family.label,
        presets=list(family_presets(family)),
        provisional_games=PROVISIONAL_GAMES,
        ratings=[rating_line(line) for line in lines],
    )


@router.get("/accounts/{account_id}", response_model=PlayerRatings, responses=refusals(422, 503))
async def account_ratings(
    ctx: Ctx,
    account_id: Annotated[str, Path(min_length=1, max_length=64)],
    limit: Annotated[int, Query(ge=1, le=500)] = 50,
) -> PlayerRatings:
    """An account's current rating in each family it has played rated matches in, and those
    matches, newest first (empty lists for an account with none)."""
    lines = await asyncio.to_thread(player_ratings, ctx.store, account_id)
    steps = await asyncio.to_thread(partial(rating_history, ctx.store, account_id, limit=limit))
    return PlayerRatings(
        account_id=account_id,
        ratings=[rating_line(line) for line in lines],
        history=[
            RatingStepView(
                match_id=s.match_id,
                family=s.family.value,
                rating_before=s.before.shown,
                rating_after=s.after.shown,
                mu_before=s.before.mu,
                sigma_before=s.before.sigma,
                mu_after=s.after.mu,
                sigma_after=s.after.sigma,
                finished_at=s.finished_at.isoformat(),
            )
            for s in steps
        ],
    )


def rating_line(line: RatingLine) -> RatingLineView:
    """A current rating as the API shows it."""
    return RatingLineView(
        account_id=line.account_id,
        name=line.name,
        family=line.family.value,
        rating=line.rating.shown,
        mu=line.rating.mu,
        sigma=line.rating.sigma,
        games=line.rating.games,
        provisional=line.rating.provisional,
        last_played=line.finished_at.isoformat(),
    )
