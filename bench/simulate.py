"""Simulation benchmarks: optimal games per second, each level's mean, win-seeking head-to-head.

Run with ``python -m bench.simulate`` (a few minutes on two cores).
"""

from __future__ import annotations

import time

import numpy as np


def main() -> None:
    """Print the simulator's figures."""
    from fivedice.rules import preset
    from fivedice.strategy.cache import load_or_solve
    from fivedice.strategy.levels import level_scores, win_rate
    from fivedice.strategy.simulate import Summary, simulate_games
    from fivedice.strategy.winning import EXACT_TURNS, head_to_head_to_win

    rules = preset("official")
    table = load_or_solve(rules)
    simulate_games(table, 1000, seed=0)  # compile / load compiled code
    games = 200_000
    t = time.perf_counter()
    scores = simulate_games(table, games, seed=1)
    seconds = time.perf_counter() - t
    s = Summary.of(scores)
    print(f"optimal: {games} games in {seconds:.2f} s = {games / seconds:,.0f} games/s")
    print(
        f"optimal: mean {s.mean:.3f} ± {s.stderr:.3f} "
        f"(solver {table.expected_start:.3f}), sd {s.std:.2f}"
    )
    for level in ("beginner", "good-human"):
        s = Summary.of(level_scores(level, rules, 100_000, seed=2))
        print(f"{level}: mean {s.mean:.3f} ± {s.stderr:.3f}, sd {s.std:.2f} (100,000 games)")
    matches = 200_000
    outcomes = {}
    for label, exact in (("win-seeking", EXACT_TURNS), ("  normal approximation only", 0)):
        t = time.perf_counter()
        seeker, rival = head_to_head_to_win(table, matches, seed=3, exact=exact)
        seconds = time.perf_counter() - t
        rate, low, high = win_rate(seeker, rival)
        outcomes[exact] = (seeker > rival) + 0.5 * (seeker == rival)
        print(
            f"{label} vs optimal: {matches} matches in {seconds:.1f} s "
            f"({1e6 * seconds / matches:.0f} us/match), win rate {rate:.4f} "
            f"(95% CI {low:.4f}-{high:.4f}); means {seeker.mean():.2f} vs {rival.mean():.2f}"
        )
    gain = outcomes[EXACT_TURNS] - outcomes[0]  # same dice: a paired difference
    half = 1.96 * gain.std(ddof=1) / np.sqrt(matches)
    print(f"  exact last {EXACT_TURNS} turns vs normal only: {gain.mean():+.4f} ± {half:.4f}")
    try:
        import yatzy_solver as ys
    except ImportError:
        return
    peer = ys.Solver.build(ys.Variant("american+forced-joker"))
    t = time.perf_counter()
    out = peer.simulate(20_000, seed=1)
    seconds = time.perf_counter() - t
    print(
        f"yatzy-solver simulate: {20_000 / seconds:,.0f} games/s (mean {out['scores'].mean():.2f})"
    )


if __name__ == "__main__":
    main()
