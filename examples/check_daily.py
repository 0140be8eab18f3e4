"""Check a finished daily challenge game against the day's published secret.

Standard library only, so that anyone can check a day without trusting fivedice: every roll
of the game must keep its held dice and give every thrown position the day's face for that
(turn, roll, position).

    python examples/check_daily.py YYYY-MM-DD SECRET_HEX game.json

`game.json` is a match log as `fivedice export` writes it or `GET /api/matches/{id}/log`
answers it (a list of events, or an object with an "events" list). Prints one line per turn
and exits 0 when every die is the day's, 1 at the first die that is not.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import sys
from pathlib import Path
from typing import Any


def face(secret: bytes, day: str, rules: str, turn: int, roll: int, position: int) -> int:
    """The day's face at (turn, roll, position): the first HMAC-SHA256 byte below 252,
    modulo 6, plus 1 (re-hashing the block in the unlikely case that no byte is)."""
    message = f"fivedice-daily|{day}|{rules}|{turn}|{roll}|{position}".encode()
    block = hmac.new(secret, message, hashlib.sha256).digest()
    while True:
        for byte in block:
            if byte < 252:
                return 1 + byte % 6
        block = hashlib.sha256(block).digest()


def check(secret: bytes, day: str, events: list[dict[str, Any]]) -> list[str]:
    """The game's turns, one line each; raises ValueError at the first die that is not the
    day's."""
    rules = events[0]["rules"]["name"]
    lines: list[str] = []
    scored: list[tuple[int, list[int] | None]] = []  # each scored turn's rolls and dice
    turn, roll, before = 1, 0, None
    for event in events[1:]:
        if event["type"] == "rolled":
            roll += 1
            dice, held = event["dice"], set(event["held"])
            for position in range(5):
                if position in held and before is not None:
                    want = before[position]
                else:
                    want = face(secret, day, rules, turn, roll, position)
                if dice[position] != want:
                    raise ValueError(
                        f"Turn {turn}, roll {roll}, die {position + 1}: {dice[position]}, "
                        f"but the day's face is {want}"
                    )
            before = dice
        elif event["type"] == "scored":
            lines.append(f"turn {turn:2}: {roll} roll(s), {event['category']} {event['points']}")
            scored.append((roll, before))
            turn, roll, before = turn + 1, 0, None
        elif event["type"] == "undone":  # the turn is reopened with its dice and rolls
            roll, before = scored.pop()
            turn -= 1
            lines.pop()
    return lines


def main(argv: list[str]) -> int:
    """Check the game in argv[3] against the day in argv[1] and its secret in argv[2]."""
    if len(argv) != 4:
        print("usage: python examples/check_daily.py YYYY-MM-DD SECRET_HEX game.json")
        return 2
    day, secret = argv[1], bytes.fromhex(argv[2])
    data = json.loads(Path(argv[3]).read_text())
    events = data["events"] if isinstance(data, dict) else data
    try:
        for line in check(secret, day, events):
            print(line)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 1
    print("Every die is the day's.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
