"""The documented example bot plays a whole match against a real server."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from server_process import ServerProcess

BOT = Path(__file__).resolve().parents[2] / "examples" / "table_bot.py"


def test_the_example_bot_plays_a_match(server: ServerProcess) -> None:
    done = subprocess.run(
        [sys.executable, str(BOT), "--server", server.base_url, "--open", "--start"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert "1. Robo:" in done.stdout
    assert "refused" not in done.stdout


def test_the_example_bot_needs_a_table_or_open() -> None:
    """Without --table or --open it used to post to /api/tables/None and die in a traceback."""
    done = subprocess.run(
        [sys.executable, str(BOT), "--server", "http://127.0.0.1:9"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 2
    assert "one of the arguments --table --open is required" in done.stderr
    assert "Traceback" not in done.stderr
