"""Analysis of a match log: every decision's cost in expected points, and the outlook per turn.

The log is replayed event by event. Before each reroll and each scoring, the advisor values
every legal action from that position; the decision's cost is the best action's expected
final score minus that of the action taken. After each scoring the card's expected final
score (optimal play from there) is recorded. A scoring taken back (undo) is no decision: it
and its outlook are dropped, and the scoring that replaces it is valued in their place.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from fivedice.rules import Dice, Match, RuleSet
from fivedice.rules.events import (
    BoxScored,
    DiceRolled,
    Event,
    MatchCreated,
    ScoreUndone,
    event_from_dict,
)

from .advisor import Action, Advice, advise
from .cache import load_or_solve
from .table import StrategyTable

TOLERANCE = 1e-9


@dataclass(frozen=True)
class Decision:
    """One decision of one player: the best action, the one taken, and what it cost."""

    seat: int
    player: str
    round: int
    turn: int  # boxes already filled on the card when the decision was made
    dice: tuple[int, ...]
    rolls_left: int
    best: Advice
    taken: Advice
    seq: int = 0  # the log's number of the event that carried the action out (1 is "created")

    @property
    def cost(self) -> float:
        """Expected points given away (0 for a best move)."""
        return max(0.0, self.best.expected - self.taken.expected)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "seat": self.seat,
            "player": self.player,
            "round": self.round,
            "turn": self.turn,
            "dice": list(self.dice),
            "rolls_left": self.rolls_left,
            "best": self.best.to_dict(),
            "taken": self.taken.to_dict(),
            "cost": round(self.cost, 6),
            "seq": self.seq,
        }


@dataclass(frozen=True)
class TurnOutlook:
    """A card's expected final score right after a turn was scored."""

    seat: int
    player: str
    round: int
    turn: int
    category: str
    expected_final: float
    seq: int = 0  # the log's number of the scoring event

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "seat": self.seat,
            "player": self.player,
            "round": self.round,
            "turn": self.turn,
            "category": self.category,
            "expected_final": round(self.expected_final, 6),
            "seq": self.seq,
        }


@dataclass
class MatchAnalysis:
    """Decisions and per-turn outlooks of a whole match, in log order."""

    rules: RuleSet
    expected_start: float
    decisions: list[Decision] = field(default_factory=list)
    turns: list[TurnOutlook] = field(default_factory=list)

    def total_cost(self) -> dict[str, float]:
        """Expected points each player gave away over the match."""
        out: dict[str, float] = {}
        for d in self.decisions:
            out[d.player] = out.get(d.player, 0.0) + d.cost
        return out

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "rules": self.rules.name,
            "expected_start": round(self.expected_start, 6),
            "total_cost": {k: round(v, 6) for k, v in self.total_cost().items()},
            "decisions": [d.to_dict() for d in self.decisions],
            "turns": [t.to_dict() for t in self.turns],
        }


def _taken(advice: Sequence[Advice], action: Action) -> Advice:
    for a in advice:
        if a.action == action:
            return a
    raise ValueError(f"The log's action {action} is not legal in that position")


def _take_back(result: MatchAnalysis, undone: ScoreUndone) -> None:
    """Drop the scoring an undo took back, and its outlook: the player's next action from
    that position is the decision that counts."""
    for index in range(len(result.decisions) - 1, -1, -1):
        d = result.decisions[index]
        if d.seat == undone.seat:
            if d.taken.action == Action.scoring(undone.category):
                del result.decisions[index]
            break
    for index in range(len(result.turns) - 1, -1, -1):
        t = result.turns[index]
        if t.seat == undone.seat:
            if t.category == undone.category:
                del result.turns[index]
            break


def analyse(
    events: Iterable[Event | dict[str, Any]], table: StrategyTable | None = None
) -> MatchAnalysis:
    """Replay a match log and value each decision in it."""
    log = [e if isinstance(e, Event) else event_from_dict(e) for e in events]
    if not log or not isinstance(log[0], MatchCreated):
        raise ValueError("A match log starts with a 'created' event")
    match = Match(log[:1])
    rules = match.rules
    table = table if table is not None else load_or_solve(rules)
    result = MatchAnalysis(rules, table.expected_start)
    for seq, event in enumerate(log[1:], start=2):
        s = match.state
        seat = getattr(event, "seat", None)
        decision_point = (
            seat is not None
            and seat == s.active_seat
            and s.dice is not None
            and (
                (isinstance(event, DiceRolled))
                or (isinstance(event, BoxScored) and not event.scratch)
            )
        )
        if decision_point:
            assert seat is not None and s.dice is not None
            card = s.card(seat)
            dice = Dice(s.dice)
            options = advise(table, card, dice, s.rolls_left)
            if isinstance(event, BoxScored):
                action = Action.scoring(event.category)
            else:
                assert isinstance(event, DiceRolled)
                action = Action.holding([s.dice[i] for i in event.held])
            if action.kind == "hold" and len(action.hold) == 5:
                pass  # holding all five rolls nothing: no decision
            else:
                result.decisions.append(
                    Decision(
                        seat,
                        s.player(seat).name,
                        s.round,
                        len(card.boxes),
                        tuple(s.dice),
                        s.rolls_left,
                        options[0],
                        _taken(options, action),
                        seq,
                    )
                )
        match.apply(event)
        if isinstance(event, ScoreUndone):
            _take_back(result, event)
        if isinstance(event, BoxScored):
            after = match.state
            player = after.player(event.seat)
            card = player.cards[event.round]
            result.turns.append(
                TurnOutlook(
                    event.seat,
                    player.name,
                    event.round,
                    len(card.boxes),
                    event.category,
                    table.expected_final(card),
                    seq,
                )
            )
    return result
