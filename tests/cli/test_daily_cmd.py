"""``fivedice daily``: the day's dice from the database's secret, its refusals (each one line,
exit 2, nothing written), and ``--show-optimal`` for a day that is over.

The app is not run in the terminal: its ``run`` is replaced by one that keeps the app (the
``apps`` fixture), so the test sees which dice it would have played."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

import pytest
from click.testing import Result

from fivedice.rules import DiceRolled
from fivedice.rules.daily import DailyDice
from fivedice.store import Store
from fivedice.strategy.daily import optimal_game
from fivedice.tui import FiveDiceApp
from fivedice.tui.daily import DailyApp

Run = Callable[..., Result]
Refused = Callable[[Result], str]
PAST_DAY = date(2026, 11, 22)


@pytest.fixture
def db(tmp_path: Path) -> str:
    """A database of the test's own."""
    return f"sqlite:///{tmp_path / 'daily.db'}"


def stored_secret(db: str, day: date) -> bytes:
    """The day's secret as the store has it (made if missing)."""
    store = Store(db)
    try:
        return store.daily_secret(day)
    finally:
        store.close()


def days_with_a_secret(db: str) -> int:
    """How many days the database keeps a secret for."""
    from sqlalchemy import text

    store = Store(db)
    try:
        with store.engine.connect() as conn:
            return int(conn.scalar(text("SELECT count(*) FROM daily_secrets")) or 0)
    finally:
        store.close()


def test_help(run: Run) -> None:
    result = run("daily", "-h")
    assert result.exit_code == 0
    for option in ("--date", "--database", "--name", "--show-optimal"):
        assert option in result.stdout


def test_today_plays_the_days_dice_from_the_databases_secret(
    run: Run, apps: list[FiveDiceApp], db: str, cli_today: date
) -> None:
    result = run("daily", "--database", db, "--name", "Ann", "--no-bell")
    assert result.exit_code == 0, result.output
    (app,) = apps
    assert isinstance(app, DailyApp) and app.player_name == "Ann" and not app.turn_bell
    day = cli_today  # a Wednesday: the everyday rules
    assert app.dice == DailyDice(day, "official", stored_secret(db, day))
    run("daily", "--database", db)  # asked again: the same secret, not a new one
    assert apps[1].dice == app.dice and days_with_a_secret(db) == 1


def test_a_past_day_and_the_database_from_the_environment(
    run: Run, apps: list[FiveDiceApp], db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FIVEDICE_DATABASE_URL", db)
    result = run("daily", "--date", "2026-11-22")
    assert result.exit_code == 0, result.output
    (app,) = apps
    assert isinstance(app, DailyApp)
    assert app.dice == DailyDice(PAST_DAY, "yatzy", stored_secret(db, PAST_DAY))


@pytest.mark.parametrize(
    "text", ["2026-13-01", "2026-02-30", "yesterday", "20261122", "2026-11-22T00:00", "x" * 500]
)
def test_a_malformed_date_is_refused(
    run: Run, apps: list[FiveDiceApp], refused: Refused, db: str, text: str
) -> None:
    line = refused(run("daily", "--date", text, "--database", db))
    assert "YYYY-MM-DD" in line and len(line) < 120
    assert apps == [] and not Path(db.removeprefix("sqlite:///")).exists()


def test_a_future_day_is_refused_and_nothing_is_written(
    run: Run, apps: list[FiveDiceApp], refused: Refused, db: str, cli_today: date
) -> None:
    tomorrow = cli_today + timedelta(days=1)
    line = refused(run("daily", "--date", tomorrow.isoformat(), "--database", db))
    assert f"{tomorrow} has not come yet" in line
    assert apps == [] and not Path(db.removeprefix("sqlite:///")).exists()


def test_a_day_before_the_first_is_refused(
    run: Run, apps: list[FiveDiceApp], refused: Refused, db: str
) -> None:
    line = refused(run("daily", "--date", "0001-01-01", "--database", db))
    assert line.endswith("there is no challenge on 0001-01-01")
    assert apps == [] and not Path(db.removeprefix("sqlite:///")).exists()


def test_a_database_that_cannot_be_used_is_refused(
    run: Run, apps: list[FiveDiceApp], refused: Refused, tmp_path: Path
) -> None:
    assert "Cannot use the database URL" in refused(run("daily", "--database", "nonsense://x"))
    missing = f"sqlite:///{tmp_path / 'no-such-folder' / 'x.db'}"
    assert "Cannot use the database" in refused(run("daily", "--database", missing))
    assert apps == []


@pytest.mark.parametrize("name", ["", "x" * 200])
def test_a_name_the_card_cannot_take_is_refused(
    run: Run, apps: list[FiveDiceApp], refused: Refused, db: str, name: str
) -> None:
    refused(run("daily", "--name", name, "--database", db))
    assert apps == [] and not Path(db.removeprefix("sqlite:///")).exists()


@pytest.mark.parametrize("days_ahead", [0, 1])
def test_the_optimal_game_of_today_or_later_stays_secret(
    run: Run, refused: Refused, db: str, days_ahead: int, cli_today: date
) -> None:
    day = cli_today + timedelta(days=days_ahead)
    line = refused(run("daily", "--show-optimal", "--date", day.isoformat(), "--database", db))
    assert "secret" in line or "has not come yet" in line
    assert not Path(db.removeprefix("sqlite:///")).exists()


def test_show_optimal_refuses_a_day_nobody_played(run: Run, refused: Refused, db: str) -> None:
    stored_secret(db, PAST_DAY)  # another day was played
    line = refused(run("daily", "--show-optimal", "--date", "2026-11-21", "--database", db))
    assert "Nobody played the daily challenge of 2026-11-21" in line
    assert days_with_a_secret(db) == 1  # and none was made for it


def test_show_optimal_prints_a_past_days_optimal_game(run: Run, db: str) -> None:
    secret = stored_secret(db, PAST_DAY)
    result = run("daily", "--show-optimal", "--date", "2026-11-22", "--database", db)
    assert result.exit_code == 0, result.output
    match = optimal_game(DailyDice(PAST_DAY, "yatzy", secret))
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Daily challenge · Sunday 2026-11-22 · Yatzy")
    assert f"The day's secret: {secret.hex()}" in lines
    turns = [line for line in lines if line.startswith("Turn")]
    assert len(turns) == 15
    first_roll = next(e for e in match.events if isinstance(e, DiceRolled))
    assert turns[0].startswith("Turn  1  roll " + " ".join(map(str, first_roll.dice)))
    assert lines[-1] == f"Total: {match.state.players[0].total} points"
