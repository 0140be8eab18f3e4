"""The events a match is made of. The match state is a pure fold of these.

Each event is a small frozen dataclass that serialises to a JSON object with a ``type`` field;
``event_from_dict`` reads one back, so a saved log replays to the identical state.
"""

from __future__ import annotations

import functools
import types
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar, Union, get_args, get_origin, get_type_hints

from .errors import InvalidEvent


@dataclass(frozen=True)
class Event:
    """Base of every match event."""

    type: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        """The event as a JSON-ready object: ``{"type": ..., **fields}``."""
        data = asdict(self)
        for key, value in data.items():
            if isinstance(value, tuple):
                data[key] = _listify(value)
        return {"type": self.type, **data}


def _listify(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_listify(v) for v in value]
    return value


@dataclass(frozen=True)
class MatchCreated(Event):
    """A new match with its rule set (written out whole, so replays never depend on presets)
    and its options."""

    type: ClassVar[str] = "created"
    rules: dict[str, Any]
    options: dict[str, Any]


@dataclass(frozen=True)
class PlayerJoined(Event):
    """A player took a seat; `bot` names the computer player driving it, if any."""

    type: ClassVar[str] = "joined"
    seat: int
    name: str
    bot: str | None = None


@dataclass(frozen=True)
class PlayerLeft(Event):
    """A player left (or the host removed them). Before the start the seat is freed;
    after it, the player is skipped from then on."""

    type: ClassVar[str] = "left"
    seat: int


@dataclass(frozen=True)
class MatchStarted(Event):
    """The host started the match. `order` is the seats' turn order; `roll_off` lists each
    round of the roll for first turn as (seat, face) pairs (empty when the host starts)."""

    type: ClassVar[str] = "started"
    order: tuple[int, ...]
    roll_off: tuple[tuple[tuple[int, int], ...], ...] = ()


@dataclass(frozen=True)
class DiceHeld(Event):
    """The active player chose which dice (by position 0-4) to keep for the next roll."""

    type: ClassVar[str] = "held"
    seat: int
    held: tuple[int, ...]


@dataclass(frozen=True)
class DiceRolled(Event):
    """A roll: all five dice as they now lie, by position, and the positions that were kept."""

    type: ClassVar[str] = "rolled"
    seat: int
    dice: tuple[int, ...]
    held: tuple[int, ...] = ()


@dataclass(frozen=True)
class BoxScored(Event):
    """Dice written into a box. `scratch` marks a 0 forced by the clock, not by the player."""

    type: ClassVar[str] = "scored"
    seat: int
    category: str
    points: int
    bonus: int = 0
    round: int = 0
    scratch: bool = False


@dataclass(frozen=True)
class ScoreUndone(Event):
    """The last scoring was taken back; the player's turn resumes as it was before it."""

    type: ClassVar[str] = "undone"
    seat: int
    category: str


@dataclass(frozen=True)
class ChatPosted(Event):
    """A chat line from a player (`seat`) or a spectator (`seat` None)."""

    type: ClassVar[str] = "chat"
    author: str
    text: str
    seat: int | None = None


@dataclass(frozen=True)
class ClockExpired(Event):
    """The active player's time for the hand ran out (reported by whoever keeps the clock)."""

    type: ClassVar[str] = "clock_expired"
    seat: int


@dataclass(frozen=True)
class PlayerAbsent(Event):
    """The active player was away when their turn came (or left during it) and stayed away
    past the table's grace time; `skipped_by` is the host's seat when the host passed the turn
    at once. A scratch of their lowest-value open box follows, and after three absent turns in
    a row their leaving."""

    type: ClassVar[str] = "absent"
    seat: int
    skipped_by: int | None = None


@dataclass(frozen=True)
class HostPassed(Event):
    """The host's role passed to another person at the table (the host was away)."""

    type: ClassVar[str] = "host_passed"
    seat: int


@dataclass(frozen=True)
class HintShown(Event):
    """The computer's advice was shown to the active player on their turn (counted in the
    results, where the table's hints are on)."""

    type: ClassVar[str] = "hint"
    seat: int


EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls
    for cls in (
        MatchCreated,
        PlayerJoined,
        PlayerLeft,
        MatchStarted,
        DiceHeld,
        DiceRolled,
        BoxScored,
        ScoreUndone,
        ChatPosted,
        ClockExpired,
        PlayerAbsent,
        HostPassed,
        HintShown,
    )
}


_FIELD_TYPES: dict[str, dict[str, Any]] = {
    name: {f.name: get_type_hints(cls)[f.name] for f in fields(cls)}
    for name, cls in EVENT_TYPES.items()
}


def event_from_dict(data: dict[str, Any]) -> Event:
    """Read an event back from :meth:`Event.to_dict`'s output (e.g. a parsed JSON line)."""
    try:
        cls = EVENT_TYPES[data["type"]]
    except (KeyError, TypeError):
        raise InvalidEvent(reason="not_an_event", detail=repr(data)) from None
    checks = _FIELD_CHECKS[cls.type]
    values: dict[str, Any] = {}
    for name, value in data.items():
        if name == "type" or name == "seq":
            continue
        check = checks.get(name)
        if check is None:
            raise InvalidEvent(reason="no_field", event=cls.type, field=name)
        if isinstance(value, list):
            value = _tuplify(value)
        # A log read from disk or a socket is untrusted: a value of the wrong type would
        # otherwise reach the fold and fail there with a TypeError or an IndexError.
        if not check(value):
            raise InvalidEvent(
                reason="bad_value", event=cls.type, field=name, value=repr(data[name])
            )
        values[name] = value
    try:
        return cls(**values)
    except TypeError as exc:
        raise InvalidEvent(reason="malformed", event=cls.type, detail=str(exc)) from None


@functools.cache
def _checker(hint: Any) -> Callable[[Any], bool]:
    """The check of a value against an event field's type, made once per type (a log of
    hundreds of events is read whenever a server takes a table over)."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is Any:
        return lambda value: True
    if origin is Union or origin is types.UnionType:
        options = tuple(_checker(h) for h in args)
        return lambda value: any(check(value) for check in options)
    if hint is type(None):
        return lambda value: value is None
    if hint is int:
        return lambda value: isinstance(value, int) and not isinstance(value, bool)
    if hint in (str, bool):
        return lambda value: isinstance(value, hint)
    if origin is dict:
        key, item = _checker(args[0]), _checker(args[1])
        return lambda value: (
            isinstance(value, dict) and all(key(k) and item(v) for k, v in value.items())
        )
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            each = _checker(args[0])
            return lambda value: isinstance(value, tuple) and all(each(v) for v in value)
        checks = tuple(_checker(h) for h in args)
        return lambda value: (
            isinstance(value, tuple)
            and len(value) == len(checks)
            and all(check(v) for check, v in zip(checks, value, strict=True))
        )
    raise AssertionError(f"event field type {hint!r} has no check")


def _tuplify(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    return value


# Each event type's field checks, made once (a node taking tables over reads thousands).
_FIELD_CHECKS: dict[str, dict[str, Callable[[Any], bool]]] = {
    name: {field: _checker(hint) for field, hint in known.items()}
    for name, known in _FIELD_TYPES.items()
}
