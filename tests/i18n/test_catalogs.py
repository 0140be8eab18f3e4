"""The catalogs: every language has every key English has and no other, no placeholder English
lacks, every plural form its language's CLDR rules can pick, and the one tidy shape."""

from __future__ import annotations

import json

import pytest
from babel import Locale

from fivedice.i18n import CATALOGS, LANGUAGES, PLACEHOLDER, SOURCE, catalog, catalog_text
from fivedice.i18n.tidy import tidy_text

OTHERS = [lang for lang in LANGUAGES if lang != SOURCE]


def placeholders(message: str | dict[str, str]) -> set[str]:
    texts = message.values() if isinstance(message, dict) else [message]
    return {name for text in texts for name in PLACEHOLDER.findall(text)}


def plural_forms(lang: str) -> set[str]:
    return set(Locale.parse(lang.replace("-", "_")).plural_form.tags) | {"other"}


def test_one_catalog_per_language_and_no_other_file() -> None:
    assert sorted(p.stem for p in CATALOGS.glob("*.json")) == sorted(LANGUAGES)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_catalog_is_tidy_text_and_texts(lang: str) -> None:
    text = catalog_text(lang)
    assert tidy_text(text) == text, "python -m fivedice.i18n.tidy"
    for key, message in json.loads(text).items():
        assert isinstance(message, str | dict), key
        if isinstance(message, dict):
            assert all(isinstance(v, str) and v.strip() for v in message.values()), key
        else:
            assert message.strip(), f"{key} is empty"


@pytest.mark.parametrize("lang", OTHERS)
def test_every_key_english_has_and_no_other(lang: str) -> None:
    english, other = catalog(SOURCE), catalog(lang)
    assert sorted(set(english) - set(other)) == [], "missing"
    assert sorted(set(other) - set(english)) == [], "not in English"


@pytest.mark.parametrize("lang", OTHERS)
def test_no_placeholder_english_lacks(lang: str) -> None:
    english, other = catalog(SOURCE), catalog(lang)
    extra = {
        key: sorted(placeholders(other[key]) - placeholders(message))
        for key, message in english.items()
        if key in other and placeholders(other[key]) - placeholders(message)
    }
    assert extra == {}


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_counted_text_has_each_plural_form_of_its_language(lang: str) -> None:
    english, own = catalog(SOURCE), catalog(lang)
    wanted = plural_forms(lang)
    for key, message in english.items():
        if not isinstance(message, dict):
            assert not isinstance(own[key], dict), f"{key} counts in {lang} only"
            continue
        assert "count" in placeholders(message) or all("{" not in v for v in message.values()), key
        assert isinstance(own[key], dict), f"{key} needs its plural forms in {lang}"
        assert set(own[key]) == wanted, f"{key} in {lang}: {sorted(own[key])} != {sorted(wanted)}"


def test_the_plural_forms_are_cldrs() -> None:
    """Known answers from CLDR: zero is singular in French and Portuguese, plural elsewhere."""
    assert plural_forms("fr") == {"one", "many", "other"}
    assert plural_forms("pt-BR") == {"one", "many", "other"}
    assert plural_forms("de") == {"one", "other"}
