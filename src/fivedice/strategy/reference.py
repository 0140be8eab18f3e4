"""The optimal strategy computed the plain way: slow, obvious, and used to check the kernels.

Every number comes straight from :func:`fivedice.rules.score_options` on a real card and from
explicit reroll distributions; no tables, no vectorisation. Fine for a card of a few boxes.
"""

from __future__ import annotations

from functools import cache

from fivedice.rules import Dice, RuleSet, Section, all_dice, score_options

from .keeps import multinomial_probability, reroll_distribution


class ReferenceSolver:
    """Expected score to come from (filled mask, Yahtzee box holds points, capped subtotal)."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.names = rules.category_names
        self.cap = rules.upper_bonus_threshold if rules.has_upper_bonus else 0
        self.visited: dict[tuple[int, bool, int], float] = {}
        self._first_roll = [(d, multinomial_probability(d.counts)) for d in all_dice()]

    def card(self, mask: int, holds: bool) -> dict[str, int]:
        """A card with these boxes filled (upper points do not matter beyond the subtotal)."""
        five = self.rules.five_of_a_kind
        filled = {name: 0 for i, name in enumerate(self.names) if mask >> i & 1}
        if five is not None and five.name in filled and holds:
            filled[five.name] = five.value
        return filled

    def value(self, mask: int, holds: bool, upper: int) -> float:
        """Expected points to come from the start of a turn in this state."""
        key = (mask, holds, upper)
        if key in self.visited:
            return self.visited[key]
        if mask == (1 << len(self.names)) - 1:
            earned = self.rules.has_upper_bonus and upper >= self.rules.upper_bonus_threshold
            result = float(self.rules.upper_bonus) if earned else 0.0
        else:
            result = self._turn(mask, holds, upper)
        self.visited[key] = result
        return result

    def _turn(self, mask: int, holds: bool, upper: int) -> float:
        card = self.card(mask, holds)
        five = self.rules.five_of_a_kind

        def score_now(dice: Dice) -> float:
            best = float("-inf")
            for option in score_options(self.rules, card, dice):
                box = self.rules.category(option.category)
                nxt_upper = upper
                if box.section is Section.UPPER:
                    nxt_upper = min(self.cap, upper + option.points)
                nxt_holds = holds
                if five is not None and box.name == five.name:
                    nxt_holds = option.points > 0
                nxt_mask = mask | 1 << self.rules.index(box.name)
                v = option.points + option.bonus + self.value(nxt_mask, nxt_holds, nxt_upper)
                best = max(best, v)
            return best

        last: dict[tuple[int, ...], float] = {d.values: score_now(d) for d in all_dice()}
        middle = _best_keeps(last)
        first = _best_keeps(middle)
        return sum(p * first[d.values] for d, p in self._first_roll)


def _best_keeps(after: dict[tuple[int, ...], float]) -> dict[tuple[int, ...], float]:
    """Each hand's best expected value over every subset of it held before a reroll."""
    keep_values: dict[tuple[int, ...], float] = {}
    out = {}
    for hand in after:
        best = float("-inf")
        for chosen in range(32):
            keep = tuple(v for bit, v in enumerate(hand) if chosen >> bit & 1)
            if keep not in keep_values:
                keep_values[keep] = sum(p * after[h] for h, p in _distribution(keep).items())
            best = max(best, keep_values[keep])
        out[hand] = best
    return out


@cache
def _distribution(keep: tuple[int, ...]) -> dict[tuple[int, ...], float]:
    return reroll_distribution(keep)
