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
