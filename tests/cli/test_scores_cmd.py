"""``fivedice scores``: bad input ends in one line and exit code 2, never a traceback."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

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

    return CliRunner().invoke(app, ["serve", "--port", "1", "--database-url", url])


def test_show_empty_list(run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FIVEDICE_DATABASE_URL", f"sqlite:///{tmp_path / 'x.db'}")
    result = run("scores", "show", "--rules", "yatzy")
    assert result.exit_code == 0, result.output
    assert result.output == "No high scores for yatzy yet.\n"
