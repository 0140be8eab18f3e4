"""Commands about optimal play: solve, advise, simulate, analyse.

numpy, numba and the solver are imported inside the commands, so other commands start fast.
Solving afresh and simulating need numba (fivedice[solver]); without it they refuse in one line
before any work, while the shipped tables still serve solve, advise and analyse.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from .app import app
from .conventions import RulesOption
from .rules_cmd import (
    DiceArgument,
    JsonOption,
    check_range,
    fail,
    read_dice,
    read_filled,
    read_log,
    reporting_bad_input,
)
from .words import count, move, move_with_points, rolls_left_words


def _rules(name: str) -> Any:
    from fivedice.rules import RuleError, preset

    try:
        return preset(name)
    except RuleError as exc:
        fail(str(exc))


def _require(extra: str, feature: str) -> None:
    """Refuse in one line, before any work, a feature whose optional packages are missing."""
    from fivedice.extras import MissingExtra, require

    try:
        require(extra, feature)
    except MissingExtra as exc:
        fail(str(exc))


@app.command()
def solve(
    rules: RulesOption = "official",
    no_cache: Annotated[
        bool, typer.Option("--no-cache", help="Solve afresh; ignore the cache.")
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Compute (or load) the optimal-strategy table and print the expected score at the start."""
    if no_cache:
        _require("solver", "fivedice solve --no-cache")
    from fivedice.strategy.cache import cached_table, load_or_solve
    from fivedice.strategy.shipped import shipped_path

    ruleset = _rules(rules)
    started = time.perf_counter()
    cached = not no_cache and cached_table(ruleset) is not None
    shipped = not no_cache and not cached and shipped_path(ruleset).exists()
    table = load_or_solve(ruleset, use_cache=not no_cache, progress=not as_json)
    seconds = time.perf_counter() - started
    if as_json:
        out = {
            "rules": ruleset.name,
            "expected": table.expected_start,
            "seconds": seconds,
            "cached": cached or shipped,
            "shipped": shipped,
        }
        typer.echo(json.dumps(out))
        return
    how = "loaded from the cache" if cached else "shipped with fivedice" if shipped else "solved"
    typer.echo(
        f"{ruleset.title}: expected score {table.expected_start:.6f} ({how} in {seconds:.2f} s)"
    )


MAX_TOP = 100  # more than any position has moves


@app.command()
def advise(
    dice: DiceArgument = None,
    rules: RulesOption = "official",
    filled: Annotated[
        str,
        typer.Option(
            "--filled",
            help='Boxes already filled, as JSON: \'{"Chance": 22, "Four of a kind": 24}\'.',
        ),
    ] = "{}",
    rolls_left: Annotated[
        int, typer.Option("--rolls-left", help="Rolls still allowed this turn: 0 to 2.")
    ] = 2,
    yahtzee_bonus: Annotated[
        int, typer.Option("--yahtzee-bonus", help="Extra-Yahtzee bonus points so far.")
    ] = 0,
    top: Annotated[
        int | None,
        typer.Option(
            "--top",
            "-n",
            help=f"Only the N best moves, 1 to {MAX_TOP} (all of them when left out).",
            show_default=False,
        ),
    ] = None,
    old_dice: Annotated[str | None, typer.Option("--dice", hidden=True)] = None,
    as_json: JsonOption = False,
) -> None:
    """Every legal move with these dice and its expected final score, best first, and what
    each costs against the best."""
    from fivedice.strategy.advisor import advise as advise_position
    from fivedice.strategy.cache import load_or_solve

    if old_dice is not None:
        fail("--dice is no more: give the dice as plain arguments, e.g. fivedice advise 3 3 3 1 5")
    ruleset = _rules(rules)
    check_range("--rolls-left", rolls_left, 0, 2)
    if top is not None:
        check_range("--top", top, 1, MAX_TOP)
    with reporting_bad_input():
        hand = read_dice(dice)
        card = read_filled(filled, ruleset, yahtzee_bonus)
    if card.is_complete:
        fail("Every box is filled: there is nothing to decide")
    table = load_or_solve(ruleset, progress=not as_json)
    try:
        actions = advise_position(table, card, hand, rolls_left)
    except ValueError as exc:
        fail(str(exc))
    best = actions[0].expected
    shown = actions[:top] if top is not None else actions
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "rules": ruleset.name,
                    "dice": list(hand.values),
                    "rolls_left": rolls_left,
                    "actions": [
                        {**a.to_dict(), "cost": round(best - a.expected, 6)} for a in shown
                    ],
                }
            )
        )
        return
    from rich.table import Table

    from .rules_cmd import console

    best_ones = "the best move" if len(shown) == 1 else f"the {len(shown)} best moves"
    which = f"{best_ones} of {len(actions)}" if top else "every move"
    out = console()
    out.print(f"{ruleset.title}: {hand}, {rolls_left_words(rolls_left)}: {which}")
    view = Table()
    view.add_column("Expected final", justify="right")
    view.add_column("Cost", justify="right")
    view.add_column("Move")
    for a in shown:
        view.add_row(f"{a.expected:.4f}", f"{best - a.expected:.4f}", move_with_points(ruleset, a))
    out.print(view)


MAX_GAMES = 10_000_000  # about a minute of the optimal player; memory is flat either way


@app.command()
def simulate(
    player: Annotated[
        str, typer.Option("--player", help="beginner, good-human, optimal or win-seeking.")
    ] = "optimal",
    games: Annotated[
        int, typer.Option("--games", help=f"Games (or matches) to play: 1 to {MAX_GAMES:,}.")
    ] = 10000,
    seed: Annotated[int, typer.Option("--seed", help="Random seed: 0 or more.")] = 0,
    rules: RulesOption = "official",
    against: Annotated[
        str | None, typer.Option("--against", help="Head-to-head: the rival level.")
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option("--plot", help="Write a histogram PNG here (the folder must exist)."),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Play many games fast and report the score distribution, or a head-to-head win rate."""
    _require("solver", "fivedice simulate")
    from fivedice.strategy.levels import head_to_head_tally, level_tally
    from fivedice.strategy.simulate import Summary

    check_range("--games", games, 1, MAX_GAMES)
    if seed < 0:  # numpy's own refusal ("expected non-negative integer") names no option
        fail(f"--seed is 0 or more, not {seed}")
    if plot is not None and not plot.parent.is_dir():
        fail(f"--plot: the folder {plot.parent} does not exist")
    if plot is not None:
        _require("plot", "--plot")
    ruleset = _rules(rules)
    started = time.perf_counter()
    try:
        if against is None:
            tally = level_tally(player, ruleset, games, seed)
            rival_tally = wins = None
        else:
            tally, rival_tally, wins = head_to_head_tally(player, against, ruleset, games, seed)
    except ValueError as exc:
        fail(str(exc))
    seconds = time.perf_counter() - started
    summary = Summary.of_tally(tally)
    out: dict[str, Any] = {
        "rules": ruleset.name,
        "player": player,
        "seed": seed,
        "seconds": seconds,
        **summary.to_dict(),
    }
    if rival_tally is not None and wins is not None:
        rate, low, high = wins.rate()
        out["against"] = {"player": against, **Summary.of_tally(rival_tally).to_dict()}
        out["win_rate"] = {"rate": rate, "ci95": [low, high]}
    if plot is not None:
        from fivedice.strategy.plot import histogram_png

        rival_counts = None if rival_tally is None else rival_tally.counts
        title = f"{player} ({ruleset.name}, {games} games)"
        try:
            histogram_png(tally.counts, plot, title, rival_counts, against)
        except OSError as exc:
            fail(f"--plot: cannot write {plot}: {exc.strerror or exc}")
        out["plot"] = str(plot)
    if as_json:
        typer.echo(json.dumps(out))
        return
    typer.echo(f"{player} on {ruleset.name}: {count(games, 'game')} in {seconds:.2f} s")
    typer.echo(f"mean {summary.mean:.3f} ± {summary.stderr:.3f}   sd {summary.std:.3f}")
    typer.echo("percentiles " + "  ".join(f"{p}%: {v:.0f}" for p, v in summary.percentiles.items()))
    top = max(n for _, n in summary.histogram)
    for lo, n in summary.histogram:
        typer.echo(
            f"{lo:5d}-{lo + summary.bin_width - 1:<5d} {n:8d} {'#' * max(1, round(40 * n / top))}"
        )
    if rival_tally is not None:
        rate = out["win_rate"]["rate"]
        low, high = out["win_rate"]["ci95"]
        typer.echo(
            f"{player} vs {against}: wins {rate:.4f} (95% CI {low:.4f}-{high:.4f}); "
            f"rival mean {rival_tally.mean:.3f}"
        )
    if plot is not None:
        typer.echo(f"histogram written to {plot}")


@app.command()
def analyse(
    log: Annotated[
        Path,
        typer.Argument(help="A match log: a JSON list of events, or JSON lines; - reads stdin."),
    ],
    mistakes: Annotated[
        bool,
        typer.Option("--mistakes", help="Only the decisions that gave expected points away."),
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Each decision of each player with the best move, the one taken and its cost."""
    from fivedice.strategy.analysis import TOLERANCE
    from fivedice.strategy.analysis import analyse as analyse_log

    with reporting_bad_input():
        events = read_log(log)
    try:
        result = analyse_log(events)
    except ValueError as exc:
        fail(str(exc))
    decisions = [d for d in result.decisions if d.cost > TOLERANCE] if mistakes else None
    if as_json:
        data = result.to_dict()
        if decisions is not None:
            data["decisions"] = [d.to_dict() for d in decisions]
            del data["turns"]
        typer.echo(json.dumps(data))
        return
    rules = result.rules
    typer.echo(f"{rules.title}: expected score at the start {result.expected_start:.4f}")
    for d in result.decisions if decisions is None else decisions:
        mark = "" if d.cost <= TOLERANCE else f"  costs {d.cost:.4f}"
        typer.echo(
            f"{d.player:>12} round {d.round + 1} turn {d.turn + 1:>2}: "
            f"{' '.join(map(str, d.dice))}, {rolls_left_words(d.rolls_left)}: "
            f"took {move(rules, d.taken.action)}, best {move(rules, d.best.action)}{mark}"
        )
    if decisions is None:
        for t in result.turns:
            typer.echo(
                f"{t.player:>12} after {rules.category(t.category).label}: "
                f"expected final {t.expected_final:.3f}"
            )
    elif not decisions:
        typer.echo("No mistakes: every decision was a best one.")
    for name, cost in result.total_cost().items():
        typer.echo(f"{name}: {cost:.3f} expected points given away")
