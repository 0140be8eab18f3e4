"""What the daily challenge's routes answer: today's challenge, an account's result, the list
of days and one day's leaderboard, built from the store (blocking: the routes run these in a
thread). Nothing of a day's dice, secret or tables is shown before the day is over."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any, cast

from fivedice.rules import RuleSet, preset
from fivedice.rules.daily import EVERYDAY_PRESET, preset_of_day
from fivedice.store import Store
from fivedice.store.daily import (
    account_attempts,
    anyone_finished,
    daily_secret,
    day_scores,
    days_played,
    get_attempt,
    get_optimal,
    leaderboard,
    players_of_day,
    streak,
)

from .daily import day_dice, is_over, make_up_comparison, optimal_match
from .daily_day import today
from .daily_stats import histogram, percentile, rank_of
from .errors import NoDailyResult

LEADERBOARD_TOP = 50
STREAK_LOOKBACK = timedelta(days=3660)  # a streak longer than ten years is counted to there


def rules_of(rules: str) -> dict[str, Any]:
    """A day's rule set as the page marks it: its name and title, and whether it is a
    variant (not the everyday official rules)."""
    return {"rules": rules, "rules_title": preset(rules).title, "variant": rules != EVERYDAY_PRESET}


def ends_at(day: date) -> str:
    """When the day's challenge ends: the next midnight UTC, ISO 8601."""
    return datetime.combine(day + timedelta(days=1), time(0), tzinfo=UTC).isoformat()


def streak_of(store: Store, account_id: int, now: date) -> int:
    """The account's days played in a row (finished attempts), ending today or yesterday."""
    attempts = account_attempts(store, account_id, since=now - STREAK_LOOKBACK)
    return streak([a.day for a in attempts if a.finished], now)


def today_view(store: Store, account_id: int | None) -> dict[str, Any]:
    """``GET /api/daily``: today's challenge, and the account's attempt and streak."""
    day = today()
    attempt = None
    run = 0
    if account_id is not None:
        found = get_attempt(store, day, account_id)
        if found is not None:
            found = make_up_comparison(store, found)
            attempt = {
                "table_id": found.table_id,
                "status": "finished" if found.finished else "playing",
                "score": found.score,
            }
        run = streak_of(store, account_id, day)
    return {
        "day": day.isoformat(),
        **rules_of(preset_of_day(day)),
        "ends_at": ends_at(day),
        "players": players_of_day(store, day),
        "attempt": attempt,
        "streak": run,
    }


def result_view(store: Store, day: date, account_id: int) -> dict[str, Any]:
    """``GET /api/daily/{day}/result``: the account's finished attempt beside the optimal
    game, its rank and percentile among the day's players, the day's histogram and the text
    to share (``no_daily_result`` without a finished attempt)."""
    attempt = get_attempt(store, day, account_id)
    if attempt is not None:
        attempt = make_up_comparison(store, attempt)
    if attempt is None or not attempt.finished or attempt.comparison is None:
        raise NoDailyResult(reason="yours", day=str(day))
    score = int(attempt.score or 0)
    comparison = attempt.comparison
    optimal = int(comparison["optimal_score"])
    scores = day_scores(store, day)
    run = streak_of(store, account_id, today())
    return {
        "day": day.isoformat(),
        "rules": attempt.rules,
        "rules_title": preset(attempt.rules).title,
        "score": score,
        "optimal_score": optimal,
        "gave_away": attempt.gave_away,
        "rank": rank_of(score, scores),
        "players": len(scores),
        "percentile": percentile(score, scores),
        "histogram": histogram(scores, score, optimal),
        "comparison": comparison,
        "share": share_of(comparison, run),
        "streak": run,
        "over": is_over(day),
        "ranked": bool(attempt.ranked),
    }


@dataclass(frozen=True)
class StoredComparison:
    """A stored comparison as :func:`fivedice.strategy.daily.share_text` reads one."""

    day: str
    rules: RuleSet
    score: int
    optimal_score: int
    marked: str

    def marks(self) -> str:
        """One symbol per turn, as stored."""
        return self.marked


def share_of(comparison: dict[str, Any], run: int) -> str:
    """The text to share (the strategy's words), from a stored comparison and the streak."""
    from fivedice.strategy.daily import share_text

    stored = StoredComparison(
        str(comparison["day"]),
        preset(str(comparison["rules"])),
        int(comparison["score"]),
        int(comparison["optimal_score"]),
        str(comparison["marks"]),
    )
    return str(share_text(cast(Any, stored), run))


def days_view(store: Store, before: date, limit: int, account_id: int | None) -> dict[str, Any]:
    """``GET /api/daily/days``: the days before `before` (up to today), newest first, each with
    its players, best score, the optimal score once over and the account's score."""
    now = today()
    last = min(before - timedelta(days=1), now)
    lines = {line.day: line for line in days_played(store, last, limit)}
    mine: dict[date, int | None] = {}
    if account_id is not None:
        mine = {a.day: a.score for a in account_attempts(store, account_id, since=None)}
    if last == now and now not in lines:
        shown = [now, *sorted(lines, reverse=True)][:limit]
    else:
        shown = sorted(lines, reverse=True)[:limit]
    days = []
    for day in shown:
        line = lines.get(day)
        rules = line.rules if line is not None else preset_of_day(day)
        days.append(
            {
                "day": day.isoformat(),
                **rules_of(rules),
                "players": line.players if line is not None else 0,
                "best_score": line.best_score if line is not None else None,
                "optimal_score": (
                    line.optimal_score if line is not None and is_over(day) else None
                ),
                "your_score": mine.get(day),
            }
        )
    return {"days": days}


def day_view(store: Store, day: date, account_id: int | None) -> dict[str, Any]:
    """``GET /api/daily/{day}``: the day's leaderboard (top 50 and the account's own row) and
    histogram; once the day is over, its secret, optimal score and players' tables too."""
    over = is_over(day)
    # A day over is published: one nobody played gets its secret now (nothing can be played
    # on it any more). Its optimal game is computed only for a day someone finished.
    secret = daily_secret(store, day) if over else None
    optimal_score = None
    rules = preset_of_day(day)
    rows = leaderboard(store, day, LEADERBOARD_TOP, account_id)
    scores = day_scores(store, day)
    if over:
        stored = get_optimal(store, day)
        if stored is None and anyone_finished(store, day):
            stored_match = optimal_match(store, day_dice(store, day))
            optimal_score = stored_match.state.players[0].total
        elif stored is not None:
            optimal_score, rules = stored.score, stored.rules
    you = next((r.score for r in rows if r.account_id == account_id), None)
    # Whether the viewer finished the day (ranked or, finished after it, not): the page asks
    # for the result only then, since "none" would be an error in the browser's console.
    attempt = get_attempt(store, day, account_id) if account_id is not None else None
    return {
        "day": day.isoformat(),
        **rules_of(rules),
        "over": over,
        "played": attempt is not None and attempt.finished,
        "players": len(scores),
        "optimal_score": optimal_score,
        "secret": secret.hex() if secret is not None else None,
        "histogram": histogram(scores, you, optimal_score),
        "leaderboard": [
            {
                "rank": r.rank,
                "name": r.name,
                "score": r.score,
                "table_id": r.table_id if over else None,
                "you": r.account_id == account_id,
            }
            for r in rows
        ],
    }


def optimal_view(store: Store, day: date) -> dict[str, Any]:
    """``GET /api/daily/{day}/optimal`` (once the day is over): the optimal player's game on
    the day's dice, its log as stored, for anyone to check against the published secret."""
    if get_optimal(store, day) is None and not anyone_finished(store, day):
        raise NoDailyResult(reason="nobody", day=str(day))
    match = optimal_match(store, day_dice(store, day))
    return {
        "day": day.isoformat(),
        "rules": match.rules.name,
        "score": match.state.players[0].total,
        "events": [e.to_dict() for e in match.events],
    }
