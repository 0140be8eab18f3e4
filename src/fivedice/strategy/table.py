"""A solved rule set: the expected score to come from every turn-start state, and its file form.

Loading a table needs numpy only (no compiled code), so reading one from the cache is quick.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from fivedice.rules import RuleSet, Scorecard, Section

SOLVER_VERSION = "1"


class ImpossibleCard(ValueError):
    """A card that no game can reach (its upper boxes cannot add up to that subtotal)."""


@dataclass(frozen=True, eq=False)
class StateKey:
    """Where a card sits in the table: filled-box mask, Yahtzee-box flag, capped subtotal."""

    mask: int
    flag: int
    upper: int


@dataclass(frozen=True, eq=False)
class StrategyTable:
    """``values[mask, flag, u]``: expected points still to come under optimal play.

    See :mod:`fivedice.strategy.kernels` for the state layout. Points already on the card are
    not included; the upper bonus is (it is paid when the card is complete).
    """

    rules: RuleSet
    values: npt.NDArray[np.float64]
    seconds: float = 0.0
    version: str = SOLVER_VERSION

    @property
    def expected_start(self) -> float:
        """The expected final score of a whole game played optimally."""
        return float(self.values[0, 0, 0])

    @property
    def flags(self) -> int:
        """Length of the Yahtzee-box flag axis (1 or 2)."""
        return int(self.values.shape[1])

    @property
    def cap(self) -> int:
        """The largest upper-subtotal index (the bonus threshold, or 0 without a bonus)."""
        return int(self.values.shape[2] - 1)

    def key(self, boxes: Mapping[str, int]) -> StateKey:
        """The state of a card given its filled boxes (name -> points)."""
        rules = self.rules
        mask = 0
        upper = 0
        for name, points in boxes.items():
            box = rules.category(name)
            mask |= 1 << rules.index(name)
            if box.section is Section.UPPER:
                upper += points
        five = rules.five_of_a_kind
        flag = 0
        if self.flags == 2 and five is not None and boxes.get(five.name, 0) > 0:
            flag = 1
        return StateKey(mask, flag, min(upper, self.cap))

    def key_after(self, key: StateKey, name: str, points: int) -> StateKey:
        """The state once `points` are written in the open box `name` (as :meth:`key` of the
        card with that box filled)."""
        rules = self.rules
        upper = key.upper
        if rules.category(name).section is Section.UPPER:
            upper = min(upper + points, self.cap)
        flag = key.flag
        five = rules.five_of_a_kind
        if self.flags == 2 and five is not None and name == five.name and points > 0:
            flag = 1
        return StateKey(key.mask | 1 << rules.index(name), flag, upper)

    def value(self, key: StateKey) -> float:
        """Expected points still to come from a turn-start state."""
        v = float(self.values[key.mask, key.flag, key.upper])
        if np.isnan(v):
            raise ImpossibleCard(
                f"No game reaches an upper subtotal of {key.upper} with these upper boxes filled"
            )
        return v

    def expected_final(self, card: Scorecard) -> float:
        """Expected final score of a card at the start of a turn, playing optimally from here."""
        return card.grand_total - card.upper_bonus + self.value(self.key(card.boxes))

    # Files -------------------------------------------------------------------------------

    def save(self, path: Path) -> None:
        """Write the table as an uncompressed ``.npy`` with a JSON sidecar (atomic rename)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        with tmp.open("wb") as fh:
            np.save(fh, self.values, allow_pickle=False)
        meta = {
            "rules": self.rules.to_dict(),
            "fingerprint": self.rules.fingerprint,
            "version": self.version,
            "seconds": self.seconds,
        }
        path.with_suffix(".json").write_text(json.dumps(meta))
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path, rules: RuleSet) -> StrategyTable:
        """Read a table written by :meth:`save` for `rules`."""
        values = np.load(path, allow_pickle=False)
        meta = json.loads(path.with_suffix(".json").read_text())
        if meta["fingerprint"] != rules.fingerprint or meta["version"] != SOLVER_VERSION:
            raise ValueError(f"{path} holds a table for other rules or another solver version")
        return cls(rules, values, float(meta.get("seconds", 0.0)), meta["version"])
