"""The computer's help: which computer players a table may seat, a hint for the position in
play (the advisor's actions with their expected final scores), and a match's analysis (the
cost of each decision and the expected final score after each turn).

The strategy package is imported only here and only when asked: a server without it still
serves the lobby and play, and answers these with ``not_available``.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query

from fivedice.rules import Dice, Match, Phase
from fivedice.rules.errors import HintsOff
from fivedice.store import UnknownMatch

from ..accounts import Who
from ..context import Ctx
from ..daily import check_secret_kept
from ..errors import Refusal, UnknownTable, refusals
from ..solved import strategy_table

router = APIRouter(prefix="/api", tags=["coach"])

_analyses: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
_ANALYSES_KEPT = 32


@router.get("/computer-players")
async def computer_players(ctx: Ctx) -> list[str]:
    """The computer players' levels a table may seat, weakest first."""
    return ctx.bots.levels()


@router.get("/tables/{table_id}/advice", responses=refusals(404, 409, 422, 503))
async def advice(
    table_id: str,
    ctx: Ctx,
    limit: Annotated[int, Query(ge=1, le=500)] = 5,
    x_seat_token: Annotated[str | None, Header(max_length=64)] = None,
) -> dict[str, Any]:
    """The best actions for the active player now (hold these dice and roll, or score in that
    box), best first, each with the card's expected final score under optimal play after it.

    Refused to everyone (``hints_off``, 403) at a table whose hints are off, until the match
    is over. Asked with the active player's seat token (``X-Seat-Token``), the hint is counted
    in that player's results."""
    table = await ctx.nodes.read(table_id)
    state = table.state
    if not state.hints_open:
        raise HintsOff(reason="until_over")
    if state.phase is not Phase.PLAYING or state.active_seat is None:
        raise Refusal(code="no_position", reason="no_turn")
    if state.dice is None:
        raise Refusal(code="no_position", reason="roll_first")
    if x_seat_token:
        await ctx.nodes.call(table_id, "hint", {"token": x_seat_token})
    seat, dice, rolls_left = state.active_seat, tuple(state.dice), state.rolls_left
    card = state.card(seat)

    def advise_now() -> dict[str, Any]:
        from fivedice.strategy.advisor import advise

        strategy = strategy_table(state.rules)
        actions = advise(strategy, card, Dice(dice), rolls_left)[:limit]
        return {
            "seat": seat,
            "round": state.round,
            "dice": list(dice),
            "rolls_left": rolls_left,
            "expected_now": round(actions[0].expected, 6) if actions else None,
            "actions": [
                {
                    **a.to_dict(),
                    "positions": list(a.action.positions(dice)) if a.action.kind == "hold" else [],
                }
                for a in actions
            ],
        }

    return await asyncio.to_thread(advise_now)


@router.get(
    "/matches/{match_id}/analysis",
    responses=refusals(
        401,
        403,
        404,
        422,
        503,
        say={
            401: "`signed_out`: a bearer token that is not a live API token",
            403: "`hints_off` (the match is not over); `daily_not_over` (a daily game)",
        },
    ),
)
async def analysis(match_id: str, ctx: Ctx, who: Who) -> dict[str, Any]:
    """Every decision of the match valued against optimal play (its cost in expected points)
    and each card's expected final score after each turn, in log order. A daily challenge's
    match: its player's alone until the day is over (``daily_not_over``)."""
    if len(match_id) > 64:
        raise UnknownTable(reason="no_match", match=match_id)
    account = who.account.id if who.account is not None else None
    await asyncio.to_thread(check_secret_kept, ctx.store, match_id, account)
    try:
        match = await asyncio.to_thread(ctx.store.load_match, match_id)
    except UnknownMatch:
        raise UnknownTable(reason="no_match", match=match_id) from None
    if not match.state.hints_open:
        raise HintsOff(reason="analysis")
    key = (match_id, len(match.events))
    cached = _analyses.get(key)
    if cached is not None:
        return cached

    def analyse_now(events: tuple[Any, ...]) -> dict[str, Any]:
        from fivedice.strategy.analysis import analyse

        rules = Match(events[:1]).rules
        return analyse(events, strategy_table(rules)).to_dict()

    result = await asyncio.to_thread(analyse_now, tuple(match.events))
    _analyses[key] = result
    while len(_analyses) > _ANALYSES_KEPT:
        _analyses.popitem(last=False)
    return result
