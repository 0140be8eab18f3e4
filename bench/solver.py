"""Solver benchmarks: first compile, cold solve, table load, advice latency, yatzy-solver ratio.

Run with ``python -m bench.solver``. Uses a temporary table cache, so the solve is cold
(numba's compiled-code cache may be warm; the first-compile time is measured in a fresh
process with numba's cache pointed at an empty directory).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time


def first_compile_seconds() -> float:
    """Import + compile + solve in a fresh process with an empty numba cache."""
    with tempfile.TemporaryDirectory() as numba_cache, tempfile.TemporaryDirectory() as tables:
        env = {**os.environ, "NUMBA_CACHE_DIR": numba_cache, "FIVEDICE_CACHE_DIR": tables}
        code = (
            "import time; t=time.perf_counter();"
            "from fivedice.rules import preset; from fivedice.strategy.solver import solve;"
            "solve(preset('official')); print(time.perf_counter()-t)"
        )
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        return float(out.stdout.strip())


def main() -> None:
    """Print the solver's figures."""
    from fivedice.rules import Dice, Scorecard, preset
    from fivedice.strategy.advisor import advise
    from fivedice.strategy.cache import ENV_VAR, forget_loaded, load_or_solve
    from fivedice.strategy.solver import solve

    rules = preset("official")
    print(
        f"first compile + solve (empty numba cache, fresh process): {first_compile_seconds():.2f} s"
    )
    solve(rules)  # compiled code loaded and warm
    times = []
    for _ in range(3):
        t = time.perf_counter()
        table = solve(rules)
        times.append(time.perf_counter() - t)
    print(
        f"official table cold (no table cache): best {min(times):.3f} s of {len(times)}, "
        f"expected {table.expected_start:.6f}"
    )

    with tempfile.TemporaryDirectory() as tables:
        os.environ[ENV_VAR] = tables
        forget_loaded()
        load_or_solve(rules)
        loads = []
        for _ in range(5):
            forget_loaded()
            t = time.perf_counter()
            load_or_solve(rules)
            loads.append(time.perf_counter() - t)
        print(
            f"load of the cached table: best {min(loads) * 1000:.1f} ms, "
            f"worst {max(loads) * 1000:.1f} ms"
        )
        table = load_or_solve(rules)
        card = Scorecard(rules, {"threes": 9, "full_house": 25})
        positions = [
            (Dice.parse(d), r) for d in ("33315", "12345", "66661", "22456") for r in (0, 1, 2)
        ]
        for position in positions:  # compile (or load) the turn kernel outside the timing
            advise(table, card, *position)
        n = 200
        t = time.perf_counter()
        for i in range(n):
            advise(table, card, *positions[i % len(positions)])
        print(
            f"advice latency: {(time.perf_counter() - t) / n * 1000:.2f} ms "
            "per position (all actions)"
        )
        forget_loaded()

    try:
        import yatzy_solver as ys
    except ImportError:
        print("yatzy-solver not installed: no ratio")
        return
    t = time.perf_counter()
    peer = ys.Solver.build(ys.Variant("american+forced-joker"))
    peer_seconds = time.perf_counter() - t
    print(
        f"yatzy-solver build of the same table: {peer_seconds:.2f} s "
        f"(expected {peer.state_value('upper 0 | filled -'):.6f}); "
        f"ratio {peer_seconds / min(times):.1f}x"
    )


if __name__ == "__main__":
    main()
