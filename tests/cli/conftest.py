"""Running ``fivedice`` commands in-process with Typer's CliRunner, and reading their tables."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from click.testing import Result
from typer.testing import CliRunner

from fivedice.cli import app

Run = Callable[..., Result]


@pytest.fixture
def run() -> Run:
    """``run("score", "33315")``: the command's result, with a wide terminal so that Rich
    tables are not wrapped."""
    runner = CliRunner()

    def invoke(*args: str, stdin: str | None = None) -> Result:
        return runner.invoke(app, list(args), input=stdin, env={"COLUMNS": "200"})

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
