"""Rated matches, profiles and leaderboards through the protocol, against a real server:

- a rated three-player table, opened and joined by three guest accounts (cookies and CSRF
  tokens, as browsers do), refuses computer seats, undo, hints and any seat without an
  account (REST and the socket's ``join``); played to the end over sockets, its ratings (REST)
  move the right way and equal openskill's computation done here; recomputing every rating
  from the stored logs gives the same numbers;
- each player's profile shows the numbers worked out here from the match played (games,
  average, bonus and Yahtzee rates) and the accuracy ``strategy.analysis`` gives here;
- the leaderboards list single games: a two-round match is two games, its total nowhere;
- the new routes refuse malformed input with {code, message} and a 4xx, never a 5xx.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from accounts_client import Browser
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce
from server_process import ServerProcess
from wsclient import PlayClient, open_table, play_to_the_end

from fivedice.ratings import recompute
from fivedice.store import Store, rated_matches, recorded_changes
from fivedice.strategy.analysis import analyse

RATED = {"rated": True, "seats": 3}


def expected_ratings(final: dict[str, Any], accounts: dict[int, str]) -> dict[str, PlackettLuce]:
    """Openskill's own answer for newcomers finishing as `final` says: rank by total, equal
    totals sharing a rank (nobody left this match)."""
    totals = {s["seat"]: s["total"] for s in final["outcome"]["standings"]}
    ranks = {seat: 1 + sum(t > total for t in totals.values()) for seat, total in totals.items()}
    model = PlackettLuce()
    seats = sorted(accounts)
    rated = model.rate([[model.rating()] for _ in seats], ranks=[ranks[s] for s in seats])
    return {accounts[s]: team[0] for s, team in zip(seats, rated, strict=True)}


def seat_for(browser: Browser, table_id: str, name: str) -> dict[str, Any]:
    """Take a seat at the table as this browser's account."""
    answer = browser.request("POST", f"/api/tables/{table_id}/seats", json={"name": name})
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def accuracy_here(server: ServerProcess, match_id: str) -> dict[int, tuple[int, float]]:
    """Each seat's decisions and points given away, by the analysis run here on the log."""
    store = Store(server.database_url)
    try:
        events = store.load_events(match_id)
    finally:
        store.close()
    numbers: dict[int, tuple[int, float]] = {}
    for decision in analyse(events).decisions:
        count, cost = numbers.get(decision.seat, (0, 0.0))
        numbers[decision.seat] = (count + 1, cost + decision.cost)
    return numbers


def profile_once_analysed(api: httpx.Client, account_id: str) -> dict[str, Any]:
    """The account's profile, once the server's background analysis has recorded it."""
    deadline = time.monotonic() + 120
    while True:
        answer = api.get(f"/api/accounts/{account_id}/profile")
        assert answer.status_code == 200, answer.text
        body = dict(answer.json())
        if body["accuracy"]["decisions"] or time.monotonic() > deadline:
            return body
        time.sleep(0.25)


async def test_a_rated_three_player_match_between_accounts_through_the_protocol(
    server: ServerProcess, api: httpx.Client
) -> None:
    ann, bob, cid = (Browser(server.base_url) for _ in range(3))
    for browser in (ann, bob, cid):
        browser.guest()
    bots = ann.request(
        "POST", "/api/tables", json={"host_name": "Ann", **RATED, "bots": [{"level": "beginner"}]}
    )
    assert bots.status_code == 409 and bots.json()["code"] == "computer_in_rated_match"
    with_undo = ann.request(
        "POST", "/api/tables", json={"host_name": "Ann", **RATED, "undo_allowed": True}
    )
    assert with_undo.status_code == 422 and with_undo.json()["code"] == "rated_options_conflict"
    anonymous = api.post("/api/tables", json={"host_name": "Ann", **RATED})
    assert anonymous.status_code == 403 and anonymous.json()["code"] == "account_required"

    created = ann.request("POST", "/api/tables", json={"host_name": "Ann", **RATED})
    assert created.status_code == 201, created.text
    table_id = created.json()["table_id"]
    # Nobody sits at a rated table without an account, nor twice with one.
    stranger = api.post(f"/api/tables/{table_id}/seats", json={"name": "Zed"})
    assert stranger.status_code == 403 and stranger.json()["code"] == "account_required"
    twice = ann.request("POST", f"/api/tables/{table_id}/seats", json={"name": "Ann 2"})
    assert twice.status_code == 403 and twice.json()["code"] == "account_required"
    watcher = await PlayClient(server.ws_url(table_id), name="Watcher").connect()
    await watcher.intent("join", name="Watcher")
    assert (await watcher.error())["code"] == "account_required"
    await watcher.close()

    seats = [created.json(), seat_for(bob, table_id, "Bob"), seat_for(cid, table_id, "Cid")]
    accounts = {
        s["seat"]: str(b.account["id"])
        for s, b in zip(seats, (ann, bob, cid), strict=True)
        if b.account
    }
    added = api.post(
        f"/api/tables/{table_id}/bots",
        json={"level": "beginner"},
        headers={"X-Seat-Token": seats[0]["token"]},
    )
    assert added.status_code == 409 and added.json()["code"] == "computer_in_rated_match"
    clients = [PlayClient(server.ws_url(table_id), s["token"]) for s in seats]
    for client in clients:
        await client.connect()
    await clients[0].intent("start")
    await clients[0].until_table(lambda t: t["phase"] == "playing")
    assert clients[0].table is not None
    options = clients[0].table["options"]
    assert options["rated"] is True and options["undo_allowed"] is False
    assert options["hints"] is False
    advice = api.get(f"/api/tables/{table_id}/advice", headers={"X-Seat-Token": seats[0]["token"]})
    assert advice.status_code == 403 and advice.json()["code"] == "hints_off"
    await clients[0].intent("roll")
    await clients[0].until_table(lambda t: t["dice"] is not None)
    await clients[0].intent("score", category="chance")
    await clients[0].until_table(lambda t: t["active_seat"] != seats[0]["seat"])
    await clients[0].intent("undo")
    assert (await clients[0].error())["code"] == "undo_not_allowed"

    finals = await asyncio.wait_for(asyncio.gather(*(play_to_the_end(c) for c in clients)), 180)
    final = finals[0]

    # A rematch keeps each account on its seat: it is rated for the same accounts.
    for client in clients:
        await client.intent("rematch")
    moves = await asyncio.gather(*(c.next(lambda m: m["type"] == "rematch") for c in clients))
    rematch = api.get(f"/api/tables/{moves[0]['table_id']}").json()
    assert rematch["options"]["rated"] is True
    held = {s["seat"]: s["account"]["name"] for s in rematch["seats"] if s["account"]}
    names_by_seat = {
        seat: b.account["name"]
        for seat, b in zip(accounts, (ann, bob, cid), strict=True)
        if b.account
    }
    new_seats = {old: m["seats"][0]["seat"] for old, m in zip(accounts, moves, strict=True)}
    assert held == {new_seats[old]: names_by_seat[old] for old in accounts}
    for client in clients:
        await client.close()

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
    # The leaderboard names the accounts ("Guest N"), not the names typed at the table.
    names = {str(b.account["id"]): b.account["name"] for b in (ann, bob, cid) if b.account}
    assert {a: ours[a]["name"] for a in ours} == names

    # The match's own rating changes, by seat, for its results screen.
    changes = api.get(f"/api/matches/{table_id}/ratings").json()
    assert [c["seat"] for c in changes] == sorted(accounts)
    for change in changes:
        rating = expected[accounts[change["seat"]]]
        assert change["family"] == "yahtzee" and change["provisional"] is True
        assert change["rating_before"] == 0.0  # mu 25, sigma 25/3: a newcomer shows 0
        assert change["rating_after"] == round(rating.mu - 3 * rating.sigma, 1)
    assert api.get("/api/matches/no-such-match/ratings").status_code == 404

    history = api.get(f"/api/ratings/accounts/{winner}").json()
    assert [r["family"] for r in history["ratings"]] == ["yahtzee"]
    assert [h["match_id"] for h in history["history"]] == [table_id]
    assert history["history"][0]["mu_before"] == 25.0

    # Each profile: the numbers worked out here from the match played.
    by_seat = {s["seat"]: s for s in final["seats"]}
    analysed = accuracy_here(server, table_id)
    for seat, account in accounts.items():
        profile = profile_once_analysed(api, account)
        assert profile["name"] == names[account] and profile["kind"] == "guest"
        (card,) = by_seat[seat]["cards"]
        (official,) = profile["games"]
        assert official["preset"] == "official" and official["games"] == 1
        assert official["average_score"] == card["grand_total"] == official["best_score"]
        assert official["upper_bonus_rate"] == (1.0 if card["upper_bonus"] > 0 else 0.0)
        assert official["yahtzee_rate"] == (1.0 if card["boxes"]["yahtzee"] == 50 else 0.0)
        decisions, given_away = analysed[seat]
        assert official["decisions"] == profile["accuracy"]["decisions"] == decisions
        assert profile["accuracy"]["points_given_away"] == pytest.approx(given_away, abs=1e-3)
        assert profile["accuracy"]["per_decision"] == pytest.approx(
            given_away / decisions, abs=1e-4
        )
        (rating,) = profile["ratings"]
        assert rating["family"] == "yahtzee" and rating["mu"] == ours[account]["mu"]
        assert [p["match_id"] for p in rating["history"]] == [table_id]
        assert rating["history"][0]["provisional"] is True
        (recent,) = profile["recent"]
        assert recent["match_id"] == table_id and recent["rated"] is True
        assert recent["total"] == card["grand_total"] and recent["players"] == 3
        assert recent["replay_url"].endswith(f"match={table_id}")

    # Every rating recomputed from the stored logs equals what was recorded.
    store = Store(server.database_url)
    try:
        assert recompute(rated_matches(store)) == recorded_changes(store)
    finally:
        store.close()
    for browser in (ann, bob, cid):
        browser.close()


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
    profile = paths["/api/accounts/{account_id}/profile"]["get"]["responses"]
    assert set(profile) == {"200", "404", "422", "503"}


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
    where=st.sampled_from(["leaderboards", "ratings", "accounts", "profile", "match"]),
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
        "profile": f"/api/accounts/{segment}/profile",
        "match": f"/api/matches/{segment}/ratings",
    }[where]
    answer = api.get(path, params={"period": period, "limit": limit, "include_bots": bots})
    assert answer.status_code < 500, answer.text
    if answer.status_code >= 400:
        body = answer.json()
        assert isinstance(body["code"], str) and isinstance(body["message"], str)
