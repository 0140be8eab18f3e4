"""The coach routes over a real server: computer levels, a hint for the position in play that
matches the advisor, and the analysis of a finished match."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from server_process import ServerProcess
from wsclient import PlayClient, open_table, play_turn

from fivedice.rules import Dice, Scorecard, preset
from fivedice.strategy import load_or_solve
from fivedice.strategy.advisor import advise


@pytest.fixture(scope="module")
def coached(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server with its own strategy-table cache (the session server has none set)."""
    root = tmp_path_factory.mktemp("coach")
    process = ServerProcess(
        f"sqlite:///{root / 'fivedice.db'}",
        root / "server.log",
        FIVEDICE_CACHE_DIR=str(root / "cache"),
    )
    process.start()
    yield process
    process.stop()


async def test_levels_hint_and_analysis(
    coached: ServerProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FIVEDICE_CACHE_DIR", str(coached.log_path.parent / "cache"))
    with httpx.Client(base_url=coached.base_url, timeout=60.0) as api:
        levels = api.get("/api/computer-players").json()
        assert levels[0] == "beginner" and "optimal" in levels

        table = open_table(api, "Ann", seats=1)
        ann = await PlayClient(coached.ws_url(table["id"]), table["tokens"][0]).connect()
        refused = api.get(f"/api/tables/{table['id']}/advice")
        assert refused.status_code == 409 and refused.json()["code"] == "no_position"
        await ann.intent("start")
        await ann.intent("roll")
        view = await ann.until_table(lambda t: t["dice"] is not None)

        hint = api.get(f"/api/tables/{table['id']}/advice", params={"limit": 3})
        assert hint.status_code == 200, hint.text
        body = hint.json()
        assert body["dice"] == view["dice"] and body["rolls_left"] == 2 and body["seat"] == 0
        expected = advise(
            load_or_solve(preset("official")), Scorecard(preset("official")), Dice(view["dice"]), 2
        )
        assert len(body["actions"]) == 3
        assert body["actions"][0]["expected"] == pytest.approx(expected[0].expected, abs=1e-5)
        assert body["expected_now"] == body["actions"][0]["expected"]
        for action in body["actions"]:
            if action["kind"] == "hold":
                faces = sorted(view["dice"][p] for p in action["positions"])
                assert faces == action["hold"]

        await play_turn(ann)  # a solo player's turn runs on until the card is full
        final = await ann.until_table(lambda t: t["phase"] == "finished")
        await ann.close()

        analysis = api.get(f"/api/matches/{table['id']}/analysis")
        assert analysis.status_code == 200, analysis.text
        result = analysis.json()
        assert [t["turn"] for t in result["turns"]] == list(range(1, 14))
        assert result["turns"][-1]["expected_final"] == pytest.approx(final["seats"][0]["total"])
        assert result["decisions"] and all(d["cost"] >= 0 for d in result["decisions"])
        assert set(result["total_cost"]) == {"Ann"}
        missing = api.get("/api/matches/nope/analysis")
        assert missing.status_code == 404


async def test_hints_off_until_the_end_and_counted_when_on(
    coached: ServerProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FIVEDICE_CACHE_DIR", str(coached.log_path.parent / "cache"))
    with httpx.Client(base_url=coached.base_url, timeout=60.0) as api:
        # Hints off: refused to the player and to a spectator alike, and the analysis waits
        table = open_table(api, "Ann", seats=1, hints=False)
        ann = await PlayClient(coached.ws_url(table["id"]), table["tokens"][0]).connect()
        watcher = await PlayClient(coached.ws_url(table["id"]), name="Kibitzer").connect()
        await ann.intent("start")
        await ann.intent("roll")
        view = await watcher.until_table(lambda t: t["dice"] is not None)
        await ann.until_table(lambda t: t["dice"] is not None)
        assert view["hints"] is False
        advice = f"/api/tables/{table['id']}/advice"
        for headers in ({}, {"X-Seat-Token": table["tokens"][0]}):
            refused = api.get(advice, headers=headers)
            assert refused.status_code == 403 and refused.json()["code"] == "hints_off"
        early = api.get(f"/api/matches/{table['id']}/analysis")
        assert early.status_code == 403 and early.json()["code"] == "hints_off"
        await play_turn(ann)
        final = await watcher.until_table(lambda t: t["phase"] == "finished")
        assert final["hints"] is True and final["seats"][0]["hints"] == 0
        assert api.get(f"/api/matches/{table['id']}/analysis").status_code == 200
        await ann.close()
        await watcher.close()

        # Hints on (the default with one person): the player's own hints are counted
        table = open_table(api, "Bea", seats=1)
        bea = await PlayClient(coached.ws_url(table["id"]), table["tokens"][0]).connect()
        await bea.intent("start")
        await bea.intent("roll")
        await bea.until_table(lambda t: t["dice"] is not None and t["hints"] is True)
        advice = f"/api/tables/{table['id']}/advice"
        assert api.get(advice).status_code == 200  # asked without a seat: not counted
        assert api.get(advice, headers={"X-Seat-Token": table["tokens"][0]}).status_code == 200
        counted = await bea.until_table(lambda t: t["seats"][0]["hints"] == 1)
        assert counted["seq"] == bea.seq and bea.events[-1]["type"] == "hint"
        await play_turn(bea)
        final = await bea.until_table(lambda t: t["phase"] == "finished")
        assert final["seats"][0]["hints"] == 1
        assert api.get(f"/api/matches/{table['id']}/analysis").status_code == 200
        await bea.close()
