"""The plain install as a new user gets it: the wheel built from this tree, installed with no
extra in a fresh virtual environment, and every command the README says needs no extra run
there as a person would run it (the terminal games in a pseudo-terminal). A traceback fails
the test, and so does a command that needs an extra without saying so in one line."""

from __future__ import annotations

import os
import pty
import re
import select
import shutil
import struct
import subprocess
import sys
import termios
from collections.abc import Iterator
from fcntl import ioctl
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DAY = "2026-11-01"  # the daily challenge's first day: always a past day from then on
SCREEN_SECONDS = 120  # the most a terminal game may take to draw; it ends the wait, not the test
ESCAPES = re.compile(r"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-B]|.)")

SAVE_A_MATCH = """
import random, sys
from fivedice.rules import Match, MatchOptions, preset
from fivedice.store import Store
from fivedice.strategy.players import play_match, player_for

rules = preset("official")
match = Match.create("official", MatchOptions(seats=2), rng=random.Random(3))
ann, bob = match.join("Ann"), match.join("Bob")
match.start(ann)
play_match(match, {ann: player_for("optimal", rules), bob: player_for("beginner", rules)})
store = Store(sys.argv[1])
print(store.save_finished(match))
store.close()
"""


def uv() -> str:
    """The uv that installed the tests' environment (next to its Python), else the PATH's."""
    here = Path(sys.executable).with_name("uv")
    found = str(here) if here.exists() else shutil.which("uv")
    assert found is not None, "uv is needed: it comes with `make install-test`"
    return found


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh environment with the wheel of this tree and no extra; its bin folder."""
    where = tmp_path_factory.mktemp("plain")
    wheels = where / "dist"
    subprocess.run(
        [uv(), "build", "-q", "--wheel", "--out-dir", str(wheels), str(ROOT)],
        check=True,
        timeout=600,
    )
    (wheel,) = wheels.glob("fivedice-*.whl")
    venv = where / "venv"
    subprocess.run([uv(), "venv", "-q", "--python", sys.executable, str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run(
        [uv(), "pip", "install", "-q", "--python", str(python), str(wheel)],
        check=True,
        timeout=600,
    )
    yield venv / "bin"


@pytest.fixture(scope="module")
def env(plain: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A user of their own: tables, settings and the high scores' database in a fresh
    folder, English, a terminal of 80 by 24."""
    home = tmp_path_factory.mktemp("home")
    keep = {k: v for k, v in os.environ.items() if k in ("PATH", "SYSTEMROOT", "TMPDIR")}
    return {
        **keep,
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_CACHE_HOME": str(home / "cache"),
        "FIVEDICE_DATABASE_URL": f"sqlite:///{home / 'fivedice.db'}",
        "LANG": "C.UTF-8",
        "TERM": "xterm-256color",
        "COLUMNS": "80",
        "LINES": "24",
    }


def fivedice(plain: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """A command of the plain install, run as a person runs it."""
    return subprocess.run(
        [str(plain / "fivedice"), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        stdin=subprocess.DEVNULL,
    )


def done(out: subprocess.CompletedProcess[str]) -> str:
    """Assert the command did what was asked, without a traceback; its output."""
    assert "Traceback" not in out.stdout + out.stderr, out.stderr
    assert out.returncode == 0, out.stderr
    assert out.stderr == "" or "Traceback" not in out.stderr
    return out.stdout


def cooked(terminal: int) -> bool:
    """Whether the terminal still reads lines (and takes Ctrl+Q for flow control): the game
    reads keys only once it has put its terminal in raw mode."""
    iflag, _, _, lflag, *_ = termios.tcgetattr(terminal)
    return bool(lflag & termios.ICANON or iflag & termios.IXON)


def drawn_until(terminal: int, shows: str, drawn: bytes) -> bytes:
    """What the game has drawn, read until it shows `shows` and reads keys."""
    while shows not in ESCAPES.sub("", drawn.decode("utf-8", "replace")) or cooked(terminal):
        ready, _, _ = select.select([terminal], [], [], SCREEN_SECONDS)
        assert ready, f"nothing drawn for {SCREEN_SECONDS} s: {drawn[-2000:]!r}"
        try:
            chunk = os.read(terminal, 65536)
        except OSError:  # the game ended: its terminal closed
            chunk = b""
        assert chunk, f"the game ended before drawing {shows!r}: {drawn[-2000:]!r}"
        drawn += chunk
    return drawn


def played_in_a_terminal(
    plain: Path, env: dict[str, str], *args: str, shows: str, asks: str | None = None
) -> str:
    """Start a terminal game in a pseudo-terminal of 80x24, wait until it draws `shows`, quit
    with Ctrl+Q (twice, after the question `asks`, during a match) and return what it drew
    (escape sequences removed)."""
    leader, follower = pty.openpty()
    ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    game = subprocess.Popen(
        [str(plain / "fivedice"), *args],
        env=env,
        stdin=follower,
        stdout=follower,
        stderr=follower,
        start_new_session=True,
    )
    os.close(follower)
    drawn = b""
    try:
        drawn = drawn_until(leader, shows, drawn)
        if asks:  # a match is on: Ctrl+Q asks first, and a second Ctrl+Q quits
            os.write(leader, b"\x11")
            drawn = drawn_until(leader, asks, drawn)
        os.write(leader, b"\x11")  # Ctrl+Q
        while True:  # read to the end, so the game never waits on a full terminal
            ready, _, _ = select.select([leader], [], [], SCREEN_SECONDS)
            assert ready, "the game did not end after Ctrl+Q"
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                break
            if not chunk:
                break
            drawn += chunk
        assert game.wait(timeout=SCREEN_SECONDS) == 0
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
        os.close(leader)
    text = ESCAPES.sub("", drawn.decode("utf-8", "replace"))
    assert "Traceback" not in text, text[-3000:]
    return text


@pytest.mark.slow
def test_every_command_of_the_plain_install_runs(
    plain: Path, env: dict[str, str], tmp_path: Path
) -> None:
    installed = subprocess.run(
        [uv(), "pip", "list", "--python", str(plain / "python"), "--format", "freeze"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    names = {line.split("==")[0].lower() for line in installed.split()}
    assert not names & {"fastapi", "uvicorn", "numba", "matplotlib", "pydantic"}, names

    shown = done(fivedice(plain, env, "--help"))
    for command in ("play", "daily", "scores", "export", "replay", "analyse", "advise", "odds"):
        assert re.search(rf"│ {command} ", shown), shown

    drawn = played_in_a_terminal(plain, env, "play", "-p", "Ann", "--fresh", shows="a new game")
    assert "Ann" in drawn
    drawn = played_in_a_terminal(
        plain, env, "daily", "--date", DAY, shows="Daily challenge", asks="Quit fivedice?"
    )
    assert "Nov" in drawn or "2026" in drawn

    optimal = done(fivedice(plain, env, "daily", "--show-optimal", "--date", DAY))
    assert "secret" in optimal.lower() and " 1 " in optimal

    match_id = subprocess.run(
        [str(plain / "python"), "-c", SAVE_A_MATCH, env["FIVEDICE_DATABASE_URL"]],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    best = done(fivedice(plain, env, "scores", "show"))
    assert "Ann" in best and "Bob" in best
    log = tmp_path / "match.jsonl"
    done(fivedice(plain, env, "export", match_id, "--output", str(log)))
    assert "Ann" in done(fivedice(plain, env, "replay", str(log)))
    assert "expected points given away" in done(fivedice(plain, env, "analyse", str(log)))
    assert "Chance" in done(fivedice(plain, env, "rules", "official"))
    assert "Three of a kind" in done(fivedice(plain, env, "score", "33315"))
    assert "hold 3 3 3" in done(fivedice(plain, env, "advise", "33315", "--top", "3"))
    assert "Yahtzee" in done(fivedice(plain, env, "odds", "66623", "--keep", "666"))
    assert "No ratings" in done(fivedice(plain, env, "ratings", "show"))
    assert "as the logs say" in done(fivedice(plain, env, "ratings", "check"))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "extra"),
    [
        (["simulate", "--games", "10"], "solver"),
        (["solve", "--no-cache"], "solver"),
        (["play", "-c", "win-seeking"], "solver"),
        (["serve", "--port", "8123"], "server"),
    ],
)
def test_what_needs_an_extra_says_so_in_one_line(
    plain: Path, env: dict[str, str], args: list[str], extra: str
) -> None:
    out = fivedice(plain, env, *args)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr
    assert out.stderr.endswith(f"pip install 'fivedice[{extra}]'\n"), out.stderr
