"""The tables shipped with the package are the solver's own, and using them compiles nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from fivedice.cli import app
from fivedice.rules import preset, preset_names
from fivedice.strategy import SOLVER_VERSION
from fivedice.strategy.shipped import SHIPPED_PRESETS, shipped_path, shipped_table
from fivedice.strategy.solver import solve


@pytest.mark.parametrize("name", SHIPPED_PRESETS)
def test_shipped_table_is_the_solved_table(name: str) -> None:
    rules = preset(name)
    shipped = shipped_table(rules)
    assert shipped is not None, f"no shipped table for {name}: run make tables"
    assert np.array_equal(shipped.values, solve(rules).values, equal_nan=True)


def test_every_preset_and_nothing_else_has_a_file() -> None:
    assert set(SHIPPED_PRESETS) == set(preset_names())
    expected = {shipped_path(preset(name)).name for name in SHIPPED_PRESETS}
    assert {p.name for p in shipped_path(preset()).parent.glob("*.npy.xz")} == expected
    own = replace(preset(), name="house", upper_bonus=40)  # a rule set of one's own
    assert shipped_table(own) is None


FIRST_USE = """
import random, sys
from fivedice.rules import Dice, Match, MatchOptions, Scorecard, preset
from fivedice.strategy.advisor import advise
from fivedice.strategy.cache import load_or_solve
from fivedice.strategy.players import play_turn, player_for
rules = preset("official")
best = advise(load_or_solve(rules), Scorecard(rules), Dice.parse("33315"), 2)[0]
for level in ("beginner", "good-human", "optimal"):
    match = Match.create(rules, MatchOptions(seats=1), rng=random.Random(3))
    seat = match.join("Bot")
    match.start(seat)
    play_turn(match, seat, player_for(level, rules))
    assert len(match.state.card(seat).boxes) == 1
print(str(best.action), "numba" in sys.modules)
"""


def test_first_hint_compiles_nothing(tmp_path: Path) -> None:
    env = {**os.environ, "FIVEDICE_CACHE_DIR": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "-c", FIRST_USE], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["hold", "3", "3", "3", "False"]
    saved = [p.name for p in (tmp_path / "tables").iterdir()]  # kept uncompressed, not solved
    stem = f"{preset().fingerprint}-v{SOLVER_VERSION}"
    assert sorted(saved) == [f"{stem}.json", f"{stem}.npy"]


def test_solve_says_the_table_was_shipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from fivedice.strategy.cache import ENV_VAR, forget_loaded

    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    forget_loaded()
    result = CliRunner().invoke(app, ["solve", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["shipped"] is True and data["cached"] is True
    assert abs(data["expected"] - 254.587729) < 1e-6
    text = CliRunner().invoke(app, ["solve"]).output
    assert "loaded from the cache" in text  # the shipped table was kept in the cache
    forget_loaded()
    for saved in (tmp_path / "tables").iterdir():
        saved.unlink()
    text = CliRunner().invoke(app, ["solve"]).output
    assert "shipped with fivedice" in text
    forget_loaded()
