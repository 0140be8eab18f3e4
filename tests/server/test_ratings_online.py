"""Rated matches and leaderboards through the protocol, against a real server:

- a rated three-player table refuses computer seats, undo and hints; played to the end over
  sockets, its ratings (REST) move the right way and equal openskill's computation done here;
  recomputing every rating from the stored logs gives the same numbers;
- the leaderboards list single games: a two-round match is two games, its total nowhere;
- the new routes refuse malformed input with {code, message} and a 4xx, never a 5xx.

The accounts work links seats to accounts in ``seat_accounts``; this branch has no sign-in, so
the test writes that table itself, as signing in will.
"""

from __future__ import annotations

import asyncio
import uuid
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce
from server_process import ServerProcess
from sqlalchemy import Column, Integer, MetaData, String, Table, insert
from wsclient import PlayClient, open_table, play_to_the_end

from fivedice.ratings import recompute
from fivedice.store import Store, rated_matches, recorded_changes

_metadata = MetaData()
SEAT_ACCOUNTS = Table(
    "seat_accounts",
    _metadata,
    Column("match_id", String(64), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", String(64), nullable=False),
)
RATED = {"rated": True, "undo_allowed": False, "seats": 3}


def sign_in(server: ServerProcess, table_id: str, accounts: dict[int, str]) -> None:
    """What signing in will do: link each seat to its account, in the server's database."""
    store = Store(server.database_url)
    try:
        _metadata.create_all(store.engine)
        with store.engine.begin() as conn:
            conn.execute(
                insert(SEAT_ACCOUNTS),
                [{"match_id": table_id, "seat": s, "account_id": a} for s, a in accounts.items()],
            )
    finally:
        store.close()


def expected_ratings(final: dict[str, Any], accounts: dict[int, str]) -> dict[str, PlackettLuce]:
    """Openskill's own answer for newcomers finishing as `final` says: rank by total, equal
    totals sharing a rank (nobody left this match)."""
    totals = {s["seat"]: s["total"] for s in final["outcome"]["standings"]}
    ranks = {seat: 1 + sum(t > total for t in totals.values()) for seat, total in totals.items()}
    model = PlackettLuce()
    seats = sorted(accounts)
    rated = model.rate([[model.rating()] for _ in seats], ranks=[ranks[s] for s in seats])
    return {accounts[s]: team[0] for s, team in zip(seats, rated, strict=True)}


async def test_a_rated_three_player_match_through_the_protocol(
    server: ServerProcess, api: httpx.Client
) -> None:
    bots = api.post(
        "/api/tables", json={"host_name": "Ann", **RATED, "bots": [{"level": "beginner"}]}
    )
    assert bots.status_code == 409 and bots.json()["code"] == "computer_in_rated_match"
    with_undo = api.post("/api/tables", json={"host_name": "Ann", "rated": True, "seats": 3})
    assert with_undo.status_code == 422 and with_undo.json()["code"] == "rated_options_conflict"

    table = open_table(api, "Ann", "Bob", "Cid", **RATED)
    table_id = table["id"]
    tag = uuid.uuid4().hex[:8]
    accounts = {seat: f"{name}-{tag}" for seat, name in zip(table["seats"], "abc", strict=True)}
    sign_in(server, table_id, accounts)
    added = api.post(
        f"/api/tables/{table_id}/bots",
        json={"level": "beginner"},
        headers={"X-Seat-Token": table["token"]},
    )
    assert added.status_code == 409 and added.json()["code"] == "computer_in_rated_match"
    clients = [PlayClient(server.ws_url(table_id), token) for token in table["tokens"]]
    for client in clients:
        await client.connect()
    await clients[0].intent("start")
    await clients[0].until_table(lambda t: t["phase"] == "playing")
    assert clients[0].table is not None and clients[0].table["options"]["rated"] is True
    advice = api.get(f"/api/tables/{table_id}/advice", headers={"X-Seat-Token": table["token"]})
    assert advice.status_code == 403 and advice.json()["code"] == "hints_off"
    await clients[0].intent("roll")
    await clients[0].until_table(lambda t: t["dice"] is not None)
    await clients[0].intent("score", category="chance")
    await clients[0].until_table(lambda t: t["active_seat"] != table["seats"][0])
    await clients[0].intent("undo")
    assert (await clients[0].error())["code"] == "undo_not_allowed"

    finals = await asyncio.wait_for(asyncio.gather(*(play_to_the_end(c) for c in clients)), 180)
    for client in clients:
        await client.close()
    final = finals[0]

    board = api.get("/api/ratings/yahtzee", params={"limit": 100}).json()
    assert board["family"] == "yahtzee" and "official" in board["presets"]
    ours = {line["account_id"]: line for line in board["ratings"] if line["account_id"] in
            accounts.values()}  # fmt: skip
    expected = expected_ratings(final, accounts)
    assert set(ours) == set(expected)
    for account, rating in expected.items():
        assert ours[account]["mu"] == pytest.approx(rating.mu, rel=1e-12)
        assert ours[account]["sigma"] == pytest.approx(rating.sigma, rel=1e-12)
        assert ours[account]["games"] == 1 and ours[account]["provisional"] is True
        assert ours[account]["rating"] == round(rating.mu - 3 * rating.sigma, 1)
    winner = accounts[final["outcome"]["winners"][0]]
    loser_seat = min(final["outcome"]["standings"], key=lambda s: s["total"])["seat"]
    assert ours[winner]["mu"] > 25.0
    if len(final["outcome"]["winners"]) == 1:
        assert ours[accounts[loser_seat]]["mu"] < 25.0
    names = {s["seat"]: s["name"] for s in final["seats"]}
    assert {ours[a]["name"] for a in ours} == {names[s] for s in accounts}

    profile = api.get(f"/api/ratings/accounts/{winner}").json()
    assert [r["family"] for r in profile["ratings"]] == ["yahtzee"]
    assert [h["match_id"] for h in profile["history"]] == [table_id]
    assert profile["history"][0]["mu_before"] == 25.0

    # Every rating recomputed from the stored logs equals what was recorded.
    store = Store(server.database_url)
    try:
        assert recompute(rated_matches(store)) == recorded_changes(store)
    finally:
        store.close()


async def test_leaderboards_list_single_games(server: ServerProcess, api: httpx.Client) -> None:
    tess = f"Tess {uuid.uuid4().hex[:6]}"
    table = open_table(api, tess, preset="yacht", rounds=2, seats=1)
    client = await PlayClient(server.ws_url(table["id"]), table["token"]).connect()
    await client.intent("start")
    final = await asyncio.wait_for(play_to_the_end(client), 120)
    await client.close()
    seat = next(s for s in final["seats"] if s["name"] == tess)
    match_total = seat["total"]

    for path in ("/api/leaderboards/yacht", "/api/scores/yacht"):
        answer = api.get(path, params={"limit": 100})
        assert answer.status_code == 200, answer.text
        body = answer.json()
        lines = body["games"] if isinstance(body, dict) else body
        mine = [line for line in lines if line["name"] == tess]
        assert sorted(line["round"] for line in mine) == [1, 2]
        assert all(line["rounds"] == 2 for line in mine)
        scores = [line.get("score", line.get("total")) for line in mine]
        assert sum(scores) == match_total
        assert match_total not in [line.get("score", line.get("total")) for line in lines]
    for period in ("week", "month"):
        body = api.get("/api/leaderboards/yacht", params={"period": period, "limit": 100}).json()
        assert body["period"] == period and body["since"] is not None
        assert len([line for line in body["games"] if line["name"] == tess]) == 2


def test_the_new_routes_are_in_the_openapi_document(api: httpx.Client) -> None:
    paths = api.get("/openapi.json").json()["paths"]
    for path in (
        "/api/leaderboards/{preset_name}",
        "/api/ratings/{family}",
        "/api/ratings/accounts/{account_id}",
    ):
        assert set(paths[path]["get"]["responses"]) == {"200", "422", "503"}


junk = st.one_of(
    st.text(max_size=80),
    st.integers(-(10**12), 10**12).map(str),
    st.sampled_from(["", "all", "week", "month", "year", "ALL", "0", "-1", "101", "1e9", "%00"]),
)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    where=st.sampled_from(["leaderboards", "ratings", "accounts"]),
    name=junk,
    period=junk,
    limit=junk,
    bots=junk,
)
def test_malformed_queries_are_refused_never_a_server_error(
    api: httpx.Client, where: str, name: str, period: str, limit: str, bots: str
) -> None:
    # Any text as one path segment (the server decodes %2F into a "/", which leaves the route:
    # an unknown path, not these routes' refusal).
    segment = quote(name.replace("/", "_"), safe="").replace(".", "%2E") or "x"
    path = {
        "leaderboards": f"/api/leaderboards/{segment}",
        "ratings": f"/api/ratings/{segment}",
        "accounts": f"/api/ratings/accounts/{segment}",
    }[where]
    answer = api.get(path, params={"period": period, "limit": limit, "include_bots": bots})
    assert answer.status_code < 500, answer.text
    if answer.status_code >= 400:
        body = answer.json()
        assert isinstance(body["code"], str) and isinstance(body["message"], str)
