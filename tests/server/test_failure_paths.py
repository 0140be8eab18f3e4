"""What the server does when something fails, checked on its parts in one process (no server
process), on real SQLite and PostgreSQL databases.

A write is made to fail for real: another writer has taken the sequence number the table's
next event needs (:func:`block`), so the database refuses it, until the test gives the number
back (:func:`unblock`). That is the same refusal, through the same code, as any failed commit.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import delete
from starlette.websockets import WebSocketState

from fivedice.rules import Match, MatchState, RuleError
from fivedice.server import writer as writer_module
from fivedice.server.bots import BotRunner
from fivedice.server.errors import StoreUnavailable, TableUnavailable
from fivedice.server.hub import SEND_KEY, Client, Hub
from fivedice.server.metrics import Metrics
from fivedice.server.protocol import CreateTable
from fivedice.server.referee import Referee
from fivedice.server.registry import TableRegistry
from fivedice.server.settings import Settings
from fivedice.server.table import Table
from fivedice.server.writer import StoreWriter
from fivedice.store import SequenceConflict, Store
from fivedice.store.models import EventRow
from fivedice.store.online import Append, create_online_match, ensure_schema
from fivedice.strategy.seats import ComputerSeats, SeatMove

# A refused commit: the store failed, or (as :func:`block` makes it) another writer took the
# sequence number, which the referee reports as the table having moved.
REFUSED = (StoreUnavailable, TableUnavailable)
FAST_RETRY = (0.01, 0.05)  # first wait, longest wait: the retry logic, without the waiting


@dataclass
class Server:
    """A server's parts, as ServerContext wires them, minus the sockets."""

    store: Store
    writer: StoreWriter
    metrics: Metrics
    hub: Hub
    referee: Referee
    registry: TableRegistry
    bots: BotRunner


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Store:
    if request.param == "postgresql":
        url = str(request.getfixturevalue("postgresql_url"))
    else:
        url = f"sqlite:///{tmp_path / 'fivedice.db'}"
    s = Store(url)
    ensure_schema(s)
    request.addfinalizer(s.close)
    return s


@pytest.fixture
async def server(store: Store) -> AsyncIterator[Server]:
    settings = Settings(bot_delay=0.0)
    metrics = Metrics()
    writer = StoreWriter(store, metrics)
    writer.start()
    hub = Hub(settings, metrics)
    referee = Referee(settings, store, writer, hub, metrics)
    referee.clock.retry_first, referee.clock.retry_max = FAST_RETRY
    bots = BotRunner(referee, ComputerSeats(), settings.bot_delay)
    bots.retry_first, bots.retry_max = FAST_RETRY
    registry = TableRegistry(store, writer)
    yield Server(store, writer, metrics, hub, referee, registry, bots)
    await bots.close()
    await referee.drain()
    await writer.stop()


def block(store: Store, table: Table, seq: int) -> None:
    """Another writer takes the table's sequence number `seq`: storing it will fail."""
    store.append(table.id, seq, table.match.events[:1])


def unblock(store: Store, table: Table, seq: int) -> None:
    """Give the sequence number back: storing works again."""
    with store.engine.begin() as conn:
        conn.execute(delete(EventRow).where(EventRow.match_id == table.id, EventRow.seq == seq))


async def open_table(server: Server, *others: str, **options: Any) -> tuple[Table, list[int]]:
    """A started table with Ann as host, `others` seated, computer players of the levels in
    `bot_levels`, and the rest of `options` (CreateTable's)."""
    bots = [(f"Robo {i}", level) for i, level in enumerate(options.pop("bot_levels", []))]
    request = CreateTable(host_name="Ann", **{"seats": 1 + len(others) + len(bots), **options})
    table, ann, _ = await server.registry.create(request, bots)
    assert ann is not None
    seats = [ann]
    for name in others:
        seats.append(await server.referee.perform(table, lambda m, n=name: m.join(n)))
    await server.referee.perform(table, lambda m: m.start(ann))
    return table, seats


async def until(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    """Wait (on the event loop) until `condition()` holds."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.005)


def logged(caplog: pytest.LogCaptureFixture, message: str) -> int:
    """How many times `message` was logged."""
    return sum(r.getMessage() == message for r in caplog.records)


# A failed commit ----------------------------------------------------------------------------


async def test_a_failed_commit_rolls_the_table_back(server: Server) -> None:
    table, (ann, bob) = await open_table(server, "Bob")
    events, state, seq = list(table.match.events), table.state, table.seq
    block(server.store, table, seq + 1)

    with pytest.raises(REFUSED):
        await server.referee.perform(table, lambda m: m.roll(ann))
    assert table.seq == seq and list(table.match.events) == events  # the roll is gone
    assert table.state == state and table.match.state == state and not table.pending()
    assert server.store.load_events(table.id)[:seq] == events
    with pytest.raises(RuleError):  # the table is as it was: still Ann's turn, not rolled
        await server.referee.perform(table, lambda m: m.score(ann, "chance"))

    unblock(server.store, table, seq + 1)
    await server.referee.perform(table, lambda m: m.roll(ann))  # the next move: same seq
    assert table.seq == seq + 1 and table.match.events[seq].type == "rolled"
    assert server.store.load_events(table.id) == list(table.match.events)
    await server.referee.perform(table, lambda m: m.score(ann, "chance"))
    assert table.state.active_seat == bob


def stored_tables(store: Store, count: int) -> list[tuple[str, Match, int]]:
    """Tables m0, m1, ... stored with Ann seated, each with Bob's seating still to store:
    (id, the match with both, the seq of Bob's event)."""
    tables = []
    for n in range(count):
        match = Match.create("official")
        match.join("Ann")
        create_online_match(store, f"m{n}", match.events, preset="official", label=None, meta={})
        first = len(match.events) + 1
        match.join("Bob")
        tables.append((f"m{n}", match, first))
    return tables


async def test_the_writer_retries_a_failed_batch_one_by_one(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    """One append of a batch takes a sequence number already taken: only it fails."""
    matches = {mid: (match, first) for mid, match, first in stored_tables(store, 4)}
    store.append("m2", matches["m2"][1], matches["m2"][0].events[:1])  # another writer was first

    writer = StoreWriter(store, Metrics())
    appends = [
        asyncio.create_task(writer.append(mid, first, match.events[first - 1 :]))
        for mid, (match, first) in matches.items()
    ]
    await asyncio.sleep(0)  # every append queued before the writer takes any: one batch
    writer.start()
    try:
        outcomes = await asyncio.gather(*appends, return_exceptions=True)
    finally:
        await writer.stop()
    assert logged(caplog, "batch commit failed; retrying 4 appends one by one") == 1
    assert [type(o) for o in outcomes] == [type(None), type(None), SequenceConflict, type(None)]
    for mid, (match, _) in matches.items():
        stored = store.load_events(mid)
        if mid == "m2":
            assert len(stored) == len(match.events) and stored[-1].type == "created"
        else:
            assert stored == list(match.events)


async def test_appends_a_moment_apart_share_one_transaction(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The writer thread waits a moment after a batch's first append: a second move arriving
    a millisecond later is committed with it, not in a transaction of its own. (The wait is
    lengthened here, so a busy machine that runs the loop late cannot split the batch.)"""
    monkeypatch.setattr(writer_module, "COMMIT_LINGER_SECONDS", 0.5)
    matches = stored_tables(store, 3)
    writer = StoreWriter(store, Metrics(), inline=False)
    batches: list[int] = []
    commit = writer._append_many

    def counted(appends: Sequence[Append]) -> None:
        batches.append(len(appends))
        commit(appends)

    writer._append_many = counted
    writer.start()
    try:
        mid, match, first = matches[0]
        moves = [asyncio.create_task(writer.append(mid, first, match.events[first - 1 :]))]
        await asyncio.sleep(0.001)
        for mid, match, first in matches[1:]:
            moves.append(asyncio.create_task(writer.append(mid, first, match.events[first - 1 :])))
        await asyncio.gather(*moves)
    finally:
        await writer.stop()
    assert batches == [3]
    for mid, match, _ in matches:
        assert store.load_events(mid) == list(match.events)


# A slow client ------------------------------------------------------------------------------


class StuckSocket:
    """A socket whose peer never reads: the first send never completes."""

    def __init__(self) -> None:
        self.scope: dict[str, Any] = {SEND_KEY: self.send}
        self.application_state = WebSocketState.CONNECTED
        self.sends = 0

    async def send(self, message: dict[str, Any]) -> None:
        self.sends += 1
        await asyncio.Event().wait()

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.application_state = WebSocketState.DISCONNECTED


async def test_a_client_that_never_reads_is_dropped_and_counted_once() -> None:
    settings = Settings(send_queue_limit=5)
    metrics = Metrics()
    hub = Hub(settings, metrics)
    socket = StuckSocket()
    client = Client(socket, "t1", settings)  # type: ignore[arg-type]
    client.greeted = True
    hub.add(client)
    for n in range(6):  # one being sent (forever), five waiting: the limit
        hub.broadcast("t1", f'"message {n}"')
    await asyncio.sleep(0)
    assert not client.dropped and socket.sends == 1
    hub.broadcast("t1", '"one too many"')
    assert client.dropped
    for n in range(10):  # later messages are discarded, the client is not counted again
        hub.broadcast("t1", f'"after {n}"')
    assert metrics.dropped_clients._value.get() == 1
    assert socket.sends == 1
    sender = client._sender  # the task stuck in the send: stop it, as a socket timeout would
    assert sender is not None
    sender.cancel()


# The clock ----------------------------------------------------------------------------------


async def test_a_stale_clock_timer_does_nothing(server: Server) -> None:
    table, (ann, _) = await open_table(server, "Bob", clock_seconds=60)
    stale = table.turn
    await server.referee.perform(table, lambda m: m.roll(ann))
    await server.referee.perform(table, lambda m: m.score(ann, "chance"))  # Bob's hand now
    assert table.turn != stale
    seq, state = table.seq, table.state
    block(server.store, table, seq + 1)  # were it to try, it would fail and retry

    await server.referee.expire(table, stale)
    server.referee.clock._fire(table, stale)  # the old timer goes off late
    await asyncio.sleep(0.1)
    assert table.seq == seq and table.state == state
    assert table.deadline is not None and table.deadline > time.time() + 50  # Bob's, intact


async def test_a_clock_expiry_is_retried_until_stored(
    server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    table, (ann, _) = await open_table(server, "Bob", clock_seconds=60, timeout_rule="scratch")
    seq = table.seq
    block(server.store, table, seq + 1)
    table.deadline = time.time() + 0.02  # Ann's time is up now
    server.referee.clock.schedule(table)
    await until(lambda: logged(caplog, "clock expiry not stored; retrying") >= 3)
    assert table.seq == seq and table.state.active_seat == ann

    unblock(server.store, table, seq + 1)
    await until(lambda: table.seq > seq, 1.0)
    assert [e.type for e in table.match.events[seq:]] == ["clock_expired", "scored"]
    assert server.store.load_events(table.id) == list(table.match.events)
    assert table.state.active_seat != ann


async def test_a_cancelled_clock_stops_retrying(
    server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    table, _ = await open_table(server, "Bob", clock_seconds=60)
    seq = table.seq
    block(server.store, table, seq + 1)
    table.deadline = time.time() + 0.02
    server.referee.clock.schedule(table)
    await until(lambda: logged(caplog, "clock expiry not stored; retrying") >= 2)
    server.referee.clock.cancel(table.id)  # the table's owner gives it up
    tried = logged(caplog, "clock expiry not stored; retrying")
    unblock(server.store, table, seq + 1)
    await asyncio.sleep(0.2)
    assert table.seq == seq
    assert logged(caplog, "clock expiry not stored; retrying") == tried


async def test_closing_the_clock_ends_its_retries_at_once(
    server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    server.referee.clock.retry_first = server.referee.clock.retry_max = 30.0
    table, _ = await open_table(server, "Bob", clock_seconds=60)
    block(server.store, table, table.seq + 1)
    table.deadline = time.time()
    server.referee.clock.schedule(table)
    await until(lambda: logged(caplog, "clock expiry not stored; retrying") == 1)
    await asyncio.wait_for(server.referee.drain(), 1.0)  # not after the 30 s wait


# Computer seats ------------------------------------------------------------------------------


async def test_a_computer_move_is_retried_until_stored(
    server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    table, (ann,) = await open_table(server, bot_levels=["beginner"])
    await server.referee.perform(table, lambda m: m.roll(ann))
    seq = table.seq + 1  # after Ann's box, the computer's first move
    block(server.store, table, seq + 1)
    await server.referee.perform(table, lambda m: m.score(ann, "chance"))
    assert table.seq == seq and table.state.active_seat == 1
    await until(lambda: logged(caplog, "computer move not stored; retrying") >= 3)
    assert table.seq == seq

    unblock(server.store, table, seq + 1)
    await until(lambda: table.state.active_seat == ann, 2.0)  # it played its whole turn
    moves = table.match.events[seq:]
    assert moves[0].type == "rolled" and moves[-1].type == "scored"
    assert all(getattr(e, "seat", None) == 1 for e in moves)
    assert server.store.load_events(table.id) == list(table.match.events)


async def test_a_cancelled_computer_stops_retrying(
    server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    table, (ann,) = await open_table(server, bot_levels=["beginner"])
    await server.referee.perform(table, lambda m: m.roll(ann))
    seq = table.seq + 1
    block(server.store, table, seq + 1)
    await server.referee.perform(table, lambda m: m.score(ann, "chance"))
    await until(lambda: logged(caplog, "computer move not stored; retrying") >= 2)
    server.bots.cancel(table.id)  # the table's owner gives it up
    tried = logged(caplog, "computer move not stored; retrying")
    unblock(server.store, table, seq + 1)
    await asyncio.sleep(0.2)
    assert table.seq == seq
    assert logged(caplog, "computer move not stored; retrying") == tried

    server.bots.schedule(table)  # taken up again: it plays
    await until(lambda: table.state.active_seat == ann, 2.0)


class WrongComputer:
    """A computer player that asks for a box that does not exist."""

    def levels(self) -> list[str]:
        return ["beginner"]

    def decide(self, level: str, state: MatchState, seat: int) -> SeatMove:
        return SeatMove(category="nonsense") if state.dice is not None else SeatMove()


async def test_a_refused_computer_move_is_final(
    server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    server.bots.players = WrongComputer()
    table, (ann,) = await open_table(server, bot_levels=["beginner"])
    await server.referee.perform(table, lambda m: m.roll(ann))
    await server.referee.perform(table, lambda m: m.score(ann, "chance"))
    await until(lambda: logged(caplog, "computer move refused") == 1)
    seq = table.seq
    await asyncio.sleep(0.1)
    assert logged(caplog, "computer move refused") == 1 and table.seq == seq
    assert logged(caplog, "computer move not stored; retrying") == 0
    assert table.match.events[-1].type == "rolled"  # it rolled, then asked for no box
