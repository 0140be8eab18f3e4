"""Checks of the settings that name a choice or an address (the log level, the Redis URL, ...):
each wrong one is refused in one line that says what is allowed, before the server starts."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .settings import Settings

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LOG_FORMATS = ("json", "text")
WS_IMPLS = ("auto", "none", "websockets", "websockets-sansio", "wsproto")  # uvicorn's names
REDIS_URL_FORM = "redis://[:password@]host[:port][/db], rediss://... or unix:///path"


def operations_problem(settings: Settings) -> str | None:
    """What is wrong with the choices and addresses among `settings`, in one line (None: all
    usable)."""
    return (
        redis_url_problem(settings.redis_url)
        or log_level_problem(settings.log_level)
        or _choice_problem("FIVEDICE_LOG_FORMAT", settings.log_format, LOG_FORMATS)
        or _choice_problem("FIVEDICE_WS_IMPL", settings.ws_impl, WS_IMPLS)
        or gc_thresholds_problem(settings.gc_thresholds)
    )


def redis_url_problem(url: str | None) -> str | None:
    """A Redis URL its client could not use (checked by the client's own parser)."""
    if url is None:
        return None
    from redis.connection import parse_url  # only a cluster gets here: the extra is installed

    try:
        parse_url(url)
    except ValueError as exc:  # the message names the scheme or the port, never the password
        return f"FIVEDICE_REDIS_URL: {exc}; expected {REDIS_URL_FORM}"
    return None


def log_level_problem(level: str) -> str | None:
    """A log level Python's logging does not know (it would end in a traceback)."""
    if level.upper() in logging.getLevelNamesMapping():
        return None
    return _choice_problem("FIVEDICE_LOG_LEVEL", level, LOG_LEVELS)


def gc_thresholds_problem(thresholds: str) -> str | None:
    """Thresholds ``gc.set_threshold`` would refuse: one to three whole numbers, 0 or more."""
    if not thresholds.strip():
        return None
    parts = thresholds.split(",")
    if len(parts) <= 3 and all(_small_count(part) for part in parts):
        return None
    return (
        "FIVEDICE_GC_THRESHOLDS must be one to three whole numbers, such as 20000,50,1000 "
        f"(empty: Python's own), not {shown(thresholds)}"
    )


def _small_count(text: str) -> bool:
    return text.strip().isdecimal() and int(text) < 2**31


def _choice_problem(name: str, value: str, allowed: tuple[str, ...]) -> str | None:
    if value in allowed:
        return None
    return f"{name} must be one of {', '.join(allowed)}, not {shown(value)}"


def shown(value: str) -> str:
    """A value as an error line quotes it: at most 40 characters, so the line stays one line."""
    return repr(value if len(value) <= 40 else value[:40] + "...")
