"""A table: one match, the seat tokens that speak for its players, who is connected, and the
clock of the hand being played. No I/O here: the referee stores and broadcasts.

The match may run ahead of what is stored while a move is being committed; everything a client
can see (views, missed events) comes from the committed part only.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import secrets
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from fivedice.rules import Event, Match, MatchState, Phase, Scorecard
from fivedice.rules.match import RandomSource
from fivedice.store.accounts import SeatOwner

from .errors import BadToken, MissingToken

QUIET_EVENTS = frozenset({"chat", "hint"})  # events that do not make a client's view stale

Mover = tuple[int, object]  # (the socket's client id, the intent's request id)


@functools.lru_cache(maxsize=1 << 14)
def token_digest(token: str) -> str:
    """What is stored of a seat token: its SHA-256, hex (remembered for the tokens in use: every
    intent carries one)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    """A fresh seat token: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


def turn_key(state: MatchState) -> tuple[object, ...]:
    """What identifies one hand: it changes when a new hand starts (a new player's turn, or the
    same solo player's next box), which is when the clock starts afresh."""
    filled = sum(len(card.boxes) for player in state.players for card in player.cards)
    return (state.phase, state.active_seat, state.round, filled)


@dataclass
class Spectator:
    """A watching connection and the name it gave."""

    name: str


@dataclass
class RematchOffer:
    """A rematch offered after the match (kept in memory by the table's owner: an offer is
    worth a few minutes, and lost with the owner it is simply made again)."""

    offered_by: int
    accepted: set[int]
    declined: set[int]
    table_id: str | None = None  # the new table, once opened
    grants: dict[int, tuple[int, str]] = field(default_factory=dict)  # old seat -> seat, token
    answered_from: dict[int, int] = field(default_factory=dict)  # seat -> the client's id


class Table:
    """One online table. Mutated only by the referee, under :attr:`lock`."""

    def __init__(
        self,
        table_id: str,
        match: Match,
        *,
        name: str | None,
        listed: bool,
        title: dict[str, str] | None = None,
        at_one_screen: bool = False,
        rng: RandomSource,
        tokens: dict[str, int] | None = None,
        deadline: float | None = None,
        opened_at: float | None = None,
        last_event_at: float | None = None,
        owners: dict[int, SeatOwner] | None = None,
    ) -> None:
        self.id = table_id
        self.name = name
        self.title = title  # the name fivedice gave it, as a kind and values (table_names)
        self.listed = listed
        self.at_one_screen = at_one_screen  # pass and play or against the computer
        self.match = match
        self.rng = rng
        self.lock = asyncio.Lock()
        self.tokens: dict[str, int] = dict(tokens or {})
        self.owners: dict[int, SeatOwner] = dict(owners or {})  # seats taken by accounts
        self.connected: Counter[int] = Counter()
        self.spectators: dict[int, Spectator] = {}
        self.committed_count = len(match.events)
        self.committed_state = match.state
        self.turn = turn_key(match.state)
        self.deadline = deadline if self.clock_seconds is not None else None
        self.finished_at: float | None = None  # loop time the match ended (for eviction)
        now = time.time()
        self.set_aside = False  # stored as idle (nobody came back to it for a long time)
        self.opened_at = opened_at if opened_at is not None else now  # lobby order
        self.last_event_at = last_event_at if last_event_at is not None else now  # idle check
        self._card_cache: dict[tuple[int, int], tuple[object, dict[str, Any]]] = {}
        self.options_dict = match.options.to_dict()  # options never change
        self.seat_json: dict[int, tuple[tuple[object, ...], object, str]] = {}
        self.loaded_at = now  # a seat nobody has connected to since is away from here
        self.away_from: dict[int, float] = {}  # seat -> when its last socket closed
        self.hand_started_at = now  # when the hand in play began (or the table was loaded)
        self.last_presence_at = now  # when someone last came or went (idle waiting tables)
        self.rematch: RematchOffer | None = None
        self.daily: date | None = None  # the day of a daily challenge's table (its dice)
        self.moved_seq = self._last_move_seq()  # the last event that was not talk or a hint
        # Who made the last move: the socket's client id and the intent's request id (None
        # when it was not a client's intent: the clock, a computer player, a REST call), and
        # the last move before that client's run of moves (see :meth:`is_fresh_for`).
        self.moved_by: Mover | None = None
        self.run_since = self.moved_seq

    # Reading ---------------------------------------------------------------------------

    @property
    def state(self) -> MatchState:
        """The committed state: what clients may see."""
        return self.committed_state

    @property
    def seq(self) -> int:
        """The sequence number of the last committed event."""
        return self.committed_count

    @property
    def preset(self) -> str:
        """The rule set's name."""
        return self.committed_state.rules.name

    @property
    def clock_seconds(self) -> float | None:
        """Time per hand, or None when the table has no clock."""
        return self.match.options.clock_seconds

    def events_after(self, seq: int) -> Iterator[tuple[int, Event]]:
        """Committed events with a sequence number above `seq`, numbered."""
        events = self.match.events[: self.committed_count]
        for index in range(max(seq, 0), len(events)):
            yield index + 1, events[index]

    def seat_for(self, token: str | None) -> int:
        """The seat a token holds, or the refusal that says why it holds none."""
        if not token:
            raise MissingToken()
        seat = self.tokens.get(token_digest(token))
        if seat is None:
            raise BadToken(reason="no_seat")
        player = next((p for p in self.committed_state.players if p.seat == seat), None)
        if player is None or not player.is_playing:
            raise BadToken(reason="left")
        return seat

    def seat_of(self, account_id: int) -> int | None:
        """The seat an account holds here and still plays, or None."""
        for seat, owner in self.owners.items():
            if owner.account_id == account_id and owner.kind != "deleted":
                player = next((p for p in self.committed_state.players if p.seat == seat), None)
                if player is not None and player.is_playing:
                    return seat
        return None

    def is_connected(self, seat: int) -> bool:
        """Whether any socket speaks for the seat now."""
        return self.connected[seat] > 0

    def is_fresh_for(self, seen: int, client: int | None, after: object) -> bool:
        """Whether an intent sent from the view at event `seen` may act: nothing has moved
        since, or every move since was made by the same socket's intents, the last of them the
        one the intent says it follows (`after`, its request id). A client sends its intents
        back to back this way; a double click (no `after`) or a view another client or the
        table moved on from stays stale."""
        if seen >= self.moved_seq:
            return True
        if client is None or after is None or self.moved_by != (client, after):
            return False
        return seen >= self.run_since

    def _last_move_seq(self) -> int:
        events = self.match.events[: self.committed_count]
        for index in range(len(events) - 1, -1, -1):
            if events[index].type not in QUIET_EVENTS:
                return index + 1
        return 0

    def away_since(self, seat: int) -> float | None:
        """Since when a person's seat has had no socket (None while connected; a computer
        seat is never away)."""
        player = self.committed_state.player(seat)
        if player.bot is not None or self.is_connected(seat):
            return None
        return self.away_from.get(seat, self.loaded_at)

    def absence_deadline(self) -> float | None:
        """When the active player, a person away on their turn, is counted absent: the
        table's grace time after the later of the hand's start and their going away. Never
        at a table where they are the only person: nobody else is kept waiting, so it waits."""
        s = self.committed_state
        if s.phase is not Phase.PLAYING or s.active_seat is None:
            return None
        others = [
            p for p in s.players if p.is_playing and p.bot is None and p.seat != s.active_seat
        ]
        if not others:
            return None
        away = self.away_since(s.active_seat)
        if away is None:
            return None
        return max(away, self.hand_started_at) + s.options.absent_after_seconds

    def host_handover(self, grace: float) -> tuple[float, int] | None:
        """When the host's role should pass, and to whom: the host is a person away for
        `grace` seconds while another person at the table is connected (the next one after
        the host in seat order)."""
        s = self.committed_state
        host = s.host
        if s.phase is Phase.FINISHED or host is None:
            return None
        away = self.away_since(host)
        if away is None:
            return None
        people = [p.seat for p in s.players if p.is_playing and p.bot is None]
        here = [seat for seat in people if self.is_connected(seat)]
        if not here:
            return None
        after = [seat for seat in here if seat > host]
        return away + grace, (after or here)[0]

    def next_deadline(self, host_grace: float) -> float | None:
        """The earliest moment the table must act by itself: the hand's clock, an absent
        player's turn, or the host's role passing."""
        handover = self.host_handover(host_grace)
        moments = [self.deadline, self.absence_deadline(), handover[0] if handover else None]
        due = [m for m in moments if m is not None]
        return min(due) if due else None

    def unnamed_spectator(self) -> str:
        """The name of a watcher who gave none: "Spectator N", N the lowest not in use at this
        table, so a watcher keeps their number across a reconnect or a move to another node."""
        taken = {spectator.name for spectator in self.spectators.values()}
        number = 1
        while f"Spectator {number}" in taken:
            number += 1
        return f"Spectator {number}"

    def came(self, seat: int | None) -> None:
        """A socket said hello for `seat` (None: a spectator's, counted by the caller)."""
        self.last_presence_at = time.time()
        if seat is not None:
            self.connected[seat] += 1
            self.away_from.pop(seat, None)

    def went(self, seat: int | None) -> None:
        """A socket for `seat` closed; the seat is away once its last socket has gone."""
        now = self.last_presence_at = time.time()
        if seat is None:
            return
        self.connected[seat] -= 1
        if self.connected[seat] <= 0:
            del self.connected[seat]
            self.away_from[seat] = now

    def card_dict(self, seat: int, round_: int, card: Scorecard) -> dict[str, Any]:
        """A card's JSON form, computed once per card value (cards are immutable)."""
        cached = self._card_cache.get((seat, round_))
        if cached is not None and cached[0] is card:
            return cached[1]
        data: dict[str, Any] = card.to_dict()
        self._card_cache[(seat, round_)] = (card, data)
        return data

    # Writing (by the referee) ------------------------------------------------------------

    def pending(self) -> tuple[Event, ...]:
        """Events the match has that are not committed yet."""
        return self.match.events[self.committed_count :]

    def mark_committed(self, now: float, by: Mover | None = None) -> bool:
        """Everything the match holds is now stored (made by the intent `by`, if a client's);
        returns whether a new hand began (the clock restarted)."""
        self.committed_count = len(self.match.events)
        self.committed_state = self.match.state
        self.last_event_at = now
        before = self.moved_seq
        self.moved_seq = self._last_move_seq()
        if self.moved_seq != before:  # a move, not only talk: who made it
            if by is None or self.moved_by is None or by[0] != self.moved_by[0]:
                self.run_since = before  # a new run of moves begins
            self.moved_by = by
        key = turn_key(self.committed_state)
        new_hand = key != self.turn
        self.turn = key
        if new_hand:
            self.hand_started_at = now
        if self.clock_seconds is None or self.committed_state.phase is not Phase.PLAYING:
            self.deadline = None
        elif new_hand or self.deadline is None:
            self.deadline = now + self.clock_seconds
        return new_hand

    def roll_back(self) -> None:
        """Forget the events that could not be stored: the match is as it was."""
        events = self.match.events[: self.committed_count]
        self.match = Match.replay(events, self.rng)
        self.committed_state = self.match.state
