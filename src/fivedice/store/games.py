"""Games: each card of a finished match (one player, one round), and the best of them.

A match of N rounds is N games for each player, so the high-score lists rank single games and
never put a several-round total among one-round games. Periods are calendar periods in UTC:
*week* from Monday 00:00, *month* from the 1st 00:00 (a new week starts with an empty list,
as a club's weekly board does).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, Literal, get_args

from sqlalchemy import Connection, exists, insert, select
from sqlalchemy.exc import IntegrityError

from fivedice.rules import InvalidEvent, MatchState, event_from_dict, fold

from .account_rows import SeatAccountRow
from .daily import daily_in_play
from .models import EventRow, GameScoreRow, HighScoreReset, MatchRow, ResultRow

if TYPE_CHECKING:
    from .store import Store

log = logging.getLogger("fivedice.store.games")

Period = Literal["all", "month", "week"]
PERIODS: tuple[str, ...] = get_args(Period)


@dataclass(frozen=True)
class HighScore:
    """One line of a high-score list: one game (one card) and who played it. `round` counts
    from 0; `rounds` is the length of the match it was part of."""

    name: str
    total: int
    match_id: str
    finished_at: datetime
    round: int = 0
    rounds: int = 1
    seat: int = 0
    account_id: int | None = None  # the account that held the seat, if one did


def game_rows(match_id: str, state: MatchState, finished_at: datetime) -> list[dict[str, Any]]:
    """A finished match's games as rows: every player's card of every round."""
    return [
        {
            "match_id": match_id,
            "preset": state.rules.name,
            "seat": player.seat,
            "round": round_,
            "rounds": len(player.cards),
            "name": player.name,
            "bot": player.bot,
            "score": card.grand_total,
            "complete": card.is_complete,
            "finished_at": finished_at,
        }
        for player in state.players
        for round_, card in enumerate(player.cards)
    ]


def insert_games(conn: Connection, match_id: str, state: MatchState, finished_at: datetime) -> None:
    """Store a finished match's games (in the caller's transaction)."""
    conn.execute(insert(GameScoreRow), game_rows(match_id, state, finished_at))


def period_start(period: Period, now: datetime | None = None) -> datetime | None:
    """When `period` began (UTC): the Monday of this week, the 1st of this month; None: all."""
    if period not in PERIODS:
        raise ValueError(f"A period is one of {', '.join(PERIODS)}, not {period!r}")
    now = (now or datetime.now(UTC)).astimezone(UTC)
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    if period == "week":
        return midnight - timedelta(days=midnight.weekday())
    if period == "month":
        return midnight.replace(day=1)
    return None


def best_games(
    store: Store,
    preset: str,
    *,
    period: Period = "all",
    limit: int = 10,
    include_bots: bool = False,
    now: datetime | None = None,
) -> list[HighScore]:
    """A preset's best complete games since its list's last reset (and within `period`), best
    first, earlier first among equals. Computer players are left out unless asked for."""
    start = period_start(period, now)
    query = (
        select(GameScoreRow, SeatAccountRow.account_id)
        .outerjoin(
            SeatAccountRow,
            (SeatAccountRow.match_id == GameScoreRow.match_id)
            & (SeatAccountRow.seat == GameScoreRow.seat),
        )
        .where(
            GameScoreRow.preset == preset,
            GameScoreRow.complete.is_(True),
            ~daily_in_play(GameScoreRow.match_id),
        )
        .order_by(GameScoreRow.score.desc(), GameScoreRow.finished_at, GameScoreRow.id)
        .limit(limit)
    )
    if not include_bots:
        query = query.where(GameScoreRow.bot.is_(None))
    if start is not None:
        query = query.where(GameScoreRow.finished_at >= start)
    reset = select(HighScoreReset.reset_at).where(HighScoreReset.preset == preset)
    with store.engine.connect() as conn:
        reset_at = conn.scalar(reset)
        if reset_at is not None:
            query = query.where(GameScoreRow.finished_at > reset_at)
        return [
            HighScore(
                r.name,
                r.score,
                r.match_id,
                _aware(r.finished_at),
                r.round,
                r.rounds,
                r.seat,
                r.account_id,
            )
            for r in conn.execute(query)  # the game's columns and the seat's account
        ]


def backfill_games(store: Store) -> int:
    """Give the matches finished before games were stored their games, from their logs; returns
    how many matches were filled in. Each match is its own transaction, so servers doing this
    at once only skip each other's work; a log that no longer folds is left out (and said)."""
    has_games = exists().where(GameScoreRow.match_id == ResultRow.match_id)
    missing = select(ResultRow.match_id, MatchRow.finished_at).join(
        MatchRow, MatchRow.id == ResultRow.match_id
    )
    missing = missing.where(~has_games).distinct()
    filled = 0
    with store.engine.connect() as conn:
        todo = list(conn.execute(missing))
    for match_id, finished_at in todo:
        try:
            with store.engine.begin() as conn:
                payloads = conn.scalars(
                    select(EventRow.payload)
                    .where(EventRow.match_id == match_id)
                    .order_by(EventRow.seq)
                )
                state = fold(event_from_dict(json.loads(p)) for p in payloads)
                moment = _aware(finished_at) if finished_at else datetime.now(UTC)
                insert_games(conn, match_id, state, moment)
            filled += 1
        except IntegrityError:
            continue  # another server filled this one in
        except (InvalidEvent, ValueError) as exc:
            log.warning("a stored log does not fold", extra={"match": match_id, "error": repr(exc)})
    return filled


def _aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; everything stored is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
