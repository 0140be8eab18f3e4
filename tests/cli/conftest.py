"""Running ``fivedice`` commands in-process with Typer's CliRunner, reading their tables, and
what the strategy commands need: a private table cache and a match log."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path

import pytest
from click.testing import Result
from typer.testing import CliRunner

from fivedice.cli import app, import_every_command
from fivedice.rules import Match, MatchOptions, preset
from fivedice.strategy.cache import ENV_VAR, forget_loaded
from fivedice.strategy.players import play_match, player_for
from fivedice.tui import FiveDiceApp

Run = Callable[..., Result]

import_every_command()  # the tests look at the whole tree of commands, not one at a time


@pytest.fixture(autouse=True)
def private_config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A config folder of the test's own: ``fivedice play`` keeps the last game's set-up there,
    never in the user's."""
    folder = tmp_path / "config"
    monkeypatch.setenv("FIVEDICE_CONFIG_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def cli_today(monkeypatch: pytest.MonkeyPatch) -> date:
    """The day the commands take for today (``fivedice daily`` reads it from
    ``fivedice.rules.daily.today``): a fixed Wednesday, so that no test passes or fails by the
    day it runs on."""
    day = date(2026, 11, 25)
    monkeypatch.setattr("fivedice.rules.daily.today", lambda: day)
    return day


@pytest.fixture(autouse=True)
def english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands speak English (the tests read their English) unless a test asks for
    another language: the locale of the machine running the tests does not count."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "FIVEDICE_LANG"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def apps(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[FiveDiceApp]:
    """The apps ``fivedice play`` built, instead of running them (a Pilot then drives what the
    command would have shown)."""
    built: list[FiveDiceApp] = []
    monkeypatch.setenv("FIVEDICE_DATABASE_URL", f"sqlite:///{tmp_path / 'scores.db'}")
    monkeypatch.setattr(FiveDiceApp, "run", lambda self, **_: built.append(self))
    return built


@pytest.fixture
def run() -> Run:
    """``run("score", "33315")``: the command's result, with a wide terminal so that Rich
    tables are not wrapped (``env=`` adds environment variables, ``LANG`` say)."""
    runner = CliRunner()

    def invoke(*args: str, stdin: str | None = None, env: dict[str, str] | None = None) -> Result:
        return runner.invoke(app, list(args), input=stdin, env={"COLUMNS": "200", **(env or {})})

    return invoke


@pytest.fixture
def table_rows() -> Callable[[str], list[list[str]]]:
    """The body rows of the Rich tables in a command's output, as lists of stripped cells."""

    def rows(text: str) -> list[list[str]]:
        return [
            [cell.strip() for cell in line.strip().strip("│").split("│")]
            for line in text.splitlines()
            if line.startswith("│")
        ]

    return rows


@pytest.fixture
def refused() -> Callable[[Result], str]:
    """Assert a command was refused as bad input: exit 2, one line on stderr, no traceback;
    return that line."""

    def check(result: Result) -> str:
        assert result.exit_code == 2, result.output
        assert isinstance(result.exception, SystemExit)
        assert result.stdout == ""
        lines = result.stderr.splitlines()
        assert len(lines) == 1, result.stderr
        assert lines[0].startswith("Error: ")
        assert "Traceback" not in result.output
        return lines[0]

    return check


@pytest.fixture
def match_log(tmp_path: Path, private_cache: None) -> Path:
    """A finished two-player match, the beginner giving points away."""
    rules = preset("official")
    match = Match.create("official", MatchOptions(seats=2), rng=random.Random(3))
    ann, bob = match.join("Ann"), match.join("Bob")
    match.start(ann)
    play_match(match, {ann: player_for("optimal", rules), bob: player_for("beginner", rules)})
    log = tmp_path / "match.json"
    log.write_text(json.dumps(match.log()))
    return log


@pytest.fixture
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Tables are solved into a temporary cache, never the user's."""
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "cache"))
    forget_loaded()
    yield
    forget_loaded()
