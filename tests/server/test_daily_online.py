"""The daily challenge through a real server: the same dice whatever is held, one attempt per
account and day, resuming after the page closes and after a restart, the result beside the
optimal game, the day's log kept from others until the day is over, and the optimal game
rebuilt from the published secret by a script that uses hashlib and hmac only."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from accounts_client import Browser, guest_browser
from daily_client import (
    faces_of,
    hold_left_pair,
    hold_nothing,
    hold_right_three,
    play_daily,
    start_daily,
)
from server_process import DAILY_DAY, ServerProcess
from sqlalchemy import insert, update
from wsclient import PlayClient

from fivedice.rules.daily import DailyDice, preset_of_day
from fivedice.store import Store
from fivedice.store.daily import DailyAttemptRow
from fivedice.store.models import MatchRow


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def daily_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    """A server of its own (the tests move days in its database), on SQLite and on
    PostgreSQL."""
    root = tmp_path_factory.mktemp("daily")
    url = f"sqlite:///{root / 'fivedice.db'}"
    if request.param == "postgresql":
        url = str(request.getfixturevalue("postgres_cluster").new_database())
    process = ServerProcess(url, root / "server.log")
    process.start()
    yield process
    process.stop()


@pytest.fixture
def store(daily_server: ServerProcess) -> Iterator[Store]:
    """The server's database, opened beside it."""
    s = Store(daily_server.database_url)
    yield s
    s.close()


def browser(server: ServerProcess) -> Browser:
    """A new browser with a guest account."""
    return guest_browser(server.base_url)


async def play(server: ServerProcess, seat: dict[str, Any], hold: Any, **kw: Any) -> PlayClient:
    """Connect to the attempt's table with its seat token, play as told, close (the page
    goes); the client keeps what it saw."""
    client = await PlayClient(server.ws_url(seat["table_id"]), token=seat["token"]).connect()
    await play_daily(client, hold, **kw)
    await client.close()
    return client


def day_dice(store: Store, day: date, rules: str) -> DailyDice:
    """The day's dice as the rules core makes them from the stored secret."""
    return DailyDice(day, rules, store.daily_secret(day))


def move_to_yesterday(store: Store, table_id: str) -> date:
    """Make a today's attempt a past day's (its table's mark and its attempt row)."""
    yesterday = DAILY_DAY - timedelta(days=1)
    with store.engine.begin() as conn:
        conn.execute(
            update(MatchRow)
            .where(MatchRow.id == table_id)
            .values(meta={"listed": False, "at_one_screen": False, "daily": yesterday.isoformat()})
        )
        conn.execute(
            update(DailyAttemptRow)
            .where(DailyAttemptRow.table_id == table_id)
            .values(day=yesterday)
        )
    return yesterday


def test_two_players_holding_differently_get_the_same_faces(
    daily_server: ServerProcess, store: Store
) -> None:
    ann, bob = browser(daily_server), browser(daily_server)
    a_seat, b_seat = start_daily(ann), start_daily(bob)
    assert a_seat["table_id"] != b_seat["table_id"]
    assert a_seat["day"] == b_seat["day"] == DAILY_DAY.isoformat()

    async def both() -> tuple[PlayClient, PlayClient]:
        a = await play(daily_server, a_seat, hold_left_pair)
        b = await play(daily_server, b_seat, hold_right_three)
        return a, b

    a, b = asyncio.run(both())
    assert a.table is not None and a.table["phase"] == "finished"
    a_faces, b_faces = faces_of(a.events), faces_of(b.events)
    shared = set(a_faces) & set(b_faces)
    # Ann throws positions 2-4 at later rolls, Bob 0-1: both throw everything at roll 1.
    assert any(roll > 1 for _, roll, _ in shared) or len(shared) >= 13 * 5
    assert {k for k in a_faces if k[1] > 1} != {k for k in b_faces if k[1] > 1}
    for key in shared:
        assert a_faces[key] == b_faces[key], key
    rules = a.events[0]["rules"]["name"]
    dice = day_dice(store, DAILY_DAY, rules)
    for key, face in {**a_faces, **b_faces}.items():
        assert dice.face(*key) == face, key
    ann.close()
    bob.close()


def test_one_attempt_a_day_then_the_result(daily_server: ServerProcess, store: Store) -> None:
    kim = browser(daily_server)
    assert kim.request("GET", "/api/daily").json()["attempt"] is None
    seat = start_daily(kim)
    assert kim.request("GET", f"/api/daily/{seat['day']}").json()["played"] is False
    client = asyncio.run(play(daily_server, seat, hold_nothing))
    again = kim.request("POST", "/api/daily/start")
    assert again.status_code == 409
    assert again.json()["code"] == "daily_already_played"
    result = _result_when_ready(kim, seat["day"])
    # The day says who finished it, so a page asks for a result only where there is one.
    day_path = f"/api/daily/{seat['day']}"
    assert kim.request("GET", day_path).json()["played"] is True
    assert browser(daily_server).request("GET", day_path).json()["played"] is False
    table = client.table
    assert table is not None
    score = table["outcome"]["standings"][0]["total"]
    assert result["score"] == score
    assert result["comparison"]["score"] == score
    assert result["optimal_score"] == result["comparison"]["optimal_score"]
    assert len(result["comparison"]["turns"]) == len(result["comparison"]["marks"]) > 0
    assert result["players"] >= 1 and 1 <= result["rank"] <= result["players"]
    assert 0 < result["percentile"] <= 100
    assert result["share"].splitlines()[2] == result["comparison"]["marks"]
    assert str(score) in result["share"] and "Streak: 1 day" in result["share"]
    assert result["streak"] == 1 and result["over"] is False and result["ranked"] is True
    assert sum(b["count"] for b in result["histogram"]["bins"]) == result["players"]
    # The profile counts the game once the day is over, not before (not even for its player).
    assert kim.account is not None
    profile = kim.request("GET", f"/api/accounts/{kim.account['id']}/profile").json()
    assert profile["games"] == [] and profile["accuracy"]["decisions"] == 0
    status = kim.request("GET", "/api/daily").json()
    assert status["attempt"] == {"table_id": seat["table_id"], "status": "finished", "score": score}
    assert status["streak"] == 1
    # No rematch at a daily table.
    rematch = asyncio.run(_ask_rematch(daily_server, seat))
    assert rematch["code"] == "daily_no_rematch"
    kim.close()


def _result_when_ready(who: Browser, day: str) -> dict[str, Any]:
    """The result, once the comparison (made in the background) is recorded."""
    for _ in range(200):
        answer = who.request("GET", f"/api/daily/{day}/result")
        if answer.status_code == 200:
            body: dict[str, Any] = answer.json()
            return body
        assert answer.json()["code"] == "no_daily_result", answer.text
        asyncio.run(asyncio.sleep(0.05))
    raise AssertionError("the result never came")


async def _ask_rematch(server: ServerProcess, seat: dict[str, Any]) -> dict[str, Any]:
    client = await PlayClient(server.ws_url(seat["table_id"]), token=seat["token"]).connect()
    await client.intent("rematch", accept=True)
    error = await client.error()
    await client.close()
    return error


def test_the_log_is_the_players_alone_until_the_day_is_over(
    daily_server: ServerProcess, store: Store
) -> None:
    lea, max_ = browser(daily_server), browser(daily_server)
    seat = start_daily(lea)
    client = asyncio.run(play(daily_server, seat, hold_left_pair))
    table_id = seat["table_id"]
    result = _result_when_ready(lea, seat["day"])
    hidden = [
        f"/api/matches/{table_id}",
        f"/api/matches/{table_id}/replay",
        f"/api/matches/{table_id}/analysis",
        f"/api/tables/{table_id}",
        f"/api/tables/{table_id}/events",
    ]
    anonymous = httpx.Client(base_url=daily_server.base_url)
    for path in hidden:
        for asker in (max_.request, anonymous.request):
            refused = asker("GET", path)
            assert refused.status_code == 403, (path, refused.text)
            assert refused.json()["code"] == "daily_not_over"
        assert lea.request("GET", path).status_code == 200, path
    listed = anonymous.get("/api/matches", params={"limit": 500}).json()
    assert table_id not in {m["id"] for m in listed}
    board = anonymous.get(f"/api/daily/{seat['day']}").json()
    assert board["over"] is False and board["secret"] is None
    assert board["optimal_score"] is None
    assert all(row["table_id"] is None for row in board["leaderboard"])
    # Spectating is refused too, and the lists of games leave the table out.
    watcher = asyncio.run(_watch(daily_server, table_id))
    assert watcher == "daily_not_over"
    listings = _game_listings(client.events[0]["rules"]["name"], lea)
    for path, ids in listings.items():
        assert table_id not in ids(anonymous.get(path).json()), path
    # Nor does any figure of the profile count it, whoever asks (its player included).
    assert lea.account is not None
    profile_path = f"/api/accounts/{lea.account['id']}/profile"
    for asker in (max_.request, lea.request, anonymous.request):
        profile = asker("GET", profile_path).json()
        assert profile["games"] == [] and profile["recent"] == [], profile
        assert profile["accuracy"] == {
            "decisions": 0,
            "points_given_away": 0.0,
            "per_decision": None,
        }

    yesterday = move_to_yesterday(store, table_id)
    secret = store.daily_secret(yesterday)  # the day had its secret
    for path in hidden:
        assert anonymous.get(path).status_code == 200, path
        assert max_.request("GET", path).status_code == 200, path
    assert table_id in {
        m["id"] for m in anonymous.get("/api/matches", params={"limit": 500}).json()
    }
    for path, ids in listings.items():
        assert table_id in ids(anonymous.get(path).json()), path
    # The day over, the profile counts the game, and its accuracy is the comparison's.
    profile = max_.request("GET", profile_path).json()
    assert [(g["preset"], g["games"]) for g in profile["games"]] == [(result["rules"], 1)]
    assert profile["games"][0]["best_score"] == result["score"]
    decisions = sum(len(turn["decisions"]) for turn in result["comparison"]["turns"])
    assert decisions > 0 and profile["accuracy"]["decisions"] == decisions
    assert profile["accuracy"]["points_given_away"] == pytest.approx(result["gave_away"], abs=1e-3)
    assert profile["ratings"] == [] and profile["recent"][0]["rated"] is False
    past = anonymous.get(f"/api/daily/{yesterday.isoformat()}").json()
    assert past["over"] is True
    assert past["secret"] == secret.hex()
    assert table_id in {row["table_id"] for row in past["leaderboard"]}
    anonymous.close()
    lea.close()
    max_.close()


def _game_listings(rules: str, player: Browser) -> dict[str, Any]:
    """The lists of games that name match ids, each with how to read the ids from it."""
    assert player.account is not None
    name, account = player.account["name"], player.account["id"]
    return {
        f"/api/scores/{rules}?limit=100": lambda body: {g["match_id"] for g in body},
        f"/api/leaderboards/{rules}?limit=100": lambda body: {g["match_id"] for g in body["games"]},
        f"/api/players/{name}/history": lambda body: {m["match_id"] for m in body},
        f"/api/accounts/{account}/profile": lambda body: {m["match_id"] for m in body["recent"]},
    }


async def _watch(server: ServerProcess, table_id: str) -> str:
    import json

    import websockets

    async with websockets.connect(server.ws_url(table_id)) as ws:
        await ws.send(json.dumps({"type": "hello", "last_seq": 0, "name": "Watcher"}))
        answer = json.loads(await asyncio.wait_for(ws.recv(), 10))
        return str(answer.get("code"))


def test_resume_after_the_page_closes(daily_server: ServerProcess, store: Store) -> None:
    ida = browser(daily_server)
    seat = start_daily(ida)
    client = asyncio.run(play(daily_server, seat, hold_left_pair, turns=3))
    seq = client.seq
    again = start_daily(ida)  # the page opened again
    assert again["table_id"] == seat["table_id"]
    client = asyncio.run(play(daily_server, again, hold_left_pair, turns=1))
    assert client.seq > seq
    scored = [e for e in client.events if e["type"] == "scored"]
    assert len(scored) == 4  # the match went on from the fourth turn
    status = ida.request("GET", "/api/daily").json()
    assert status["attempt"]["status"] == "playing" and status["attempt"]["score"] is None
    ida.close()


def test_resume_after_a_restart_rolls_the_same_dice(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'fivedice.db'}", tmp_path / "server.log")
    server.start()
    try:
        joe = browser(server)
        seat = start_daily(joe)
        client = asyncio.run(play(server, seat, hold_right_three, turns=2))
        server.stop()
        server.start()
        again = start_daily(joe)
        assert again["table_id"] == seat["table_id"]
        client = asyncio.run(play(server, again, hold_right_three))
        assert client.table is not None and client.table["phase"] == "finished"
        store = Store(server.database_url)
        try:
            rules = client.events[0]["rules"]["name"]
            dice = day_dice(store, DAILY_DAY, rules)
            faces = faces_of(client.events)
            assert max(turn for turn, _, _ in faces) >= 13
            for key, face in faces.items():
                assert dice.face(*key) == face, key
        finally:
            store.close()
        assert _result_when_ready(joe, seat["day"])["score"] > 0
        joe.close()
    finally:
        server.stop()


def test_a_lost_comparison_is_made_on_request(daily_server: ServerProcess, store: Store) -> None:
    uma = browser(daily_server)
    seat = start_daily(uma)
    asyncio.run(play(daily_server, seat, hold_nothing))
    first = _result_when_ready(uma, seat["day"])
    with store.engine.begin() as conn:  # as if the node stopped before comparing
        conn.execute(
            update(DailyAttemptRow)
            .where(DailyAttemptRow.table_id == seat["table_id"])
            .values(score=None, gave_away=None, comparison=None, finished_at=None)
        )
    # Just ended, its comparison may be on its way: not made twice.
    waiting = uma.request("GET", f"/api/daily/{seat['day']}/result")
    assert (waiting.status_code, waiting.json()["code"]) == (404, "no_daily_result")
    assert uma.request("GET", "/api/daily").json()["attempt"]["status"] == "playing"
    with store.engine.begin() as conn:  # a while ago
        conn.execute(
            update(MatchRow)
            .where(MatchRow.id == seat["table_id"])
            .values(finished_at=datetime.now(UTC) - timedelta(seconds=30))
        )
    again = uma.request("GET", f"/api/daily/{seat['day']}/result")
    assert again.status_code == 200, again.text
    assert again.json()["comparison"] == first["comparison"]
    uma.close()


def test_start_needs_an_account(daily_server: ServerProcess) -> None:
    with httpx.Client(base_url=daily_server.base_url) as anonymous:
        refused = anonymous.post("/api/daily/start")
        assert refused.status_code == 401
        assert refused.json()["code"] == "no_account"
        assert anonymous.get("/api/daily").json()["attempt"] is None
        missing = anonymous.get(f"/api/daily/{DAILY_DAY.isoformat()}/result")
        assert missing.status_code == 401
        assert missing.json()["code"] == "no_account"
        forged = {"Authorization": "Bearer fdk_not-a-token"}
        for path in ("/api/daily", "/api/daily/days", f"/api/daily/{DAILY_DAY.isoformat()}"):
            refused = anonymous.get(path, headers=forged)
            assert (refused.status_code, refused.json()["code"]) == (401, "signed_out"), path
        assert anonymous.post("/api/daily/start", headers=forged).status_code == 401


# The optimal game checked from the published secret, with hashlib and hmac alone ------------


def script_face(secret: bytes, day: str, rules: str, turn: int, roll: int, position: int) -> int:
    """The face of the published recipe (rules.daily's docstring), written out afresh."""
    message = f"fivedice-daily|{day}|{rules}|{turn}|{roll}|{position}".encode()
    block = hmac.new(secret, message, hashlib.sha256).digest()
    while True:
        for byte in block:
            if byte < 252:
                return 1 + byte % 6
        block = hashlib.sha256(block).digest()


def replay_with_secret(secret: bytes, day: str, events: list[dict[str, Any]]) -> int:
    """Replay a one-seat log's holds with the day's faces, checking every roll; returns how
    many dice were checked."""
    rules = events[0]["rules"]["name"]
    turn, roll, before, checked = 1, 0, None, 0
    for event in events:
        if event["type"] == "rolled":
            roll += 1
            held = set(event["held"]) if roll > 1 else set()
            expected = [
                before[p]
                if p in held and before is not None
                else script_face(secret, day, rules, turn, roll, p)
                for p in range(5)
            ]
            assert event["dice"] == expected, (turn, roll)
            before, checked = event["dice"], checked + 5
        elif event["type"] == "scored":
            turn, roll, before = turn + 1, 0, None
    return checked


def test_the_optimal_game_is_rebuilt_from_the_published_secret(
    daily_server: ServerProcess, store: Store
) -> None:
    past = DAILY_DAY - timedelta(days=3)
    store.daily_secret(past)  # the day was played: it has its secret
    ivy = browser(daily_server)
    assert ivy.account is not None
    with store.engine.begin() as conn:  # and someone finished it: it has an optimal game
        conn.execute(
            insert(DailyAttemptRow),
            [
                {
                    "day": past,
                    "account_id": ivy.account["id"],
                    "table_id": f"finished-{past}",
                    "rules": preset_of_day(past),
                    "score": 100,
                    "ranked": True,
                }
            ],
        )
    ivy.close()
    with httpx.Client(base_url=daily_server.base_url, timeout=60) as client:
        assert client.get(f"/api/daily/{DAILY_DAY.isoformat()}/optimal").status_code == 403
        day = client.get(f"/api/daily/{past.isoformat()}").json()
        secret = bytes.fromhex(day["secret"])
        optimal = client.get(f"/api/daily/{past.isoformat()}/optimal").json()
    assert optimal["score"] == day["optimal_score"] > 0
    checked = replay_with_secret(secret, past.isoformat(), optimal["events"])
    assert checked >= 13 * 5
    scored = [e for e in optimal["events"] if e["type"] == "scored"]
    assert sum(e["points"] + e["bonus"] for e in scored) <= optimal["score"]
    # A secret that is not the day's fails the check.
    with pytest.raises(AssertionError):
        replay_with_secret(bytes(32), past.isoformat(), optimal["events"])


def test_two_tabs_starting_at_once_get_one_table(daily_server: ServerProcess) -> None:
    eve = browser(daily_server)

    async def start_twice() -> list[httpx.Response]:
        async with httpx.AsyncClient(base_url=daily_server.base_url, timeout=30) as client:
            return list(
                await asyncio.gather(
                    *(client.post("/api/daily/start", headers=eve.headers()) for _ in range(4))
                )
            )

    answers = asyncio.run(start_twice())
    assert [a.status_code for a in answers] == [200] * 4, [a.text for a in answers]
    assert len({a.json()["table_id"] for a in answers}) == 1
    table_id = answers[0].json()["table_id"]
    view = eve.request("GET", f"/api/tables/{table_id}")
    assert view.status_code == 200 and view.json()["daily"] == DAILY_DAY.isoformat()
    assert view.json()["listed"] is False and view.json()["phase"] == "playing"
    eve.close()
