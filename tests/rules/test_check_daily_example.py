"""examples/check_daily.py, the standard-library check of a daily game, accepts the day's dice
and catches a die that is not the day's."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date
from pathlib import Path

from fivedice.rules import DailyDice, Match
from fivedice.strategy.daily import DAILY_OPTIONS
from fivedice.strategy.players import play_match, player_for

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "check_daily.py"
DAY = date(2026, 11, 21)
SECRET = bytes.fromhex("c3" * 32)


def _game() -> Match:
    """A whole daily game with holds, an undo and a roll after it."""
    dice = DailyDice.of_day(DAY, SECRET)
    match = Match.create(dice.rules, DAILY_OPTIONS, rng=dice)
    seat = match.join("Kim")
    match.start(seat)
    match.roll(seat)
    match.roll(seat, hold=[1, 3])
    match.score(seat, "ones")
    match.undo(seat)
    match.roll(seat, hold=[0])
    play_match(match, {seat: player_for("good-human", match.rules)})
    return match


def _check(tmp_path: Path, log: list[dict[str, object]]) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"events": log}))
    return subprocess.run(
        [sys.executable, str(SCRIPT), DAY.isoformat(), SECRET.hex(), str(path)],
        capture_output=True,
        text=True,
        check=False,
    )


def test_an_honest_game_checks_out(tmp_path: Path) -> None:
    match = _game()
    done = _check(tmp_path, match.log())
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "Every die is the day's."
    assert len(lines) == len(match.rules.categories) + 1


def test_a_changed_die_is_caught(tmp_path: Path) -> None:
    log = _game().log()
    rolled = [e for e in log if e["type"] == "rolled"]
    victim = rolled[7]
    dice = list(victim["dice"])  # type: ignore[call-overload]
    position = next(p for p in range(5) if p not in victim["held"])  # type: ignore[operator]
    dice[position] = dice[position] % 6 + 1
    victim["dice"] = dice
    done = _check(tmp_path, log)
    assert done.returncode == 1
    assert f"die {position + 1}:" in done.stderr and "the day's face is" in done.stderr


def test_another_days_secret_is_caught(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_game().log()))
    done = subprocess.run(
        [sys.executable, str(SCRIPT), DAY.isoformat(), "00" * 32, str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1 and "Turn 1, roll 1" in done.stderr
