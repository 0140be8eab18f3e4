"""The first use after an install: what `pip install fivedice` brings (packages and MB), and
how long ``fivedice --help``, the first ``fivedice advise``, solve, hint and computer move take
in fresh processes.

Run ``python -m bench.first_use`` (``--ref REF`` measures a git revision of this tree
instead of the working tree). It makes fresh virtual environments with ``uv``, installs the
project without and with its extras, and times each step in a new process with an empty
table cache, so nothing solved or compiled before is reused unless the step says so.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = (
    ("plain", ""),
    ("solver", "[solver]"),
    ("server", "[server]"),
    ("server+plot", "[server,plot]"),
)

ADVICE = """
import json, time
t0 = time.perf_counter()
from fivedice.rules import Dice, Scorecard, preset
from fivedice.strategy.advisor import advise
from fivedice.strategy.cache import load_or_solve
rules = preset("official")
best = advise(load_or_solve(rules), Scorecard(rules), Dice.parse("33315"), 2)[0]
print(json.dumps({"seconds": time.perf_counter() - t0, "best": str(best.action)}))
"""

MOVE = """
import json, random, sys, time
t0 = time.perf_counter()
from fivedice.rules import Match, MatchOptions, preset
from fivedice.strategy.players import play_turn, player_for
rules = preset("official")
match = Match.create(rules, MatchOptions(seats=1), rng=random.Random(3))
seat = match.join("Bot")
match.start(seat)
play_turn(match, seat, player_for(sys.argv[1], rules))
print(json.dumps({"seconds": time.perf_counter() - t0}))
"""

SOLVE_TWICE = """
import json, sys, time
from fivedice.rules import preset
from fivedice.strategy.solver import solve
rules = preset(sys.argv[1])
t0 = time.perf_counter(); solve(rules); first = time.perf_counter() - t0
t0 = time.perf_counter(); solve(rules); again = time.perf_counter() - t0
print(json.dumps({"first": first, "again": again}))
"""

PER_POSITION = """
import json, random, time
from fivedice.rules import Dice, Scorecard, preset
from fivedice.strategy.advisor import advise
from fivedice.strategy.cache import load_or_solve
import fivedice.strategy.turn as turn_module
rules = preset("official")
table = load_or_solve(rules)
card = Scorecard(rules, {"threes": 9, "full_house": 25})
positions = [(Dice.parse(d), r) for d in ("33315", "12345", "66661", "22456") for r in (0, 1, 2)]
for p in positions:
    advise(table, card, *p)
def best_cpu(run, rounds=5):  # CPU time, best of a few: a busy machine's clock wanders
    times = []
    for _ in range(rounds):
        t0 = time.thread_time()
        count = run()
        times.append((time.thread_time() - t0) / count)
    return min(times)
def same():
    for i in range(600):
        advise(table, card, *positions[i % len(positions)])
    return 600
same_card = best_cpu(same)
rng = random.Random(1)
filled = set()
while len(filled) < 200:  # a new turn each time: 200 different cards, boxes filled with 0
    filled.add(frozenset(rng.sample(rules.category_names, rng.randint(0, 6))))
cards = [Scorecard(rules, {name: 0 for name in names}) for names in filled]
dice = [Dice([rng.randint(1, 6) for _ in range(5)]) for _ in cards]
def new():
    recent = getattr(turn_module, "_recent", None)  # the turns kept between rolls, if any
    if recent is not None:
        recent.clear()
    for card, d in zip(cards, dice):
        advise(table, card, d, 2)
    return len(cards)
new_turn = best_cpu(new)
print(json.dumps({"same_card": same_card, "new_turn": new_turn}))
"""


def uv() -> str:
    """The uv executable: next to this Python, else on the PATH."""
    here = Path(sys.executable).with_name("uv")
    found = str(here) if here.exists() else shutil.which("uv")
    if found is None:
        raise SystemExit("uv is needed: pip install uv")
    return found


def source_tree(ref: str | None, scratch: Path) -> Path:
    """The tree to install: this working tree, or a git revision of it exported to scratch."""
    if ref is None:
        return ROOT
    tree = scratch / "tree"
    tree.mkdir()
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", ref], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    return tree


def make_venv(tree: Path, extras: str, where: Path) -> Path:
    """A fresh virtual environment with the project (and `extras`) installed; its python."""
    subprocess.run([uv(), "venv", "-q", "--python", sys.executable, str(where)], check=True)
    python = where / "bin" / "python"
    subprocess.run(
        # --compile-bytecode: as pip does, so the first import does not compile every module
        [
            uv(),
            "pip",
            "install",
            "-q",
            "--compile-bytecode",
            "--python",
            str(python),
            f"{tree}{extras}",
        ],
        check=True,
    )
    return python


def footprint(python: Path) -> tuple[int, float]:
    """(packages installed, fivedice included; MB on disk of the environment's packages)."""
    listed = subprocess.run(
        [uv(), "pip", "list", "--python", str(python), "--format", "json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    site = next((python.parent.parent / "lib").glob("python3*/site-packages"))
    size = sum(f.stat().st_size for f in site.rglob("*") if f.is_file() and not f.is_symlink())
    return len(json.loads(listed)), size / 1e6


class Seconds(float):
    """A command's wall-clock seconds, printed with its CPU seconds: on a busy machine the
    wall clock also counts the time spent waiting for a core."""

    cpu: float

    def __format__(self, spec: str) -> str:
        return f"{float(self):{spec}} s wall, {self.cpu:{spec}} s cpu"


def timed(command: list[str], env: dict[str, str]) -> tuple[Seconds, str]:
    """(seconds, stdout) of a command in a new process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    seconds = Seconds(time.perf_counter() - started)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds.cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seconds, out.stdout.strip()


def refusal(command: list[str], env: dict[str, str]) -> str:
    """The exit code and one-line refusal of a command that needs an extra not installed."""
    out = subprocess.run(command, env=env, capture_output=True, text=True)
    return f"exit {out.returncode}: {out.stderr.strip()}"


def first_use(python: Path, scratch: Path, solver: bool) -> None:
    """Print the first-use timings of the environment of `python`; without `solver` (numba),
    the steps that need it are shown refusing instead."""
    env = {**os.environ, "FIVEDICE_CACHE_DIR": str(scratch / "tables")}
    env.pop("NUMBA_CACHE_DIR", None)
    fivedice = str(python.with_name("fivedice"))
    py = str(python)

    bare, _ = timed([py, "-c", "pass"], env)
    imported, _ = timed([py, "-c", "import fivedice.rules, fivedice.strategy"], env)
    print(f"  python start {bare:.2f}; import fivedice.rules + strategy {imported:.2f}")
    helped, _ = timed([fivedice, "--help"], env)
    print(f"  fivedice --help: {helped:.2f} (target: under 0.2 s)")
    wall, out = timed([fivedice, "advise", "3", "3", "3", "1", "5", "--top", "1"], env)
    best = next((line for line in out.splitlines() if "hold" in line or "score" in line), "")
    print(f"  first fivedice advise after install: {wall:.2f} (target: under 0.6 s)  [{best}]")
    wall, _ = timed([fivedice, "advise", "3", "3", "3", "1", "5", "--top", "1"], env)
    print(f"  fivedice advise again: {wall:.2f}")
    for label in ("first", "again"):
        wall, out = timed([fivedice, "solve"], env)
        print(f"  fivedice solve (official), {label}: {wall:.2f}  [{out}]")
    wall, out = timed([py, "-c", ADVICE], env)
    data = json.loads(out)
    print(
        f"  first advice in a fresh process: {wall:.2f} "
        f"(imports, table and advice {data['seconds']:.2f} s; {data['best']})"
    )
    levels = ("optimal", "good-human", "beginner") + (("win-seeking",) if solver else ())
    for level in levels:
        wall, out = timed([py, "-c", MOVE, level], env)
        inner = json.loads(out)["seconds"]
        print(f"  first computer move ({level}): {wall:.2f} (in process {inner:.2f} s)")
    if not solver:
        for args in (["solve", "--no-cache"], ["simulate"], ["play", "-c", "win-seeking"]):
            print(f"  fivedice {' '.join(args)}: {refusal([fivedice, *args], env)}")
        print_per_position(py, env)
        return
    for label in ("first", "again"):  # solved afresh: the compiled solver, then its cache
        wall, out = timed([fivedice, "solve", "--rules", "free-joker", "--no-cache"], env)
        print(f"  fivedice solve --rules free-joker --no-cache, {label}: {wall:.2f}  [{out}]")
    _, out = timed([py, "-c", SOLVE_TWICE, "free-joker"], env)
    data = json.loads(out)
    print(
        f"  free-joker solve in one process: first {data['first']:.2f} s, "
        f"again {data['again']:.2f} s (the table's own computation)"
    )
    print_per_position(py, env)


def print_per_position(py: str, env: dict[str, str]) -> None:
    """Print the advisor's CPU time per position."""
    _, out = timed([py, "-c", PER_POSITION], env)
    data = json.loads(out)
    print(
        f"  per-position advice (all actions), CPU: {data['same_card'] * 1e3:.3f} ms on the "
        f"same card, {data['new_turn'] * 1e3:.3f} ms at a new turn"
    )


def main() -> None:
    """Install each variant in a fresh environment and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ref", help="a git revision to measure instead of the working tree")
    parser.add_argument(
        "--only", choices=[name for name, _ in VARIANTS], help="measure one install only"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="fivedice-first-use-") as tmp:
        scratch = Path(tmp)
        tree = source_tree(args.ref, scratch)
        print(f"fivedice from {args.ref or 'the working tree'}")
        for name, extras in VARIANTS:
            if args.only not in (None, name):
                continue
            where = scratch / f"venv-{name}"
            python = make_venv(tree, extras, where)
            count, megabytes = footprint(python)
            print(f"install {name} (fivedice{extras}): {count} packages, {megabytes:.0f} MB")
            if name in ("plain", "solver"):
                first_use(python, scratch / name, solver=name == "solver")
            shutil.rmtree(where)


if __name__ == "__main__":
    main()
