"""A rule set: the boxes of the card, the upper bonus, and what an extra Yahtzee earns.

The programs in the seed pages agree on the core and differ on extra Yahtzees; every difference
is a field here, so a variant (or an ablation such as "official without any joker") is one
``dataclasses.replace`` away from a preset.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cached_property
from typing import Any

from .categories import Category, Pattern, Section
from .errors import UnknownCategory


class BonusWhen(StrEnum):
    """When an extra Yahtzee earns the extra-Yahtzee bonus."""

    NEVER = "never"
    BOX_HOLDS_50 = "box_holds_50"  # the Yahtzee box holds its full score (not a 0)
    BOX_HOLDS_50_AND_SCORES = "box_holds_50_and_scores"  # ...and it scores > 0 where placed


class Family(StrEnum):
    """The game a rule set belongs to, as players count them apart: ratings are kept per family,
    since a Yatzy player's skill says little about their Yacht."""

    YAHTZEE = "yahtzee"  # the Yahtzee presets: today's box and the seed programs' readings
    YATZY = "yatzy"
    YACHT = "yacht"
    GENERAL = "general"

    @property
    def label(self) -> str:
        """The family's name for people."""
        return self.value.capitalize()


class JokerPlacement(StrEnum):
    """Where an extra Yahtzee may be placed once joker rules apply."""

    NONE = "none"  # no joker: every box scores the dice by its own rule
    FREE = "free"  # any open box
    UPPER_FIRST = "upper_first"  # matching upper box if open, else a lower box, else upper
    UPPER_OR_ZERO = "upper_or_zero"  # matching upper box if open, else any box for 0


class JokerActive(StrEnum):
    """Which Yahtzee box makes a five of a kind a joker."""

    BOX_FILLED = "box_filled"  # filled with 50 or with 0
    BOX_HOLDS_50 = "box_holds_50"  # filled with its full score only


JOKER_FULL_VALUE_DEFAULT = frozenset({"full_house", "small_straight", "large_straight"})


@dataclass(frozen=True, slots=True)
class JokerRule:
    """What an extra Yahtzee may do beyond its natural scores."""

    placement: JokerPlacement = JokerPlacement.NONE
    active_when: JokerActive = JokerActive.BOX_FILLED
    # Under FREE placement: the joker values apply only once the matching upper box is filled.
    needs_upper_filled: bool = True
    # Boxes a joker fills at their full value although the pattern is not there.
    full_value_boxes: frozenset[str] = JOKER_FULL_VALUE_DEFAULT
    # Seed 001: a joker placed in an upper box scores the total of the dice.
    upper_scores_total: bool = False

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description."""
        return {
            "placement": self.placement.value,
            "active_when": self.active_when.value,
            "needs_upper_filled": self.needs_upper_filled,
            "full_value_boxes": sorted(self.full_value_boxes),
            "upper_scores_total": self.upper_scores_total,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> JokerRule:
        """Rebuild from :meth:`to_dict`'s output."""
        return cls(
            placement=JokerPlacement(data["placement"]),
            active_when=JokerActive(data["active_when"]),
            needs_upper_filled=bool(data["needs_upper_filled"]),
            full_value_boxes=frozenset(data["full_value_boxes"]),
            upper_scores_total=bool(data["upper_scores_total"]),
        )


NO_JOKER = JokerRule()


@dataclass(frozen=True)
class RuleSet:
    """Everything that decides a card's score: its boxes, its bonuses and the joker rule;
    and whether its rule page lets a scoring be taken back (`undo_allowed`)."""

    name: str
    title: str
    source: str
    categories: tuple[Category, ...]
    upper_bonus_threshold: int = 63
    upper_bonus: int = 35
    extra_yahtzee_bonus: int = 100
    bonus_when: BonusWhen = BonusWhen.BOX_HOLDS_50
    joker: JokerRule = field(default=NO_JOKER)
    family: Family = Family.YAHTZEE
    undo_allowed: bool = True  # seed 004's timed tables have no undo: a match of them has none

    def __post_init__(self) -> None:
        names = [c.name for c in self.categories]
        if len(set(names)) != len(names):
            raise ValueError(f"Rule set {self.name!r} names a box twice: {names}")

    # Lookups ---------------------------------------------------------------------------

    @cached_property
    def _by_name(self) -> dict[str, Category]:
        return {c.name: c for c in self.categories}

    @cached_property
    def _index(self) -> dict[str, int]:
        return {c.name: i for i, c in enumerate(self.categories)}

    def category(self, name: str) -> Category:
        """The box called `name` (snake_case, as ``"full_house"``)."""
        try:
            return self._by_name[name]
        except KeyError:
            raise UnknownCategory(
                preset=self.name,
                preset_title=self.title,
                box=name,
                boxes=", ".join(self.category_names),
            ) from None

    def index(self, name: str) -> int:
        """The position of box `name` on the card."""
        self.category(name)
        return self._index[name]

    @property
    def category_names(self) -> tuple[str, ...]:
        """Box names in card order."""
        return tuple(c.name for c in self.categories)

    @cached_property
    def upper_categories(self) -> tuple[Category, ...]:
        """Boxes of the upper section, in card order."""
        return tuple(c for c in self.categories if c.section is Section.UPPER)

    @cached_property
    def lower_categories(self) -> tuple[Category, ...]:
        """Boxes of the lower section, in card order."""
        return tuple(c for c in self.categories if c.section is Section.LOWER)

    @cached_property
    def five_of_a_kind(self) -> Category | None:
        """The Yahtzee box (Yatzy, General, Yacht name it otherwise), if the card has one."""
        return next(
            (
                c
                for c in self.categories
                if c.pattern is Pattern.OF_A_KIND and c.count == 5 and c.section is Section.LOWER
            ),
            None,
        )

    def upper_box_for(self, face: int) -> Category | None:
        """The upper box that counts `face`, if any."""
        return next((c for c in self.upper_categories if c.face == face), None)

    @property
    def has_upper_bonus(self) -> bool:
        """Whether the upper section earns a bonus at all."""
        return self.upper_bonus > 0

    @property
    def has_extra_yahtzee_bonus(self) -> bool:
        """Whether extra Yahtzees can earn a bonus."""
        return self.bonus_when is not BonusWhen.NEVER and self.five_of_a_kind is not None

    # Serialisation ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description that rebuilds the identical rule set."""
        return {
            "name": self.name,
            "title": self.title,
            "source": self.source,
            "categories": [c.to_dict() for c in self.categories],
            "upper_bonus_threshold": self.upper_bonus_threshold,
            "upper_bonus": self.upper_bonus,
            "extra_yahtzee_bonus": self.extra_yahtzee_bonus,
            "bonus_when": self.bonus_when.value,
            "joker": self.joker.to_dict(),
            "family": self.family.value,
            "undo_allowed": self.undo_allowed,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        """Rebuild a rule set from :meth:`to_dict`'s output (a log from before families named
        none: a preset's name gives its family, any other rule set is a Yahtzee). A preset's
        rules stored before its wording changed read with today's `source`: the words are how
        players are told where the rules come from, not part of the rules."""
        rebuilt = cls(
            name=data["name"],
            title=data["title"],
            source=data["source"],
            categories=tuple(Category.from_dict(c) for c in data["categories"]),
            upper_bonus_threshold=int(data["upper_bonus_threshold"]),
            upper_bonus=int(data["upper_bonus"]),
            extra_yahtzee_bonus=int(data["extra_yahtzee_bonus"]),
            bonus_when=BonusWhen(data["bonus_when"]),
            joker=JokerRule.from_dict(data["joker"]),
            family=Family(data["family"]) if "family" in data else _family_of(data["name"]),
            undo_allowed=bool(data.get("undo_allowed", True)),  # older logs: undo as options say
        )
        return _in_todays_words(rebuilt)

    @cached_property
    def fingerprint(self) -> str:
        """A short hash of everything that affects scoring (not the name or the wording).

        Two rule sets with the same fingerprint score every game alike, so caches such as
        the solver's tables are keyed by it.
        """
        data = self.to_dict()
        for key in ("name", "title", "source", "family", "undo_allowed"):
            data.pop(key)
        for c in data["categories"]:
            c.pop("label")
        blob = json.dumps(data, sort_keys=True).encode()
        return hashlib.sha256(blob).hexdigest()[:16]


def _in_todays_words(rules: RuleSet) -> RuleSet:
    """`rules` with its preset's current source, if it is that preset's rules."""
    from .presets import PRESETS  # the presets are built from this module

    known = PRESETS.get(rules.name)
    if known is None or known.source == rules.source or known.fingerprint != rules.fingerprint:
        return rules
    return replace(rules, source=known.source)


def _family_of(preset_name: str) -> Family:
    """The family of the preset called `preset_name`; Yahtzee for any other name."""
    from .presets import PRESETS  # the presets are built from this module

    known = PRESETS.get(preset_name)
    return known.family if known is not None else Family.YAHTZEE
