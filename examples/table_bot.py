"""A program that plays at an online fivedice table, as any client does: with a seat token.

    # open a table and play it alone (a quick check that a server works):
    python examples/table_bot.py --server http://127.0.0.1:8000 --name Robo --open --start

    # join a table someone opened (its id is in the invite link ...?table=ID):
    python examples/table_bot.py --server http://127.0.0.1:8000 --table ID --name Robo

It takes a seat through the REST API, then speaks protocol 1 on the table's WebSocket (see
docs/protocol.md): it rolls, keeps the most common face once, and scores the box the server
lists as worth most. It knows no scoring rule: the server sends the options. If the socket
drops (a server restart), it reconnects with its token and the last sequence number it saw.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from collections import Counter
from typing import Any

import httpx
import websockets


def next_intent(table: dict[str, Any]) -> dict[str, Any]:
    """What to do on our turn, from the table view alone."""
    dice = table["dice"]
    if dice is None:
        return {"type": "roll"}
    if table["rolls_left"] == 2:
        face, _ = Counter(dice).most_common(1)[0]
        return {"type": "roll", "hold": [i for i, d in enumerate(dice) if d == face]}
    best = max(table["score_options"], key=lambda o: o["points"] + o["bonus"])
    return {"type": "score", "category": best["category"]}


async def play(ws_url: str, token: str, start: bool) -> dict[str, Any]:
    """Play until the match ends; returns the final table."""
    last_seq = 0
    while True:
        try:
            async with websockets.connect(ws_url) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token, "last_seq": last_seq}))
                async for raw in ws:
                    message = json.loads(raw)
                    if message["type"] == "welcome":
                        seat = message["seat"]
                        if start:
                            await ws.send(json.dumps({"type": "start", "token": token}))
                            start = False
                    elif message["type"] == "error":
                        print(f"refused: {message['code']}: {message['message']}")
                    elif message["type"] == "update":
                        last_seq = message["seq"]
                        table = message["table"]
                        for event in message["events"]:
                            print(f"#{event['seq']} {event['type']} {event.get('seat', '')}")
                        if table["phase"] == "finished":
                            return table
                        if table["active_seat"] == seat and message["events"]:
                            intent = next_intent(table)
                            await ws.send(json.dumps({**intent, "token": token}))
        except (OSError, websockets.ConnectionClosed) as exc:
            print(f"connection lost ({exc}); reconnecting")
            await asyncio.sleep(1)


def main() -> None:
    """Take a seat and play."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--server", default="http://127.0.0.1:8000", help="the server's address (%(default)s)"
    )
    parser.add_argument("--name", default="Robo", help="the name to sit down as (%(default)s)")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--table", help="the table to join (its id, as in ?table=ID)")
    where.add_argument("--open", action="store_true", help="open a new table (one seat)")
    parser.add_argument("--start", action="store_true", help="start the match (host only)")
    args = parser.parse_args()
    with httpx.Client(base_url=args.server, timeout=10) as api:
        if args.open:
            body = api.post("/api/tables", json={"host_name": args.name, "seats": 1})
            seat = body.raise_for_status().json()
            table_id = seat["table_id"]
        else:
            body = api.post(f"/api/tables/{args.table}/seats", json={"name": args.name})
            seat = body.raise_for_status().json()
            table_id = args.table
    ws_url = args.server.replace("http", "ws", 1) + f"/ws/tables/{table_id}"
    final = asyncio.run(play(ws_url, seat["token"], args.start))
    for standing in final["outcome"]["standings"]:
        print(f"{standing['place'] or '-'}. {standing['name']}: {standing['total']}")


if __name__ == "__main__":
    main()
