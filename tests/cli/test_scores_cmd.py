"""``fivedice scores``: bad input ends in one line and exit code 2, never a traceback; the
lists rank single games (issue 11); ``fivedice ratings`` on an empty database."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from fivedice.rules import Match, MatchOptions
from fivedice.store import Store

Run = Callable[..., Result]


def test_unknown_rules_is_one_line(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FIVEDICE_DATABASE_URL", f"sqlite:///{tmp_path / 'x.db'}")
    for args in (
        ["scores", "show", "--rules", "nope"],
        ["scores", "reset", "--rules", "nope", "--yes"],
    ):
        result = run(*args)
        assert result.exit_code == 2, result.output
        assert result.output.startswith("Error: No rule set called 'nope'")
        assert result.output.count("\n") == 1


def test_unusable_database_is_one_line(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for url, message in (
        ("bogus://x", "Cannot use the database URL"),
        (f"sqlite:///{tmp_path / 'no' / 'such' / 'dir.db'}", "Cannot use the database"),
    ):
        monkeypatch.setenv("FIVEDICE_DATABASE_URL", url)
        result = run("scores", "show")
        assert result.exit_code == 2, result.output
        assert result.output.startswith(f"Error: {message}")
        assert result.output.count("\n") == 1


def test_serve_with_an_unusable_database_says_so_in_one_line(tmp_path: Path) -> None:
    # Checked before the server starts, so nothing listens and no traceback is logged.
    for url in ("bogus://x", f"sqlite:///{tmp_path / 'no' / 'such' / 'dir.db'}"):
        result = run_serve(url)
        assert result.exit_code == 2, result.output
        assert result.output.startswith("Error: Cannot use the database")
        assert result.output.count("\n") == 1


def run_serve(url: str) -> Result:
    """``fivedice serve`` on a database URL, in-process (it returns at once if the URL fails)."""
    from typer.testing import CliRunner

    from fivedice.cli import app

    return CliRunner().invoke(app, ["serve", "--port", "1", "--database", url])


def test_show_empty_list(run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FIVEDICE_DATABASE_URL", f"sqlite:///{tmp_path / 'x.db'}")
    result = run("scores", "show", "--rules", "yatzy")
    assert result.exit_code == 0, result.output
    assert result.output == "No high scores for yatzy yet.\n"


def solo(seed: int, rounds: int, name: str) -> Match:
    """A finished solo match: the best-scoring box after one roll, every turn."""
    rng = random.Random(seed)
    match = Match.create("official", MatchOptions(rounds=rounds, seats=1), rng=rng)
    match.join(name)
    match.start(0)
    while not match.state.is_finished:
        match.roll(0)
        best = max(match.state.score_options(), key=lambda o: (o.total, o.category))
        match.score(0, best.category)
    return match


def test_a_two_round_total_no_longer_heads_one_round_games(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 11: a 2-round match's total (526 there) headed a list of one-round games."""
    monkeypatch.setenv("FIVEDICE_DATABASE_URL", f"sqlite:///{tmp_path / 'x.db'}")
    store = Store()
    long = solo(1, 2, "Tess")
    store.save_finished(long)
    singles = [solo(seed, 1, f"P{seed}") for seed in range(2, 5)]
    for match in singles:
        store.save_finished(match)
    store.close()
    tess = long.state.player(0)

    result = run("scores", "show", "--rules", "official")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    shown = [(line.split()[1], int(line.split()[2])) for line in lines]
    games = [("Tess", t) for t in tess.round_totals] + [
        (m.state.players[0].name, m.state.players[0].total) for m in singles
    ]
    assert sorted(shown, key=lambda g: -g[1]) == shown
    assert sorted(shown) == sorted(games)
    assert tess.total not in [score for _, score in shown]
    tess_lines = [line for line in lines if line.split()[1] == "Tess"]
    assert sorted(line.split("  ")[-1] for line in tess_lines) == ["game 1 of 2", "game 2 of 2"]
    assert all("game" not in line for line in lines if line.split()[1] != "Tess")

    week = run("scores", "show", "--rules", "official", "--period", "week", "--limit", "2")
    assert week.exit_code == 0 and week.output.splitlines() == lines[:2]
    bad = run("scores", "show", "--period", "year")
    assert bad.exit_code == 2 and bad.output.startswith("Error: A period is one of all")


def test_ratings_show_and_check_on_an_empty_database(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FIVEDICE_DATABASE_URL", f"sqlite:///{tmp_path / 'x.db'}")
    assert run("ratings", "show", "--family", "yacht").output == "No ratings for Yacht yet.\n"
    bad = run("ratings", "show", "--family", "chess")
    assert bad.exit_code == 2 and bad.output.startswith("Error: No family called 'chess'")
    check = run("ratings", "check")
    assert check.exit_code == 0 and check.output.startswith("0 rating changes")


def test_ratings_check_finds_a_rating_the_logs_do_not_give(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sqlalchemy import insert, update

    from fivedice.store.accounts import SeatAccountRow, claim, create_guest
    from fivedice.store.models import RatingRow

    monkeypatch.setenv("FIVEDICE_DATABASE_URL", f"sqlite:///{tmp_path / 'x.db'}")
    store = Store()
    ann, bob = (
        claim(store, create_guest(store).id, name, name.casefold(), "not-a-hash").id
        for name in ("Ann", "Bob")
    )
    for seed in range(2):
        rng = random.Random(seed)
        match = Match.create("yatzy", MatchOptions(seats=2, undo_allowed=False, rated=True), rng)
        match.join("Ann")
        match.join("Bob")
        match.start(0)
        while not match.state.is_finished:
            seat = match.state.active_seat
            assert seat is not None
            match.roll(seat)
            match.score(seat, max(match.state.score_options(), key=lambda o: o.total).category)
        match_id = store.create_match(match.events, preset="yatzy")
        with store.engine.begin() as conn:
            conn.execute(
                insert(SeatAccountRow),
                [
                    {"match_id": match_id, "seat": 0, "account_id": ann},
                    {"match_id": match_id, "seat": 1, "account_id": bob},
                ],
            )
        store.record_result(match_id, match.state)

    shown = run("ratings", "show", "--family", "yatzy")
    assert shown.exit_code == 0
    assert [line.split()[1] for line in shown.output.splitlines()] in (
        ["Ann", "Bob"],
        ["Bob", "Ann"],
    )
    assert all("?" in line and "2 games" in line for line in shown.output.splitlines())
    assert run("ratings", "check").output.startswith("4 rating changes in 2 rated matches")

    with store.engine.begin() as conn:
        conn.execute(update(RatingRow).where(RatingRow.id == 3).values(mu_after=99.0))
    store.close()
    tampered = run("ratings", "check")
    assert tampered.exit_code == 1 and tampered.output.startswith("Match ")


@pytest.mark.parametrize("command", [["scores", "show"], ["ratings", "show"]])
@pytest.mark.parametrize("limit", ["0", "-5", "1001", "1000000000"])
def test_a_limit_outside_1_to_1000_is_one_line(
    run: Run,
    refused: Callable[[Result], str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    command: list[str],
    limit: str,
) -> None:
    """Typer's own range check printed a usage panel of several lines."""
    monkeypatch.setenv("FIVEDICE_DATABASE_URL", f"sqlite:///{tmp_path / 'x.db'}")
    line = refused(run(*command, "--limit", limit))
    assert line == f"Error: --limit is 1 to 1,000, not {int(limit):,}"
