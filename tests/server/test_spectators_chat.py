"""Spectators watch and chat; chat is kept in the match log, limited in length and rate."""

from __future__ import annotations

import httpx
from server_process import ServerProcess
from wsclient import PlayClient, open_table


async def test_spectators_watch_and_everyone_chats(
    server: ServerProcess, api: httpx.Client
) -> None:
    table = open_table(api, "Ann", "Bob", seats=2)
    url = server.ws_url(table["id"])
    ann = await PlayClient(url, table["tokens"][0]).connect()
    bob = await PlayClient(url, table["tokens"][1]).connect()
    watcher = await PlayClient(url, name="Watcher").connect()
    assert watcher.welcome["role"] == "spectator" and watcher.welcome["seat"] is None
    await ann.until_table(lambda t: t["spectators"] == ["Watcher"])
    await ann.intent("start")
    await watcher.until_table(lambda t: t["phase"] == "playing")

    await ann.intent("chat", text="good luck")
    await watcher.until_table(lambda t: len(t["chat"]) == 1)  # two sockets: no order otherwise
    await watcher.send({"type": "chat", "text": "go Bob!"})
    lines = [
        {"author": "Ann", "text": "good luck", "seat": 0},
        {"author": "Watcher", "text": "go Bob!", "seat": None},
    ]
    for client in (ann, bob, watcher):
        await client.until_table(lambda t: t["chat"] == lines)

    # Too long, and too fast: refused with an error to the sender alone.
    for length in (501, 600, 2001, 7000):  # one code, whatever the length (within 8 KiB)
        await watcher.send({"type": "chat", "text": "x" * length, "id": length})
        refused = await watcher.error()
        assert (refused["code"], refused["id"], refused["ref"]) == ("chat_too_long", length, "chat")
        assert "500 characters" in refused["message"]
    await watcher.send({"type": "chat", "text": "y" * 500})  # exactly the limit is fine
    await watcher.until_table(lambda t: t["chat"][-1]["text"] == "y" * 500)
    for i in range(12):
        await watcher.send({"type": "chat", "text": f"spam {i}", "id": i})
    refused = await watcher.next(lambda m: m["type"] == "error" and m["code"] == "rate_limited")
    assert refused["ref"] == "chat"
    assert bob.errors == [] and ann.errors == []

    # The chat is in the log: a new client (a reload) sees it, and so does the REST log.
    await watcher.close()
    again = await PlayClient(url, name="Watcher").connect(last_seq=0)
    assert again.table["chat"][:2] == lines
    assert [e["type"] for e in again.events].count("chat") >= 2
    logged = api.get(f"/api/tables/{table['id']}/events").json()
    assert [e["text"] for e in logged if e["type"] == "chat"][:2] == ["good luck", "go Bob!"]
    for client in (ann, bob, again):
        await client.close()
    await ann.close()


async def test_a_watcher_without_a_name_is_numbered_at_its_table(
    server: ServerProcess, api: httpx.Client
) -> None:
    """Spectator N counts this table's unnamed watchers, not the server's sockets: the same
    number after a reconnect, whatever else is open on the server."""
    elsewhere = open_table(api, "Eve")
    others = [await PlayClient(server.ws_url(elsewhere["id"])).connect() for _ in range(3)]
    table = open_table(api, "Ann")
    url = server.ws_url(table["id"])
    ann = await PlayClient(url, table["tokens"][0]).connect()
    first = await PlayClient(url).connect()
    named = await PlayClient(url, name="Watcher").connect()
    second = await PlayClient(url).connect()
    await ann.until_table(lambda t: t["spectators"] == ["Spectator 1", "Watcher", "Spectator 2"])
    await first.close()
    await ann.until_table(lambda t: t["spectators"] == ["Watcher", "Spectator 2"])
    again = await PlayClient(url).connect(last_seq=first.seq)
    await ann.until_table(lambda t: t["spectators"] == ["Watcher", "Spectator 2", "Spectator 1"])
    await again.send({"type": "chat", "text": "back"})
    await ann.until_table(lambda t: [line["author"] for line in t["chat"]] == ["Spectator 1"])
    for client in (ann, named, second, again, *others):
        await client.close()
