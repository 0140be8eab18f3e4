"""The terminal game's words in the player's language: the translator the app holds, the card's
row names, a rules refusal in the player's words, keys' descriptions, numbers with decimals.

Every screen and widget asks :func:`words_of` for the app's :class:`~fivedice.i18n.Translator`
(English outside a running app, so the pure helpers and their tests need no terminal).
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache

from babel.numbers import format_decimal
from textual._context import NoActiveAppError
from textual.dom import DOMNode

from fivedice.i18n import PLACEHOLDER, SOURCE, Translator, catalog, translator
from fivedice.i18n.errors import said_by_catalog
from fivedice.rules import RuleSet

REFUSALS = "tui.refusal."
"""The catalog keys of the refusals the terminal game's setup words itself (a match's size, the
players' names, who starts), in English as it raises them."""


def english() -> Translator:
    """The source language's words (the rules core speaks English)."""
    return translator(SOURCE)


def words_of(node: DOMNode) -> Translator:
    """The words of the app `node` belongs to; English outside a running app."""
    try:
        app = node.app
    except NoActiveAppError:
        return english()
    found = getattr(app, "words", None)
    return found if isinstance(found, Translator) else english()


def decimal(words: Translator, value: float, places: int = 1) -> str:
    """A number with `places` decimals, written the language's way ("12.3", "12,3")."""
    pattern = "#,##0." + "0" * places if places > 0 else "#,##0"
    return format_decimal(value, format=pattern, locale=words.locale)


def signed(words: Translator, value: int) -> str:
    """A whole number with its sign, even a plus ("+12", "-3", "+0")."""
    return format_decimal(value, format="+#,##0;-#,##0", locale=words.locale)


def row_name(words: Translator, rules: RuleSet, key: str, label: str) -> str:
    """A card row's name: a box by its country's name, a derived row (the totals, the bonus)
    by its own key, with the rule set's numbers in it."""
    if key in rules.category_names:
        return words.box(label)
    if key == "upper_bonus":
        return words.t(
            "tui.card.upper_bonus",
            bonus=rules.upper_bonus,
            threshold=rules.upper_bonus_threshold,
        )
    row_key = f"tui.card.{key}"
    return words.t(row_key) if words.has(row_key) else label


@cache
def _refusal_patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each refusal key with a pattern that matches its English text, values captured."""
    patterns = []
    for key, message in catalog(SOURCE).items():
        if not key.startswith(REFUSALS) or not isinstance(message, str):
            continue
        parts = PLACEHOLDER.split(message)  # text, name, text, name, ..., text
        regex = "".join(
            re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts)
        )
        patterns.append((key, re.compile(regex, re.S)))
    return tuple(patterns)


def refusal(words: Translator, error: Exception | str) -> str:
    """A refusal in the player's words: a rules error from its code and values (a box by its
    country's name); the setup's own refusals, worded in English from ``tui.refusal.*``, by
    their sentence. A message the catalog does not know is shown as it is."""
    if isinstance(error, Exception):
        said = said_by_catalog(error, words)
        if said is not None:
            return said
    message = str(error)
    for key, pattern in _refusal_patterns():
        found = pattern.fullmatch(message)
        if found is not None:
            values = {n: int(v) if v.isdigit() else v for n, v in found.groupdict().items()}
            return words.t(key, **values)
    return message


def translate_bindings(node: DOMNode, words: Translator) -> None:
    """Put the player's words on `node`'s keys: a binding's description here is a catalog key
    (Textual keeps one copy of the class's bindings per node, which the footer reads)."""
    bindings = node._bindings.key_to_bindings
    for key, found in bindings.items():
        bindings[key] = [
            replace(b, description=words.t(b.description)) if words.has(b.description) else b
            for b in found
        ]
