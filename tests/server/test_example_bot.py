"""The documented example bot plays a whole match against a real server."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
import websockets
import websockets.asyncio.server
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


@pytest.mark.parametrize("stop", ["sigterm", "sigkill"])
def test_the_example_bot_plays_on_across_a_server_restart(tmp_path: Path, stop: str) -> None:
    """The server restarts mid-match (gracefully, or killed): the bot reconnects, gets a
    catch-up that may carry no events, and plays the match to its end."""
    server = ServerProcess(f"sqlite:///{tmp_path / 'fivedice.db'}", tmp_path / "server.log")
    server.start()
    bot = subprocess.Popen(
        [sys.executable, str(BOT), "--server", server.base_url, "--open", "--start",
         "--pace", "0.05"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )  # fmt: skip
    try:
        assert bot.stdout is not None
        seen = []
        for line in bot.stdout:  # a few moves into the match
            seen.append(line)
            if line.startswith("#12 "):
                break
        if stop == "sigterm":
            server.stop()
        else:
            server.kill()
        server.start()
        rest, _ = bot.communicate(timeout=60)
        output = "".join(seen) + rest
        assert bot.returncode == 0, output
        assert "reconnecting" in output
        assert "1. Robo:" in output
        with httpx.Client(base_url=server.base_url, timeout=10) as api:
            finished = api.get("/api/matches").json()
        assert len(finished) == 1 and finished[0]["status"] == "finished"
    finally:
        if bot.poll() is None:
            bot.kill()
        server.kill()


def table_at(dice: list[int] | None, rolls_left: int = 3, phase: str = "playing") -> dict:
    """The parts of a table view the bot reads, on its own turn (seat 0)."""
    options = [{"category": "chance", "points": sum(dice or []), "bonus": 0}]
    return {"phase": phase, "active_seat": 0, "dice": dice, "rolls_left": rolls_left,
            "score_options": options}  # fmt: skip


async def test_the_bot_ignores_a_stale_refusal_and_retries_its_own() -> None:
    """A scripted server: a refusal of an older intent changes nothing; a refusal of the
    intent for the state in hand is tried again; the bot plays on either way."""
    spec = importlib.util.spec_from_file_location("table_bot", BOT)
    assert spec is not None and spec.loader is not None
    table_bot = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(table_bot)
    received: list[dict] = []

    async def script(ws: websockets.asyncio.server.ServerConnection) -> None:
        async def intent() -> dict:
            message = json.loads(await asyncio.wait_for(ws.recv(), 5))
            received.append(message)
            return message

        assert json.loads(await ws.recv())["type"] == "hello"
        await ws.send(json.dumps({"type": "welcome", "seat": 0}))
        await ws.send(json.dumps({"type": "update", "seq": 5, "events": [],
                                  "table": table_at(None)}))  # fmt: skip
        await intent()
        for refused, code in ((4, "not_your_turn"), (5, "store_failed")):
            await ws.send(json.dumps({"type": "error", "id": refused, "code": code,
                                      "message": "no"}))  # fmt: skip
        await intent()  # the roll again, once: for the refusal of its own
        await ws.send(json.dumps({"type": "update", "seq": 6, "events": [],
                                  "table": table_at([2, 2, 3, 4, 6], 2)}))  # fmt: skip
        await intent()
        await ws.send(json.dumps({"type": "update", "seq": 7, "events": [],
                                  "table": table_at([2, 2, 3, 4, 6], 1)}))  # fmt: skip
        await intent()
        await ws.send(json.dumps({"type": "update", "seq": 8, "events": [],
                                  "table": table_at(None, phase="finished")}))  # fmt: skip
        await ws.wait_closed()

    async with websockets.asyncio.server.serve(script, "127.0.0.1", 0) as served:
        port = next(iter(served.sockets)).getsockname()[1]
        final = await asyncio.wait_for(table_bot.play(f"ws://127.0.0.1:{port}", "tok", False), 10)
    assert final["phase"] == "finished"
    assert [(m["type"], m["id"], m.get("hold"), m.get("category")) for m in received] == [
        ("roll", 5, None, None),
        ("roll", 5, None, None),
        ("roll", 6, [0, 1], None),
        ("score", 7, None, "chance"),
    ]
