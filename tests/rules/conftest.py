"""Helpers for the rules tests: a random source that plays back scripted faces."""

from __future__ import annotations

from collections.abc import Iterable

import pytest


class ScriptedRandom:
    """A random source that returns the faces it was given, in order, and fails when it runs
    out, so that a test says exactly which dice land (and notices an unexpected throw)."""

    def __init__(self, faces: Iterable[int] = ()) -> None:
        self.faces = list(faces)
        self.calls: list[tuple[int, int]] = []

    def push(self, *faces: int) -> ScriptedRandom:
        """Queue more faces (each a die thrown, in position order)."""
        self.faces.extend(faces)
        return self

    def randint(self, a: int, b: int) -> int:
        self.calls.append((a, b))
        if not self.faces:
            raise AssertionError("the scripted random source ran out of faces")
        return self.faces.pop(0)

    @property
    def unused(self) -> int:
        return len(self.faces)


@pytest.fixture(scope="session")
def scripted() -> type[ScriptedRandom]:
    """The scripted random source class, for tests that need to choose the dice."""
    return ScriptedRandom
