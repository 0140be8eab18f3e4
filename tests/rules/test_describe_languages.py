"""The rules in words in every language: the rules core holds no sentence of its own (every text
is a catalog phrase), every preset reads whole in every catalog, and numbers are written the
language's way."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from fivedice.i18n import LANGUAGES, SOURCE, catalog, translator
from fivedice.rules import PRESETS, preset
from fivedice.rules.describe import BoxName, Phrase, box_phrase, rules_page, say


class KeysOnly:
    """Words that say each phrase as its key, so any text not from a catalog shows."""

    def t(self, key: str, /, **params: Any) -> str:
        return "<" + key + " " + " ".join(str(v) for v in params.values()) + ">"

    def box(self, label: str) -> str:
        return f"[{label}]"


def texts(page: Any) -> list[str]:
    return [
        page.origin,
        page.upper_bonus_text,
        page.extra_bonus_text,
        page.joker_text,
        page.undo_text,
        *page.how_to_play,
        *(b.needs for b in page.boxes),
        *(b.scores for b in page.boxes),
    ]


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_text_of_the_page_is_a_catalog_phrase(name: str) -> None:
    for text in texts(rules_page(preset(name), KeysOnly())):
        assert text.startswith("<describe.") and text.endswith(">"), text
    for box in preset(name).categories:
        assert say(KeysOnly(), box_phrase(box)).startswith("<describe.")


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_reads_whole_in_every_language(lang: str, name: str) -> None:
    page = rules_page(preset(name), translator(lang))
    for text in texts(page):
        assert text.strip() and "{" not in text and "describe." not in text, (lang, text)
    if lang != SOURCE:
        english = rules_page(preset(name))
        assert page.how_to_play != english.how_to_play
        assert page.origin != english.origin


def test_the_english_accounts_of_the_presets_are_their_own_words() -> None:
    english = catalog(SOURCE)
    for name, rules in PRESETS.items():
        assert english[f"describe.origin.{name}"] == rules.source


def test_a_rule_set_with_its_own_account_keeps_it_in_every_language() -> None:
    own = replace(preset("official"), upper_bonus=0, source="Official without a bonus.")
    for lang in LANGUAGES:
        assert rules_page(own, translator(lang)).origin == "Official without a bonus."


def test_boxes_in_a_phrase_take_the_countrys_names() -> None:
    german = translator("de")
    when = Phrase("describe.joker.when_holds", {"box": BoxName("Yahtzee"), "value": 50})
    assert say(german, when) == "wenn im Feld Kniffel 50 steht"
    official = rules_page(preset("official"), german)
    assert "Kniffel" in official.extra_bonus_text
    assert "Full House, Kleine Straße, Große Straße" in official.joker_text
    swedish = rules_page(preset("official"), translator("sv"))
    assert "Kåk, Liten stege, Stor stege" in swedish.joker_text


def test_numbers_are_written_the_languages_way() -> None:
    rules = replace(preset("official"), upper_bonus=1500, upper_bonus_threshold=1234)
    assert rules_page(rules, translator("de")).upper_bonus_text.startswith("1.500, wenn")
    assert "1.234" in rules_page(rules, translator("de")).upper_bonus_text
    assert "1,234" in rules_page(rules).upper_bonus_text
