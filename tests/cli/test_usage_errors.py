"""Mistakes Click finds itself end like every other refusal: one line on stderr, exit 2."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from click.testing import Result

Run = Callable[..., Result]


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["score", "-3", "3", "3", "1", "5"], "Error: No such option: -3"),
        (["simulate", "--games", "abc"], "Error: Invalid value for '--games': "),
        (["reset"], "Error: No such command 'reset'."),
        (["scores", "reset"], "Error: Missing option '--rules' / '-r'."),
        (["scores", "show", "--bogus"], "Error: No such option: --bogus"),
        (["nope"], "Error: No such command 'nope'."),
        (["--bogus"], "Error: No such option: --bogus"),
        (["play", "--seed", "-5"], "Error: --seed is 0 or more, not -5"),
        (["-V"], "Error: No such option: -V"),
        (["scores", "--bogus"], "Error: No such option: --bogus"),
    ],
)
def test_a_usage_mistake_is_one_line(
    run: Run, refused: Callable[[Result], str], args: list[str], line: str
) -> None:
    assert refused(run(*args)).startswith(line)


def test_help_is_still_shown_in_full(run: Run) -> None:
    result = run("score", "--help")
    assert result.exit_code == 0
    assert "Usage: fivedice score" in result.stdout and "--filled" in result.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["scores", "show"],
        ["ratings", "check"],
        ["ratings", "show"],
        ["play", "-p", "Ann", "--go"],
        ["export", "abc"],
    ],
    ids=" ".join,
)
@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("postgresql+psycopg://u@127.0.0.1:1/x", "needs fivedice[postgres]"),
        ("mysql://x@y/z", "its driver 'MySQLdb' is not installed"),
    ],
    ids=["postgres", "mysql"],
)
def test_a_database_whose_driver_is_missing_is_one_line(
    run: Run,
    refused: Callable[[Result], str],
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    url: str,
    says: str,
) -> None:
    """The URL names a driver this install lacks (psycopg blocked here): exit 2, one line that
    says what to install, before any game starts."""
    import sys

    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if fivedice[postgres] were missing
    monkeypatch.setattr("fivedice.tui.FiveDiceApp.run", lambda self, **_: pytest.fail("ran"))
    assert says in refused(run(*args, "--database", url))
