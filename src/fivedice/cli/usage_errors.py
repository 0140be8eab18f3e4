"""The usage mistakes Click finds itself (an unknown option or command, a missing argument, a
word where a number goes) in the user's language.

Typer's vendored Click writes them in English with no gettext. Each sentence it writes is an
English text of the catalog, word for word with its values as placeholders, so the catalog
recognises it and says it in the user's language; a sentence of another shape (a newer
Typer's) is shown as Click wrote it, so nothing is ever lost. Why a value is invalid comes from
the parameter's type; the common ones, a word where a whole number goes and a number out of its
range, are said in the project's words.
"""

from __future__ import annotations

import re
from functools import cache

from fivedice.i18n import PLACEHOLDER, SOURCE, Translator, catalog

SENTENCES = (
    "cli.usage.no_such_option_suggest",  # before the same sentence without suggestions
    "cli.usage.no_such_option",
    "cli.usage.no_such_command",
    "cli.usage.missing_argument",
    "cli.usage.missing_option",
    "cli.usage.needs_value",
    "cli.usage.takes_no_value",
    "cli.usage.extra_arguments",
    "cli.usage.invalid_value",
)
"""The keys of Click's sentences, in the order they are tried."""

REASONS = {  # Click's English, matched to be reworded
    "cli.usage.reason_integer": re.compile(
        r"(?P<value>.+?) is not a valid int(eger)?\."  # i18n: not text
    ),
    "cli.usage.reason_range": re.compile(
        r"(?P<value>.+?) is not in the range (?P<low>-?\d+)<=x<=(?P<high>-?\d+)\."  # i18n: not text
    ),
}
"""Why Typer's types refuse a value, as its vendored Click writes it (a whole number, one in a
range), and the key that says it in the project's words."""


@cache
def english_shape(key: str) -> re.Pattern[str]:
    """What Click's sentence looks like: the English text, each placeholder a named group."""
    text = catalog(SOURCE)[key]
    assert isinstance(text, str), key
    parts = PLACEHOLDER.split(text)  # text, name, text, name, ..., text
    return re.compile(
        "".join(f"(?P<{p}>.+?)" if i % 2 else re.escape(p) for i, p in enumerate(parts)), re.S
    )


def usage_message(message: str, t: Translator) -> str:
    """Click's one-line usage mistake, said in `t`'s language when its shape is known."""
    for key in SENTENCES:
        found = english_shape(key).fullmatch(message)
        if found is None:
            continue
        values = found.groupdict()
        if "reason" in values:
            values["reason"] = reason_words(values["reason"], t)
        return t.t(key, **values)
    return message


def reason_words(reason: str, t: Translator) -> str:
    """Why a value is invalid, in `t`'s words when Click's sentence is known."""
    for key, shape in REASONS.items():
        found = shape.fullmatch(reason)
        if found is not None:
            return t.t(key, **{k: v for k, v in found.groupdict().items() if k != "reason"})
    return reason
