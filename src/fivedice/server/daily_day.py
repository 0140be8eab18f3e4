"""The daily challenge's day as this server sees it: today's UTC date, or the day the
``FIVEDICE_DAILY_DATE`` setting fixes (for demonstrations and tests that must not depend on
when they run). Every daily route and view reads the day here, so one setting moves them all."""

from __future__ import annotations

from datetime import date

from fivedice.rules.daily import today as utc_today

_fixed: date | None = None


def fix_day(day: date | None) -> None:
    """Serve the challenge of `day` from now on (None: follow the UTC date again)."""
    global _fixed
    _fixed = day


def today() -> date:
    """The challenge's day now: the fixed day if one is set, else the UTC date."""
    return _fixed if _fixed is not None else utc_today()
