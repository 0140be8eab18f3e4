"""Online tables that keep moving, over real sockets against a real server: an away player's
turn passes after the table's grace time and three absent turns put them out; a player back in
time plays on; the host skips at once; the host's role passes to a person, never a computer;
a waiting table whose host has gone is not listed as open; a stale intent changes nothing; a
rematch accepted by all moves every client to the new table."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import httpx
import pytest
import websockets
from server_process import ServerProcess
from wsclient import PlayClient, open_table, play_to_the_end, play_turn, seat_of

HOST_AWAY = 2.0  # seconds before a host who is away hands the role on (15 by default)
GRACE = 10.0  # the shortest absent_after_seconds a table may have


@pytest.fixture(scope="module")
def moving(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    root = tmp_path_factory.mktemp("moving")
    process = ServerProcess(
        f"sqlite:///{root / 'fivedice.db'}",
        root / "server.log",
        FIVEDICE_HOST_AWAY_SECONDS=str(HOST_AWAY),
        FIVEDICE_BOT_DELAY="0",
    )
    process.start()
    yield process
    process.stop()


@pytest.fixture
def api(moving: ServerProcess) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=moving.base_url, timeout=10.0) as client:
        yield client


async def seated(moving: ServerProcess, table: dict) -> list[PlayClient]:
    """A connected client for each seat of a table opened by `open_table`."""
    return [
        await PlayClient(moving.ws_url(table["id"]), token).connect() for token in table["tokens"]
    ]


async def test_an_away_player_is_passed_then_out_and_the_match_ends(
    moving: ServerProcess, api: httpx.Client
) -> None:
    table = open_table(api, "Ann", "Bob", seats=2, absent_after_seconds=GRACE)
    ann, bob = await seated(moving, table)
    await ann.intent("start")
    await bob.until_table(lambda t: t["phase"] == "playing" and t["active_seat"] == 0)
    assert bob.table is not None and bob.table["absence"] is None

    await ann.close()  # Ann's page closes on her turn, at a table without a clock
    gone = time.time()
    view = await bob.until_table(lambda t: t["absence"] is not None)
    assert view["absence"]["seat"] == 0
    assert view["absence"]["deadline"] == pytest.approx(gone + GRACE, abs=1.5)
    ann_seat = view["seats"][0]
    assert ann_seat["connected"] is False and ann_seat["away_since"] == pytest.approx(gone, abs=1)

    passed = await bob.until_table(lambda t: t["active_seat"] == 1, timeout=GRACE + 5)
    waited = time.time() - gone
    assert GRACE - 0.5 <= waited <= GRACE + 3, waited
    absent = [e for e in bob.events if e["type"] == "absent"]
    assert absent == [{"seq": absent[0]["seq"], "type": "absent", "seat": 0, "skipped_by": None}]
    scratch = bob.events[bob.events.index(absent[0]) + 1]
    assert (scratch["type"], scratch["seat"], scratch["points"], scratch["scratch"]) == (
        "scored",
        0,
        0,
        True,
    )
    assert passed["seats"][0]["absent_turns"] == 1
    # Ann was the host and is away: the role passed to Bob, the only person here.
    assert passed["host"] == 1
    assert any(e["type"] == "host_passed" and e["seat"] == 1 for e in bob.events)

    await play_turn(bob)
    await bob.until_table(lambda t: t["active_seat"] == 0)
    for turn in (2, 3):  # the new host skips Ann at once, twice: the third absence puts her out
        await bob.intent("skip", seat=0)
        view = await bob.until_table(
            lambda t, turn=turn: t["seats"][0]["absent_turns"] == turn or t["phase"] == "finished"
        )
        if turn == 2:
            assert bob.events[-2]["skipped_by"] == 1
            await play_turn(bob)
            await bob.until_table(lambda t: t["active_seat"] == 0)
    final = await bob.until_table(lambda t: t["phase"] == "finished")
    assert final["seats"][0]["status"] == "left"
    assert final["outcome"]["winners"] == [1]
    assert [e["type"] for e in bob.events[-3:]] == ["absent", "scored", "left"]
    await bob.close()


async def test_a_player_back_in_time_plays_on(moving: ServerProcess, api: httpx.Client) -> None:
    table = open_table(api, "Ann", "Bob", seats=2, absent_after_seconds=GRACE)
    ann, bob = await seated(moving, table)
    await ann.intent("start")
    await ann.until_table(lambda t: t["phase"] == "playing")
    await ann.close()
    await bob.until_table(lambda t: t["absence"] is not None)
    await asyncio.sleep(GRACE / 2)
    ann.table = None
    await ann.connect()  # back before the grace time is over
    view = await bob.until_table(lambda t: t["absence"] is None and t["seats"][0]["connected"])
    assert view["seats"][0]["away_since"] is None
    await asyncio.sleep(GRACE / 2 + 1.5)  # past the moment her turn would have passed
    assert not [e for e in bob.events if e["type"] == "absent"]
    assert bob.table is not None and bob.table["active_seat"] == 0
    await play_turn(ann)
    await bob.until_table(lambda t: t["active_seat"] == 1)
    # away longer than a host may be: the role went to Bob meanwhile, and stays with him
    assert [e["seat"] for e in ann.events if e["type"] == "host_passed"] == [1]
    await ann.close()
    await bob.close()


async def test_only_an_away_player_can_be_skipped_or_removed(
    moving: ServerProcess, api: httpx.Client
) -> None:
    table = open_table(api, "Ann", "Bob", "Cy", seats=3)
    ann, bob, cy = await seated(moving, table)
    await ann.intent("start")
    await ann.until_table(lambda t: t["phase"] == "playing")
    await play_turn(ann)
    await ann.intent("skip", seat=1)  # Bob is here
    assert (await ann.error())["code"] == "not_away"
    await ann.intent("remove", seat=1)
    assert (await ann.error())["code"] == "not_away"
    await bob.intent("skip", seat=1)
    assert (await bob.error())["code"] == "not_host"
    before = ann.seq
    await bob.close()
    await ann.until_table(lambda t: t["seats"][1]["connected"] is False)
    await ann.intent("skip", seat=1)  # away: skipped at once, no grace time
    view = await ann.until_table(lambda t: t["active_seat"] == 2)
    assert view["seats"][1]["absent_turns"] == 1
    assert [e["type"] for e in ann.events if e["seq"] > before] == ["absent", "scored"]
    await ann.intent("remove", seat=1)  # and the host may put an away player out
    view = await ann.until_table(lambda t: t["seats"][1]["status"] == "left")
    assert view["phase"] == "playing" and view["active_seat"] == 2
    for client in (ann, cy):
        await client.close()


async def test_a_computer_seat_never_becomes_host(moving: ServerProcess, api: httpx.Client) -> None:
    created = api.post(
        "/api/tables", json={"host_name": "Ann", "seats": 3, "bots": [{"level": "beginner"}]}
    ).json()
    table_id = created["table_id"]
    bob_seat = api.post(f"/api/tables/{table_id}/seats", json={"name": "Bob"}).json()
    ann = await PlayClient(moving.ws_url(table_id), created["token"]).connect()
    bob = await PlayClient(moving.ws_url(table_id), bob_seat["token"]).connect()
    await ann.intent("leave")
    view = await bob.until_table(lambda t: all(s["name"] != "Ann" for s in t["seats"]))
    assert view["host"] == bob_seat["seat"]
    await bob.intent("start")
    view = await bob.until_table(lambda t: t["phase"] == "playing")
    assert not bob.errors
    await play_to_the_end(bob)
    await ann.close()
    await bob.close()


async def test_a_waiting_table_whose_host_left_is_not_open(
    moving: ServerProcess, api: httpx.Client
) -> None:
    table = open_table(api, "Ann", seats=4, name="Ann's table")
    ann = await PlayClient(moving.ws_url(table["id"]), table["tokens"][0]).connect()

    def line() -> dict:
        lobby = api.get("/api/tables", params={"phase": "waiting"}).json()
        return next(t for t in lobby if t["id"] == table["id"])

    assert line()["host_here"] is True and line()["open"] is True
    await ann.close()
    deadline = time.monotonic() + 5
    while line()["open"]:
        assert time.monotonic() < deadline, "a table without its host stays open"
        await asyncio.sleep(0.1)
    assert line()["host_here"] is False
    # a newcomer who joins anyway becomes the host once Ann has been away a while
    eve = api.post(f"/api/tables/{table['id']}/seats", json={"name": "Eve"}).json()
    eve_client = await PlayClient(moving.ws_url(table["id"]), eve["token"]).connect()
    view = await eve_client.until_table(lambda t: t["host"] == eve["seat"], HOST_AWAY + 5)
    assert view["phase"] == "waiting"
    assert line()["open"] is True
    await eve_client.intent("start")
    await eve_client.until_table(lambda t: t["phase"] == "playing")
    await eve_client.close()


async def test_a_stale_intent_changes_nothing(moving: ServerProcess, api: httpx.Client) -> None:
    table = open_table(api, "Ann", seats=1)
    (ann,) = await seated(moving, table)
    await ann.intent("start", seq=ann.seq)
    await ann.until_table(lambda t: t["phase"] == "playing")
    seen = ann.seq
    await ann.intent("roll", seq=seen)
    first = await ann.until_table(lambda t: t["dice"] is not None)
    await ann.intent("roll", seq=seen)  # the double click: sent from the same view
    error = await ann.error()
    assert error["code"] == "stale"
    await ann.send({"type": "chat", "token": ann.token, "text": "hm", "seq": seen})
    await ann.next(lambda m: m["type"] == "update" and m["events"][-1]["type"] == "chat")
    view = api.get(f"/api/tables/{table['id']}").json()
    assert view["dice"] == first["dice"] and view["rolls_left"] == 2
    rolls = [e for e in ann.events if e["type"] == "rolled"]
    assert len(rolls) == 1
    # a chat line does not make a view stale: the next roll from the current view works
    await ann.intent("roll", seq=first["seq"])
    await ann.until_table(lambda t: t["rolls_left"] == 1)
    await ann.close()


async def test_a_rematch_accepted_by_all_moves_every_client(
    moving: ServerProcess, api: httpx.Client
) -> None:
    created = api.post(
        "/api/tables",
        json={"host_name": "Ann", "seats": 3, "bots": [{"level": "beginner", "name": "Robo"}]},
    ).json()
    table_id = created["table_id"]
    bob_seat = api.post(f"/api/tables/{table_id}/seats", json={"name": "Bob"}).json()
    ann = await PlayClient(moving.ws_url(table_id), created["token"]).connect()
    bob = await PlayClient(moving.ws_url(table_id), bob_seat["token"]).connect()
    watcher = await PlayClient(moving.ws_url(table_id), name="Watcher").connect()
    await ann.intent("rematch")
    assert (await ann.error())["code"] == "not_finished"
    await ann.intent("start")
    await asyncio.gather(play_to_the_end(ann), play_to_the_end(bob))

    await bob.intent("rematch", accept=False)
    assert (await bob.error())["code"] == "no_rematch"
    await ann.intent("rematch")
    offer = await bob.until_table(lambda t: t["rematch"] is not None)
    assert offer["rematch"] == {
        "offered_by": 0,
        "accepted": [0],
        "declined": [],
        "table_id": None,
    }
    await bob.intent("rematch", accept=True)
    moves = await asyncio.gather(
        *(c.next(lambda m: m["type"] == "rematch") for c in (ann, bob, watcher))
    )
    new_id = moves[0]["table_id"]
    assert {m["table_id"] for m in moves} == {new_id} and new_id != table_id
    assert moves[2]["seats"] == []  # the spectator is told where to watch
    (ann_new,), (bob_new,) = moves[0]["seats"], moves[1]["seats"]
    ann2 = await PlayClient(moving.ws_url(new_id), ann_new["token"]).connect()
    bob2 = await PlayClient(moving.ws_url(new_id), bob_new["token"]).connect()
    view = await bob2.until_table(lambda t: t["phase"] == "playing")
    assert sorted((s["name"], s["bot"]) for s in view["seats"]) == [
        ("Ann", None),
        ("Bob", None),
        ("Robo", "beginner"),
    ]
    assert view["options"] == offer["options"]
    assert seat_of(ann2) == ann_new["seat"] and seat_of(bob2) == bob_new["seat"]
    old = api.get(f"/api/tables/{table_id}").json()
    assert old["rematch"]["table_id"] == new_id and old["rematch"]["accepted"] == [
        0,
        bob_seat["seat"],
    ]
    await asyncio.gather(play_to_the_end(ann2), play_to_the_end(bob2))
    for client in (ann, bob, watcher, ann2, bob2):
        await client.close()


async def test_a_declined_rematch_lapses(moving: ServerProcess, api: httpx.Client) -> None:
    table = open_table(api, "Ann", "Bob", seats=2)
    ann, bob = await seated(moving, table)
    await ann.intent("start")
    await asyncio.gather(play_to_the_end(ann), play_to_the_end(bob))
    await bob.intent("rematch")
    await ann.until_table(lambda t: t["rematch"] is not None)
    await ann.intent("rematch", accept=False)
    view = await bob.until_table(lambda t: bool(t["rematch"]) and t["rematch"]["declined"] == [0])
    assert view["rematch"]["table_id"] is None and view["rematch"]["accepted"] == []
    assert not [m for m in ann.messages + bob.messages if m["type"] == "rematch"]
    await ann.close()
    await bob.close()


async def test_one_screen_answers_for_its_players_and_gets_every_seat(
    moving: ServerProcess, api: httpx.Client
) -> None:
    """Pass and play: one socket speaks for both players; the rematch brings both seats."""
    table = open_table(api, "Ann", "Bob", seats=2, hints=True)
    screen = PlayClient(moving.ws_url(table["id"]), table["tokens"][0])
    screen.ws = await websockets.connect(moving.ws_url(table["id"]))
    await screen.send({"type": "hello", "token": table["tokens"][0], "also": table["tokens"][1:]})
    screen.welcome = await screen.next(lambda m: m["type"] == "welcome")
    view = await screen.until_table(lambda t: True)
    assert [s["connected"] for s in view["seats"]] == [True, True]  # both are at the screen
    token = dict(zip(table["seats"], table["tokens"], strict=True))
    await screen.intent("start")
    view = await screen.until_table(lambda t: t["phase"] == "playing")
    while view["phase"] != "finished":
        mover = token[view["active_seat"]]
        if view["dice"] is None:
            intent = {"type": "roll", "token": mover}
        else:
            best = max(view["score_options"], key=lambda o: o["points"])["category"]
            intent = {"type": "score", "token": mover, "category": best}
        seq = screen.seq
        await screen.send(intent)
        answer = await screen.next(
            lambda m, seq=seq: m["type"] == "error" or (m["type"] == "update" and m["seq"] > seq)
        )
        assert answer["type"] == "update", answer
        view = answer["table"]
    await screen.intent("rematch")
    await screen.send({"type": "rematch", "token": token[1], "accept": True})
    opened = await screen.next(lambda m: m["type"] == "rematch")
    assert [s["seat"] for s in opened["seats"]] == [0, 1]
    view = api.get(f"/api/tables/{opened['table_id']}").json()
    assert view["phase"] == "playing" and view["options"]["hints"] is True
    await screen.close()


async def test_a_create_repeated_with_its_key_opens_one_table(moving: ServerProcess) -> None:
    async with httpx.AsyncClient(base_url=moving.base_url, timeout=10.0) as client:
        body = {"host_name": "Ann", "name": "Double click"}
        same = {"Idempotency-Key": "3f0c1f7e-double-click"}
        first, second = await asyncio.gather(
            client.post("/api/tables", json=body, headers=same),
            client.post("/api/tables", json=body, headers=same),
        )
        assert first.status_code == second.status_code == 201
        assert first.json() == second.json()
        again = await client.post("/api/tables", json=body, headers=same)
        assert again.json()["table_id"] == first.json()["table_id"]
        other = await client.post("/api/tables", json=body, headers={"Idempotency-Key": "b"})
        plain = await client.post("/api/tables", json=body)
        ids = {r.json()["table_id"] for r in (first, other, plain)}
        assert len(ids) == 3
        lobby = (await client.get("/api/tables")).json()
        assert sum(1 for t in lobby if t["name"] == "Double click") == 3
        too_long = await client.post(
            "/api/tables", json=body, headers={"Idempotency-Key": "k" * 200}
        )
        assert too_long.status_code == 422


async def test_a_person_alone_with_the_computer_is_waited_for(
    moving: ServerProcess, api: httpx.Client
) -> None:
    """The only person at a table (the other seat a computer) steps away on their turn: nobody
    else is kept waiting, so past the grace time their turn is not passed and nothing scored."""
    table = open_table(
        api, "Ann", seats=2, bots=[{"level": "beginner"}], absent_after_seconds=GRACE
    )
    (ann,) = await seated(moving, table)
    watcher = await PlayClient(moving.ws_url(table["id"]), name="Watcher").connect()
    await ann.intent("start")
    await ann.until_table(lambda t: t["phase"] == "playing" and t["active_seat"] == 0)
    await ann.close()  # her phone locks on her turn
    view = await watcher.until_table(lambda t: not t["seats"][0]["connected"])
    assert view["absence"] is None  # no countdown: the table waits for her
    await asyncio.sleep(GRACE + 2)
    assert not [e for e in watcher.events if e["type"] in ("absent", "scored")]
    assert watcher.table is not None
    assert watcher.table["active_seat"] == 0 and watcher.table["seats"][0]["absent_turns"] == 0
    ann.table = None
    await ann.connect()  # back: she plays her own turn
    await play_turn(ann)
    await watcher.until_table(
        lambda t: any(e["type"] == "scored" and e["seat"] == 0 for e in watcher.events)
    )
    assert not [e for e in watcher.events if e["type"] == "absent"]
    await ann.close()
    await watcher.close()
