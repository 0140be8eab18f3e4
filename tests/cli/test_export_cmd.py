"""``fivedice export``: a match's log from a real SQLite store, read back by ``replay`` and
``analyse``; every refusal is one line, exit code 2, and writes nothing."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from fivedice.rules import Match, MatchOptions
from fivedice.store import Store

Run = Callable[..., Result]
Refused = Callable[[Result], str]


def played(seed: int, *, finish: bool = True) -> Match:
    """Ann and Bob each take the best-scoring box after one roll; Ann once takes a scoring
    back. Stops after a few turns unless `finish`."""
    match = Match.create("official", MatchOptions(seats=2), rng=random.Random(seed))
    ann, _ = match.join("Ann"), match.join("Bob")
    match.start(ann)
    match.roll(ann)
    match.score(ann, "ones")
    match.undo(ann)
    turns = 0
    while not match.state.is_finished and (finish or turns < 5):
        seat = match.state.active_seat
        assert seat is not None
        if match.state.rolls_left == 3:
            match.roll(seat)
        best = max(match.state.score_options(), key=lambda o: (o.total, o.category))
        match.score(seat, best.category)
        turns += 1
    return match


@pytest.fixture
def database(tmp_path: Path) -> tuple[str, str, str, Match]:
    """A SQLite store with one finished match and one still being played: the URL and ids."""
    url = f"sqlite:///{tmp_path / 'matches.db'}"
    store = Store(url)
    finished = played(3)
    finished_id = store.save_finished(finished, label="Ann v Bob")
    going = played(4, finish=False)
    going_id = store.create_match(going.events, preset="official")
    store.set_status(going_id, "playing")
    store.close()
    return url, finished_id, going_id, finished


def test_export_then_replay_and_analyse(
    run: Run,
    tmp_path: Path,
    database: tuple[str, str, str, Match],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("FIVEDICE_CACHE_DIR", str(tmp_path / "cache"))  # not the user's cache
    url, match_id, _, match = database
    out = tmp_path / "match.jsonl"
    result = run("export", match_id, "--database", url, "-o", str(out))
    assert result.exit_code == 0, result.output
    assert result.stderr == f"{len(match.events)} events of match {match_id} written to {out}\n"
    lines = out.read_text().splitlines()
    assert [json.loads(line) for line in lines] == match.log()

    replayed = run("replay", str(out), "--json")
    assert replayed.exit_code == 0, replayed.output
    players = json.loads(replayed.stdout)["players"]
    assert [p["total"] for p in players] == [p.total for p in match.state.players]

    analysed = run("analyse", str(out), "--json")
    assert analysed.exit_code == 0, analysed.output
    decisions = json.loads(analysed.stdout)["decisions"]
    assert {d["player"] for d in decisions} == {"Ann", "Bob"}
    # The scoring Ann took back is no decision: one scoring per box filled, no more.
    assert sum(d["taken"]["kind"] == "score" for d in decisions) == 26


def test_export_to_stdout(run: Run, database: tuple[str, str, str, Match]) -> None:
    url, match_id, _, match = database
    result = run("export", match_id, "--database", url)
    assert result.exit_code == 0, result.output
    assert [json.loads(line) for line in result.stdout.splitlines()] == match.log()


def test_export_reads_the_environment_database(
    run: Run, database: tuple[str, str, str, Match], monkeypatch: pytest.MonkeyPatch
) -> None:
    url, match_id, _, match = database
    monkeypatch.setenv("FIVEDICE_DATABASE_URL", url)
    result = run("export", match_id)
    assert result.exit_code == 0, result.output
    assert len(result.stdout.splitlines()) == len(match.events)


def test_an_unfinished_match_needs_the_flag(
    run: Run, refused: Refused, tmp_path: Path, database: tuple[str, str, str, Match]
) -> None:
    url, _, going_id, _ = database
    out = tmp_path / "going.jsonl"
    line = refused(run("export", going_id, "--database", url, "-o", str(out)))
    assert (
        line == f"Error: Match {going_id} is not finished (playing): --unfinished exports it so far"
    )
    assert not out.exists()
    result = run("export", going_id, "--database", url, "-o", str(out), "--unfinished")
    assert result.exit_code == 0, result.output
    replayed = run("replay", str(out))
    assert replayed.exit_code == 0, replayed.output
    assert "Not finished: round 1" in replayed.stdout


def test_refusals_are_one_line_and_write_nothing(
    run: Run, refused: Refused, tmp_path: Path, database: tuple[str, str, str, Match]
) -> None:
    url, match_id, _, _ = database
    existing = tmp_path / "kept.jsonl"
    existing.write_text("mine\n")
    missing_db = tmp_path / "nothing.db"
    cases = [
        (["export", "0" * 32, "--database", url], f"No match {'0' * 32} in the database"),
        (["export", "../etc", "--database", url], "A match id is 1 to 64 letters"),
        (["export", "x" * 65, "--database", url], "A match id is 1 to 64 letters"),
        (["export", match_id, "--database", url, "-o", str(existing)], "exists: add --force"),
        (["export", match_id, "--database", url, "-o", str(tmp_path)], "is a folder"),
        (
            ["export", match_id, "--database", url, "-o", str(tmp_path / "no" / "f.jsonl")],
            "the folder",
        ),
        (
            ["export", match_id, "--database", f"sqlite:///{missing_db}"],
            "there is no such file",
        ),
        (["export", match_id, "--database", "bogus://x"], "Cannot use the database URL"),
    ]
    for args, words in cases:
        line = refused(run(*args))
        assert words in line, line
    assert existing.read_text() == "mine\n"
    assert not missing_db.exists()
    assert not (tmp_path / "no").exists()

    forced = run("export", match_id, "--database", url, "-o", str(existing), "--force")
    assert forced.exit_code == 0, forced.output
    assert existing.read_text().startswith('{"seq": 1, "type": "created"')
