"""``fivedice rules`` (and score, odds, replay) in the command line's language: the boxes by the
country's names, the rules in its words, no English sentence left."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from typer.testing import CliRunner

from fivedice.cli import app
from fivedice.i18n import translator
from fivedice.rules import Match, MatchOptions, preset
from fivedice.rules.describe import rules_page

Rows = Callable[[str], list[list[str]]]
# Words of English sentences that no Swedish or German rules text holds.
ENGLISH = re.compile(
    r"\b(the|of|and|any|when|where|each|none|dice|box|boxes|points|alike|pairs?|upper|"
    r"lower|score|scores|source|undo|rolls?|table|preset|with)\b",
    re.IGNORECASE,
)


def run_in(environment: dict[str, str], *args: str) -> Result:
    """The command with only `environment` saying which language (and a wide terminal)."""
    env: dict[str, str | None] = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None}
    env.update({"LANG": "C.UTF-8", "COLUMNS": "200", **environment})
    return CliRunner().invoke(app, list(args), env=env)


def test_rules_yatzy_speaks_swedish_under_a_swedish_locale(table_rows: Rows) -> None:
    result = run_in({"LANG": "sv_SE.UTF-8"}, "rules", "yatzy")
    assert result.exit_code == 0, result.output
    text = result.stdout
    rows = table_rows(text)
    names = [r[0] for r in rows]
    for name in ("Ettor", "Sexor", "Ett par", "Två par", "Tretal", "Fyrtal", "Kåk", "Chans"):
        assert name in names
    assert "Liten stege 1-5" in names and "Stor stege 2-6" in names and "Yatzy" in names
    assert ["Ett par", "ett par: summan av det högsta paret", "12"] in rows
    assert ["Kåk", "tre av ett värde och två av ett annat: summan av alla tärningar", "28"] in rows
    assert "Bonus: 50 när övre delen summerar till 63 eller mer" in text
    assert "Ångra: där bordet tillåter det" in text
    assert "Källa: Skandinaviskt Yatzy: 15 rutor" in text
    assert "Yatzy (skandinaviskt) · regler yatzy" in text
    english = rules_page(preset("yatzy"))
    for sentence in (english.upper_bonus_text, english.joker_text, english.undo_text):
        assert sentence not in text
    assert ENGLISH.findall(text.replace("yatzy", "")) == []


def test_the_locale_follows_gettexts_order() -> None:
    """LANGUAGE before LC_ALL before LANG; C means English."""
    german = run_in({"LANGUAGE": "de:sv", "LANG": "sv_SE.UTF-8"}, "rules", "official")
    assert "Bonus oben: 35, wenn die oberen Felder zusammen 63 oder mehr ergeben" in german.stdout
    assert "Pflicht, wenn das Feld Kniffel gefüllt ist (50 oder 0)" in german.stdout
    english = run_in({"LANG": "C"}, "rules", "official")
    assert "Upper bonus: 35 when the upper boxes total 63 or more" in english.stdout


@pytest.mark.parametrize("lang", ["de_DE.UTF-8", "sv_SE.UTF-8", "da_DK.UTF-8"])
def test_every_rules_text_is_translated(lang: str) -> None:
    for name in ("official", "printable", "general", "yacht", "timed-online"):
        result = run_in({"LANG": lang}, "rules", name)
        assert result.exit_code == 0
        assert ENGLISH.findall(result.stdout.replace(name, "")) == [], (lang, name)


def test_the_list_of_rule_sets_and_the_other_commands_speak_too(table_rows: Rows) -> None:
    listing = run_in({"LANG": "de_DE.UTF-8"}, "rules")
    assert "Regelwerke" in listing.stdout
    assert ["official", "Kniffel (offizielle Regeln) (Standard)", "13"] in table_rows(
        listing.stdout
    )
    scored = run_in({"LANG": "sv_SE.UTF-8"}, "score", "66666", "--rules", "yatzy")
    assert scored.exit_code == 0
    assert "6 6 6 6 6 med Yatzy (skandinaviskt)" in scored.stdout
    assert ["Yatzy", "50", "", "50"] in table_rows(scored.stdout)
    odds = run_in({"LANG": "de_DE.UTF-8"}, "odds")
    assert "ein ganzer Zug mit 3 Würfen, auf jedes Feld gespielt" in odds.stdout
    assert re.search(
        r"wirft in \d+,\d{3} % der Züge einen Kniffel: etwa einmal in \d+,\d", odds.stdout
    )
    refused = run_in({"LANG": "de_DE.UTF-8"}, "score", "66666", "--filled", '{"Achter": 3}')
    assert refused.exit_code == 2
    assert refused.stderr.startswith("Fehler: Kniffel (offizielle Regeln) hat kein Feld namens")
    by_german_name = run_in(
        {"LANG": "de_DE.UTF-8"}, "score", "66666", "--filled", '{"Kniffel": 50}'
    )
    assert by_german_name.exit_code == 0 and "Joker" in by_german_name.stdout
    assert translator("de").box("Yahtzee") == "Kniffel"


def test_replay_speaks_french(tmp_path: Path, table_rows: Rows) -> None:
    match = Match.create("official", MatchOptions(rounds=2), rng=random.Random(11))
    ann, _ = match.join("Ann"), match.join("Bob")
    match.start(ann)
    while not match.state.is_finished:
        seat = match.state.active_seat
        assert seat is not None
        match.roll(seat)
        best = max(match.state.score_options(), key=lambda o: (o.total, o.category))
        match.score(seat, best.category)
    log = tmp_path / "match.json"
    log.write_text(json.dumps(match.log()))
    result = run_in({"LC_ALL": "fr_FR.UTF-8"}, "replay", str(log))
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert text.startswith("Yahtzee (règles officielles), 2 joueurs")
    assert "Manche 1 sur 2" in text and "Totaux" in text
    labels = [row[0] for row in table_rows(text)]
    for label in ("As", "Brelan", "Carré", "Petite suite", "Sous-total du haut", "Total général"):
        assert label in labels
    assert "Prime (35 à partir de 63)" in labels
    assert match.state.outcome is not None
    winner = r"^(Vainqueur\u00a0: (Ann|Bob) avec \d+\.|Égalité à la première place)"
    assert re.search(winner, text, re.M)
    missing = run_in({"LC_ALL": "fr_FR.UTF-8"}, "replay", str(tmp_path / "none.json"))
    assert missing.exit_code == 2
    nbsp = "\u00a0"  # French puts a no-break space before a colon
    unreadable = f"Erreur{nbsp}: Impossible de lire {tmp_path / 'none.json'}{nbsp}:"
    assert missing.stderr.startswith(unreadable)


def test_the_commands_help_in_the_environments_language(tmp_path: Path) -> None:
    """Help is built when the commands are loaded, so a fresh process shows it."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(LANG="sv_SE.UTF-8", COLUMNS="120", FIVEDICE_CONFIG_DIR=str(tmp_path))
    script = "from fivedice.cli import main; main()"
    shown = subprocess.run(
        [sys.executable, "-c", script, "rules", "--help"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert shown.returncode == 0, shown.stderr
    assert "Lista regeluppsättningarna, eller visa en" in shown.stdout
    assert "Regeluppsättningen som ska visas; alla om ingen anges." in shown.stdout
    assert "Skriv ut JSON i stället för en tabell." in shown.stdout
    assert "List the rule-set presets" not in shown.stdout
