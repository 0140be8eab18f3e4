"""The terminal game's words in the player's language: the translator the app holds, the card's
row names, a rules refusal in the player's words, keys' descriptions, numbers with decimals.

Every screen and widget asks :func:`words_of` for the app's :class:`~fivedice.i18n.Translator`
(English outside a running app, so the pure helpers and their tests need no terminal).
"""

from __future__ import annotations

from dataclasses import replace

from babel.numbers import format_decimal
from textual._context import NoActiveAppError
from textual.dom import DOMNode

from fivedice.i18n import SOURCE, Translator, translator
from fivedice.i18n.errors import said_by_catalog
from fivedice.rules import RuleSet


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


def refusal(words: Translator, error: Exception | str) -> str:
    """A refusal in the player's words, from its code and values (a box by its country's
    name); a message the catalog does not know is shown as it is."""
    said = said_by_catalog(error, words) if isinstance(error, Exception) else None
    return str(error) if said is None else said


def translate_bindings(node: DOMNode, words: Translator) -> None:
    """Put the player's words on `node`'s keys: a binding's description here is a catalog key
    (Textual keeps one copy of the class's bindings per node, which the footer reads)."""
    bindings = node._bindings.key_to_bindings
    for key, found in bindings.items():
        bindings[key] = [
            replace(b, description=words.t(b.description)) if words.has(b.description) else b
            for b in found
        ]
