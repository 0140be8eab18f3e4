"""The examples in the README, in the library's tour (docs/library.md) and in the rules'
docstrings are run, so they never lie."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import fivedice.rules

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
LIBRARY_TOUR = ROOT / "docs" / "library.md"
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
RULES_MODULES = sorted(
    ["fivedice.rules"]
    + [f"fivedice.rules.{m.name}" for m in pkgutil.iter_modules(fivedice.rules.__path__)]
)


def test_the_readme_example_holds() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=FLAGS)
    assert result.attempted >= 3, "the README lost its example"
    assert result.failed == 0, "a README example fails: see the captured output above"


def test_the_library_tour_examples_hold() -> None:
    result = doctest.testfile(str(LIBRARY_TOUR), module_relative=False, optionflags=FLAGS)
    assert result.attempted >= 20, "the library's tour lost its examples"
    assert result.failed == 0, "an example of docs/library.md fails: see the output above"


@pytest.mark.parametrize("name", RULES_MODULES)
def test_the_docstring_examples_of_the_rules_hold(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=FLAGS)
    assert result.failed == 0, f"a docstring example in {name} fails: see the output above"


def test_the_rules_package_shows_examples() -> None:
    examples = sum(
        doctest.testmod(importlib.import_module(n), optionflags=FLAGS).attempted
        for n in ("fivedice.rules", "fivedice.rules.match", "fivedice.rules.probability")
    )
    assert examples >= 10
