"""Every command the ``fivedice`` app registers says things one way: ``-h`` and ``--version``
work, the rule set is ``-r``/``--rules``, the database is ``--database``, and no printed table
or line shows a box by its internal name (``four_of_a_kind``) rather than its label."""

from __future__ import annotations

import re
import socket
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import typer
from click.testing import Result
from typer._click.core import Command
from typer.core import TyperGroup

import fivedice
from fivedice.cli import app

Run = Callable[..., Result]

SNAKE_CASE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


def commands(
    command: Command, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], Command]]:
    """Every runnable command under ``command``, with the words that name it."""
    if isinstance(command, TyperGroup):
        for name, sub in sorted(command.commands.items()):
            yield from commands(sub, (*path, name))
    else:
        yield path, command


EVERY_COMMAND = dict(commands(typer.main.get_command(app)))


def free_port() -> str:
    """A port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return str(probe.getsockname()[1])


EXPORTED = "{stored match}"
"""Stands in ``export``'s sample for the id :func:`keep_a_finished_match` returns."""


def keep_a_finished_match(db: str) -> str:
    """Store a finished one-player match for ``export`` to write; its id."""
    import random

    from fivedice.rules import Match, MatchOptions
    from fivedice.store import Store

    match = Match.create("official", MatchOptions(seats=1), rng=random.Random(7))
    seat = match.join("Ann")
    match.start(seat)
    while not match.state.is_finished:
        match.roll(seat)
        match.score(seat, match.state.score_options()[0].category)
    store = Store(db)
    match_id = store.save_finished(match, label="Ann")
    store.close()
    return match_id


def samples(log: Path, db: str) -> dict[tuple[str, ...], list[str]]:
    """A small valid input for each command (no --json: the text is what people read)."""
    return {
        ("advise",): ["4", "4", "4", "4", "4", "--filled", '{"Yahtzee": 50, "Fours": 16}'],
        ("analyse",): [str(log)],
        ("daily",): ["--database", db],
        ("export",): [EXPORTED, "--database", db, "-o", str(log.parent / "exported.jsonl")],
        ("odds",): ["6", "6", "6", "2", "3", "--keep", "666"],
        ("play",): ["-p", "Ann", "--database", db],
        ("ratings", "check"): ["--database", db],
        ("ratings", "show"): ["--database", db],
        ("replay",): [str(log)],
        ("rules",): ["yatzy"],
        ("score",): ["3", "3", "3", "1", "5", "-r", "printable"],
        ("scores", "reset"): ["-r", "official", "--yes", "--database", db],
        ("scores", "show"): ["-r", "official", "--database", db],
        ("serve",): ["--port", free_port(), "--database", db],
        ("simulate",): ["--games", "20", "-r", "official"],
        ("solve",): ["-r", "official"],
    }


@pytest.mark.parametrize("path", sorted(EVERY_COMMAND), ids=" ".join)
def test_h_and_help_show_the_commands_help(run: Run, path: tuple[str, ...]) -> None:
    short, long = run(*path, "-h"), run(*path, "--help")
    assert short.exit_code == 0, short.output
    assert f"Usage: fivedice {' '.join(path)}" in short.stdout
    assert short.stdout == long.stdout
    assert "<bool>" not in short.stdout  # a flag takes no value


@pytest.mark.parametrize("path", [(), *sorted(EVERY_COMMAND)], ids=lambda p: " ".join(p) or "app")
def test_version_on_the_app_and_every_command(run: Run, path: tuple[str, ...]) -> None:
    result = run(*path, "--version")
    assert result.exit_code == 0, result.output
    assert result.stdout == f"fivedice {fivedice.__version__}\n"


def test_the_app_itself_takes_h(run: Run) -> None:
    result = run("-h")
    assert result.exit_code == 0
    assert all(f" {path[0]} " in result.stdout for path in EVERY_COMMAND)


@pytest.mark.parametrize("path", sorted(EVERY_COMMAND), ids=" ".join)
def test_one_name_for_the_rule_set_and_for_the_database(path: tuple[str, ...]) -> None:
    for param in EVERY_COMMAND[path].params:
        names = set(getattr(param, "opts", ())) | set(getattr(param, "secondary_opts", ()))
        if getattr(param, "hidden", False):
            continue  # an old spelling kept only to refuse it with a hint
        if param.name == "rules" or "--rules" in names:
            assert names == {"-r", "--rules"}, path
        if "database" in (param.name or "") or any("database" in n for n in names):
            assert names == {"--database"}, path
            assert getattr(param, "envvar", None) == "FIVEDICE_DATABASE_URL", path


def test_the_commands_that_keep_records_take_the_database() -> None:
    keepers = [("play",), ("daily",), ("serve",), ("scores", "show"), ("scores", "reset")]
    keepers += [("ratings", "show"), ("ratings", "check")]
    for path in keepers:
        assert any(p.name == "database" for p in EVERY_COMMAND[path].params), path


def test_every_command_has_a_sample_here(match_log: Path, tmp_path: Path) -> None:
    """A new command must be added to :func:`samples`, so that the walk below covers it."""
    have = set(samples(match_log, "sqlite://"))
    missing = [" ".join(path) for path in sorted(set(EVERY_COMMAND) - have)]
    assert not missing, f"add a small valid input to samples() for: {', '.join(missing)}"
    assert have <= set(EVERY_COMMAND), "samples() names a command that is gone"


@pytest.mark.parametrize("path", sorted(EVERY_COMMAND), ids=" ".join)
def test_no_internal_box_name_is_printed(
    run: Run,
    path: tuple[str, ...],
    match_log: Path,
    tmp_path: Path,
    private_cache: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from fivedice.tui import FiveDiceApp

    monkeypatch.setattr("fivedice.server.runner.run", lambda settings: None)
    monkeypatch.setattr(FiveDiceApp, "run", lambda self, **_: None)
    monkeypatch.delenv("FIVEDICE_REDIS_URL", raising=False)
    db = f"sqlite:///{tmp_path / 'scores.db'}"
    args = samples(match_log, db).get(path)
    assert args is not None, f"add a small valid input for `fivedice {' '.join(path)}`"
    if EXPORTED in args:
        stored = keep_a_finished_match(db)
        args = [stored if arg == EXPORTED else arg for arg in args]
    result = run(*path, *args)
    assert result.exit_code == 0, result.output
    assert SNAKE_CASE.findall(result.output) == [], result.output


def groups(command: Command, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """The app and every group of commands under it, by the words that name them."""
    if isinstance(command, TyperGroup):
        yield path
        for name, sub in sorted(command.commands.items()):
            yield from groups(sub, (*path, name))


@pytest.mark.parametrize(
    "path", list(groups(typer.main.get_command(app))), ids=lambda p: " ".join(p) or "app"
)
def test_a_group_without_a_command_shows_its_help_with_exit_code_2(
    run: Run, path: tuple[str, ...]
) -> None:
    result = run(*path)
    assert result.exit_code == 2, result.output
    assert " ".join(("Usage: fivedice", *path)) in result.stdout
    assert "Error" not in result.output
