"""How the commands put numbers and moves into words: plurals right ("1 point", "2 rolls
left") and boxes by their labels from the rules ("Four of a kind", never the internal name)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fivedice.rules import RuleSet
    from fivedice.strategy.advisor import Action, Advice


def count(n: int, word: str, plural: str | None = None) -> str:
    """``n`` and the word, singular for exactly 1: "1 point", "0 points", "3 games"."""
    return f"{n:,} {word if n == 1 else plural or word + 's'}"


def rolls_left_words(n: int) -> str:
    """The rolls left in words: "1 roll left", "2 rolls left"."""
    return f"{count(n, 'roll')} left"


def box_label(rules: RuleSet, name: str) -> str:
    """A box as the card shows it."""
    return rules.category(name).label


def move(rules: RuleSet, action: Action) -> str:
    """A move in words: "hold 3 3 3", "reroll all", "score Four of a kind"."""
    if action.kind == "score":
        return f"score {box_label(rules, action.category)}"
    return str(action)


def move_with_points(rules: RuleSet, advice: Advice) -> str:
    """A move and, for scoring, the points it writes: "score Threes (9 points)"."""
    text = move(rules, advice.action)
    if advice.points is None:
        return text
    bonus = f" + {count(advice.bonus, 'bonus point')}" if advice.bonus else ""
    return f"{text} ({count(advice.points, 'point')}{bonus})"
