"""The state of a match, and the pure fold that builds it from events.

``apply_event(state, event)`` checks that the event fits the state and returns the next state;
it never changes its argument. Replaying a log is ``functools.reduce(apply_event, events)``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from .dice import Dice
from .errors import InvalidEvent, RuleError
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
from .options import MatchOptions, TimeoutRule
from .ruleset import RuleSet
from .scorecard import Scorecard
from .scoring import ScoreOption

ROLLS_PER_TURN = 3


class Phase(StrEnum):
    """Where the match is: seating players, playing, or over."""

    WAITING = "waiting"
    PLAYING = "playing"
    FINISHED = "finished"


class SeatStatus(StrEnum):
    """Whether a seated player still takes turns."""

    PLAYING = "playing"
    LEFT = "left"
    FORFEITED = "forfeited"


@dataclass(frozen=True)
class PlayerState:
    """One seat: who sits there, their card for each round, and whether they still play."""

    seat: int
    name: str
    cards: tuple[Scorecard, ...]
    status: SeatStatus = SeatStatus.PLAYING
    bot: str | None = None
    absent_turns: int = 0  # turns passed in a row because the player was away
    hints: int = 0  # times the computer's advice was shown on their turn

    @property
    def is_playing(self) -> bool:
        """Still taking turns (has not left or forfeited)."""
        return self.status is SeatStatus.PLAYING

    @property
    def round_totals(self) -> tuple[int, ...]:
        """The grand total of each round's card."""
        return tuple(card.grand_total for card in self.cards)

    @property
    def total(self) -> int:
        """The match total: every round's grand total added up."""
        return sum(self.round_totals)

    @property
    def is_complete(self) -> bool:
        """Every box of every round filled."""
        return all(card.is_complete for card in self.cards)


@dataclass(frozen=True)
class Standing:
    """A player's place in the final ranking (place None: left or forfeited, unranked)."""

    seat: int
    name: str
    total: int
    place: int | None
    status: SeatStatus


@dataclass(frozen=True)
class Outcome:
    """The end of a match: the ranking and the winner(s); ties share a place."""

    standings: tuple[Standing, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats in first place (several when tied; none when everybody left)."""
        return tuple(s.seat for s in self.standings if s.place == 1)


@dataclass(frozen=True)
class UndoPoint:
    """What a scoring changed, kept so that it can be taken back until the next roll."""

    seat: int
    category: str
    card_before: Scorecard
    dice: tuple[int, ...]
    held: tuple[int, ...]
    rolls_used: int
    round: int
    phase: Phase


@dataclass(frozen=True)
class ChatLine:
    """A chat message as shown in the chat box."""

    author: str
    text: str
    seat: int | None


@dataclass(frozen=True)
class MatchState:
    """Everything a face needs to draw the match; derived from the events alone."""

    rules: RuleSet
    options: MatchOptions
    players: tuple[PlayerState, ...] = ()
    phase: Phase = Phase.WAITING
    order: tuple[int, ...] = ()
    roll_off: tuple[tuple[tuple[int, int], ...], ...] = ()
    active_seat: int | None = None
    round: int = 0
    dice: tuple[int, ...] | None = None
    held: tuple[int, ...] = ()
    rolls_used: int = 0
    undo_point: UndoPoint | None = None
    joined_count: int = 0
    started_with: int = 0
    chat: tuple[ChatLine, ...] = field(default=())
    host_seat: int | None = None  # set when the role was passed (HostPassed)

    # Lookups ---------------------------------------------------------------------------

    def player(self, seat: int) -> PlayerState:
        """The player in `seat` (any status)."""
        for p in self.players:
            if p.seat == seat:
                return p
        from .errors import UnknownSeat

        raise UnknownSeat(reason="no_seat", seat=seat)

    def card(self, seat: int) -> Scorecard:
        """The card `seat` is filling in the current round."""
        return self.player(seat).cards[self.round]

    @property
    def host(self) -> int | None:
        """Who may start the match and manage seats (the seeds' "Master"): the person it was
        last passed to while they still play, else the first person still at the table; never
        a computer player while a person plays (a table of computers only: its first seat)."""
        if self.host_seat is not None:
            holder = next((p for p in self.players if p.seat == self.host_seat), None)
            if holder is not None and holder.is_playing:
                return holder.seat
        playing = [p for p in self.players if p.is_playing]
        person = next((p.seat for p in playing if p.bot is None), None)
        return person if person is not None else (playing[0].seat if playing else None)

    @property
    def hints_open(self) -> bool:
        """Whether the computer's advice may be shown now: always once the match is over;
        before, as the table's `hints` option says, or when it says nothing, only at a table
        with one person (against the computer), never between people; never in a rated
        match before its end."""
        if self.phase is Phase.FINISHED:
            return True
        if self.options.rated:
            return False
        if self.options.hints is not None:
            return self.options.hints
        return sum(1 for p in self.players if p.bot is None) <= 1

    @property
    def rolls_left(self) -> int:
        """Rolls the active player may still make this turn."""
        return ROLLS_PER_TURN - self.rolls_used

    @property
    def current_dice(self) -> Dice | None:
        """The dice on the table as a sorted multiset, or None before the first roll."""
        return Dice.from_faces(self.dice) if self.dice is not None else None

    @property
    def is_finished(self) -> bool:
        """The match is over."""
        return self.phase is Phase.FINISHED

    def score_options(self) -> list[ScoreOption]:
        """The boxes the active player may fill with the dice now showing (seed 000's
        "points shown on request"); empty before the first roll."""
        if self.active_seat is None or self.dice is None:
            return []
        return self.card(self.active_seat).options(Dice.from_faces(self.dice))

    @property
    def outcome(self) -> Outcome | None:
        """The final ranking once the match is finished."""
        if self.phase is not Phase.FINISHED:
            return None
        ranked = sorted((p for p in self.players if p.is_playing), key=lambda p: -p.total)
        standings: list[Standing] = []
        for i, p in enumerate(ranked):
            tied = standings and standings[-1].total == p.total
            place = standings[-1].place if tied else i + 1
            standings.append(Standing(p.seat, p.name, p.total, place, p.status))
        for p in self.players:
            if not p.is_playing:
                standings.append(Standing(p.seat, p.name, p.total, None, p.status))
        return Outcome(tuple(standings))


# The fold ----------------------------------------------------------------------------------

_T = TypeVar("_T", "MatchState", "PlayerState")


def replace(obj: _T, **changes: Any) -> _T:
    """A copy of a frozen state with some fields changed.

    ``dataclasses.replace`` re-runs ``__init__`` and was the fold's largest cost; these
    classes have no ``__post_init__`` to re-run, so copying the field dict is equivalent.
    """
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


def initial_state(event: MatchCreated) -> MatchState:
    """The state right after a match is created."""
    try:
        rules = RuleSet.from_dict(event.rules)
        options = MatchOptions.from_dict(event.options)
    except (KeyError, TypeError, ValueError) as exc:  # ValueError includes InvalidOptions
        raise InvalidEvent(reason="not_a_match", detail=repr(exc)) from None
    return MatchState(rules=rules, options=options)


def apply_event(state: MatchState, event: Event) -> MatchState:
    """The state after `event`; raises :class:`InvalidEvent` if the event does not fit."""
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise InvalidEvent(reason="not_applicable", event=event.type)
    try:
        return handler(state, event)
    except InvalidEvent:
        raise
    except RuleError as exc:
        raise InvalidEvent(reason="does_not_fit", event=event.type, detail=str(exc)) from exc


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise InvalidEvent(reason="log_check", detail=message)


def _replace_player(state: MatchState, player: PlayerState) -> tuple[PlayerState, ...]:
    return tuple(player if p.seat == player.seat else p for p in state.players)


def _joined(state: MatchState, e: PlayerJoined) -> MatchState:
    _expect(state.phase is Phase.WAITING, "players join only before the start")
    _expect(e.seat == state.joined_count, f"seat {e.seat} out of sequence")
    _expect(e.bot is None or not state.options.rated, "a rated match seats no computer player")
    cards = tuple(Scorecard(state.rules) for _ in range(state.options.rounds))
    player = PlayerState(e.seat, e.name, cards, bot=e.bot)
    return replace(state, players=(*state.players, player), joined_count=state.joined_count + 1)


def _left(state: MatchState, e: PlayerLeft) -> MatchState:
    _expect(state.phase is not Phase.FINISHED, "nobody leaves a finished match")
    leaver = state.player(e.seat)
    _expect(leaver.is_playing, f"seat {e.seat} has already left")
    if state.phase is Phase.WAITING:
        return replace(state, players=tuple(p for p in state.players if p.seat != e.seat))
    state = replace(state, players=_replace_player(state, replace(leaver, status=SeatStatus.LEFT)))
    return _after_seat_dropped(state, e.seat)


def _started(state: MatchState, e: MatchStarted) -> MatchState:
    _expect(state.phase is Phase.WAITING, "the match has already started")
    seated = sorted(p.seat for p in state.players if p.is_playing)
    _expect(sorted(e.order) == seated and len(seated) > 0, "start order must list every seat")
    _expect(len(seated) >= 2 or not state.options.rated, "a rated match starts with two or more")
    return replace(
        state,
        phase=Phase.PLAYING,
        order=e.order,
        roll_off=e.roll_off,
        active_seat=e.order[0],
        started_with=len(seated),
    )


def _held(state: MatchState, e: DiceHeld) -> MatchState:
    _expect(state.active_seat == e.seat, f"seat {e.seat} is not the active player")
    _expect(state.dice is not None, "no dice to hold before the first roll")
    _expect(_is_hold(e.held), f"bad hold {e.held!r}")
    return replace(state, held=tuple(sorted(e.held)))


def _is_hold(held: tuple[int, ...]) -> bool:
    """Distinct dice positions, 0 to 4."""
    return all(0 <= i < 5 for i in held) and len(set(held)) == len(held)


def _rolled(state: MatchState, e: DiceRolled) -> MatchState:
    _expect(state.phase is Phase.PLAYING, "no rolls outside play")
    _expect(state.active_seat == e.seat, f"seat {e.seat} is not the active player")
    _expect(state.rolls_used < ROLLS_PER_TURN, "no rolls left this turn")
    Dice.from_faces(e.dice)  # raises InvalidDice for anything but five faces
    _expect(len(e.dice) == 5, "a roll shows five dice")
    _expect(_is_hold(e.held), f"bad hold {e.held!r}")
    if state.dice is None:
        _expect(not e.held, "the first roll throws all five dice")
    else:
        _expect(all(e.dice[i] == state.dice[i] for i in e.held), "held dice changed")
    roller = state.player(e.seat)
    if roller.absent_turns:  # playing again: no longer counted away
        state = replace(state, players=_replace_player(state, replace(roller, absent_turns=0)))
    return replace(
        state,
        dice=tuple(e.dice),
        held=tuple(sorted(e.held)),
        rolls_used=state.rolls_used + 1,
        undo_point=None,
    )


def _scored(state: MatchState, e: BoxScored) -> MatchState:
    _expect(state.active_seat == e.seat, f"seat {e.seat} is not the active player")
    _expect(e.round == state.round, f"score for round {e.round} in round {state.round}")
    card = state.card(e.seat)
    if e.scratch:
        _expect(e.points == 0 and e.bonus == 0, "a scratch scores nothing")
        choice = ScoreOption(e.category, 0, 0)
        card.rules.category(e.category)
    else:
        _expect(state.dice is not None, "nothing to score before the first roll")
        assert state.dice is not None
        choice = card.option(e.category, Dice.from_faces(state.dice))
        _expect(
            (choice.points, choice.bonus) == (e.points, e.bonus),
            f"{e.category} scores {choice.points}+{choice.bonus}, not {e.points}+{e.bonus}",
        )
    undo = UndoPoint(
        e.seat,
        e.category,
        card,
        state.dice or (),
        state.held,
        state.rolls_used,
        state.round,
        state.phase,
    )
    player = state.player(e.seat)
    cards = list(player.cards)
    cards[state.round] = card.with_score(choice)
    state = replace(state, players=_replace_player(state, replace(player, cards=tuple(cards))))
    state = _next_turn(state, e.seat)
    keep_undo = not e.scratch and state.phase is Phase.PLAYING
    return replace(state, undo_point=undo if keep_undo else None)


def _undone(state: MatchState, e: ScoreUndone) -> MatchState:
    point = state.undo_point
    _expect(state.options.undo_allowed, "this match does not allow undo")
    _expect(point is not None and point.seat == e.seat, "nothing to undo")
    assert point is not None
    _expect(point.category == e.category, "undo names another box")
    player = state.player(e.seat)
    cards = list(player.cards)
    cards[point.round] = point.card_before
    return replace(
        state,
        players=_replace_player(state, replace(player, cards=tuple(cards))),
        phase=point.phase,
        active_seat=e.seat,
        round=point.round,
        dice=point.dice or None,
        held=point.held,
        rolls_used=point.rolls_used,
        undo_point=None,
    )


def _chat(state: MatchState, e: ChatPosted) -> MatchState:
    return replace(state, chat=(*state.chat, ChatLine(e.author, e.text, e.seat)))


def _clock_expired(state: MatchState, e: ClockExpired) -> MatchState:
    _expect(state.active_seat == e.seat, f"seat {e.seat} is not the active player")
    if state.options.timeout_rule is TimeoutRule.SCRATCH:
        return state  # the scratch itself follows as a BoxScored event
    player = state.player(e.seat)
    state = replace(
        state, players=_replace_player(state, replace(player, status=SeatStatus.FORFEITED))
    )
    return _after_seat_dropped(state, e.seat)


def _absent(state: MatchState, e: PlayerAbsent) -> MatchState:
    _expect(state.phase is Phase.PLAYING, "nobody is absent outside play")
    _expect(state.active_seat == e.seat, f"seat {e.seat} is not the active player")
    player = state.player(e.seat)
    counted = replace(player, absent_turns=player.absent_turns + 1)
    return replace(state, players=_replace_player(state, counted))  # the scratch follows


def _hint(state: MatchState, e: HintShown) -> MatchState:
    _expect(state.active_seat == e.seat, f"seat {e.seat} is not the active player")
    player = state.player(e.seat)
    return replace(state, players=_replace_player(state, replace(player, hints=player.hints + 1)))


def _host_passed(state: MatchState, e: HostPassed) -> MatchState:
    _expect(state.phase is not Phase.FINISHED, "a finished match has no host to pass")
    holder = state.player(e.seat)
    _expect(holder.is_playing and holder.bot is None, "the host is a person still playing")
    return replace(state, host_seat=e.seat)


def _after_seat_dropped(state: MatchState, seat: int) -> MatchState:
    """Skip a seat that left or forfeited; end the match if too few players remain."""
    playing = [p for p in state.players if p.is_playing]
    if not playing or (state.started_with > 1 and len(playing) == 1):
        return _finish(state)
    state = replace(state, undo_point=None)
    if state.active_seat == seat:
        return _next_turn(state, seat)
    return state


def _next_turn(state: MatchState, after_seat: int) -> MatchState:
    """Pass the turn to the next seat in order that still has boxes to fill this round;
    start the next round, or finish, when nobody has."""
    order = state.order
    start = order.index(after_seat)
    for step in range(1, len(order) + 1):
        seat = order[(start + step) % len(order)]
        p = state.player(seat)
        if p.is_playing and not p.cards[state.round].is_complete:
            return _turn_for(state, seat, state.round)
    if state.round + 1 < state.options.rounds:
        first = next(s for s in order if state.player(s).is_playing)
        return _turn_for(state, first, state.round + 1)
    return _finish(state)


def _turn_for(state: MatchState, seat: int, round_: int) -> MatchState:
    return replace(state, active_seat=seat, round=round_, dice=None, held=(), rolls_used=0)


def _finish(state: MatchState) -> MatchState:
    return replace(state, phase=Phase.FINISHED, active_seat=None, dice=None, held=(), rolls_used=0)


_HANDLERS: dict[type[Event], Callable[[MatchState, Any], MatchState]] = {
    PlayerJoined: _joined,
    PlayerLeft: _left,
    MatchStarted: _started,
    DiceHeld: _held,
    DiceRolled: _rolled,
    BoxScored: _scored,
    ScoreUndone: _undone,
    ChatPosted: _chat,
    ClockExpired: _clock_expired,
    PlayerAbsent: _absent,
    HostPassed: _host_passed,
    HintShown: _hint,
}
