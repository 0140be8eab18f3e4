"""How the commands put numbers, days and moves into words, in the user's language: plurals
right ("1 point", "2 rolls left"), numbers and days as the language writes them, and boxes by
their names on that language's card ("Four of a kind", never the internal name)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING

from babel.dates import format_date
from babel.numbers import format_decimal

from .language import cli_translator

if TYPE_CHECKING:
    from fivedice.i18n import Translator
    from fivedice.rules import RuleSet
    from fivedice.strategy.advisor import Action, Advice


def count(n: int, noun: str, plural: str | None = None, t: Translator | None = None) -> str:
    """``n`` and a noun in the plural form the language gives ``n``: "1 point", "0 points",
    "10,000 games". The noun names its text ``cli.words.<noun>`` (``"rated_match"``); one the
    catalogs lack is put together the English way (`plural`, else the noun and an s)."""
    t = t or cli_translator()
    key = "cli.words." + noun.replace(" ", "_")
    if t.has(key):
        return t.t(key, count=n)
    word = noun if n == 1 else plural or noun + "s"
    return f"{t.number(n)} {word}"


def rolls_left_words(n: int, t: Translator | None = None) -> str:
    """The rolls left in words: "1 roll left", "2 rolls left"."""
    return (t or cli_translator()).t("cli.words.rolls_left", count=n)


def fixed(value: float, places: int, t: Translator | None = None) -> str:
    """A number with `places` decimals, rounded as Python rounds it and written the language's
    way, without grouping: "254.5870", "254,5870"."""
    t = t or cli_translator()
    rounded = Decimal(f"{value:.{places}f}")
    pattern = "0." + "0" * places if places else "0"
    return format_decimal(rounded, format=pattern, locale=t.locale)


def day(value: date, t: Translator | None = None) -> str:
    """A day in figures as the language writes it: "2026-11-24", "24.11.2026", "24/11/2026"."""
    t = t or cli_translator()
    return format_date(value, format=t.t("cli.words.day_pattern"), locale=t.locale)


def box_label(rules: RuleSet, name: str, t: Translator | None = None) -> str:
    """A box as the card shows it, in the language's words."""
    return (t or cli_translator()).box(rules.category(name).label)


def dice_words(faces: Iterable[int]) -> str:
    """Dice faces as they are shown everywhere: "3 3 3 1 5"."""
    return " ".join(str(face) for face in faces)


def move(rules: RuleSet, action: Action, t: Translator | None = None) -> str:
    """A move in words: "hold 3 3 3", "reroll all", "score Four of a kind"."""
    t = t or cli_translator()
    if action.kind == "score":
        return t.t("cli.words.move_score", box=box_label(rules, action.category, t))
    if not action.hold:
        return t.t("cli.words.move_reroll_all")
    return t.t("cli.words.move_hold", dice=dice_words(action.hold))


def move_with_points(rules: RuleSet, advice: Advice, t: Translator | None = None) -> str:
    """A move and, for scoring, the points it writes: "score Threes (9 points)"."""
    t = t or cli_translator()
    text = move(rules, advice.action, t)
    if advice.points is None:
        return text
    points = count(advice.points, "point", t=t)
    if not advice.bonus:
        return t.t("cli.words.move_with_points", move=text, points=points)
    bonus = count(advice.bonus, "bonus_point", t=t)
    return t.t("cli.words.move_with_points_and_bonus", move=text, points=points, bonus=bonus)
