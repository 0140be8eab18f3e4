"""The undo grace against a computer: after a person scores, the computer who moves next waits
(FIVEDICE_UNDO_GRACE) before its first roll, so the person's undo is still in reach."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Iterator

import httpx
import pytest
from server_process import ServerProcess
from wsclient import Message, PlayClient, best_option

GRACE = 1.5


@pytest.fixture(scope="module")
def graced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose computers wait GRACE seconds while a person may undo."""
    root = tmp_path_factory.mktemp("grace")
    process = ServerProcess(
        f"sqlite:///{root / 'fivedice.db'}",
        root / "server.log",
        FIVEDICE_UNDO_GRACE=str(GRACE),
        FIVEDICE_CACHE_DIR=str(root / "cache"),
    )
    process.start()
    yield process
    assert process.stop() in (0, -signal.SIGTERM), process.log()[-3000:]


async def against_a_computer(server: ServerProcess, **options: object) -> PlayClient:
    """Ann at a started table with a beginner computer in the second seat."""
    with httpx.Client(base_url=server.base_url, timeout=10.0) as api:
        created = api.post(
            "/api/tables",
            json={"host_name": "Ann", "seats": 2, "bots": [{"level": "beginner"}], **options},
        )
    assert created.status_code == 201, created.text
    body = created.json()
    ann = await PlayClient(server.ws_url(body["table_id"]), body["token"]).connect()
    await ann.intent("start")
    await ann.until_table(lambda t: t["phase"] == "playing" and t["active_seat"] == 0)
    return ann


async def ann_scores(ann: PlayClient) -> Message:
    """Ann rolls once and scores her best box; returns the table after her scoring."""
    await ann.intent("roll")
    table = await ann.until_table(lambda t: t["dice"] is not None)
    await ann.intent("score", category=best_option(table))
    return await ann.until_table(lambda t: t["active_seat"] == 1)


def computer_rolls(ann: PlayClient) -> list[Message]:
    """The rolls of the computer's seat seen so far."""
    return [e for e in ann.events if e["type"] == "rolled" and e["seat"] == 1]


async def test_a_person_can_undo_while_the_computer_waits(graced: ServerProcess) -> None:
    ann = await against_a_computer(graced)
    scored = await ann_scores(ann)
    assert scored["undo"] is not None and scored["undo"]["seat"] == 0
    await asyncio.sleep(GRACE / 3)  # a person's reaction: well inside the grace
    assert computer_rolls(ann) == []  # the computer has not closed the window
    await ann.intent("undo")
    table = await ann.until_table(lambda t: t["active_seat"] == 0 and t["undo"] is None)
    assert len(table["seats"][0]["cards"][0]["boxes"]) == 0  # the box is open again
    assert [e["type"] for e in ann.events][-1] == "undone"
    assert not ann.errors
    # Past the grace the computer still has not moved: after the undo it is Ann's turn.
    await asyncio.sleep(GRACE + 0.3)
    assert computer_rolls(ann) == []
    await ann.close()


async def test_after_the_grace_the_computer_moves_and_the_undo_is_gone(
    graced: ServerProcess,
) -> None:
    ann = await against_a_computer(graced)
    loop = asyncio.get_running_loop()
    scored_at = loop.time()  # at the latest: the grace starts when her scoring is stored
    await ann_scores(ann)
    await ann.next(lambda m: m["type"] == "update" and bool(computer_rolls(ann)), 30)
    waited = loop.time() - scored_at
    assert waited >= GRACE, waited  # the computer waited out the grace
    await ann.intent("undo")
    assert (await ann.error())["code"] == "undo_not_allowed"
    await ann.until_table(lambda t: t["active_seat"] == 0, 30)  # the computer plays on
    await ann.close()


async def test_on_a_clocked_table_the_grace_never_costs_the_computer_its_hand(
    graced: ServerProcess,
) -> None:
    clock = 1.0  # shorter than the grace: waiting it all out would lose the hand
    ann = await against_a_computer(graced, clock_seconds=clock)
    loop = asyncio.get_running_loop()
    await ann_scores(ann)
    scored_at = loop.time()
    await ann.next(lambda m: m["type"] == "update" and bool(computer_rolls(ann)), 30)
    assert loop.time() - scored_at < GRACE  # it stopped waiting at half its hand's time
    assert not [e for e in ann.events if e["type"] == "clock_expired"]
    await ann.close()
