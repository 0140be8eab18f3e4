"""A test client for the play socket: sends intents, collects every server message, checks
each against the protocol models, and keeps the latest table view."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import httpx
import websockets

from fivedice.server.protocol import server_message_adapter

Message = dict[str, Any]


class PlayClient:
    """One socket to one table, speaking as a seat (token) or as a spectator."""

    def __init__(self, url: str, token: str | None = None, name: str | None = None) -> None:
        self.url = url
        self.token = token
        self.name = name
        self.ws: Any = None
        self.messages: list[Message] = []
        self.events: list[Message] = []
        self.table: Message | None = None
        self.welcome: Message | None = None
        self.errors: list[Message] = []
        self.connections = 0

    @property
    def seq(self) -> int:
        """The last event sequence number seen."""
        return self.events[-1]["seq"] if self.events else 0

    async def connect(self, last_seq: int | None = None) -> PlayClient:
        """Open the socket and say hello; waits for the welcome and the catch-up update."""
        self.ws = await websockets.connect(self.url, max_size=2**22)
        self.connections += 1
        hello: Message = {"type": "hello", "last_seq": self.seq if last_seq is None else last_seq}
        if self.token is not None:
            hello["token"] = self.token
        if self.name is not None:
            hello["name"] = self.name
        await self.send(hello)
        self.welcome = await self.next(lambda m: m["type"] == "welcome")
        await self.next(lambda m: m["type"] == "update")
        return self

    async def close(self) -> None:
        """Close the socket."""
        if self.ws is not None:
            await self.ws.close()
            self.ws = None

    async def send(self, message: Message | str | bytes) -> None:
        """Send a message (a dict is sent as JSON; text and bytes as they are)."""
        data = json.dumps(message) if isinstance(message, dict) else message
        await self.ws.send(data)

    async def intent(self, kind: str, **fields: Any) -> None:
        """Send an intent carrying this client's seat token."""
        await self.send({"type": kind, "token": self.token, **fields})

    async def receive(self, timeout: float = 10.0) -> Message:
        """The next server message, checked against the protocol."""
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        message: Message = json.loads(raw)
        server_message_adapter.validate_python(message)
        self.messages.append(message)
        if message["type"] == "update":
            for event in message["events"]:
                assert not self.events or event["seq"] == self.events[-1]["seq"] + 1, (
                    "events arrive in order, without gaps",
                    event,
                    self.seq,
                )
                self.events.append(event)
            self.table = message["table"]
        elif message["type"] == "error":
            self.errors.append(message)
        return message

    async def next(self, predicate: Callable[[Message], bool], timeout: float = 10.0) -> Message:
        """Receive until a message satisfies `predicate`; returns it."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            message = await self.receive(max(0.01, deadline - loop.time()))
            if predicate(message):
                return message

    async def until_table(
        self, predicate: Callable[[Message], bool], timeout: float = 10.0
    ) -> Message:
        """Receive until the table view satisfies `predicate` (checks the current one first)."""
        if self.table is not None and predicate(self.table):
            return self.table
        message = await self.next(
            lambda m: m["type"] == "update" and predicate(m["table"]), timeout
        )
        return message["table"]

    async def error(self, timeout: float = 10.0) -> Message:
        """The next error."""
        return await self.next(lambda m: m["type"] == "error", timeout)


def best_option(table: Message) -> str:
    """The box that scores most now (the server lists the options; no rules here)."""
    options = table["score_options"]
    return max(options, key=lambda o: (o["points"] + o["bonus"], o["category"]))["category"]


async def play_turn(client: PlayClient) -> None:
    """Play this client's turn from wherever it stands: roll (up to twice, keeping the first
    two dice), then score the best box."""
    table = await client.until_table(lambda t: t["active_seat"] == seat_of(client))
    while True:
        seq = client.seq
        if table["dice"] is None:
            await client.intent("roll")
        elif table["rolls_left"] >= 2:
            await client.intent("roll", hold=[0, 1])
        else:
            await client.intent("score", category=best_option(table))
        message = await client.next(
            lambda m, seq=seq: m["type"] == "error" or (m["type"] == "update" and m["seq"] > seq)
        )
        if message["type"] == "error":
            raise RuntimeError(f"refused error: {message}")
        table = message["table"]
        if table["active_seat"] != seat_of(client) or table["phase"] != "playing":
            return


def seat_of(client: PlayClient) -> int:
    """The seat the server said this client holds."""
    assert client.welcome is not None and client.welcome["seat"] is not None
    return int(client.welcome["seat"])


def open_table(api: httpx.Client, host: str, *others: str, **options: Any) -> dict[str, Any]:
    """Open a table with `host` seated and seat `others` by REST; returns the ids and tokens:
    ``{"id", "tokens": [host's, ...], "seats": [...]}``."""
    created = api.post("/api/tables", json={"host_name": host, **options})
    assert created.status_code == 201, created.text
    body = created.json()
    tokens, seats = [body["token"]], [body["seat"]]
    for name in others:
        joined = api.post(f"/api/tables/{body['table_id']}/seats", json={"name": name})
        assert joined.status_code == 201, joined.text
        tokens.append(joined.json()["token"])
        seats.append(joined.json()["seat"])
    return {"id": body["table_id"], "tokens": tokens, "seats": seats, **body}


async def reconnect(client: PlayClient, timeout: float = 30.0) -> None:
    """Reconnect with the seat token and the last sequence number seen, retrying until the
    server is back: what any client does after losing its socket."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        try:
            await client.connect(last_seq=client.seq)
            return
        except (TimeoutError, OSError, websockets.ConnectionClosed):
            if loop.time() > deadline:
                raise
            await asyncio.sleep(0.1)


async def play_to_the_end(client: PlayClient, resilient: bool = False) -> Message:
    """Play this client's turns until the match ends; with `resilient`, ride out a lost
    connection by reconnecting. Returns the final table."""
    while True:
        try:
            table = await client.until_table(
                lambda t: t["phase"] == "finished" or t["active_seat"] == seat_of(client), 60
            )
            if table["phase"] == "finished":
                return table
            await play_turn(client)
        except (OSError, websockets.ConnectionClosed):
            if not resilient:
                raise
            client.table = None
            await reconnect(client)
        except RuntimeError:  # refused: after a reconnect the turn may have moved on
            if not resilient:
                raise
