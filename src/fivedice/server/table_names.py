"""The names fivedice gives tables and computer seats, kept as what they are, not as words.

A table the page or the server names ("Pass and play", "Ann vs the computer", "Quick match")
carries its name as a *title*: a kind and its values (``{"kind": "versus_computer", "player":
"Ann", "level": "good-human"}``), kept in the stored match's meta, so each viewer reads it in
their own language (the catalogs' ``table_name.<kind>``). Its plain ``name`` is the title in
English, for clients that know no titles (bots written for protocol 1, stored tables). A
name a person typed has no title and stays as typed.

A computer seat's default name is its level's English name ("Good player", numbered when the
table has one already): the page words a seat so named in the viewer's language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, get_args

from fivedice.i18n import translator
from fivedice.rules.match import name_key

TitleKind = Literal["pass_and_play", "versus_computer", "quick_match", "table_of"]
"""The kinds of name fivedice gives a table: one screen's pass and play, a person against the
computer (`player`, `level`), a rated quick match, and a person's own table (`player`)."""

TITLE_KINDS: tuple[str, ...] = get_args(TitleKind)
NEEDS: dict[str, tuple[str, ...]] = {
    "pass_and_play": (),
    "versus_computer": ("player", "level"),
    "quick_match": (),
    "table_of": ("player",),
}
"""The values each kind's words need."""

TITLE_META = "title"
"""The stored match's meta key that keeps a table's title."""


def title_values(title: Mapping[str, Any]) -> dict[str, str]:
    """The title as stored and sent: its kind and the values its words need, no others."""
    kind = str(title["kind"])
    return {"kind": kind, **{key: str(title[key]) for key in NEEDS[kind]}}


def missing_values(title: Mapping[str, Any]) -> list[str]:
    """The values a title's kind needs that it lacks (empty or absent)."""
    return [key for key in NEEDS[str(title["kind"])] if not str(title.get(key) or "").strip()]


def title_text(title: Mapping[str, str], lang: str = "en") -> str:
    """A title in a language's words ("Ann vs the computer (Good player)")."""
    words = translator(lang)
    values = {key: value for key, value in title.items() if key != "kind"}
    if "level" in values:
        values["level"] = level_name(values["level"], lang)
    return words.t(f"table_name.{title['kind']}", **values)


def stored_title(meta: Mapping[str, object]) -> dict[str, str] | None:
    """The title kept in a stored match's meta, or None (a name typed, or a table stored
    before titles)."""
    found = meta.get(TITLE_META)
    if not isinstance(found, Mapping) or found.get("kind") not in TITLE_KINDS:
        return None
    if missing_values(found):
        return None
    return title_values(found)


def level_name(level: str, lang: str = "en") -> str:
    """A computer level's name ("Good player"); an unknown level spelled out from its id."""
    words = translator(lang)
    key = f"level.{level}"
    return words.t(key) if words.has(key) else level.replace("-", " ").replace("_", " ").title()


def bot_name(level: str, taken: Sequence[str]) -> str:
    """A default name for a computer seat: its level's English name, numbered when another
    seat has it already (names differ by more than case, as the rules ask)."""
    base = level_name(level)
    keys = {name_key(other) for other in taken}
    name, n = base, 2
    while name_key(name) in keys:
        name, n = f"{base} {n}", n + 1
    return name
