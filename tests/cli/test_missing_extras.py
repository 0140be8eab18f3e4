"""A feature whose optional packages are not installed says in one line what to install, and
refuses before doing any work (nothing simulated, nothing served, no file written)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from fivedice.extras import EXTRAS, MissingExtra, missing_modules, require

Run = Callable[..., Result]
Refused = Callable[[Result], str]


def uninstall(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    """Make `modules` unimportable, as if their packages were not installed."""
    for module in modules:
        for name in [m for m in sys.modules if m == module or m.startswith(module + ".")]:
            monkeypatch.delitem(sys.modules, name)
        monkeypatch.setitem(sys.modules, module, None)


def test_every_extra_is_installed_for_the_tests() -> None:
    for extra in EXTRAS:
        assert missing_modules(extra) == [], extra


def test_plot_without_matplotlib_names_the_extra(
    run: Run, refused: Refused, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    uninstall(monkeypatch, "matplotlib")
    monkeypatch.setattr(
        "fivedice.strategy.levels.level_tally",
        lambda *a: pytest.fail("simulated before refusing"),
    )
    png = tmp_path / "hist.png"
    line = refused(run("simulate", "--games", "10", "--plot", str(png)))
    assert line == "Error: --plot needs fivedice[plot]: pip install 'fivedice[plot]'"
    assert not png.exists()


def test_plot_library_call_without_matplotlib_raises_the_same_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fivedice.strategy.plot import histogram_png

    uninstall(monkeypatch, "matplotlib")
    with pytest.raises(MissingExtra, match=r"pip install 'fivedice\[plot\]'"):
        histogram_png([0, 1, 2], tmp_path / "h.png", "title")
    assert not (tmp_path / "h.png").exists()


@pytest.mark.parametrize("module", EXTRAS["server"])
def test_serve_without_a_server_package_names_the_extra(
    run: Run, refused: Refused, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, module: str
) -> None:
    monkeypatch.setattr("fivedice.server.runner.run", lambda *a: pytest.fail("served"))
    uninstall(monkeypatch, module)
    db = tmp_path / "f.db"
    line = refused(run("serve", "--port", "1", "--database-url", f"sqlite:///{db}"))
    assert line == "Error: fivedice serve needs fivedice[server]: pip install 'fivedice[server]'"
    assert not db.exists()


def test_require_passes_when_installed() -> None:
    require("plot", "--plot")
    require("server", "fivedice serve")


def test_win_seeking_without_numba_is_not_offered_and_refuses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from fivedice.rules import preset
    from fivedice.strategy.players import player_for
    from fivedice.strategy.seats import ComputerSeats

    assert "win-seeking" in ComputerSeats().levels()
    uninstall(monkeypatch, "numba")
    assert ComputerSeats().levels() == ["beginner", "good-human", "optimal"]
    with pytest.raises(MissingExtra) as refusal:
        player_for("win-seeking", preset("official"))
    assert str(refusal.value) == (
        "The win-seeking computer needs fivedice[solver]: pip install 'fivedice[solver]'"
    )
    assert player_for("optimal", preset("official")).level == "optimal"


def test_solving_afresh_without_numba_raises_the_same_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from fivedice.rules import preset
    from fivedice.strategy.solver import solve

    uninstall(monkeypatch, "numba")
    with pytest.raises(MissingExtra, match=r"pip install 'fivedice\[solver\]'"):
        solve(preset("yatzy"))


@pytest.mark.parametrize(
    ("args", "feature"),
    [
        (("simulate", "--games", "10"), "fivedice simulate"),
        (("solve", "--no-cache"), "fivedice solve --no-cache"),
        (("play", "-c", "win-seeking"), "The win-seeking computer"),
    ],
)
def test_what_needs_numba_refuses_before_any_work(
    run: Run,
    refused: Refused,
    monkeypatch: pytest.MonkeyPatch,
    args: tuple[str, ...],
    feature: str,
) -> None:
    for work in ("strategy.levels.level_tally", "strategy.cache.load_or_solve", "tui.FiveDiceApp"):
        monkeypatch.setattr(f"fivedice.{work}", lambda *a, w=work, **k: pytest.fail(f"{w} ran"))
    uninstall(monkeypatch, "numba")
    line = refused(run(*args))
    assert line == f"Error: {feature} needs fivedice[solver]: pip install 'fivedice[solver]'"
