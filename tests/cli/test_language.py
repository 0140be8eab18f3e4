"""The command line speaks the user's language: ``--lang`` before the command, else
``FIVEDICE_LANG``, else the locale (``LANG`` and the others, as gettext reads them); help,
answers and refusals alike, numbers written the language's way. A language fivedice does not
speak is refused with exit code 2, naming those it does."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from fivedice.cli.language import cli_language
from fivedice.cli.usage_errors import usage_message
from fivedice.cli.words import count, fixed, rolls_left_words
from fivedice.i18n import LANGUAGES, translator

Run = Callable[..., Result]
Rows = Callable[[str], list[list[str]]]

SWEDISH = {"LANG": "sv_SE.UTF-8"}
# The same choice made the two ways: the locale, and --lang before the command.
WAYS = [pytest.param(SWEDISH, [], id="LANG"), pytest.param({}, ["--lang", "sv"], id="--lang")]


def swedish(run: Run, env: dict[str, str], lang: list[str], *args: str) -> Result:
    return run(*lang, *args, env=env)


@pytest.mark.parametrize(("env", "lang"), WAYS)
@pytest.mark.usefixtures("private_cache")
def test_advise_in_swedish(
    run: Run, table_rows: Rows, env: dict[str, str], lang: list[str]
) -> None:
    result = swedish(run, env, lang, "advise", "6", "6", "6", "2", "3", "--top", "2")
    assert result.exit_code == 0, result.output
    heading = result.stdout.splitlines()[0]
    assert heading.startswith("Yahtzee (officiella regler): 2 3 6 6 6, 2 slag kvar: ")
    assert heading.endswith(" de 2 bästa av 28 drag")
    assert "Förväntat slut" in result.stdout and "Kostnad" in result.stdout
    rows = table_rows(result.stdout)
    assert rows[0][2] == "spara 6 6 6" and rows[0][1] == "0,0000"
    assert "," in rows[0][0] and "." not in rows[0][0]  # 265,1134: a decimal comma


@pytest.mark.parametrize(("env", "lang"), WAYS)
@pytest.mark.usefixtures("private_cache")
def test_a_scoring_move_in_swedish_names_the_swedish_box(
    run: Run, table_rows: Rows, env: dict[str, str], lang: list[str]
) -> None:
    filled = '{"Yahtzee": 50, "Fours": 16}'
    result = swedish(run, env, lang, "advise", "44444", "--filled", filled, "--top", "1")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0].endswith(": det bästa av 11 drag")
    assert table_rows(result.stdout)[0][2] == "fyll i Stor stege (40 poäng + 100 bonuspoäng)"


@pytest.mark.parametrize(("env", "lang"), WAYS)
def test_score_help_in_swedish(run: Run, env: dict[str, str], lang: list[str]) -> None:
    result = swedish(run, env, lang, "score", "--help")
    assert result.exit_code == 0, result.output
    assert "Usage: fivedice score" in result.stdout  # Typer's own word
    assert "Flaggor" in result.stdout and "Options" not in result.stdout
    assert "Regeluppsättningen: namnet på en förinställning" in result.stdout
    assert "Visa den här hjälpen och avsluta." in result.stdout
    assert "Skriv ut versionen och avsluta." in result.stdout


@pytest.mark.parametrize(("env", "lang"), WAYS)
def test_the_apps_help_in_swedish(run: Run, env: dict[str, str], lang: list[str]) -> None:
    result = swedish(run, env, lang, "--help")
    assert result.exit_code == 0, result.output
    assert "Yatzy som spelarna känner det: spela, räkna poäng, lösa, ge råd" in result.stdout
    assert "Kommandon" in result.stdout and "Commands" not in result.stdout
    assert "Spela dagens utmaning" in result.stdout  # a command's help in the list
    assert "Språket: en, pt-BR, de, es, fr, sv eller da" in result.stdout  # --lang itself


@pytest.mark.parametrize(("env", "lang"), WAYS)
@pytest.mark.usefixtures("private_cache")
def test_a_refusal_in_swedish(run: Run, env: dict[str, str], lang: list[str]) -> None:
    result = swedish(run, env, lang, "advise", "--dice", "33315")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.rstrip().endswith(
        "--dice finns inte längre: ange tärningarna som vanliga argument, "
        "t.ex. fivedice advise 3 3 3 1 5"
    )


USAGE_MISTAKES = [
    (["advise", "--bogus"], "No such option: --bogus", "Okänd flagga: --bogus"),
    (
        ["advise", "--tpo", "3"],
        "No such option: --tpo (Possible options: --top)",
        "Okänd flagga: --tpo (möjliga flaggor: --top)",
    ),
    (
        ["advise", "--top", "x"],
        "Invalid value for '--top' / '-n': a whole number is needed, not 'x'",
        "Ogiltigt värde för '--top' / '-n': ett heltal behövs, inte 'x'",
    ),
    (
        ["play", "--rounds", "7"],
        "Invalid value for '--rounds': 7 is not from 1 to 6",
        "Ogiltigt värde för '--rounds': 7 ligger inte mellan 1 och 6",
    ),
    (["export"], "Missing argument 'match'.", "Argumentet 'match' saknas."),
    (["frobnicate"], "No such command 'frobnicate'.", "Okänt kommando: 'frobnicate'."),
    (
        ["advise", "--rules"],
        "Option '--rules' requires an argument.",
        "Flaggan '--rules' behöver ett värde.",
    ),
    (
        ["scores", "reset"],
        "Missing option '--rules' / '-r'.",
        "Flaggan '--rules' / '-r' saknas.",
    ),
    (
        ["export", "a", "b"],
        "Got unexpected extra argument(s) (b)",
        "Oväntade extra argument (b)",
    ),
]


@pytest.mark.parametrize(("args", "english", "swedish"), USAGE_MISTAKES)
def test_a_usage_mistake_click_finds_is_said_in_the_users_language(
    run: Run, args: list[str], english: str, swedish: str
) -> None:
    """Click's own sentences, recognised by their shape, in the project's words."""
    said = run(*args)
    assert said.exit_code == 2 and said.stderr == f"Error: {english}\n"
    said = run("--lang", "sv", *args)
    assert said.exit_code == 2 and said.stdout == ""
    assert said.stderr == f"Fel: {swedish}\n"


def test_a_usage_mistake_of_a_shape_not_known_is_shown_as_click_wrote_it() -> None:
    sentence = "Option '--x' got something new to say."
    assert usage_message(sentence, translator("sv")) == sentence


def test_lang_wins_over_the_locale_and_fivedice_lang(run: Run) -> None:
    env = {"LANG": "de_DE.UTF-8", "FIVEDICE_LANG": "fr"}
    assert run("--lang", "sv", "--help", env=env).stdout.count("Kommandon") == 1
    assert "Befehle" in run("--help", env={"LANG": "de_DE.UTF-8"}).stdout
    assert "Commandes" in run("--help", env=env).stdout  # FIVEDICE_LANG wins over LANG


@pytest.mark.parametrize("spelled", ["--lang=sv", "--lang=SV", "--lang=sv_SE", "--lang=sv-FI"])
def test_lang_is_read_as_click_reads_it(run: Run, spelled: str) -> None:
    assert "Kommandon" in run(spelled, "--help").stdout


def test_a_language_without_its_country_is_the_one_fivedice_speaks(run: Run) -> None:
    assert "Yahtzee como os jogadores conhecem" in run("--lang", "pt", "--help").stdout
    assert "Opções" in run("--lang", "pt-br", "score", "--help").stdout


def test_one_run_in_swedish_leaves_the_next_in_english(run: Run) -> None:
    assert "Kommandon" in run("--lang", "sv", "--help").stdout
    later = run("--help")
    assert "Commands" in later.stdout and "Kommandon" not in later.stdout
    assert "Show this message and exit." in run("score", "--help").stdout


@pytest.mark.parametrize("value", ["xx", "english", "C"])
def test_a_language_fivedice_does_not_speak_is_refused_naming_the_ones_it_does(
    run: Run, value: str
) -> None:
    result = run("--lang", value, "score", "66666")
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    choices = ", ".join(f"{lang} ({name})" for lang, name in LANGUAGES.items())
    assert lines[0] == f"Error: --lang is one of {choices}, not {value!r}"


def test_a_bad_fivedice_lang_is_refused_naming_the_variable(run: Run) -> None:
    result = run("score", "66666", env={"FIVEDICE_LANG": "klingon"})
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: FIVEDICE_LANG is one of en (English), ")
    assert result.stderr.rstrip().endswith("not 'klingon'")


def test_german_numbers_group_thousands(run: Run) -> None:
    result = run("--lang", "de", "simulate", "--player", "beginner", "--games", "1234")
    assert result.exit_code == 0, result.output
    first = result.stdout.splitlines()[0]
    assert first.startswith("beginner mit official: 1.234 Spiele in ")
    assert first.endswith(" s") and "," in first  # seconds with a decimal comma
    assert result.stdout.splitlines()[1].startswith("Mittelwert ")


def test_the_words_follow_the_language() -> None:
    german, french = translator("de"), translator("fr")
    assert count(1234, "point", t=german) == "1.234 Punkte"
    assert count(1, "point", t=german) == "1 Punkt"
    assert count(0, "point", t=french) == "0 point"  # zero is singular in French
    assert count(2_000_000, "point", t=french) == "2\u202f000\u202f000 de points"
    assert rolls_left_words(1, t=german) == "noch 1 Wurf"
    assert fixed(1254.5, 4, t=german) == "1254,5000"  # decimals: never grouped, as in English
    assert fixed(2.675, 2, t=german) == "2,67"  # rounded as Python rounds (2.675 is 2.67499...)


def test_outside_a_command_the_language_is_the_environments(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LANG", "da_DK.UTF-8")
    assert cli_language() == "da"
    monkeypatch.setenv("FIVEDICE_LANG", "es")
    assert cli_language() == "es"


def test_a_question_is_asked_and_answered_in_the_users_language(run: Run, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'x.db'}"
    args = ("--lang", "sv", "scores", "reset", "-r", "official", "--database", url)
    declined = run(*args, stdin="nej\n")
    assert declined.exit_code == 1
    assert declined.stdout == "Nollställa topplistan för official? [j/N]: nej\n"  # echoed input
    assert declined.stderr == "Avbrutet.\n"
    asked_again = run(*args, stdin="kanske\nj\n")
    assert asked_again.exit_code == 0, asked_again.output
    assert asked_again.stderr == "Fel: ogiltigt svar\n"
    assert asked_again.stdout.endswith("Topplistan för official är nollställd.\n")
    english = run(*args[2:], stdin="n\n")
    assert english.exit_code == 1
    assert english.stdout == "Reset the high scores of official? [y/N]: n\n"
    assert english.stderr == "Aborted!\n"


@pytest.mark.parametrize(("env", "lang"), WAYS)
def test_score_and_a_rules_refusal_in_swedish(
    run: Run, table_rows: Rows, env: dict[str, str], lang: list[str]
) -> None:
    """`fivedice score` names the Yatzy boxes as Swedish players do, and the rules core's
    refusal of four dice is said in Swedish too (from its code and values, not its English)."""
    result = swedish(run, env, lang, "score", "6", "6", "6", "6", "6", "--rules", "yatzy")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "6 6 6 6 6 med Yatzy (skandinaviskt)"
    boxes = [row[0] for row in table_rows(result.stdout)]
    assert {"Ettor", "Sexor", "Ett par", "Två par", "Tretal", "Kåk", "Chans", "Yatzy"} <= set(boxes)
    refused = swedish(run, env, lang, "score", "1", "2", "3", "4")
    assert refused.exit_code == 2
    assert refused.stderr.startswith("Fel: Kan inte läsa tärningar ur ”1 2 3 4”: 4 tärningar")
    assert "Cannot" not in refused.stderr and "dice" not in refused.stderr
