"""Every word a person reads, in their language: one JSON catalog per language, shared by the
terminal game, the command line, the server and the page (which fetches the same files).

A catalog maps a key (``"cli.score.total"``) to a text with ``{name}`` placeholders, or, for a
text that counts something, to its CLDR plural forms (``{"one": "{count} point", "other":
"{count} points"}``) chosen by the ``count`` value. Plural rules, numbers and dates come from
Babel (CLDR), so "1.234 Punkte" and "0 ponto" are right without code per language.
:class:`Translator` is a :class:`gettext.NullTranslations`, so code written for gettext works
with it too.
"""

from __future__ import annotations

import decimal
import gettext
import json
import os
import re
from collections.abc import Iterable, Mapping
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.dates import format_date, format_datetime
from babel.numbers import format_decimal

LANGUAGES: dict[str, str] = {
    "en": "English",
    "pt-BR": "Português (Brasil)",
    "de": "Deutsch",
    "es": "Español",
    "fr": "Français",
    "sv": "Svenska",
    "da": "Dansk",
}
"""The languages fivedice speaks, each by its own name (what a language picker shows)."""

SOURCE = "en"
"""The language every other catalog is translated from; a key missing elsewhere falls back here."""

PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
"""A value's place in a text: ``{name}``."""

CATALOGS = Path(__file__).parent / "catalogs"
"""The folder of the catalogs, ``<language>.json`` each (the server serves it at /locales)."""

Message = str | dict[str, str]


def catalog_text(lang: str) -> str:
    """The catalog file of a language, as shipped in the package."""
    return (CATALOGS / f"{lang}.json").read_text("utf-8")


@cache
def catalog(lang: str) -> dict[str, Message]:
    """A language's messages by key."""
    if lang not in LANGUAGES:
        raise KeyError(f"no catalog for {lang!r}")
    messages: dict[str, Message] = json.loads(catalog_text(lang))
    return messages


def negotiate(wanted: Iterable[str]) -> str:
    """The first of the wanted languages (most wanted first) that fivedice speaks, else English.

    Takes BCP 47 tags and POSIX locales alike: ``de-AT``, ``sv_SE.UTF-8`` and ``pt`` become
    ``de``, ``sv`` and ``pt-BR``; ``C`` and ``POSIX`` mean no preference.
    """
    for raw in wanted:
        tag = raw.split(".")[0].split("@")[0].replace("_", "-").strip()
        if not tag or tag in ("C", "POSIX"):
            continue
        parts = tag.split("-")
        base = parts[0].lower()
        full = base + ("-" + parts[1].upper() if len(parts) > 1 else "")
        if full in LANGUAGES:
            return full
        match = next((lang for lang in LANGUAGES if lang.split("-")[0] == base), None)
        if match is not None:
            return match
    return SOURCE


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it: ``LANGUAGE`` (a colon-
    separated list), then ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``."""
    env = os.environ if environ is None else environ
    wanted: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            wanted.extend(value.split(":") if name == "LANGUAGE" else [value])
            if name != "LANGUAGE":
                break  # LC_ALL overrides LC_MESSAGES overrides LANG
    return negotiate(wanted)


class Translator(gettext.NullTranslations):
    """One language's words: :meth:`t` by key, numbers and dates by CLDR.

    ``gettext``/``ngettext`` take a key as their message, so gettext-style callers work too.
    """

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang
        self.locale = Locale.parse(lang.replace("-", "_"))
        self._messages = catalog(lang)
        self._fallback = catalog(SOURCE)

    def t(self, key: str, /, **params: Any) -> str:
        """The text of `key` with its values in place; a counted text takes the plural form
        of ``count``. Numbers are written the language's way ("1.234" in German)."""
        message = self._messages.get(key) or self._fallback.get(key)
        if message is None:
            raise KeyError(f"no message {key!r}")
        if isinstance(message, dict):
            count = params.get("count")
            if count is None:
                raise KeyError(f"{key!r} counts something: give count=")
            form = self.locale.plural_form(count)
            message = message.get(form) or message["other"]
        return PLACEHOLDER.sub(lambda m: self._value(params, m.group(1), key), message)

    def has(self, key: str) -> bool:
        """Whether any catalog (this language's, or English) has `key`."""
        return key in self._messages or key in self._fallback

    def box(self, label: str) -> str:
        """A box's name in this language, from its label in the rules."""
        key = box_key(label)
        return self.t(key) if self.has(key) else label

    def preset(self, name: str, title: str) -> str:
        """A rule set's title in this language (`title`: the rules' own, for one unknown)."""
        key = preset_key(name)
        return self.t(key) if self.has(key) else title

    def number(self, value: int | float) -> str:
        """A number as the language writes it (one too large for Babel, as Python does)."""
        try:
            return format_decimal(value, locale=self.locale)
        except decimal.InvalidOperation:
            return str(value)

    def date(self, value: date, form: str = "medium") -> str:
        """A date as the language writes it ("24. Nov. 2026", "24 nov. 2026")."""
        return format_date(value, format=form, locale=self.locale)

    def datetime(self, value: datetime, form: str = "medium") -> str:
        """A moment as the language writes it."""
        return format_datetime(value, format=form, locale=self.locale)

    def gettext(self, message: str) -> str:
        return self.t(message) if self.has(message) else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.t(msgid1, count=n) if self.has(msgid1) else (msgid1 if n == 1 else msgid2)

    def _value(self, params: Mapping[str, Any], name: str, key: str) -> str:
        if name not in params:
            raise KeyError(f"{key!r} needs {name}=")
        value = params[name]
        if isinstance(value, bool) or not isinstance(value, int | float):
            return str(value)
        return self.number(value)


def box_key(label: str) -> str:
    """The catalog key of a box, from the label the rules give it ("Four of a kind (Q)" is
    ``box.four_of_a_kind_q``): each country's players have their own names for the boxes."""
    return "box." + re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_")


def preset_key(name: str) -> str:
    """The catalog key of a rule set's title."""
    return f"preset.{name}"


@cache
def translator(lang: str = SOURCE) -> Translator:
    """The translator of a language fivedice speaks (one for each, kept)."""
    return Translator(lang)
