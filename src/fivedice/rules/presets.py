"""The named rule sets: today's box, the five seed programs, Scandinavian Yatzy and Yacht.

Each preset is a few lines naming its options and where they come from; ``preset(name)``
looks one up, as ``chess.variant.find_variant`` does for chess.
"""

from __future__ import annotations

from dataclasses import replace

from .categories import (
    HIGH_RUN,
    LARGE_RUNS,
    LOW_RUN,
    SMALL_RUNS,
    Category,
    Pattern,
    Points,
    Section,
    chance,
    full_house,
    of_a_kind,
    straight,
    upper_boxes,
)
from .errors import UnknownPreset
from .ruleset import (
    NO_JOKER,
    BonusWhen,
    Family,
    JokerActive,
    JokerPlacement,
    JokerRule,
    RuleSet,
)

DEFAULT_PRESET = "official"


def yahtzee_boxes(five_label: str = "Yahtzee") -> tuple[Category, ...]:
    """The thirteen boxes of a Yahtzee card, in the order the box's score pad prints them."""
    return (
        *upper_boxes(),
        of_a_kind("three_of_a_kind", "Three of a kind", 3, Points.SUM),
        of_a_kind("four_of_a_kind", "Four of a kind", 4, Points.SUM),
        full_house(),
        straight("small_straight", "Small straight", SMALL_RUNS, 30),
        straight("large_straight", "Large straight", LARGE_RUNS, 40),
        of_a_kind("yahtzee", five_label, 5, Points.FIXED, 50),
        chance(),
    )


OFFICIAL = RuleSet(
    name="official",
    title="Yahtzee (official rules)",
    source=(
        "The official rules (Hasbro), printed in today's Yahtzee box: a 100-point bonus for "
        "each extra Yahtzee while the Yahtzee box holds 50; the forced joker: the matching "
        "upper box if open, else any open lower box at full value, else any open upper box "
        "for 0."
    ),
    categories=yahtzee_boxes(),
    joker=JokerRule(placement=JokerPlacement.UPPER_FIRST, active_when=JokerActive.BOX_FILLED),
)

FREE_JOKER = replace(
    OFFICIAL,
    name="free-joker",
    title="Yahtzee (free joker)",
    source=(
        "The reading of Verhoeff's optimal-play work and of many computer versions: an extra "
        "Yahtzee may go in any open box; Full House and the straights score their full value "
        "only when the matching upper box is filled; 100 bonus whenever the Yahtzee box holds 50."
    ),
    joker=JokerRule(placement=JokerPlacement.FREE, needs_upper_filled=True),
)

VP_GAMES = replace(
    OFFICIAL,
    name="vp-games",
    title="Virtual Place Yahtzee",
    source=(
        "The rules of Virtual Place Yahtzee, VP Games' online tables: a Yahtzee thrown a "
        "second time must go in the "
        "matching upper box (face sum + 100); if that is filled, in any empty box for 0, "
        "still earning the 100 bonus."
    ),
    joker=JokerRule(placement=JokerPlacement.UPPER_OR_ZERO, active_when=JokerActive.BOX_HOLDS_50),
)

CLASSIC_1986 = replace(
    OFFICIAL,
    name="classic-1986",
    title="Yahtzee (1986 desktop game)",
    source=(
        "The instructions of a 1986 Yahtzee game for the desktop: 100 bonus only if the "
        "Yahtzee box holds 50; a joker "
        "when the Yahtzee box is filled (50 or 0) and the matching upper box is filled: any "
        "lower box at full value, and an upper box scores the total of the dice."
    ),
    joker=JokerRule(
        placement=JokerPlacement.FREE, needs_upper_filled=True, upper_scores_total=True
    ),
)

GENERAL = RuleSet(
    name="general",
    title="General (Playtouch)",
    source=(
        "Playtouch's Yahtzee Online, describing the General game: straights are the "
        "exact sequences 2-3-4-5-6 (30) and 1-2-3-4-5 (40); General (five of a kind) 50; "
        "no bonus of any kind is mentioned."
    ),
    categories=(
        *upper_boxes(),
        of_a_kind("three_of_a_kind", "Three of a kind (T)", 3, Points.SUM),
        of_a_kind("four_of_a_kind", "Four of a kind (Q)", 4, Points.SUM),
        full_house(),
        straight("high_straight", "High straight 2-6 (S+)", HIGH_RUN, 30),
        straight("low_straight", "Low sequence 1-5 (S-)", LOW_RUN, 40),
        of_a_kind("general", "General (G)", 5, Points.FIXED, 50),
        chance("Random move (X)"),
    ),
    upper_bonus=0,
    extra_yahtzee_bonus=0,
    bonus_when=BonusWhen.NEVER,
    joker=NO_JOKER,
    family=Family.GENERAL,
)

GENERAL_NO_CHANCE = replace(
    GENERAL,
    name="general-no-chance",
    title="General without the random move",
    source=(
        "Playtouch's General without the random move (X), which is 'non-existent in "
        "some versions of the game'."
    ),
    categories=tuple(c for c in GENERAL.categories if c.name != "chance"),
)

PRINTABLE = replace(
    OFFICIAL,
    name="printable",
    title="Yahtzee (printable rules)",
    source=(
        "A printable rules sheet for Yahtzee (1 to 6 rounds a game): 100 bonus when the "
        "Yahtzee box holds 50 and the extra "
        "Yahtzee scores more than 0 where it is placed; a joker when the Yahtzee box is filled "
        "(0 or 50) and the matching upper box is filled: Full House or a straight at full value."
    ),
    bonus_when=BonusWhen.BOX_HOLDS_50_AND_SCORES,
    joker=JokerRule(placement=JokerPlacement.FREE, needs_upper_filled=True),
)

TIMED_ONLINE = replace(
    OFFICIAL,
    name="timed-online",
    title="Yahtzee (timed online tables)",
    source=(
        "The rules of online Yahtzee tables with a clock per hand: 100 bonus per extra five "
        "of a kind when the box "
        "holds 50, none for the rest of the game after a 0 there; a joker in the lower section "
        "only when the box holds 50 and the matching upper box is filled. No undo: a score, "
        "once set, stays."
    ),
    categories=yahtzee_boxes("5 of a kind"),
    joker=JokerRule(
        placement=JokerPlacement.FREE,
        active_when=JokerActive.BOX_HOLDS_50,
        needs_upper_filled=True,
    ),
    undo_allowed=False,
)

YATZY = RuleSet(
    name="yatzy",
    title="Yatzy (Scandinavian)",
    source=(
        "Scandinavian Yatzy: 15 boxes with one and two pairs, a 50-point upper bonus at 63, "
        "straights 1-5 (15) and 2-6 (20), the kinds and pairs count only the matching dice."
    ),
    categories=(
        *upper_boxes(),
        Category("one_pair", "One pair", Section.LOWER, Pattern.PAIRS, Points.MATCHED, count=1),
        Category("two_pairs", "Two pairs", Section.LOWER, Pattern.PAIRS, Points.MATCHED, count=2),
        of_a_kind("three_of_a_kind", "Three of a kind", 3, Points.MATCHED),
        of_a_kind("four_of_a_kind", "Four of a kind", 4, Points.MATCHED),
        straight("small_straight", "Small straight 1-5", LOW_RUN, 0),
        straight("large_straight", "Large straight 2-6", HIGH_RUN, 0),
        full_house(Points.SUM, 0),
        chance(),
        of_a_kind("yatzy", "Yatzy", 5, Points.FIXED, 50),
    ),
    upper_bonus=50,
    extra_yahtzee_bonus=0,
    bonus_when=BonusWhen.NEVER,
    joker=NO_JOKER,
    family=Family.YATZY,
)

YACHT = RuleSet(
    name="yacht",
    title="Yacht (classic)",
    source=(
        "Classic Yacht: 12 boxes, no upper bonus, Full House scores the dice, Four of a kind "
        "only the four, the straights 1-5 and 2-6 score 30, Choice is Chance."
    ),
    categories=(
        *upper_boxes(),
        full_house(Points.SUM, 0),
        of_a_kind("four_of_a_kind", "Four of a kind", 4, Points.MATCHED),
        straight("small_straight", "Little straight 1-5", LOW_RUN, 30),
        straight("large_straight", "Big straight 2-6", HIGH_RUN, 30),
        chance("Choice"),
        of_a_kind("yacht", "Yacht", 5, Points.FIXED, 50),
    ),
    upper_bonus=0,
    extra_yahtzee_bonus=0,
    bonus_when=BonusWhen.NEVER,
    joker=NO_JOKER,
    family=Family.YACHT,
)

PRESETS: dict[str, RuleSet] = {
    r.name: r
    for r in (
        OFFICIAL,
        FREE_JOKER,
        VP_GAMES,
        CLASSIC_1986,
        GENERAL,
        GENERAL_NO_CHANCE,
        PRINTABLE,
        TIMED_ONLINE,
        YATZY,
        YACHT,
    )
}


def preset(name: str = DEFAULT_PRESET) -> RuleSet:
    """The rule set called `name`; ``official`` (today's box) when none is given."""
    try:
        return PRESETS[name]
    except KeyError:
        raise UnknownPreset(name=name, presets=", ".join(PRESETS)) from None


def family_presets(family: Family) -> tuple[str, ...]:
    """The presets of one family, in the presets' order."""
    return tuple(name for name, rules in PRESETS.items() if rules.family is family)


def preset_names() -> tuple[str, ...]:
    """The presets' names, the default first."""
    return tuple(PRESETS)
