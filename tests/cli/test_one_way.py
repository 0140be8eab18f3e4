"""One way to say each thing across the commands: ``--database`` (the old ``--database-url``
refused with the new spelling), the exit codes the player's guide (docs/playing.md) gives, and
plurals right."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from fivedice.cli.words import count, rolls_left_words
from fivedice.rules import Match, MatchOptions
from fivedice.store import Store, best_games

Run = Callable[..., Result]
Refused = Callable[[Result], str]


def sqlite(path: Path) -> str:
    return f"sqlite:///{path}"


def test_serve_refuses_the_old_database_url_option_with_the_new_name(
    run: Run, refused: Refused, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[object] = []
    monkeypatch.setattr("fivedice.server.runner.run", started.append)
    line = refused(run("serve", "--database-url", sqlite(tmp_path / "f.db")))
    assert line == "Error: --database-url is now --database, as in every command: --database URL"
    assert started == []
    assert not (tmp_path / "f.db").exists()


@pytest.mark.parametrize("command", [["scores", "show"], ["ratings", "show"], ["ratings", "check"]])
def test_the_database_option_wins_over_the_environment(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    monkeypatch.setenv("FIVEDICE_DATABASE_URL", "bogus://nowhere")
    assert run(*command).exit_code == 2  # the environment's URL is used without the option
    result = run(*command, "--database", sqlite(tmp_path / "x.db"))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "x.db").exists()


def finished_solo(store: Store) -> None:
    """One finished official game by Ann, stored with its result."""
    match = Match.create("official", MatchOptions(seats=1), rng=random.Random(4))
    match.join("Ann")
    match.start(0)
    while not match.state.is_finished:
        match.roll(0)
        match.score(0, max(match.state.score_options(), key=lambda o: o.total).category)
    store.record_result(store.create_match(match.events, preset="official"), match.state)


def test_a_declined_reset_exits_1_and_changes_nothing(run: Run, tmp_path: Path) -> None:
    url = sqlite(tmp_path / "x.db")
    store = Store(url)
    finished_solo(store)
    declined = run("scores", "reset", "-r", "official", "--database", url, stdin="n\n")
    assert declined.exit_code == 1, declined.output
    assert len(best_games(store, "official")) == 1
    done = run("scores", "reset", "-r", "official", "--database", url, stdin="y\n")
    assert done.exit_code == 0, done.output
    assert done.stdout.endswith("High scores of official reset.\n")
    assert best_games(store, "official") == []
    store.close()


def test_scores_show_takes_r_and_n(run: Run, tmp_path: Path) -> None:
    url = sqlite(tmp_path / "x.db")
    store = Store(url)
    finished_solo(store)
    finished_solo(store)
    store.close()
    result = run("scores", "show", "-r", "official", "-n", "1", "--database", url)
    assert result.exit_code == 0, result.output
    assert len(result.stdout.splitlines()) == 1 and "Ann" in result.stdout


def test_words_count_right() -> None:
    assert count(1, "point") == "1 point"
    assert count(0, "point") == "0 points"
    assert count(2, "point") == "2 points"
    assert count(10_000, "game") == "10,000 games"
    assert count(1, "rated match", "rated matches") == "1 rated match"
    assert count(3, "rated match", "rated matches") == "3 rated matches"
    assert rolls_left_words(1) == "1 roll left"
    assert rolls_left_words(0) == "0 rolls left"


def test_the_commands_say_1_roll_1_game_1_player(
    run: Run, tmp_path: Path, private_cache: None
) -> None:
    odds = run("odds", "1", "2", "3", "4", "5", "--rolls-left", "1")
    assert odds.stdout.splitlines()[0].endswith("holding nothing, 1 roll left")
    whole = run("odds", "--rolls-left", "1")
    assert "a whole turn of 1 roll, chasing each box" in whole.stdout
    one = run("simulate", "--games", "1", "--player", "beginner")
    assert one.exit_code == 0, one.output
    assert one.stdout.startswith("beginner on official: 1 game in ")
    match = Match.create("official", MatchOptions(seats=1), rng=random.Random(2))
    match.join("Solo")
    log = tmp_path / "solo.json"
    log.write_text(json.dumps(match.log()))
    replay = run("replay", str(log))
    assert replay.stdout.startswith("Yahtzee (official rules), 1 player\n")


@pytest.mark.parametrize("command", ["analyse", "replay"])
def test_a_log_longer_than_any_match_is_refused_unread(
    run: Run, refused: Refused, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    monkeypatch.setattr("fivedice.cli.rules_cmd.MAX_LOG_CHARS", 100)
    long = tmp_path / "long.json"
    long.write_text("[" + " " * 200 + "]")
    line = refused(run(command, str(long)))
    assert line == f"Error: {long} is longer than a match log can be (100 characters)"
    line = refused(run(command, "-", stdin="[" + " " * 200 + "]"))
    assert line == "Error: - is longer than a match log can be (100 characters)"
