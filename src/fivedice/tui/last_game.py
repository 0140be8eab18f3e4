"""The last game's set-up, kept between runs of ``fivedice play`` so that the start screen
opens with the same players, rule set, rounds and undo as last time.

It is a small JSON file in the user config directory (``FIVEDICE_CONFIG_DIR`` overrides it).
A file that cannot be read, is too large or no longer makes a valid game is ignored: the
start screen then opens with the defaults.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from fivedice.rules import RuleError

from .setup import GameSetup, SeatSetup

MAX_BYTES = 16_384
"""A set-up of eight players is well under 1 KB: anything larger is not ours."""


def last_game_file() -> Path:
    """Where the last game's set-up is kept."""
    folder = os.environ.get("FIVEDICE_CONFIG_DIR")
    if not folder:
        from platformdirs import user_config_dir

        folder = user_config_dir("fivedice", appauthor=False)
    return Path(folder) / "last-game.json"


def save_last_game(setup: GameSetup, path: Path) -> None:
    """Keep `setup` at `path`; a failure to write costs only the remembering."""
    data = {
        "seats": [{"name": s.name, "computer": s.computer} for s in setup.seats],
        "preset": setup.preset,
        "rounds": setup.rounds,
        "undo_allowed": setup.undo_allowed,
    }
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(".tmp")
        partial.write_text(json.dumps(data), encoding="utf-8")
        partial.replace(path)
    except OSError:
        pass


def load_last_game(path: Path) -> GameSetup | None:
    """The set-up kept at `path`, or None when there is none that makes a valid game."""
    try:
        if path.stat().st_size > MAX_BYTES:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
        setup = GameSetup(
            tuple(
                SeatSetup(
                    str(seat["name"]), None if seat["computer"] is None else str(seat["computer"])
                )
                for seat in data["seats"]
            ),
            str(data["preset"]),
            int(data["rounds"]),
            bool(data["undo_allowed"]),
        )
        setup.validate()
    except (OSError, ValueError, TypeError, KeyError, RuleError):
        return None
    from .computer import computer_levels

    known = {level for _, level in computer_levels()}
    if any(seat.computer is not None and seat.computer not in known for seat in setup.seats):
        return None
    return setup
