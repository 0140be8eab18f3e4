"""Choosing the language (the environment's, a tag's) and putting values into its texts."""

from __future__ import annotations

import gettext

import pytest

from fivedice.i18n import Translator, box_key, from_environment, negotiate, translator


@pytest.mark.parametrize(
    ("wanted", "lang"),
    [
        (["de-AT"], "de"),
        (["sv_SE.UTF-8"], "sv"),
        (["pt"], "pt-BR"),
        (["pt_PT"], "pt-BR"),
        (["pt-br"], "pt-BR"),
        (["da_DK.UTF-8@euro"], "da"),
        (["ja", "fr-CA", "de"], "fr"),
        (["C"], "en"),
        (["POSIX", "es_MX"], "es"),
        ([], "en"),
        (["xx"], "en"),
    ],
)
def test_negotiate_takes_the_first_language_spoken(wanted: list[str], lang: str) -> None:
    assert negotiate(wanted) == lang


def test_the_environment_is_read_as_gettext_reads_it() -> None:
    assert from_environment({"LANG": "sv_SE.UTF-8"}) == "sv"
    assert from_environment({"LANG": "sv_SE.UTF-8", "LC_ALL": "de_DE.UTF-8"}) == "de"
    assert from_environment({"LC_MESSAGES": "fr_FR", "LANG": "da_DK"}) == "fr"
    assert from_environment({"LANGUAGE": "xx:es", "LANG": "de_DE"}) == "es"
    assert from_environment({"LANG": "C.UTF-8"}) == "en"
    assert from_environment({}) == "en"


def test_box_names_are_each_countrys() -> None:
    assert box_key("Four of a kind (Q)") == "box.four_of_a_kind_q"
    assert translator("de").box("Yahtzee") == "Kniffel"
    assert translator("de").box("Three of a kind") == "Dreierpasch"
    assert translator("sv").box("Full house") == "Kåk"
    assert translator("da").box("Two pairs") == "To par"
    assert translator("pt-BR").box("Three of a kind (T)") == "Trinca (T)"
    assert translator("de").box("A box no rules have") == "A box no rules have"


def test_numbers_are_written_the_languages_way() -> None:
    assert translator("de").number(1234) == "1.234"
    assert translator("en").number(1234) == "1,234"
    assert translator("sv").number(1234) == "1\xa0234"
    assert translator("fr").number(1234.5) == "1\u202f234,5"


def test_plural_forms_follow_cldr() -> None:
    """A counted text picks its form by the language's rules: zero is singular in French."""
    tr = Translator("fr")
    tr._messages = {
        "n": {"one": "{count} point", "many": "{count} de points", "other": "{count} points"}
    }
    assert tr.t("n", count=0) == "0 point"
    assert tr.t("n", count=1) == "1 point"
    assert tr.t("n", count=2) == "2 points"
    assert tr.t("n", count=1_000_000) == "1\u202f000\u202f000 de points"
    de = Translator("de")
    de._messages = {"n": {"one": "{count} Punkt", "other": "{count} Punkte"}}
    assert de.t("n", count=0) == "0 Punkte"
    assert de.t("n", count=1) == "1 Punkt"


def test_a_missing_value_or_key_is_an_error_not_a_blank() -> None:
    tr = Translator("en")
    tr._messages = {"hello": "Hello, {name}"}
    assert tr.t("hello", name="Ada") == "Hello, Ada"
    with pytest.raises(KeyError):
        tr.t("hello")
    with pytest.raises(KeyError):
        tr.t("no.such.key")


def test_a_translator_is_a_gettext_translations() -> None:
    tr = translator("de")
    assert isinstance(tr, gettext.NullTranslations)
    assert tr.gettext("nav.play") == "Spielen"
    assert tr.gettext("Not a key") == "Not a key"
