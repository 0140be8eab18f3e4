"""Playing the daily challenge as the page does, for the tests: a guest
account starts today's attempt, takes its seat and plays it over the play socket, holding as
it is told; every roll is kept as (turn, roll, position) -> face for the thrown positions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from accounts_client import Browser
from wsclient import PlayClient, best_option

Faces = dict[tuple[int, int, int], int]
HoldRule = Callable[[list[int], int], list[int]]  # (dice, roll of the turn) -> positions kept


def hold_nothing(dice: list[int], roll: int) -> list[int]:
    """Throw every die again."""
    return []


def hold_left_pair(dice: list[int], roll: int) -> list[int]:
    """Keep the two leftmost dice."""
    return [0, 1]


def hold_right_three(dice: list[int], roll: int) -> list[int]:
    """Keep the three rightmost dice."""
    return [2, 3, 4]


def start_daily(browser: Browser) -> dict[str, Any]:
    """Start (or resume) today's attempt and take its seat: the start's answer with the seat
    token under "token"."""
    started = browser.request("POST", "/api/daily/start")
    assert started.status_code == 200, started.text
    body: dict[str, Any] = started.json()
    resumed = browser.request("POST", f"/api/tables/{body['table_id']}/resume")
    assert resumed.status_code == 200, resumed.text
    return {**body, "token": resumed.json()["token"]}


def faces_of(events: list[dict[str, Any]]) -> Faces:
    """The thrown faces of a one-seat log by (turn, roll, position)."""
    faces: Faces = {}
    turn, roll = 1, 0
    for event in events:
        if event["type"] == "rolled":
            roll += 1
            for position, face in enumerate(event["dice"]):
                if position not in event["held"] or roll == 1:
                    faces[(turn, roll, position)] = face
        elif event["type"] == "scored":
            turn, roll = turn + 1, 0
    return faces


async def play_daily(
    client: PlayClient, hold: HoldRule, turns: int | None = None, rolls: int = 3
) -> dict[str, Any]:
    """Play the seat's turns from where the table stands (all of them, or `turns`), rolling up
    to `rolls` times a turn keeping what `hold` says, then scoring the best box; returns
    the last table view."""
    table = client.table
    assert table is not None
    played = 0
    while table["phase"] == "playing" and (turns is None or played < turns):
        seq = client.seq
        used = 3 - table["rolls_left"] if table["dice"] is not None else 0
        if table["dice"] is None:
            await client.intent("roll", seq=seq)
        elif table["rolls_left"] > 0 and used < rolls:
            await client.intent("roll", hold=hold(table["dice"], used), seq=seq)
        else:
            await client.intent("score", category=best_option(table), seq=seq)
            played += 1
        message = await client.next(
            lambda m, seq=seq: m["type"] == "error" or (m["type"] == "update" and m["seq"] > seq)
        )
        if message["type"] == "error":
            raise RuntimeError(f"refused: {message}")
        table = message["table"]
    return table
