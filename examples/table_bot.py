"""A program that plays at an online fivedice table, as any client does: with a seat token.

    # open a table and play it alone (a quick check that a server works):
    python examples/table_bot.py --server http://127.0.0.1:8000 --name Robo --open --start

    # join a table someone opened (its id is in the invite link ...?table=ID):
    python examples/table_bot.py --server http://127.0.0.1:8000 --table ID --name Robo

    # play as your account (an API token from the page's account menu), shown as a bot;
    # the seat is the account's, so --resume takes it back after the program restarts:
    FIVEDICE_API_TOKEN=fdk_... python examples/table_bot.py --table ID --name Robo
    FIVEDICE_API_TOKEN=fdk_... python examples/table_bot.py --table ID --resume

It takes a seat through the REST API, then speaks protocol 1 on the table's WebSocket (see
docs/protocol.md): it rolls, keeps the most common face once, and scores the box the server
lists as worth most. It knows no scoring rule: the server sends the options. If the socket
drops (a server restart), it reconnects with its token and the last sequence number it saw,
and plays on from the table the server sends back.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
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


async def play(ws_url: str, token: str, start: bool, pace: float = 0.0) -> dict[str, Any]:
    """Play until the match ends; returns the final table.

    The bot acts on any update that shows its turn at a state (a `seq`) it has not acted on
    yet, including the catch-up after a reconnect, which may carry no events. Each intent
    carries that `seq` as its `id`, so a refusal is matched to what it refused: a refusal of
    an intent sent for an older state (the table moved on meanwhile) is stale and changes
    nothing; one of the intent for the state in hand (the server could not store it, say) is
    tried again after a pause.
    """
    last_seq = 0
    seat = None
    while True:
        acted: int | None = None  # the seq of the state our last intent answered
        retry_in = 0.5
        try:
            async with websockets.connect(ws_url) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token, "last_seq": last_seq}))
                table: dict[str, Any] | None = None
                async for raw in ws:
                    message = json.loads(raw)
                    if message["type"] == "welcome":
                        seat = message["seat"]
                        if start:
                            await ws.send(json.dumps({"type": "start", "token": token}))
                            start = False
                    elif message["type"] == "error":
                        print(f"refused: {message['code']}: {message['message']}")
                        if message.get("id") is None or message["id"] != acted:
                            continue  # stale: about an older state, or not an intent of ours
                        await asyncio.sleep(retry_in)  # ours, for the state in hand: again
                        retry_in = min(retry_in * 2, 5.0)
                        acted = None
                    elif message["type"] == "update":
                        last_seq = message["seq"]
                        table = message["table"]
                        for event in message["events"]:
                            print(f"#{event['seq']} {event['type']} {event.get('seat', '')}")
                        if table["phase"] == "finished":
                            return table
                    if table is None or table["active_seat"] != seat or acted == last_seq:
                        continue
                    if table["phase"] != "playing":
                        continue
                    if pace:
                        await asyncio.sleep(pace)
                    intent = next_intent(table)
                    acted = last_seq
                    await ws.send(json.dumps({**intent, "token": token, "id": last_seq}))
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
    parser.add_argument(
        "--resume",
        action="store_true",
        help="take back the seat the account holds at --table (needs FIVEDICE_API_TOKEN)",
    )
    parser.add_argument("--start", action="store_true", help="start the match (host only)")
    parser.add_argument(
        "--pace", type=float, default=0.0, help="seconds to wait before each move (%(default)s)"
    )
    args = parser.parse_args()
    token = os.environ.get("FIVEDICE_API_TOKEN")  # an account's API token, if any
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    with httpx.Client(base_url=args.server, timeout=10, headers=headers) as api:
        if args.resume:
            body = api.post(f"/api/tables/{args.table}/resume")
            seat = body.raise_for_status().json()
            table_id = args.table
        elif args.open:
            body = api.post("/api/tables", json={"host_name": args.name, "seats": 1})
            seat = body.raise_for_status().json()
            table_id = seat["table_id"]
        else:
            body = api.post(f"/api/tables/{args.table}/seats", json={"name": args.name})
            seat = body.raise_for_status().json()
            table_id = args.table
    ws_url = args.server.replace("http", "ws", 1) + f"/ws/tables/{table_id}"
    final = asyncio.run(play(ws_url, seat["token"], args.start, args.pace))
    for standing in final["outcome"]["standings"]:
        print(f"{standing['place'] or '-'}. {standing['name']}: {standing['total']}")


if __name__ == "__main__":
    main()
