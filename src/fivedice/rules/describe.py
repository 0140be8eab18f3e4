"""A rule set in words: every box and what it scores, the bonuses, the joker, the turn.

The rules page of the browser, the terminal game and the CLI all read this, so a player sees
the same description everywhere, and every number in it comes from the :class:`RuleSet`. The
rules hold no sentence of their own: each description is a :class:`Phrase` (a catalog key
``describe.*`` and its values), and a face says it in the player's language with :func:`say`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from .categories import Category, Pattern, Points
from .dice import DICE_COUNT
from .presets import PRESETS
from .ruleset import BonusWhen, JokerActive, JokerPlacement, RuleSet
from .state import ROLLS_PER_TURN


class BoxName(NamedTuple):
    """A box, to be named as the reader's country names it (from its label in the rules)."""

    label: str


class Phrase(NamedTuple):
    """A description as a catalog key and its values; a value may itself be a phrase, a box
    name or a list of box names, each said in the same language."""

    key: str
    params: Mapping[str, Param]


Param = int | str | BoxName | tuple[BoxName, ...] | Phrase


class Words(Protocol):
    """What :func:`say` needs of a translator (:class:`fivedice.i18n.Translator` has it)."""

    def t(self, key: str, /, **params: Any) -> str: ...

    def box(self, label: str) -> str: ...


def phrase(key: str, **params: Param) -> Phrase:
    """A phrase from its key and values."""
    return Phrase(key, params)


def say(words: Words, said: Phrase) -> str:
    """A phrase in the language of `words`, its inner phrases and box names in it too."""
    return words.t(said.key, **{name: _said(words, v) for name, v in said.params.items()})


def _said(words: Words, value: Param) -> int | str:
    if isinstance(value, Phrase):
        return say(words, value)
    if isinstance(value, BoxName):
        return words.box(value.label)
    if isinstance(value, tuple):
        return ", ".join(words.box(box.label) for box in value if isinstance(box, BoxName))
    return value


def english() -> Words:
    """English, the words of a caller that names no language."""
    from fivedice.i18n import translator  # the catalogs; imported late, as few callers need it

    return translator()


@dataclass(frozen=True, slots=True)
class BoxRule:
    """One box of the card in words: what the dice must show and what they score there."""

    name: str
    label: str
    section: str
    needs: str
    scores: str
    max_points: int

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description."""
        return {
            "name": self.name,
            "label": self.label,
            "section": self.section,
            "needs": self.needs,
            "scores": self.scores,
            "max": self.max_points,
        }


@dataclass(frozen=True, slots=True)
class RulesPage:
    """A rule set's rules page: where it comes from, the turn, the card and its bonuses."""

    preset: str
    title: str
    family: str
    origin: str
    dice: int
    rolls: int
    boxes: tuple[BoxRule, ...]
    upper_bonus_threshold: int
    upper_bonus: int
    upper_bonus_text: str
    extra_bonus: int
    extra_bonus_text: str
    joker_text: str
    undo_text: str
    how_to_play: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description (the server's ``GET /api/rules/{preset}``)."""
        return {
            "preset": self.preset,
            "title": self.title,
            "family": self.family,
            "origin": self.origin,
            "dice": self.dice,
            "rolls": self.rolls,
            "boxes": [box.to_dict() for box in self.boxes],
            "upper_bonus": {
                "threshold": self.upper_bonus_threshold,
                "points": self.upper_bonus,
                "text": self.upper_bonus_text,
            },
            "extra_bonus": {"points": self.extra_bonus, "text": self.extra_bonus_text},
            "joker": self.joker_text,
            "undo": self.undo_text,
            "how_to_play": list(self.how_to_play),
        }


def rules_page(rules: RuleSet, words: Words | None = None) -> RulesPage:
    """The rules page of `rules` in the language of `words` (English when none is named),
    every figure read from its data. Its title and box labels stay the rules' own: a face
    names them with its translator's ``preset`` and ``box``."""
    language = words or english()

    def text(said: Phrase) -> str:
        return say(language, said)

    upper = [box_rule(c, language) for c in rules.upper_categories]
    lower = [box_rule(c, language) for c in rules.lower_categories]
    return RulesPage(
        preset=rules.name,
        title=rules.title,
        family=rules.family.label,
        origin=text(origin_phrase(rules)),
        dice=DICE_COUNT,
        rolls=ROLLS_PER_TURN,
        boxes=(*upper, *lower),
        upper_bonus_threshold=rules.upper_bonus_threshold if rules.has_upper_bonus else 0,
        upper_bonus=rules.upper_bonus,
        upper_bonus_text=text(upper_bonus_phrase(rules)),
        extra_bonus=rules.extra_yahtzee_bonus if rules.has_extra_yahtzee_bonus else 0,
        extra_bonus_text=text(bonus_phrase(rules)),
        joker_text=text(joker_phrase(rules)),
        undo_text=text(undo_phrase(rules)),
        how_to_play=tuple(text(line) for line in how_to_play_phrases(rules)),
    )


def box_rule(box: Category, words: Words | None = None) -> BoxRule:
    """One box in words."""
    language = words or english()
    needs, scores = say(language, needs_phrase(box)), say(language, points_phrase(box))
    return BoxRule(box.name, box.label, box.section.value, needs, scores, box.max_points)


# --- the phrases ------------------------------------------------------------------------------


def origin_phrase(rules: RuleSet) -> Phrase:
    """Where the rule set comes from: a preset's own account, or the words it was stored with."""
    known = PRESETS.get(rules.name)
    if known is not None and known.source == rules.source:
        return phrase(f"describe.origin.{rules.name}")
    return phrase("describe.origin.own", text=rules.source)


def needs_phrase(box: Category) -> Phrase:
    """What the dice must show for the box to score."""
    if box.pattern in (Pattern.FACE, Pattern.CHANCE):
        return phrase("describe.needs.any")
    if box.pattern is Pattern.OF_A_KIND:
        if box.count == DICE_COUNT:
            return phrase("describe.needs.all_alike")
        return phrase("describe.needs.alike", count=box.count)
    if box.pattern is Pattern.PAIRS:
        if box.count == 1:
            return phrase("describe.needs.pair")
        return phrase("describe.needs.pairs", count=box.count)
    if box.pattern is Pattern.FULL_HOUSE:
        return phrase("describe.needs.full_house")
    return phrase("describe.needs.runs", runs=either(["-".join(map(str, r)) for r in box.runs]))


def either(choices: list[str]) -> Param:
    """Choices joined by "or" ("1-2-3-4 or 2-3-4-5 or 3-4-5-6"), in the reader's language."""
    if len(choices) <= 1:
        return "".join(choices)
    return phrase("describe.either", first=choices[0], second=either(choices[1:]))


def points_phrase(box: Category) -> Phrase:
    """What the box scores when the dice fit (and 0 when they do not)."""
    if box.pattern is Pattern.FACE:
        return phrase("describe.scores.face", face=box.face)
    if box.points is Points.FIXED:
        return phrase("describe.scores.points", count=box.value)
    if box.pattern is Pattern.PAIRS:
        key = "describe.scores.highest_pair" if box.count == 1 else "describe.scores.pairs"
        return phrase(key)
    if box.points is Points.MATCHED:
        return phrase("describe.scores.matched")
    return phrase("describe.scores.all")


def box_phrase(box: Category) -> Phrase:
    """How a box scores in one phrase: what it needs, then what it counts."""
    if box.pattern is Pattern.FACE:
        return points_phrase(box)
    return phrase("describe.box", needs=needs_phrase(box), scores=points_phrase(box))


def upper_bonus_phrase(rules: RuleSet) -> Phrase:
    """The upper bonus, or "none"."""
    if not rules.has_upper_bonus:
        return phrase("describe.none")
    return phrase(
        "describe.upper_bonus", points=rules.upper_bonus, threshold=rules.upper_bonus_threshold
    )


def bonus_phrase(rules: RuleSet) -> Phrase:
    """What a five of a kind rolled a second time earns, or "none"."""
    five = rules.five_of_a_kind
    if not rules.has_extra_yahtzee_bonus or five is None:
        return phrase("describe.none")
    scoring = rules.bonus_when is BonusWhen.BOX_HOLDS_50_AND_SCORES
    key = "describe.extra_bonus.if_scoring" if scoring else "describe.extra_bonus.plain"
    return phrase(key, points=rules.extra_yahtzee_bonus, box=BoxName(five.label), value=five.value)


def joker_phrase(rules: RuleSet) -> Phrase:
    """Where an extra five of a kind may go, and for how much, or "none: ..."."""
    joker, five = rules.joker, rules.five_of_a_kind
    if joker.placement is JokerPlacement.NONE or five is None:
        return phrase("describe.joker.none")
    holds = joker.active_when is JokerActive.BOX_HOLDS_50
    when = phrase(
        "describe.joker.when_holds" if holds else "describe.joker.when_filled",
        box=BoxName(five.label),
        value=five.value,
    )
    full = tuple(
        BoxName(rules.category(n).label)
        for n in rules.category_names
        if n in joker.full_value_boxes
    )
    if joker.placement is JokerPlacement.UPPER_FIRST:
        return phrase("describe.joker.upper_first", when=when, boxes=full)
    if joker.placement is JokerPlacement.UPPER_OR_ZERO:
        return phrase("describe.joker.upper_or_zero", when=when)
    key = "describe.joker.free"
    if joker.needs_upper_filled:
        key += "_upper_filled"
    if joker.upper_scores_total:
        key += "_upper_total"
    return phrase(key, when=when, boxes=full)


def undo_phrase(rules: RuleSet) -> Phrase:
    """Whether a scoring may be taken back."""
    return phrase("describe.undo.allowed" if rules.undo_allowed else "describe.undo.none")


def how_to_play_phrases(rules: RuleSet) -> tuple[Phrase, ...]:
    """The game in a few sentences, with this rule set's numbers."""
    return (
        phrase("describe.how.card", count=len(rules.categories)),
        phrase("describe.how.turn", count=ROLLS_PER_TURN, dice=DICE_COUNT),
        phrase("describe.how.score", rolls=ROLLS_PER_TURN),
        phrase("describe.how.end"),
    )


# --- in words (English unless a language is named) --------------------------------------------


def describe_needs(box: Category, words: Words | None = None) -> str:
    """What the dice must show for the box to score."""
    return say(words or english(), needs_phrase(box))


def describe_points(box: Category, words: Words | None = None) -> str:
    """What the box scores when the dice fit (and 0 when they do not)."""
    return say(words or english(), points_phrase(box))


def describe_box(box: Category, words: Words | None = None) -> str:
    """How a box scores in one phrase: what it needs, then what it counts."""
    return say(words or english(), box_phrase(box))


def describe_upper_bonus(rules: RuleSet, words: Words | None = None) -> str:
    """The upper bonus, or "none"."""
    return say(words or english(), upper_bonus_phrase(rules))


def describe_bonus(rules: RuleSet, words: Words | None = None) -> str:
    """What a five of a kind rolled a second time earns, or "none"."""
    return say(words or english(), bonus_phrase(rules))


def describe_joker(rules: RuleSet, words: Words | None = None) -> str:
    """Where an extra five of a kind may go, and for how much, or "none: ..."."""
    return say(words or english(), joker_phrase(rules))


def describe_undo(rules: RuleSet, words: Words | None = None) -> str:
    """Whether a scoring may be taken back."""
    return say(words or english(), undo_phrase(rules))


def how_to_play(rules: RuleSet, words: Words | None = None) -> tuple[str, ...]:
    """The game in a few sentences, with this rule set's numbers."""
    language = words or english()
    return tuple(say(language, line) for line in how_to_play_phrases(rules))
