"""Does a turn's first roll repeat the dice the same player ended the turn before with? With
five fresh dice that happens 1 time in 7776: these tests play many turns through the
server's own roll path (and through tables rebuilt from their log, after undo, after a
killed server comes back) and check the count stays within what chance allows, and that a
rebuilt table, or a forked process, does not roll the same future dice twice."""

from __future__ import annotations

import asyncio
import math
import os
import random
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from server_process import ServerProcess
from wsclient import PlayClient, open_table, play_to_the_end

from fivedice.rules import BoxScored, DiceRolled, Event, Match, event_from_dict
from fivedice.server.dice import BlockRandom
from fivedice.server.hub import Hub
from fivedice.server.metrics import Metrics
from fivedice.server.protocol import CreateTable
from fivedice.server.referee import Referee
from fivedice.server.registry import DICE, TableRegistry
from fivedice.server.settings import Settings
from fivedice.server.table import Table
from fivedice.server.writer import StoreWriter
from fivedice.store import Store
from fivedice.store.online import ensure_schema

REPEAT = 6**-5  # five fresh dice showing a given five faces, in order
ALPHA = 1e-6  # a test that fails by bad luck once in a million runs


def most_repeats_by_chance(turns: int, p: float = REPEAT, alpha: float = ALPHA) -> int:
    """The fewest repeats k with P(more than k of `turns`) < `alpha`, X ~ Binomial(turns, p)."""
    tail, k = 1.0, 0
    while True:
        tail -= math.comb(turns, k) * p**k * (1 - p) ** (turns - k)
        if tail < alpha:
            return k
        k += 1


def repeats(events: Sequence[Event]) -> tuple[int, int]:
    """(turns, repeats): each first roll of a turn set against the dice the same seat scored
    with last; a repeat is the same five faces in the same places."""
    match = Match.replay(events[:1], random.Random(0))
    last: dict[int, tuple[int, ...]] = {}
    turns = same = 0
    for event in events[1:]:
        state = match.state
        if isinstance(event, DiceRolled) and state.dice is None and event.seat in last:
            turns += 1
            same += event.dice == last[event.seat]
        if isinstance(event, BoxScored) and state.dice is not None:
            last[event.seat] = state.dice
        match.apply(event)
    return turns, same


def test_the_bound_is_binomial() -> None:
    assert most_repeats_by_chance(1) == 1 and most_repeats_by_chance(600) == 4
    assert most_repeats_by_chance(600, p=1.0) == 600


def test_repeats_counts_a_first_roll_equal_to_the_last_scored_dice() -> None:
    match = Match.create(rng=random.Random(3))
    match.join("Ann")
    match.start(0)
    for _ in range(3):
        rolled = match.roll(0)
        match.score(0, match.state.score_options()[0].category)
    assert repeats(match.events) == (2, 0)
    logged = list(match.events)
    logged.append(DiceRolled(0, rolled.dice, ()))  # the scored dice, thrown again
    assert repeats(logged) == (3, 1)


@dataclass
class Server:
    """The server's pieces that roll and store, in this process."""

    store: Store
    writer: StoreWriter
    referee: Referee
    registry: TableRegistry


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[Server]:
    store = Store(f"sqlite:///{tmp_path / 'fivedice.db'}")
    ensure_schema(store)
    settings, metrics = Settings(bot_delay=0.0), Metrics()
    writer = StoreWriter(store, metrics)
    writer.start()
    referee = Referee(settings, store, writer, Hub(settings, metrics), metrics)
    yield Server(store, writer, referee, TableRegistry(store, writer))
    await referee.drain()
    await writer.stop()
    store.close()


async def solo_table(server: Server, rounds: int) -> Table:
    """A started table with Ann alone, playing `rounds` games of 13 turns."""
    table, ann, _ = await server.registry.create(
        CreateTable(host_name="Ann", seats=1, rounds=rounds)
    )
    assert ann == 0
    await server.referee.perform(table, lambda m: m.start(0))
    return table


async def test_first_rolls_repeat_the_last_dice_no_more_than_chance(server: Server) -> None:
    tables = [await solo_table(server, rounds=6) for _ in range(8)]
    for n, table in enumerate(tables):
        turn = 0
        while table.state.phase.value == "playing":
            turn += 1
            await server.referee.perform(table, lambda m: m.roll(0))
            if turn % 2:
                await server.referee.perform(table, lambda m: m.roll(0, hold=[0, 1]))
            first = table.state.score_options()[0].category
            await server.referee.perform(table, lambda m, c=first: m.score(0, c))
            if turn % 3 == 0 and table.state.phase.value == "playing":  # take it back, redo
                await server.referee.perform(table, lambda m: m.undo(0))
                await server.referee.perform(table, lambda m, c=first: m.score(0, c))
            if turn % 7 == n % 7:  # the table rebuilt from its stored log, as after a restart
                server.registry.tables.pop(table.id, None)
                table = await server.registry.find(table.id)
        tables[n] = table
    counted = [repeats(table.match.events) for table in tables]
    turns, same = sum(t for t, _ in counted), sum(s for _, s in counted)
    stored = [repeats(server.store.load_match(table.id).events) for table in tables]
    assert stored == counted  # what was played is what is stored
    assert turns == 8 * (6 * 13 - 1)
    assert same <= most_repeats_by_chance(turns), f"{same} repeats in {turns} turns"


def play_out(match: Match, turns: int) -> list[tuple[int, ...]]:
    """Play `turns` turns of the active seat (roll, score the first box): the dice shown."""
    shown = []
    for _ in range(turns):
        seat = match.state.active_seat
        assert seat is not None
        shown.append(match.roll(seat).dice)
        match.score(seat, match.state.score_options()[0].category)
    return shown


async def test_a_rebuilt_table_does_not_replay_the_same_dice(server: Server) -> None:
    table = await solo_table(server, rounds=1)
    for _ in range(4):
        await server.referee.perform(table, lambda m: m.roll(0))
        first = table.state.score_options()[0].category
        await server.referee.perform(table, lambda m, c=first: m.score(0, c))
    assert table.rng is DICE
    again = [await asyncio.to_thread(server.registry.load, table.id) for _ in range(2)]
    assert all(t.rng is DICE and t.match.events == table.match.events for t in again)
    futures = [play_out(t.match, 8) for t in (table, *again)]
    # 40 dice alike by chance: 6**-40; a table rebuilt with a seeded or saved RNG would be.
    assert futures[0] != futures[1] and futures[0] != futures[2] and futures[1] != futures[2]
    table.roll_back()  # the unstored turns forgotten: the next dice are new ones too
    assert play_out(table.match, 8) != futures[0]


def test_a_forked_process_does_not_roll_its_parents_dice() -> None:
    dice = BlockRandom()
    dice.randint(1, 6)  # a block read: the rest waits in memory
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child's side
        try:
            os.write(write, bytes(dice.randint(1, 6) for _ in range(60)))
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        childs = pipe.read()
    os.waitpid(child, 0)
    parents = bytes(dice.randint(1, 6) for _ in range(60))
    assert len(childs) == 60 and all(1 <= b <= 6 for b in childs)
    assert childs != parents  # alike by chance: 6**-60


async def test_over_the_sockets_with_a_killed_server_in_between(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'fivedice.db'}", tmp_path / "server.log")
    server.start()
    try:
        with httpx.Client(base_url=server.base_url, timeout=10) as api:
            tables = [open_table(api, "Ann", "Bob", seats=2, rounds=3) for _ in range(4)]
        clients = [
            PlayClient(server.ws_url(t["id"]), token) for t in tables for token in t["tokens"]
        ]
        for client in clients:
            await client.connect()
        for client in clients[::2]:
            await client.intent("start")
        players = [asyncio.create_task(play_to_the_end(c, resilient=True)) for c in clients]
        with httpx.Client(base_url=server.base_url, timeout=10) as api:
            while api.get(f"/api/tables/{tables[0]['id']}").json()["seq"] < 60:
                await asyncio.sleep(0.02)
        server.kill()  # a node dies mid-match; the tables come back from their logs
        await asyncio.sleep(0.3)
        await asyncio.to_thread(server.start)
        await asyncio.wait_for(asyncio.gather(*players), 300)
        with httpx.Client(base_url=server.base_url, timeout=10) as api:
            logs = [api.get(f"/api/matches/{t['id']}").json() for t in tables]
        counted = [repeats([event_from_dict(e) for e in log["events"]]) for log in logs]
        turns, same = sum(t for t, _ in counted), sum(s for _, s in counted)
        assert turns == 4 * 2 * (3 * 13 - 1)
        assert same <= most_repeats_by_chance(turns), f"{same} repeats in {turns} turns"
    finally:
        server.stop()
