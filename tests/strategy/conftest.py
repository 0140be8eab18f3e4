"""Shared fixtures: a private table cache for the session, and solved tables reused by tests."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from fivedice.rules import Match, MatchOptions, MatchState, preset
from fivedice.strategy import StrategyTable, load_or_solve
from fivedice.strategy.cache import ENV_VAR, forget_loaded


@pytest.fixture(scope="session", autouse=True)
def private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Every test writes tables into a temporary cache directory, never the user's."""
    path = tmp_path_factory.mktemp("fivedice-cache")
    old = os.environ.get(ENV_VAR)
    os.environ[ENV_VAR] = str(path)
    forget_loaded()
    yield path
    forget_loaded()
    if old is None:
        os.environ.pop(ENV_VAR, None)
    else:
        os.environ[ENV_VAR] = old


@pytest.fixture(scope="session")
def official(private_cache: Path) -> StrategyTable:
    """The official rules' table (solved once per session)."""
    return load_or_solve(preset("official"))


class Scripted:
    """A dice source that throws the faces it was given, in order."""

    def __init__(self, faces: list[int]) -> None:
        self._faces: Iterator[int] = iter(faces)

    def randint(self, a: int, b: int) -> int:
        return next(self._faces)


ChanceEndgame = Callable[[list[int], list[int]], tuple[MatchState, int]]


@pytest.fixture
def chance_endgame() -> ChanceEndgame:
    """A two-player official match at the seeker's last turn with only Chance open.

    Both players filled every other box alike (1 2 3 4 6 each time); the rival then threw
    `rival_chance` into Chance, and the seeker's last turn opens with `seeker_first`.
    Returns the state and the seeker's seat.
    """

    def build(rival_chance: list[int], seeker_first: list[int]) -> tuple[MatchState, int]:
        rules = preset("official")
        boxes = [n for n in rules.category_names if n != "chance"]
        faces = [1, 2, 3, 4, 6] * 2 * len(boxes) + rival_chance + seeker_first
        match = Match.create(rules, MatchOptions(seats=2), rng=Scripted(faces))
        rival, seeker = match.join("Rival"), match.join("Seeker")
        match.start(rival)
        for box in boxes:
            for seat in (rival, seeker):
                match.roll(seat)
                match.score(seat, box)
        match.roll(rival)
        match.score(rival, "chance")
        match.roll(seeker)
        return match.state, seeker

    return build
