"""A refusal's text in a language, from its stable ``code`` and the values in it (``params``).

The key is ``error.<code>``, or ``error.<code>.<reason>`` where one code has several reasons
(``params["reason"]``). Values that name a thing of the rules are written in the language's own
words: ``box_label`` (a box's label in the rules), ``box_labels`` (a list of them) and
``preset_title`` (with ``preset``, the rule set's name). The English text of every refusal the
rules core and the server give comes from here, so a client in another language says the same.
"""

from __future__ import annotations

import decimal
from collections.abc import Mapping
from typing import Any

from babel.numbers import format_decimal

from . import SOURCE, Translator, translator


def error_key(code: str, params: Mapping[str, Any]) -> str:
    """The catalog key of a refusal: ``error.<code>``, or ``error.<code>.<reason>``."""
    reason = params.get("reason")
    return f"error.{code}.{reason}" if reason else f"error.{code}"


def error_text(code: str, params: Mapping[str, Any], lang: str | Translator = SOURCE) -> str:
    """A refusal as a person reads it in `lang` (English unless named)."""
    words = translator(lang) if isinstance(lang, str) else lang
    return words.t(error_key(code, params), **localized(words, params))


def localized(words: Translator, params: Mapping[str, Any]) -> dict[str, Any]:
    """The values of a refusal as `words`' language writes them: box and rule-set names in its
    words, numbers with its decimal sign but no grouping (a limit reads "3600 seconds", an
    event "1234", as the server has always written them)."""
    values = {
        name: _plain(words, value) if _is_number(value) and name != "count" else value
        for name, value in params.items()
    }
    if isinstance(values.get("box_label"), str):
        values["box_label"] = words.box(values["box_label"])
    labels = values.get("box_labels")
    if isinstance(labels, list | tuple):
        values["box_labels"] = ", ".join(words.box(str(label)) for label in labels)
    if isinstance(values.get("preset_title"), str):
        values["preset_title"] = words.preset(str(values.get("preset")), values["preset_title"])
    return values


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _plain(words: Translator, value: float) -> str:
    """A number in the language's decimals, without grouping (one too large for Babel, as
    Python writes it)."""
    try:
        return format_decimal(value, locale=words.locale, group_separator=False)
    except decimal.InvalidOperation:
        return str(value)


def said_by_catalog(error: BaseException, lang: str | Translator) -> str | None:
    """An error with a ``code`` and ``params`` in `lang`, if its message is the catalog's own
    English for them (an error worded by a face itself has no key); else None."""
    code, params = getattr(error, "code", None), getattr(error, "params", None)
    if not isinstance(code, str) or not isinstance(params, dict):
        return None
    try:
        if error_text(code, params) != str(error):
            return None
        return error_text(code, params, lang)
    except KeyError:
        return None
