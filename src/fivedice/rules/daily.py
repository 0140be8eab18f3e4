"""The daily challenge's dice: the same luck for everyone who plays a day.

A day's dice are a fixed function of the day, its rule set and the day's secret (32 random
bytes, kept by the server and published once the day is over, so that anyone can check the
day afterwards). Every die that can ever be thrown in the day's game has one face, indexed by

- ``turn``: the player's own turn, 1 for the first box filled, up to the card's boxes;
- ``roll``: the roll within that turn, 1 to 3;
- ``position``: the die's place on the table, 0 to 4 (left to right).

A roll keeps the held positions' faces and gives every thrown position ``p`` the face
``face(turn, roll, p)``: two players who hold differently face the same luck wherever they
both throw, and holding a die never shifts a face anyone sees.

The face, written out so that any language can rebuild it::

    message = "fivedice-daily|{day}|{rule set}|{turn}|{roll}|{position}"  (UTF-8, day as
              YYYY-MM-DD, rule set by its preset name, numbers in decimal)
    block   = HMAC-SHA256(key=secret, message)
    face    = 1 + (b mod 6) for the first byte b of block with b < 252;
              if all 32 bytes are 252 or more, block = SHA256(block) and look again

Bytes of 252 and above are skipped so that each face has exactly the chance 1/6.

    >>> dice = DailyDice(date(2026, 11, 25), "official", bytes(32))
    >>> dice.throw(1, 1, range(5))
    (1, 6, 5, 6, 6)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Protocol, runtime_checkable

from .errors import RuleError
from .presets import preset

SECRET_BYTES = 32
FIRST_DAY = date(2026, 11, 1)  # the challenge's first day: there is no day before it
_FAIR_BELOW = 252  # 42 * 6: a byte below it maps to each face equally often

# The rule set of each day of the week (Monday is 0); Saturday's rotates (below).
_WEEKDAY_PRESETS: dict[int, str] = {6: "yatzy"}
SATURDAY_ROTATION: tuple[str, ...] = (
    "free-joker",
    "general",
    "classic-1986",
    "yacht",
    "vp-games",
    "general-no-chance",
    "printable",
)
EVERYDAY_PRESET = "official"
SATURDAY = 5


class InvalidSecret(RuleError):
    """A day's secret that is not 32 bytes (64 hexadecimal digits)."""

    code = "invalid_secret"


@runtime_checkable
class IndexedDice(Protocol):
    """A source of dice that gives each (turn, roll, position) one face, whoever throws."""

    def throw(self, turn: int, roll: int, positions: Iterable[int]) -> tuple[int, ...]:
        """The faces of the thrown `positions` (in that order) at `roll` of `turn`."""
        ...


def today() -> date:
    """The challenge's day now: days change at midnight UTC, the same instant everywhere."""
    return datetime.now(UTC).date()


def preset_of_day(day: date) -> str:
    """The day's rule set: Yatzy on Sundays, a rotating variant on Saturdays (one after
    another, week by week), the official rules on the other days."""
    weekday = day.weekday()
    if weekday == SATURDAY:
        week = day.toordinal() // 7
        return SATURDAY_ROTATION[week % len(SATURDAY_ROTATION)]
    return _WEEKDAY_PRESETS.get(weekday, EVERYDAY_PRESET)


def new_secret() -> bytes:
    """A fresh day's secret."""
    return secrets.token_bytes(SECRET_BYTES)


def read_secret(text: str) -> bytes:
    """A published secret (64 hexadecimal digits) as bytes; refuses anything else."""
    try:
        secret = bytes.fromhex(text.strip())
    except ValueError:
        raise InvalidSecret(reason="hex") from None
    if len(secret) != SECRET_BYTES:
        raise InvalidSecret(reason="hex")
    return secret


def face(secret: bytes, day: date, rules: str, turn: int, roll: int, position: int) -> int:
    """The one face of the day's die at (`turn`, `roll`, `position`), as the module says."""
    message = f"fivedice-daily|{day.isoformat()}|{rules}|{turn}|{roll}|{position}".encode()
    block = hmac.new(secret, message, hashlib.sha256).digest()
    while True:
        for byte in block:
            if byte < _FAIR_BELOW:
                return 1 + byte % 6
        block = hashlib.sha256(block).digest()


@dataclass(frozen=True)
class DailyDice:
    """The dice of one day under one rule set: pass it to a :class:`~fivedice.rules.Match`
    as its dice source, and every roll takes its faces from here."""

    day: date
    rules: str
    secret: bytes

    def __post_init__(self) -> None:
        if len(self.secret) != SECRET_BYTES:
            raise InvalidSecret(reason="bytes")
        preset(self.rules)  # an unknown rule set is refused here, not at the first roll

    @classmethod
    def of_day(cls, day: date, secret: bytes) -> DailyDice:
        """The day's dice under the day's rule set."""
        return cls(day, preset_of_day(day), secret)

    def face(self, turn: int, roll: int, position: int) -> int:
        """The face at (`turn`, `roll`, `position`)."""
        return face(self.secret, self.day, self.rules, turn, roll, position)

    def throw(self, turn: int, roll: int, positions: Iterable[int]) -> tuple[int, ...]:
        """The faces of the thrown `positions` at `roll` of `turn`."""
        return tuple(self.face(turn, roll, p) for p in positions)

    def randint(self, a: int, b: int) -> int:
        """A day's dice are indexed, never drawn at random: a daily table has one seat, so
        there is no roll for first turn to draw."""
        raise RuleError(reason="daily_dice_fixed")
