"""Solved tables on disk, keyed by the rule set's fingerprint and the solver version.

The cache lives in the user cache directory (``platformdirs.user_cache_dir("fivedice")``);
the ``FIVEDICE_CACHE_DIR`` environment variable points it elsewhere (tests use a tmp dir).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

from fivedice.rules import RuleSet

from .shipped import shipped_table
from .table import SOLVER_VERSION, StrategyTable

ENV_VAR = "FIVEDICE_CACHE_DIR"

_loaded: dict[tuple[str, str], StrategyTable] = {}


def cache_dir() -> Path:
    """Where solved tables are kept."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("fivedice"))


def table_path(rules: RuleSet) -> Path:
    """The cache file for a rule set's table."""
    return cache_dir() / "tables" / f"{rules.fingerprint}-v{SOLVER_VERSION}.npy"


def cached_table(rules: RuleSet) -> StrategyTable | None:
    """The table from the disk cache, or None when there is none (or it is unreadable)."""
    path = table_path(rules)
    if not path.exists():
        return None
    try:
        return StrategyTable.load(path, rules)
    except (OSError, ValueError, KeyError):
        return None


def load_or_solve(
    rules: RuleSet,
    *,
    use_cache: bool = True,
    progress: bool | Callable[[int, int], None] = False,
) -> StrategyTable:
    """The table for `rules`: from memory, else the disk cache, else the tables shipped with
    the package (:mod:`.shipped`), else solved (and then saved).

    `progress` True shows a Rich progress bar while solving; a callable gets (done, total).
    With `use_cache` False the table is solved afresh and neither read nor written.
    """
    key = (rules.fingerprint, SOLVER_VERSION)
    if use_cache:
        if key in _loaded:
            return _loaded[key]
        table = cached_table(rules)
        if table is None:
            table = shipped_table(rules)
            if table is not None:  # kept uncompressed in the cache: quicker to read next time
                _save_quietly(table)
        if table is not None:
            _loaded[key] = table
            return table
    from .solver import solve

    if progress is True:
        table = _solve_with_bar(rules)
    else:
        table = solve(rules, progress if callable(progress) else None)
    if use_cache:
        table.save(table_path(rules))
        _loaded[key] = table
    return table


def _save_quietly(table: StrategyTable) -> None:
    """Write a table to the cache where the cache can be written (it is only a speed-up)."""
    with suppress(OSError):
        table.save(table_path(table.rules))


def _solve_with_bar(rules: RuleSet) -> StrategyTable:
    """Solve with a Rich progress bar on stderr."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from .solver import solve

    with Progress(
        TextColumn(f"Solving {rules.name}"),
        BarColumn(),
        TextColumn("{task.percentage:>3.0f}%"),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task("solve", total=1)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        return solve(rules, advance)


def forget_loaded() -> None:
    """Drop the in-memory tables (tests, benchmarks)."""
    _loaded.clear()
