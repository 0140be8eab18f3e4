"""Saving a finished match's log from the results screen, and the undo grace against a
computer: the person who just scored can still take it back before the computer rolls."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

from textual.geometry import Region
from textual.widgets import Button, Static
from tui_driver import SIZE, AppFactory, match_of, text_of
from typer.testing import CliRunner

from fivedice.cli.app import app as cli
from fivedice.rules import event_from_dict, fold
from fivedice.store import Store
from fivedice.tui import FiveDiceApp, GameSetup, SeatSetup
from fivedice.tui.saving import log_file_name

from test_tui_full_match import play_to_the_results  # isort: skip


async def test_s_on_the_results_saves_the_log_that_replay_and_analyse_read(
    make_app: AppFactory, tmp_path: Path
) -> None:
    app = make_app(("Ann", "Bob"), seed=41, at_once=True)
    app.save_dir = tmp_path
    async with app.run_test(size=(80, 24)) as pilot:
        match, _screen = await play_to_the_results(pilot, app)
        screen = Region(0, 0, 80, 24)
        for button in ("play-again", "new-game", "reset-scores", "save-log", "quit"):
            region = app.screen.query_one(f"#{button}", Button).region
            assert screen.contains_region(region), f"{button} is cut off at 80x24"
        await pilot.press("s")
        saved = sorted(tmp_path.glob("fivedice-*.json"))
        assert len(saved) == 1
        note = text_of(app, "#saved")
        assert str(saved[0]) in note and "fivedice replay" in note  # says where it went
        await pilot.press("s")  # a second press writes nothing new
        assert sorted(tmp_path.glob("fivedice-*.json")) == saved
        assert text_of(app, "#saved") == f"Already saved to {saved[0]}"

    events = json.loads(saved[0].read_text(encoding="utf-8"))
    assert fold(event_from_dict(e) for e in events) == match.state
    runner = CliRunner()
    replayed = runner.invoke(cli, ["replay", str(saved[0])])
    assert replayed.exit_code == 0, replayed.output
    assert "Ann" in replayed.output and "Bob" in replayed.output
    analysed = runner.invoke(cli, ["analyse", str(saved[0])])
    assert analysed.exit_code == 0, analysed.output


async def test_saving_never_overwrites_and_says_when_it_fails(
    make_app: AppFactory, tmp_path: Path
) -> None:
    from datetime import datetime

    from fivedice.tui.saving import save_match_log

    app = make_app(("Ann",), seed=42, at_once=True)
    async with app.run_test(size=SIZE) as pilot:
        match, _screen = await play_to_the_results(pilot, app)
        when = datetime(2026, 11, 25, 16, 14, 0)
        (tmp_path / log_file_name(when)).write_text("someone else's file")
        path = save_match_log(match, tmp_path, when)
        assert path.name == "fivedice-20261125-161400-2.json"
        assert (tmp_path / log_file_name(when)).read_text() == "someone else's file"

        app.save_dir = tmp_path / "no" / "such" / "folder"
        await pilot.press("s")
        note = app.screen.query_one("#saved", Static)
        assert "The log was not saved" in text_of(app, "#saved") and note.has_class("-error")
        assert not (tmp_path / "no").exists()


def against_a_computer(store: Store, grace: float) -> FiveDiceApp:
    """Ann against a beginner computer; the computer moves at once but for the grace."""
    setup = GameSetup((SeatSetup("Ann"), SeatSetup("Rookie", "beginner")))
    return FiveDiceApp(
        setup,
        rng=random.Random(16),
        store=store,
        computer_delay=0,
        undo_grace=grace,
        start_at_once=True,
    )


async def test_the_computer_waits_while_the_person_may_undo(store: Store) -> None:
    grace = 1.5
    app = against_a_computer(store, grace)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        match = match_of(app)
        await pilot.press("r", "enter")  # Ann scores; the computer is next
        assert match.state.active_seat == 1 and match.state.undo_point is not None
        await asyncio.sleep(grace / 3)  # a person's reaction, well inside the grace
        await pilot.pause()
        assert match.state.dice is None  # the computer has not rolled
        assert "U takes it back" in text_of(app, "#message")
        await pilot.press("u")  # accepted: Ann plays on
        assert match.state.active_seat == 0 and not match.state.card(0).boxes
        assert text_of(app, "#message").startswith("Ann took back")
        await asyncio.sleep(grace + 0.3)  # past the grace: still Ann's turn, nobody rolled
        assert match.state.active_seat == 0 and match.state.dice is not None

        loop = asyncio.get_running_loop()
        scored_at = loop.time()  # at the latest: the grace starts once the key is handled
        await pilot.press("enter")  # she scores again; now she lets the grace pass
        for _ in range(500):
            if match.state.active_seat == 1 and match.state.dice is not None:
                break
            await asyncio.sleep(0.02)
        assert match.state.dice is not None, "the computer never rolled"
        assert loop.time() - scored_at >= grace  # it waited the grace out
        await pilot.press("u")  # too late: the computer's roll closed the window
        assert len(match.state.card(0).boxes) == 1
