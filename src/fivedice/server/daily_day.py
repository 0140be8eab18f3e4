"""The daily challenge's day as this server sees it: today's UTC date, or the day the
``FIVEDICE_DAILY_DATE`` setting fixes (for demonstrations and tests that must not depend on
when they run). Every daily route and view reads the day here, and the store's daily queries
(ranked or not, in play or not) take the same day, so one setting moves them all."""

from __future__ import annotations

from datetime import date

from fivedice.store.daily import challenge_day, fix_challenge_day


def fix_day(day: date | None) -> None:
    """Serve the challenge of `day` from now on (None: follow the UTC date again)."""
    fix_challenge_day(day)


def today() -> date:
    """The challenge's day now: the fixed day if one is set, else the UTC date."""
    return challenge_day()
