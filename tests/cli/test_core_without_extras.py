"""A plain install (no extras) has what the rules core, the shipped solved tables, the advisor,
the command line and the terminal game need: none of them imports an extra's package, numba
included; what needs numba (fivedice[solver]) refuses in one line before any work."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from fivedice.extras import EXTRAS

ROOT = Path(__file__).resolve().parents[2]
SOLVER_ADVICE = "needs fivedice[solver]: pip install 'fivedice[solver]'"

# Every script below starts with this: the extras' packages cannot be imported.
BLOCKER = """
import sys
blocked = set(sys.argv[1].split(","))

class Blocker:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in blocked:
            raise ModuleNotFoundError(f"No module named {name!r} (blocked)")
        return None

sys.meta_path.insert(0, Blocker())

def none_imported():
    assert not blocked & {name.split(".")[0] for name in sys.modules}, blocked & set(sys.modules)
"""

COMMANDS = """
import json, random
from pathlib import Path
import fivedice.rules, fivedice.strategy, fivedice.strategy.advisor
import fivedice.tui.app  # the terminal game
from fivedice.cli import app
from fivedice.rules import Match, MatchOptions, preset
from fivedice.strategy.players import play_match, player_for

rules = preset("official")
match = Match.create("official", MatchOptions(seats=2), rng=random.Random(3))
ann, bob = match.join("Ann"), match.join("Bob")
match.start(ann)
play_match(match, {ann: player_for("good-human", rules), bob: player_for("beginner", rules)})
log = Path(sys.argv[2]) / "match.json"
log.write_text(json.dumps(match.log()))
for args in (
    ["solve", "--json"],
    ["advise", "3", "3", "3", "1", "5", "--rolls-left", "2", "--json"],
    ["score", "33315"],
    ["rules"],
    ["odds", "6", "6", "6", "2", "3", "--keep", "6,6,6"],
    ["replay", str(log)],
    ["analyse", str(log), "--mistakes"],
):
    try:
        app(args, standalone_mode=False)
    except SystemExit as exc:
        assert not exc.code, (args, exc.code)
none_imported()
"""

REFUSED = """
from fivedice.cli import main
sys.argv = ["fivedice", *sys.argv[2:]]
main()
"""

TERMINAL_GAME = """
import asyncio, json, random
from textual.widgets import Select, Static
from fivedice.tui import FiveDiceApp, GameSetup, SeatSetup
from fivedice.tui.screens import MatchScreen
from fivedice.tui.screens.results import ResultsScreen

async def main():
    seats = (SeatSetup("Ann"), SeatSetup("Rookie", "beginner"), SeatSetup("Ace", "good-human"),
             SeatSetup("Oracle", "optimal"))
    app = FiveDiceApp(GameSetup(seats), rng=random.Random(7), computer_delay=0, undo_grace=0)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        offered = [value for _, value in app.screen.query_one("#kind-1", Select)._options]
        print("offered", offered)
        print("note", app.screen.query_one("#start-missing-levels", Static).content)
        await pilot.click("#start")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MatchScreen), screen
        match = screen.match
        for _ in range(3000):
            if isinstance(app.screen, ResultsScreen):
                break
            if match.state.active_seat == 0 and match.state.rolls_left == 3:
                await pilot.press("r", "enter")  # Ann rolls once and scores where the cursor is
            await asyncio.sleep(0.02)
        assert isinstance(app.screen, ResultsScreen), app.screen
        await pilot.pause()  # the results finish mounting before the app closes
        print("totals", json.dumps([match.state.player(s).total for s in range(4)]))
    none_imported()

asyncio.run(main())
"""


def blocked_modules() -> set[str]:
    """Every extra's packages (numba included), and what they bring; pydantic comes with Typer."""
    blocked = {m for modules in EXTRAS.values() for m in modules} | {"starlette", "llvmlite"}
    blocked.discard("pydantic")
    return blocked


def without_extras(script: str, *args: str, cache: Path) -> subprocess.CompletedProcess[str]:
    """Run `script` in a fresh Python where no extra's package can be imported."""
    env = {**os.environ, "FIVEDICE_CACHE_DIR": str(cache), "FIVEDICE_CONFIG_DIR": str(cache)}
    return subprocess.run(
        [sys.executable, "-c", BLOCKER + script, ",".join(sorted(blocked_modules())), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_numba_is_an_extra() -> None:
    assert EXTRAS["solver"] == ("numba",)
    assert "numba" in blocked_modules()


def test_core_commands_run_without_any_extra(tmp_path: Path) -> None:
    out = without_extras(COMMANDS, str(tmp_path), cache=tmp_path / "cache")
    assert out.returncode == 0, out.stderr
    assert '"expected": 254.58772' in out.stdout  # the shipped table, not solved afresh
    assert "Chance" in out.stdout  # rules, score and advise printed the card's boxes
    assert "expected points given away" in out.stdout  # analyse read the log with the table


@pytest.mark.parametrize(
    ("args", "feature"),
    [
        (["solve", "--no-cache"], "fivedice solve --no-cache"),
        (["solve", "--rules", "yatzy", "--no-cache", "--json"], "fivedice solve --no-cache"),
        (["simulate"], "fivedice simulate"),
        (["simulate", "--player", "beginner", "--games", "10"], "fivedice simulate"),
        (["simulate", "--against", "win-seeking"], "fivedice simulate"),
        (["play", "-c", "win-seeking", "--go"], "The win-seeking computer"),
        (["play", "-p", "Ann", "-c", "beginner", "-c", "win-seeking"], "The win-seeking computer"),
    ],
)
def test_what_needs_numba_refuses_in_one_line(
    tmp_path: Path, args: list[str], feature: str
) -> None:
    out = without_extras(REFUSED, *args, cache=tmp_path)
    assert out.returncode == 2, out.stderr
    assert out.stderr == f"Error: {feature} {SOLVER_ADVICE}\n"
    assert out.stdout == ""
    assert list(tmp_path.iterdir()) == []  # refused before any work: nothing solved or kept


def test_the_terminal_game_plays_the_computers_it_offers_without_numba(tmp_path: Path) -> None:
    out = without_extras(TERMINAL_GAME, cache=tmp_path)
    assert out.returncode == 0, out.stderr
    lines = dict(line.split(" ", 1) for line in out.stdout.splitlines())
    assert lines["offered"] == "['human', 'beginner', 'good-human', 'optimal']"
    assert lines["note"] == f"The win-seeking computer {SOLVER_ADVICE}"
    totals = json.loads(lines["totals"])  # four finished cards
    assert len(totals) == 4 and all(total > 0 for total in totals)


def test_the_core_dependencies_name_no_extras_package() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    core = {d.split(">")[0].split("[")[0] for d in project["dependencies"]}
    extras = project["optional-dependencies"]
    for extra in ("solver", "server", "plot"):
        for requirement in extras[extra]:
            assert requirement.split(">")[0].split("[")[0] not in core
    assert not {"websockets", "matplotlib", "numba", "llvmlite"} & core
    assert "fivedice[solver]" in extras["server"]  # win-seeking computers and analyses
    assert "solver" in extras["test"][0]


def test_license_and_type_marker_ship() -> None:
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["license"] == "MIT"
    assert (ROOT / "src" / "fivedice" / "py.typed").exists()
