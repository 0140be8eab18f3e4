"""Computer players at named levels, playing a :class:`~fivedice.rules.Match` through its intents.

A player looks at the match state, decides (hold these dice and roll, or score in that box),
and the driver sends the same ``roll``/``score`` intents a person's face would send.

Levels, weakest first: ``beginner`` (every turn for its own points), ``good-human`` (rules of
thumb for the card's future), ``optimal`` (the solver's exact table: the advisor's first
answer), ``win-seeking`` (optimal play bent towards winning the match against the others'
cards; see :mod:`.winning`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol

from fivedice.extras import has, require
from fivedice.rules import Dice, Match, MatchState, RuleSet

from .advisor import Action, advise
from .table import StrategyTable


class Level(StrEnum):
    """The computer players' levels, weakest first."""

    BEGINNER = "beginner"
    GOOD_HUMAN = "good-human"
    OPTIMAL = "optimal"
    WIN_SEEKING = "win-seeking"

    @property
    def extra(self) -> str | None:
        """The optional part of the package this level needs (its compiled code), if any."""
        return "solver" if self is Level.WIN_SEEKING else None

    @property
    def feature(self) -> str:
        """How a refusal names this level ("The win-seeking computer")."""
        return f"The {self.value} computer"

    @property
    def is_installed(self) -> bool:
        """Whether this level can play here (the packages of its extra are installed)."""
        return self.extra is None or has(self.extra)

    def require(self) -> None:
        """Raise :class:`~fivedice.extras.MissingExtra` when this level cannot play here."""
        if self.extra is not None:
            require(self.extra, self.feature)


class ComputerPlayer(Protocol):
    """Anything that can decide the active seat's next action."""

    level: str

    def decide(self, state: MatchState, seat: int) -> Action:
        """The action to take now; the dice have been rolled at least once this turn."""
        ...


class TablePlayer:
    """Plays each turn for points this turn + its table's value of the card after."""

    def __init__(self, table: StrategyTable, level: str) -> None:
        self.table = table
        self.level = level

    def decide(self, state: MatchState, seat: int) -> Action:
        """The first of the advisor's answers under this player's table."""
        assert state.dice is not None
        card = state.card(seat)
        return advise(self.table, card, Dice(state.dice), state.rolls_left)[0].action


def player_for(level: str | Level, rules: RuleSet) -> ComputerPlayer:
    """A computer player of `level` for `rules` (loads or solves the tables it needs)."""
    from .cache import load_or_solve
    from .heuristics import beginner_table, good_human_table

    level = Level(level)
    if level is Level.BEGINNER:
        return TablePlayer(beginner_table(rules), level.value)
    if level is Level.GOOD_HUMAN:
        return TablePlayer(good_human_table(rules), level.value)
    if level is Level.OPTIMAL:
        return TablePlayer(load_or_solve(rules), level.value)
    level.require()
    from .winning import WinSeeker

    return WinSeeker(rules)


def play_turn(match: Match, seat: int, player: ComputerPlayer) -> None:
    """Play `seat`'s whole turn: roll, then hold and roll or score until a box is filled."""
    state = match.state
    if state.dice is None:
        match.roll(seat)
    while True:
        state = match.state
        action = player.decide(state, seat)
        if action.kind == "score":
            match.score(seat, action.category)
            return
        assert state.dice is not None
        match.roll(seat, hold=action.positions(state.dice))


def play_match(match: Match, players: dict[int, ComputerPlayer]) -> None:
    """Play a started match to its end, every seat's turns taken by its computer player."""
    while not match.state.is_finished:
        seat = match.state.active_seat
        assert seat is not None
        play_turn(match, seat, players[seat])
