"""Saving a finished match's log from the terminal game, as the JSON list of events that
``fivedice replay`` and ``fivedice analyse`` read back."""

from __future__ import annotations

import errno
import json
import os
from datetime import datetime
from pathlib import Path

from fivedice.i18n import Translator
from fivedice.rules import Match

from .words import english

MAX_SAME_NAME = 100  # files of one second tried before giving up (a folder full of saves)


def log_file_name(when: datetime, attempt: int = 0) -> str:
    """A saved log's file name, by the time it was saved ("fivedice-20261125-161400.json");
    a second save in the same second gets "-2", and so on."""
    stem = f"fivedice-{when:%Y%m%d-%H%M%S}"
    return f"{stem}.json" if attempt == 0 else f"{stem}-{attempt + 1}.json"


def save_match_log(match: Match, folder: Path, when: datetime | None = None) -> Path:
    """Write the finished match's log into `folder` under a new name (never over a file that
    is there); returns where it went. Raises OSError when it cannot be written."""
    if not match.state.is_finished:
        raise ValueError("Only a finished match is saved")  # i18n: not text (a caller's mistake)
    text = json.dumps(match.log(), indent=1) + "\n"
    stamp = when or datetime.now()
    for attempt in range(MAX_SAME_NAME):
        path = folder / log_file_name(stamp, attempt)
        try:
            with path.open("x", encoding="utf-8") as out:  # "x": fails if it exists
                out.write(text)
        except FileExistsError:
            continue
        return path
    # The system's own words, as for any other file that cannot be written.
    taken = str(folder / log_file_name(stamp))
    raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), taken)


def save_once(
    match: Match, folder: Path, saved_to: Path | None, words: Translator | None = None
) -> tuple[Path | None, str, bool]:
    """Save the log unless it already was: where it is now, what to tell the player (with the
    command that replays it), and whether saving failed."""
    words = words or english()
    if saved_to is not None:
        return saved_to, words.t("tui.save.already", path=str(saved_to)), False
    try:
        path = save_match_log(match, folder)
    except OSError as exc:
        return None, words.t("tui.save.failed", error=exc), True
    return path, words.t("tui.save.saved", path=str(path)), False
