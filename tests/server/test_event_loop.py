"""The server's event loop takes in a burst of connections at once, however busy it is.

After a node's death its players (hundreds of sockets) reconnect to the survivors, whose
loops are busy with their own tables. An event loop that accepts one waiting connection per
turn (uvloop, since libuv 1.45) took them in at a few dozen a second: the tables came back
seconds later than they were ready. These tests count turns of a loop whose every turn is
long, not seconds, so they hold on a slow machine."""

from __future__ import annotations

import asyncio
import socket
import time

import pytest
import uvicorn

from fivedice.server.settings import Settings

BURST = 100


class Counted(asyncio.Protocol):
    """A connection that notes the loop turn in which it was accepted."""

    def __init__(self, accepted: list[int], turn: list[int]) -> None:
        self.accepted = accepted
        self.turn = turn

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.accepted.append(self.turn[0])


async def turns_to_accept(burst: int) -> int:
    """Loop turns (each 2 ms of work) from the first connection of a burst accepted to the last."""
    accepted: list[int] = []
    turn = [0]
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: Counted(accepted, turn), "127.0.0.1", 0, backlog=2048)
    port = server.sockets[0].getsockname()[1]
    # Connected while the loop is held here: the kernel completes every handshake, and the
    # whole burst waits in the listening socket's queue, as after a node's death.
    clients = [socket.create_connection(("127.0.0.1", port)) for _ in range(burst)]
    try:
        while len(accepted) < burst:
            turn[0] += 1
            time.sleep(0.002)  # the turn's other work: a busy node's moves
            await asyncio.sleep(0)
            assert turn[0] < 10 * burst, f"only {len(accepted)} of {burst} accepted"
        return max(accepted) - min(accepted) + 1
    finally:
        for client in clients:
            client.close()
        server.close()
        await server.wait_closed()


def run_on(loop_name: str, burst: int) -> int:
    factory = uvicorn.Config(app=None, loop=loop_name).get_loop_factory()
    assert factory is not None
    with asyncio.Runner(loop_factory=factory) as runner:
        return runner.run(turns_to_accept(burst))


def test_the_servers_loop_accepts_a_burst_in_a_turn_or_two() -> None:
    """The loop the server runs on (Settings' default) takes the whole burst in at once."""
    assert run_on(Settings().event_loop, BURST) <= 2


def test_uvloop_would_take_a_turn_per_connection() -> None:
    """Why the default is not uvloop (installed with uvicorn's extras): one accept per turn.
    If a release changes that, this fails, and uvloop (cheaper per move) can come back."""
    pytest.importorskip("uvloop", reason="uvicorn[standard] brings uvloop except on Windows")
    assert run_on("uvloop", BURST) >= BURST // 2
