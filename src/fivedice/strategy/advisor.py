"""The advisor: every legal action in a position with its expected final score, best first.

A position is a card, the dice showing and the rolls left. The actions are each distinct hold
before a reroll (as the faces held) and each box the dice may be scored in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fivedice.rules import Dice, Scorecard

from .keeps import keep_table
from .table import StrategyTable
from .turn import TurnValues, turn_values


@dataclass(frozen=True, slots=True)
class Action:
    """A decision: hold some dice and roll the rest, or score the dice in a box."""

    kind: str  # "hold" or "score"
    hold: tuple[int, ...] = ()  # faces held (sorted), for "hold"
    category: str = ""  # box name, for "score"

    @classmethod
    def holding(cls, faces: Sequence[int]) -> Action:
        """Hold these faces (a sub-multiset of the dice) and reroll the others."""
        return cls("hold", tuple(sorted(faces)))

    @classmethod
    def scoring(cls, category: str) -> Action:
        """Score the dice in `category`."""
        return cls("score", category=category)

    def __str__(self) -> str:
        if self.kind == "score":
            return f"score {self.category}"
        return "reroll all" if not self.hold else "hold " + " ".join(map(str, self.hold))

    def positions(self, dice: Sequence[int]) -> tuple[int, ...]:
        """Dice positions (0-4, in the order `dice` lie) that hold these faces."""
        taken: list[int] = []
        for face in self.hold:
            taken.append(next(i for i, v in enumerate(dice) if v == face and i not in taken))
        return tuple(sorted(taken))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        if self.kind == "score":
            return {"kind": "score", "category": self.category}
        return {"kind": "hold", "hold": list(self.hold)}


@dataclass(frozen=True, slots=True)
class Advice:
    """One legal action and the expected final score of the card if it is taken."""

    action: Action
    expected: float
    points: int | None = None  # for scoring: points written in the box
    bonus: int = 0  # for scoring: extra-Yahtzee bonus earned

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        data: dict[str, Any] = {**self.action.to_dict(), "expected": round(self.expected, 6)}
        if self.points is not None:
            data["points"] = self.points
            data["bonus"] = self.bonus
        return data


def score_advice(table: StrategyTable, card: Scorecard, dice: Dice) -> list[Advice]:
    """Each box the dice may go in, with the expected final score after scoring there
    (:meth:`StrategyTable.expected_final` of the card after, worked out from the state key)."""
    key = table.key(card.boxes)
    so_far = sum(card.boxes.values()) + card.yahtzee_bonus  # the card's total less its bonus
    out = []
    for option in card.options(dice):
        after = table.key_after(key, option.category, option.points)
        expected = so_far + option.points + option.bonus + table.value(after)
        out.append(Advice(Action.scoring(option.category), expected, option.points, option.bonus))
    return out


def hold_advice(
    table: StrategyTable,
    card: Scorecard,
    dice: Dice,
    rolls_left: int,
    turn: TurnValues | None = None,
) -> list[Advice]:
    """Each distinct hold before a reroll, with its expected final score."""
    if rolls_left <= 0:
        return []
    k = keep_table()
    turn = turn if turn is not None else turn_values(table, table.key(card.boxes))
    so_far = card.grand_total - card.upper_bonus
    hand = k.index[dice.values]
    hand_row = hand - k.first_hand
    out = []
    for keep in k.subkeeps[hand_row]:
        if keep < 0:
            break
        if keep == hand:  # holding all five rolls nothing: the same as scoring now
            continue
        value = so_far + turn.keep_value(int(keep), rolls_left)
        out.append(Advice(Action.holding(k.keeps[keep]), value))
    return out


def advise(
    table: StrategyTable, card: Scorecard, dice: Dice | Sequence[int], rolls_left: int
) -> list[Advice]:
    """Every legal action with its expected final score, best first (ties: scoring first)."""
    dice = dice if isinstance(dice, Dice) else Dice(dice)
    table.value(table.key(card.boxes))  # refuses a card no game can reach
    actions = score_advice(table, card, dice) + hold_advice(table, card, dice, rolls_left)
    return sorted(actions, key=lambda a: -a.expected)
