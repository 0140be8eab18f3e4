"""The daily challenge's comparison: a player's game beside the optimal player's on the same
dice, turn by turn, with what each decision cost and a mark per turn to share.

The day's dice (`fivedice.rules.daily`) give every (turn, roll, position) one face, so the
optimal player's game on them is one fixed game per day: :func:`optimal_game` plays it, and
:func:`compare` sets a finished one-seat match beside it. The cost of a decision is the
analysis's (`strategy.analysis`): expected points given away against the best action.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from fivedice.rules import (
    BoxScored,
    DailyDice,
    DiceRolled,
    Event,
    Match,
    MatchCreated,
    MatchOptions,
    RuleSet,
    ScoreUndone,
    event_from_dict,
    preset,
)

from .analysis import Decision, analyse
from .players import play_match, player_for
from .table import StrategyTable

# Every daily match: one seat, no clock, the computer's hints off (the day tests your own
# play); undo as the rule set allows it (a slip of the finger, not a second look at the dice).
DAILY_OPTIONS = MatchOptions(seats=1, hints=False)
OPTIMAL_NAME = "Optimal"

PERFECT = "perfect"
CLOSE = "close"
COSTLY = "costly"
CLOSE_BELOW = 2.0  # expected points given away in a turn that still count as close
PERFECT_BELOW = 0.01  # below this a turn's cost is rounding, not a mistake
MARK_SYMBOLS = {PERFECT: "🟩", CLOSE: "🟨", COSTLY: "🟥"}


def mark_of(cost: float) -> str:
    """A turn's mark from what its decisions gave away."""
    if cost < PERFECT_BELOW:
        return PERFECT
    return CLOSE if cost < CLOSE_BELOW else COSTLY


@dataclass
class TurnPlay:
    """One player's turn: the dice of each roll as they lay, and the box they went into."""

    rolls: list[list[int]] = field(default_factory=list)
    category: str = ""
    label: str = ""
    points: int = 0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "rolls": self.rolls,
            "category": self.category,
            "label": self.label,
            "points": self.points,
        }


@dataclass
class DailyTurn:
    """One turn of the day: yours, the optimal player's, and what your decisions cost."""

    turn: int
    you: TurnPlay
    optimal: TurnPlay
    decisions: list[Decision]

    @property
    def cost(self) -> float:
        """Expected points your decisions of this turn gave away."""
        return sum(d.cost for d in self.decisions)

    @property
    def mark(self) -> str:
        """Perfect, close or costly."""
        return mark_of(self.cost)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "turn": self.turn,
            "you": self.you.to_dict(),
            "optimal": self.optimal.to_dict(),
            "cost": round(self.cost, 6),
            "mark": self.mark,
            "decisions": [d.to_dict() for d in self.decisions],
        }


@dataclass
class DailyComparison:
    """A player's daily game beside the optimal player's."""

    day: str
    rules: RuleSet
    score: int
    optimal_score: int
    turns: list[DailyTurn]

    @property
    def gave_away(self) -> float:
        """Expected points given away over the whole game."""
        return sum(t.cost for t in self.turns)

    def marks(self) -> str:
        """One symbol per turn: 🟩 perfect, 🟨 close, 🟥 costly."""
        return "".join(MARK_SYMBOLS[t.mark] for t in self.turns)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "day": self.day,
            "rules": self.rules.name,
            "rules_title": self.rules.title,
            "score": self.score,
            "optimal_score": self.optimal_score,
            "gave_away": round(self.gave_away, 6),
            "marks": self.marks(),
            "turns": [t.to_dict() for t in self.turns],
        }


def optimal_game(dice: DailyDice) -> Match:
    """The optimal player's finished game on the day's dice: one seat, the solver's first
    choice at every decision (the advisor's first answer), the kept values held at the
    leftmost positions that show them (`Action.positions`)."""
    rules = preset(dice.rules)
    match = Match.create(rules, DAILY_OPTIONS, rng=dice)
    seat = match.join(OPTIMAL_NAME)
    match.start(seat)
    play_match(match, {seat: player_for("optimal", rules)})
    return match


def _events(log: Iterable[Event | dict[str, Any]]) -> list[Event]:
    """A log as events (it may come as stored JSON, each with its "seq")."""
    out: list[Event] = []
    for e in log:
        if isinstance(e, Event):
            out.append(e)
        else:
            out.append(event_from_dict({k: v for k, v in e.items() if k != "seq"}))
    return out


def turns_of(events: Sequence[Event], rules: RuleSet) -> list[TurnPlay]:
    """The turns of a one-seat match's log; an undone scoring reopens its turn."""
    turns: list[TurnPlay] = []
    current = TurnPlay()
    for event in events:
        if isinstance(event, DiceRolled):
            current.rolls.append(list(event.dice))
        elif isinstance(event, BoxScored):
            current.category = event.category
            current.label = rules.category(event.category).label
            current.points = event.points + event.bonus
            turns.append(current)
            current = TurnPlay()
        elif isinstance(event, ScoreUndone) and turns:
            current = turns.pop()
            current.category, current.label, current.points = "", "", 0
    return turns


def compare(
    player_events: Sequence[Event | dict[str, Any]],
    optimal: Match,
    table: StrategyTable | None = None,
) -> DailyComparison:
    """A finished one-seat daily match beside the optimal player's game on the same dice."""
    events = _events(player_events)
    if not events or not isinstance(events[0], MatchCreated):
        raise ValueError("A match log starts with a 'created' event")
    mine = Match.replay(events)
    if not mine.state.is_finished:
        raise ValueError("The daily game is not finished yet")
    rules = mine.rules
    analysis = analyse(events, table)
    yours = turns_of(events, rules)
    best = turns_of(list(optimal.events), optimal.rules)
    by_turn: dict[int, list[Decision]] = {}
    for d in analysis.decisions:
        by_turn.setdefault(d.turn + 1, []).append(d)
    turns = [
        DailyTurn(i + 1, you, best[i] if i < len(best) else TurnPlay(), by_turn.get(i + 1, []))
        for i, you in enumerate(yours)
    ]
    day = optimal.rng.day.isoformat() if isinstance(optimal.rng, DailyDice) else ""
    score = mine.state.players[0].total
    return DailyComparison(day, rules, score, optimal.state.players[0].total, turns)


def share_text(
    comparison: DailyComparison, streak: int | None = None, offline: bool = False
) -> str:
    """The result to share: the day, the rule set, your score against the optimal player's,
    one mark per turn. No dice: it spoils nothing for those who play the day later. A game
    played offline says so (its dice are its database's, not a server's)."""
    difference = comparison.score - comparison.optimal_score
    where = " (offline)" if offline else ""
    lines = [
        f"fivedice daily{where} · {comparison.day} · {comparison.rules.title}",
        f"{comparison.score} (optimal {comparison.optimal_score}, {difference:+d})",
        comparison.marks(),
    ]
    if streak:
        lines.append(f"Streak: {streak} day{'s' if streak != 1 else ''}")
    return "\n".join(lines)
