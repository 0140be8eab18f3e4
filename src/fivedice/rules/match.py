"""A match: the event log, its folded state, and the intents players send.

Each intent is checked against the state, turned into events, folded, and only then appended,
so an illegal intent raises a :class:`RuleError` that says which rule it broke and leaves the
match exactly as it was::

    >>> import random
    >>> from fivedice.rules import Match
    >>> m = Match.create(rng=random.Random(7))
    >>> ann = m.join("Ann")
    >>> m.start(ann)
    >>> m.roll(ann).dice
    (3, 2, 4, 6, 1)
    >>> m.score(ann, "chance").points
    16
"""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import reduce
from typing import Protocol

from .daily import IndexedDice
from .dice import Dice
from .errors import (
    ChatTooLong,
    ComputerInRatedMatch,
    HintsOff,
    InvalidEvent,
    InvalidHold,
    MatchAlreadyStarted,
    MatchFinished,
    MatchNotStarted,
    MustRollFirst,
    NameTaken,
    NoRollsLeft,
    NotEnoughPlayers,
    NotHost,
    NotYourTurn,
    RuleError,
    TableFull,
    UndoNotAllowed,
    UnknownSeat,
)
from .events import (
    BoxScored,
    ChatPosted,
    ClockExpired,
    DiceHeld,
    DiceRolled,
    Event,
    HintShown,
    HostPassed,
    MatchCreated,
    MatchStarted,
    PlayerAbsent,
    PlayerJoined,
    PlayerLeft,
    ScoreUndone,
)
from .options import MatchOptions, StartOrder, TimeoutRule
from .presets import preset
from .ruleset import RuleSet
from .state import MatchState, Phase, apply_event, initial_state

MAX_NAME_LENGTH = 24
ABSENT_TURNS_OUT = 3  # absent turns in a row after which a player is out (has left)
MAX_CHAT_LENGTH = 500


class RandomSource(Protocol):
    """Where dice come from: anything with ``randint`` (``random.Random``, ``SystemRandom``)."""

    def randint(self, a: int, b: int) -> int: ...


def fold(events: Iterable[Event]) -> MatchState:
    """The state a log of events describes; the first event must create the match."""
    it = iter(events)
    first = next(it, None)
    if not isinstance(first, MatchCreated):
        raise InvalidEvent(reason="log_start")
    return reduce(apply_event, it, initial_state(first))


def check_name(name: str) -> str:
    """A player's name, trimmed and its inner spaces collapsed to one; empty or over-long
    names are refused."""
    cleaned = " ".join(str(name).split())
    if not cleaned:
        raise RuleError(reason="name_missing")
    if len(cleaned) > MAX_NAME_LENGTH:
        raise RuleError(reason="name_too_long", most=MAX_NAME_LENGTH)
    return cleaned


def name_key(name: str) -> str:
    """What two names must differ in to be two players: "Ann", "ann " and " ANN" are one, and
    so are names that only look different in their Unicode form ("Ａnn", full width)."""
    return " ".join(unicodedata.normalize("NFKC", str(name)).split()).casefold()


def check_name_free(name: str, taken: Iterable[str]) -> str:
    """`name` cleaned (:func:`check_name`), refused if it is one of `taken` ignoring case and
    spaces: two players at one table are told apart by their names."""
    cleaned = check_name(name)
    key = name_key(cleaned)
    clash = next((other for other in taken if name_key(other) == key), None)
    if clash is not None:
        raise NameTaken(name=clash, quoted=repr(clash))
    return cleaned


def hold_positions(dice: Sequence[int], keep: Iterable[int]) -> tuple[int, ...]:
    """The positions of dice showing the values in `keep` (a multiset), for a hold by value."""
    free = list(enumerate(dice))
    positions: list[int] = []
    for value in keep:
        match = next((i for i, (_, v) in enumerate(free) if v == value), None)
        if match is None:
            shown = " ".join(str(v) for v in dice)
            raise InvalidHold(reason="keep_not_shown", value=value, shown=shown)
        positions.append(free.pop(match)[0])
    return tuple(sorted(positions))


class Match:
    """A match as an event log with the state folded from it."""

    def __init__(self, events: Iterable[Event], rng: RandomSource | None = None) -> None:
        self._events: list[Event] = list(events)
        self._state = fold(self._events)
        self._rng: RandomSource = rng if rng is not None else secrets.SystemRandom()

    @classmethod
    def create(
        cls,
        rules: RuleSet | str | None = None,
        options: MatchOptions | None = None,
        rng: RandomSource | None = None,
    ) -> Match:
        """A new match; `rules` is a rule set or a preset name (today's official rules if None).

        Where the rule set allows no undo, the match has none, whatever `options` ask."""
        ruleset = preset(rules) if isinstance(rules, str) else (rules or preset())
        options = options or MatchOptions()
        if not ruleset.undo_allowed:
            options = replace(options, undo_allowed=False)
        created = MatchCreated(ruleset.to_dict(), options.to_dict())
        return cls([created], rng)

    @classmethod
    def replay(cls, events: Iterable[Event], rng: RandomSource | None = None) -> Match:
        """A match rebuilt from its log, ready to continue."""
        return cls(events, rng)

    # Reading ---------------------------------------------------------------------------

    @property
    def state(self) -> MatchState:
        """The current state (immutable)."""
        return self._state

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, oldest first; an event's sequence number is its index + 1."""
        return tuple(self._events)

    @property
    def rng(self) -> RandomSource:
        """Where this match's dice come from (drawn at random, or a day's indexed dice)."""
        return self._rng

    @property
    def rules(self) -> RuleSet:
        """The match's rule set."""
        return self._state.rules

    @property
    def options(self) -> MatchOptions:
        """The match's options."""
        return self._state.options

    def log(self) -> list[dict[str, object]]:
        """The event log as JSON-ready objects, each with its sequence number."""
        return [{"seq": i + 1, **e.to_dict()} for i, e in enumerate(self._events)]

    # Writing ---------------------------------------------------------------------------

    def apply(self, *events: Event) -> MatchState:
        """Append events decided elsewhere (a replica following a log). All or nothing."""
        state = reduce(apply_event, events, self._state)
        self._events.extend(events)
        self._state = state
        return state

    def _commit(self, *events: Event) -> None:
        self.apply(*events)

    # Intents ---------------------------------------------------------------------------

    def join(self, name: str, bot: str | None = None) -> int:
        """Seat a player before the start; returns their seat number."""
        s = self._state
        if s.phase is not Phase.WAITING:
            raise MatchAlreadyStarted(reason="join")
        if bot is not None and s.options.rated:
            raise ComputerInRatedMatch()
        seated = sum(1 for p in s.players if p.is_playing)
        if seated >= s.options.seats:
            raise TableFull(seats=s.options.seats)
        seat = s.joined_count
        cleaned = check_name_free(name, (p.name for p in s.players if p.is_playing))
        self._commit(PlayerJoined(seat, cleaned, bot))
        return seat

    def leave(self, seat: int) -> None:
        """A player leaves: before the start the seat is freed, after it they are skipped."""
        self._require_seat(seat)
        self._require_not_finished()
        self._commit(PlayerLeft(seat))

    def remove(self, host: int, seat: int) -> None:
        """The host removes a player: before the start the seat is freed; after it the player
        is out, as if they had left (the server allows that only for a player who is away)."""
        self._require_host(host)
        self._require_not_finished()
        self._require_seat(seat)
        self._commit(PlayerLeft(seat))

    def pass_absent(self, seat: int, skipped_by: int | None = None) -> None:
        """The active player is away: their turn passes with a 0 in their lowest-value open
        box; after :data:`ABSENT_TURNS_OUT` absent turns in a row they are out (seed 000: the
        turn goes to the next player still in the game). `skipped_by` is the host who passed
        the turn at once; the server, which knows who is connected, decides who is away."""
        s = self._state
        if skipped_by is not None:
            self._require_host(skipped_by)
        self._require_turn(seat)
        box = min(s.card(seat).open_categories, key=lambda c: c.max_points)
        events: list[Event] = [
            PlayerAbsent(seat, skipped_by),
            BoxScored(seat, box.name, 0, 0, s.round, scratch=True),
        ]
        out = s.player(seat).absent_turns + 1 >= ABSENT_TURNS_OUT
        if out and reduce(apply_event, events, s).phase is Phase.PLAYING:
            events.append(PlayerLeft(seat))
        self._commit(*events)

    def show_hint(self, seat: int) -> None:
        """Count that the computer's advice was shown to `seat`, the active player."""
        self._require_turn(seat)
        if not self._state.hints_open:
            raise HintsOff(reason="until_over")
        self._commit(HintShown(seat))

    def pass_host(self, seat: int) -> None:
        """The host's role goes to `seat`, a person still playing (the server passes it when
        the host is away and another person is at the table)."""
        self._require_not_finished()
        self._require_seat(seat)
        if self._state.player(seat).bot is not None:
            raise NotHost(reason="computer")
        if self._state.host == seat:
            raise NotHost(reason="already")
        self._commit(HostPassed(seat))

    def start(self, host: int) -> None:
        """The host starts the match; nobody joins after this."""
        self._require_host(host)
        s = self._state
        if s.phase is not Phase.WAITING:
            raise MatchAlreadyStarted(reason="start")
        seats = [p.seat for p in s.players if p.is_playing]
        if not seats:
            raise NotEnoughPlayers(reason="nobody")
        if s.options.rated and len(seats) < 2:
            raise NotEnoughPlayers(reason="rated")
        roll_off: list[tuple[tuple[int, int], ...]] = []
        first = seats[0]
        if s.options.start_order is StartOrder.ROLL_OFF and len(seats) > 1:
            contenders = seats
            while len(contenders) > 1:
                faces = tuple((seat, self._rng.randint(1, 6)) for seat in contenders)
                roll_off.append(faces)
                best = max(face for _, face in faces)
                contenders = [seat for seat, face in faces if face == best]
            first = contenders[0]
        i = seats.index(first)
        self._commit(MatchStarted(tuple(seats[i:] + seats[:i]), tuple(roll_off)))

    def hold(self, seat: int, positions: Iterable[int]) -> None:
        """Choose which dice (by position 0-4) stay on the table at the next roll."""
        held = self._check_hold(seat, positions)
        self._commit(DiceHeld(seat, held))

    def roll(self, seat: int, hold: Iterable[int] | None = None) -> DiceRolled:
        """Roll: the first roll of a turn throws all five; later ones keep the held positions
        (`hold`, or the dice already held) and throw the rest."""
        s = self._state
        self._require_turn(seat)
        if s.rolls_left <= 0:
            raise NoRollsLeft()
        if s.dice is None:
            if hold:
                raise InvalidHold(reason="first_roll")
            held: tuple[int, ...] = ()
        else:
            held = s.held if hold is None else self._check_hold(seat, hold)
        thrown = [i for i in range(5) if i not in held]
        faces = dict(zip(thrown, self._throw(seat, thrown), strict=True))
        dice = tuple(faces[i] if i in faces else s.dice[i] for i in range(5))  # type: ignore[index]
        event = DiceRolled(seat, dice, held)
        self._commit(event)
        return event

    def _throw(self, seat: int, positions: list[int]) -> tuple[int, ...]:
        """Faces for the thrown positions: drawn, or, from indexed dice (the daily
        challenge's), the faces at this turn and roll (`fivedice.rules.daily`)."""
        if isinstance(self._rng, IndexedDice):
            s = self._state
            turn = sum(len(card.boxes) for card in s.player(seat).cards) + 1
            return self._rng.throw(turn, s.rolls_used + 1, positions)
        return tuple(self._rng.randint(1, 6) for _ in positions)

    def score(self, seat: int, category: str) -> BoxScored:
        """Write the dice into a box; the turn passes to the next player."""
        s = self._state
        self._require_turn(seat)
        if s.dice is None:
            raise MustRollFirst()
        choice = s.card(seat).option(category, Dice.from_faces(s.dice))
        event = BoxScored(seat, category, choice.points, choice.bonus, s.round)
        self._commit(event)
        return event

    def undo(self, seat: int) -> None:
        """Take back the last scoring, while the next player has not rolled (seed 001)."""
        s = self._state
        if not s.options.undo_allowed:
            raise UndoNotAllowed(reason="off")
        self._require_not_finished()
        point = s.undo_point
        if point is None:
            raise UndoNotAllowed(reason="nothing")
        if point.seat != seat:
            raise UndoNotAllowed(reason="not_yours")
        self._commit(ScoreUndone(seat, point.category))

    def chat(self, author: str, text: str, seat: int | None = None) -> None:
        """A chat line from a player or a spectator; kept in the log."""
        cleaned = str(text).strip()
        if not cleaned:
            raise RuleError(reason="chat_empty")
        if len(cleaned) > MAX_CHAT_LENGTH:
            raise ChatTooLong(most=MAX_CHAT_LENGTH)
        if seat is not None:
            self._require_seat(seat)
        self._commit(ChatPosted(check_name(author), cleaned, seat))

    def expire_clock(self, seat: int) -> None:
        """The active player's time ran out: forfeit, or scratch their lowest-value open box,
        as the match's options say."""
        s = self._state
        self._require_turn(seat)
        expired = ClockExpired(seat)
        if s.options.timeout_rule is TimeoutRule.FORFEIT:
            self._commit(expired)
            return
        box = min(s.card(seat).open_categories, key=lambda c: c.max_points)
        self._commit(expired, BoxScored(seat, box.name, 0, 0, s.round, scratch=True))

    # Checks ----------------------------------------------------------------------------

    def _require_seat(self, seat: int) -> None:
        player = self._state.player(seat)
        if not player.is_playing:
            raise UnknownSeat(reason="gone", name=player.name)

    def _require_host(self, seat: int) -> None:
        self._require_seat(seat)
        if self._state.host != seat:
            raise NotHost(reason="host_only")

    def _require_not_finished(self) -> None:
        if self._state.phase is Phase.FINISHED:
            raise MatchFinished()

    def _require_turn(self, seat: int) -> None:
        s = self._state
        self._require_not_finished()
        if s.phase is Phase.WAITING:
            raise MatchNotStarted()
        self._require_seat(seat)
        if s.active_seat != seat:
            active = s.player(s.active_seat).name if s.active_seat is not None else "nobody"
            raise NotYourTurn(name=active)

    def _check_hold(self, seat: int, positions: Iterable[int]) -> tuple[int, ...]:
        s = self._state
        self._require_turn(seat)
        if s.dice is None:
            raise InvalidHold(reason="no_dice")
        if s.rolls_left <= 0:
            raise NoRollsLeft()
        try:
            held = tuple(sorted(int(i) for i in positions))
        except (TypeError, ValueError):
            raise InvalidHold(reason="positions_type") from None
        if any(not 0 <= i < 5 for i in held):
            raise InvalidHold(reason="positions_range")
        if len(set(held)) != len(held):
            raise InvalidHold(reason="twice")
        return held
