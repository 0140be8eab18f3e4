"""A command's help reads as written: sentences are wrapped by the terminal, not broken where
the catalog's line happened to end; what an option needs and what it defaults to is said."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

import fivedice.i18n
from fivedice.i18n import LANGUAGES, translator
from fivedice.server.settings import Settings

Run = Callable[..., Result]

CATALOGS = Path(fivedice.i18n.__file__).with_name("catalogs")
LONE_NEWLINE = re.compile(r"(?<!\n)\n(?!\n)")


def help_text(run: Run, *args: str) -> str:
    """The help of a command, its box lines joined (as a reader follows them)."""
    result = run(*args, "--help")
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_help_breaks_a_line_inside_a_paragraph(lang: str) -> None:
    """Rich keeps a help's line breaks: only a blank line (a new paragraph) may be in one."""
    catalog = json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))
    broken = [
        key
        for key, text in catalog.items()
        if key.startswith("cli.") and "help" in key and isinstance(text, str)
        if LONE_NEWLINE.search(text)
    ]
    assert broken == []


def test_odds_help_keeps_its_sentence_on_one_line(run: Run) -> None:
    text = help_text(run, "odds")  # 200 columns: room for the whole sentence
    assert "every later roll keeps the best dice for each box." in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_simulate_says_win_seeking_needs_the_solver(run: Run, lang: str) -> None:
    text = help_text(run, "--lang", lang, "simulate")
    assert "fivedice[solver]" in text  # the extra's name as pip takes it, brackets and all
    assert translator(lang).t("cli.simulate.player") in text


def test_serve_help_shows_its_defaults(run: Run) -> None:
    text = help_text(run, "serve")
    assert f"(default: FIVEDICE_HOST, else {Settings.host})" in text
    assert f"(default: FIVEDICE_PORT, else {Settings.port})" in text
    assert "(default: FIVEDICE_DATABASE_URL, else SQLite" in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_serve_defaults_in_every_language(run: Run, lang: str) -> None:
    text = help_text(run, "--lang", lang, "serve")
    for option, env, default in (
        ("host", "FIVEDICE_HOST", Settings.host),
        ("port", "FIVEDICE_PORT", str(Settings.port)),
    ):
        words = translator(lang).t(f"cli.serve.{option}")
        assert env in words and default in words, words
        assert words in text
