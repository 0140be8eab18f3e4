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
from .language import cli_translator
from .os_reasons import file_reason
from .refusals import check_range, fail, refusal_text, reporting_bad_input
from .rules_cmd import DiceArgument, JsonOption, read_dice, read_filled, read_log
from .words import box_label, dice_words, fixed, move, move_with_points, rolls_left_words


def _rules(name: str) -> Any:
    from fivedice.rules import RuleError, preset

    try:
        return preset(name)
    except RuleError as exc:
        fail(refusal_text(exc))


def _require(extra: str, feature: str) -> None:
    """Refuse in one line, before any work, a feature whose optional packages are missing."""
    from fivedice.extras import MissingExtra, require

    try:
        require(extra, feature)
    except MissingExtra as exc:
        fail(refusal_text(exc))


@app.command(help="cli.solve.help")
def solve(
    rules: RulesOption = "official",
    no_cache: Annotated[bool, typer.Option("--no-cache", help="cli.solve.no_cache")] = False,
    as_json: JsonOption = False,
) -> None:
    """Compute (or load) the optimal-strategy table and print the expected score at the start."""
    if no_cache:
        _require("solver", "fivedice solve --no-cache")  # i18n: not text
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
    t = cli_translator()
    how = "cli.solve.cached" if cached else "cli.solve.shipped" if shipped else "cli.solve.solved"
    title = t.preset(ruleset.name, ruleset.title)
    expected, took = fixed(table.expected_start, 6, t), fixed(seconds, 2, t)
    typer.echo(t.t(how, title=title, expected=expected, seconds=took))


MAX_TOP = 100  # more than any position has moves


@app.command(help="cli.advise.help")
def advise(
    dice: DiceArgument = None,
    rules: RulesOption = "official",
    filled: Annotated[
        str,
        typer.Option(
            "--filled",
            help="cli.advise.filled",
        ),
    ] = "{}",
    rolls_left: Annotated[int, typer.Option("--rolls-left", help="cli.advise.rolls_left")] = 2,
    yahtzee_bonus: Annotated[
        int, typer.Option("--yahtzee-bonus", help="cli.advise.yahtzee_bonus")
    ] = 0,
    top: Annotated[
        int | None,
        typer.Option(
            "--top",
            "-n",
            help="cli.advise.top",
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

    t = cli_translator()
    if old_dice is not None:
        fail(t.t("cli.advise.no_dice_option"))
    ruleset = _rules(rules)
    check_range("--rolls-left", rolls_left, 0, 2)
    if top is not None:
        check_range("--top", top, 1, MAX_TOP)
    with reporting_bad_input():
        hand = read_dice(dice, "advise")
        card = read_filled(filled, ruleset, yahtzee_bonus)
    if card.is_complete:
        fail(t.t("cli.advise.card_full"))
    table = load_or_solve(ruleset, progress=not as_json)
    try:
        actions = advise_position(table, card, hand, rolls_left)
    except ValueError as exc:
        fail(refusal_text(exc))
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

    position = {
        "title": t.preset(ruleset.name, ruleset.title),
        "dice": str(hand),
        "rolls_left": rolls_left_words(rolls_left, t),
    }
    if top:
        heading = t.t("cli.advise.best_moves", count=len(shown), total=len(actions), **position)
    else:
        heading = t.t("cli.advise.every_move", **position)
    out = console()
    out.print(heading)
    view = Table()
    view.add_column(t.t("cli.advise.column_expected"), justify="right")
    view.add_column(t.t("cli.advise.column_cost"), justify="right")
    view.add_column(t.t("cli.advise.column_move"))
    for a in shown:
        view.add_row(
            fixed(a.expected, 4, t), fixed(best - a.expected, 4, t), move_with_points(ruleset, a, t)
        )
    out.print(view)


MAX_GAMES = 10_000_000  # about a minute of the optimal player; memory is flat either way


@app.command(help="cli.simulate.help")
def simulate(
    player: Annotated[str, typer.Option("--player", help="cli.simulate.player")] = "optimal",
    games: Annotated[int, typer.Option("--games", help="cli.simulate.games")] = 10000,
    seed: Annotated[int, typer.Option("--seed", help="cli.simulate.seed")] = 0,
    rules: RulesOption = "official",
    against: Annotated[str | None, typer.Option("--against", help="cli.simulate.against")] = None,
    plot: Annotated[
        Path | None,
        typer.Option("--plot", help="cli.simulate.plot"),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Play many games fast and report the score distribution, or a head-to-head win rate."""
    _require("solver", "fivedice simulate")  # i18n: not text
    from fivedice.strategy.levels import head_to_head_tally, level_tally
    from fivedice.strategy.simulate import Summary

    t = cli_translator()
    check_range("--games", games, 1, MAX_GAMES)
    if seed < 0:  # numpy's own refusal ("expected non-negative integer") names no option
        fail(t.t("cli.conventions.seed_negative", seed=str(seed)))
    if plot is not None and not plot.parent.is_dir():
        fail(t.t("cli.simulate.plot_no_folder", folder=str(plot.parent)))
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
        fail(refusal_text(exc))
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
        title = t.t("cli.simulate.plot_title", player=player, rules=ruleset.name, count=games)
        try:
            histogram_png(tally.counts, plot, title, rival_counts, against)
        except OSError as exc:
            fail(t.t("cli.simulate.plot_unwritable", path=str(plot), reason=file_reason(exc, t)))
        out["plot"] = str(plot)
    if as_json:
        typer.echo(json.dumps(out))
        return
    typer.echo(
        t.t(
            "cli.simulate.played",
            player=player,
            rules=ruleset.name,
            count=games,
            seconds=fixed(seconds, 2, t),
        )
    )
    spread = {"mean": summary.mean, "stderr": summary.stderr, "sd": summary.std}
    typer.echo(t.t("cli.simulate.mean", **{k: fixed(v, 3, t) for k, v in spread.items()}))
    shares = (
        t.t("cli.simulate.percentile", percent=str(p), score=fixed(v, 0, t))
        for p, v in summary.percentiles.items()
    )
    typer.echo(t.t("cli.simulate.percentiles", percentiles="  ".join(shares)))
    top = max(n for _, n in summary.histogram)
    for lo, n in summary.histogram:
        typer.echo(
            f"{lo:5d}-{lo + summary.bin_width - 1:<5d} {n:8d} {'#' * max(1, round(40 * n / top))}"
        )
    if rival_tally is not None:
        rate = out["win_rate"]["rate"]
        low, high = out["win_rate"]["ci95"]
        typer.echo(
            t.t(
                "cli.simulate.head_to_head",
                player=player,
                rival=str(against),
                rate=fixed(rate, 4, t),
                low=fixed(low, 4, t),
                high=fixed(high, 4, t),
                rival_mean=fixed(rival_tally.mean, 3, t),
            )
        )
    if plot is not None:
        typer.echo(t.t("cli.simulate.plot_written", path=str(plot)))


@app.command(help="cli.analyse.help")
def analyse(
    log: Annotated[
        Path,
        typer.Argument(help="cli.analyse.log"),
    ],
    mistakes: Annotated[
        bool,
        typer.Option("--mistakes", help="cli.analyse.mistakes"),
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
        fail(refusal_text(exc))
    decisions = [d for d in result.decisions if d.cost > TOLERANCE] if mistakes else None
    if as_json:
        data = result.to_dict()
        if decisions is not None:
            data["decisions"] = [d.to_dict() for d in decisions]
            del data["turns"]
        typer.echo(json.dumps(data))
        return
    rules, t = result.rules, cli_translator()
    title = t.preset(rules.name, rules.title)
    start = fixed(result.expected_start, 4, t)
    typer.echo(t.t("cli.analyse.expected_start", title=title, expected=start))
    for d in result.decisions if decisions is None else decisions:
        words = {
            "player": f"{d.player:>12}",
            "round": str(d.round + 1),
            "turn": f"{d.turn + 1:>2}",
            "dice": dice_words(d.dice),
            "rolls_left": rolls_left_words(d.rolls_left, t),
            "taken": move(rules, d.taken.action, t),
            "best": move(rules, d.best.action, t),
        }
        if d.cost <= TOLERANCE:
            typer.echo(t.t("cli.analyse.decision", **words))
        else:
            typer.echo(t.t("cli.analyse.decision_costs", cost=fixed(d.cost, 4, t), **words))
    if decisions is None:
        for turn in result.turns:
            final = fixed(turn.expected_final, 3, t)
            box = box_label(rules, turn.category, t)
            typer.echo(
                t.t("cli.analyse.after_turn", player=f"{turn.player:>12}", box=box, expected=final)
            )
    elif not decisions:
        typer.echo(t.t("cli.analyse.no_mistakes"))
    for name, cost in result.total_cost().items():
        typer.echo(t.t("cli.analyse.given_away", player=name, points=fixed(cost, 3, t)))
