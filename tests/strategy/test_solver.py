"""The solver: published expected scores, agreement with the plain reference, the cache."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import numpy as np
import pytest

from fivedice.rules import preset
from fivedice.rules.ruleset import NO_JOKER, BonusWhen
from fivedice.strategy import load_or_solve
from fivedice.strategy.cache import cached_table, forget_loaded, table_path
from fivedice.strategy.reference import ReferenceSolver
from fivedice.strategy.solver import solve

OFFICIAL = preset("official")
NO_JOKER_RULES = dataclasses.replace(OFFICIAL, name="official-no-joker", joker=NO_JOKER)
NO_JOKER_NO_BONUS = dataclasses.replace(
    NO_JOKER_RULES, name="official-no-joker-no-bonus", bonus_when=BonusWhen.NEVER
)


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        (preset("free-joker"), 254.589609),
        (OFFICIAL, 254.587729),
        (preset("yatzy"), 248.439989),
        (NO_JOKER_RULES, 253.970241),
        (NO_JOKER_NO_BONUS, 245.870775),
    ],
    ids=lambda v: getattr(v, "name", ""),
)
def test_expected_start_matches_published_values(rules, expected: float) -> None:
    """Two independent solvers give these values; ours agrees to 1e-6."""
    assert abs(load_or_solve(rules).expected_start - expected) < 1e-6


@pytest.mark.parametrize("name", ["general", "general-no-chance", "yacht", "vp-games", "printable"])
def test_every_preset_solves(name: str) -> None:
    """No per-preset code: every preset gives a finite table whose start value is sensible."""
    table = load_or_solve(preset(name))
    assert np.isfinite(table.values[0, 0, 0])
    assert 100 < table.expected_start < 300


def _small(name: str, threshold: int = 4):
    keep = ("ones", "twos", "small_straight", "yahtzee")
    cats = tuple(c for c in preset(name).categories if c.name in keep)
    return dataclasses.replace(
        preset(name), name=f"small-{name}", categories=cats, upper_bonus_threshold=threshold
    )


@pytest.mark.parametrize(
    "name", ["official", "free-joker", "vp-games", "classic-1986", "printable"]
)
def test_fast_solver_equals_reference(name: str) -> None:
    """On a four-box card every reachable state's value equals the plain reference."""
    rules = _small(name)
    reference = ReferenceSolver(rules)
    reference.value(0, False, 0)
    table = solve(rules)
    for (mask, holds, upper), value in reference.visited.items():
        flag = 1 if holds and table.flags == 2 else 0
        assert table.values[mask, flag, upper] == pytest.approx(value, abs=1e-9)


def test_reference_on_yatzy_style_boxes() -> None:
    """Pairs, matched-dice kinds and straights (Yatzy's boxes) also agree with the reference."""
    keep = ("ones", "one_pair", "large_straight", "yatzy")
    cats = tuple(c for c in preset("yatzy").categories if c.name in keep)
    rules = dataclasses.replace(
        preset("yatzy"), name="small-yatzy", categories=cats, upper_bonus_threshold=3
    )
    reference = ReferenceSolver(rules)
    reference.value(0, False, 0)
    table = solve(rules)
    for (mask, _holds, upper), value in reference.visited.items():
        assert table.values[mask, 0, upper] == pytest.approx(value, abs=1e-9)


def test_cache_round_trip(private_cache: Path) -> None:
    """A solved table is written under FIVEDICE_CACHE_DIR, keyed by fingerprint, and reloads."""
    rules = preset("official")
    table = load_or_solve(rules)
    path = table_path(rules)
    assert path.parent.parent == private_cache
    assert rules.fingerprint in path.name
    assert json.loads(path.with_suffix(".json").read_text())["fingerprint"] == rules.fingerprint
    forget_loaded()
    again = cached_table(rules)
    assert again is not None
    assert np.array_equal(again.values, table.values, equal_nan=True)


def test_no_cache_solves_afresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """use_cache=False neither reads nor writes the cache."""
    monkeypatch.setenv("FIVEDICE_CACHE_DIR", str(tmp_path))
    forget_loaded()
    seen: list[tuple[int, int]] = []
    table = load_or_solve(
        preset("yacht"), use_cache=False, progress=lambda d, t: seen.append((d, t))
    )
    assert table.expected_start > 0
    assert seen and seen[-1][0] == seen[-1][1]
    assert not any(tmp_path.iterdir())
    forget_loaded()
