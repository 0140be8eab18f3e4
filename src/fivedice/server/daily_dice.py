"""Which dice a stored table rolls: a daily challenge's table (marked ``{"daily": day}`` in its
stored meta) the day's dice, so that a restart, an idle table brought back or another node
taking it over rolls the same faces; any other table, none in particular (the caller's)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from fivedice.rules.daily import DailyDice
from fivedice.store import Store

DAILY_META = "daily"


def daily_day(meta: Mapping[str, object]) -> date | None:
    """The day of a daily table's stored meta, or None for another table."""
    value = meta.get(DAILY_META)
    if not isinstance(value, str):
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None


def daily_dice(store: Store, meta: Mapping[str, object]) -> DailyDice | None:
    """The day's dice of a daily table (blocking: reads the day's secret), or None."""
    day = daily_day(meta)
    if day is None:
        return None
    return DailyDice.of_day(day, store.daily_secret(day))
