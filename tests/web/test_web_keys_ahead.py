"""Keys typed faster than the answers come: over a link with 100 ms each way, "1, 5, R" holds
two dice and rolls, and "R, 1, 2, R, Enter" rolls, holds two, rolls and scores the box picked
with the arrows, 20 times in 20, as the server's log and table say. And a refusal the page
gets is said in the player's language, a stale one too (another tab moved the table)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from latency import SlowLink
from playwright.sync_api import Page, expect
from server_process import ServerProcess
from web_driver import DESKTOP, PHONE, wait_phase
from websockets.sync.client import connect

ONE_WAY_DELAY = 0.1  # seconds each way: a round trip of 200 ms
TIMES = 20


@pytest.fixture
def slow_link(web_server: ServerProcess) -> Iterator[SlowLink]:
    """The test server behind 100 ms of latency each way."""
    with SlowLink(web_server.port, ONE_WAY_DELAY) as link:
        yield link


def seated_page(
    page: Page, server: ServerProcess, url: str, rounds: int = 1, lang: str | None = None
) -> str:
    """A one-seat table opened by REST; the page holds its seat, starts it, and shows it."""
    created = httpx.post(
        f"{server.base_url}/api/tables",
        json={"host_name": "Ann", "seats": 1, "rounds": rounds, "listed": False},
    )
    assert created.status_code == 201, created.text
    body = created.json()
    entry = {
        "mode": "online",
        "seats": {"0": {"token": body["token"], "name": "Ann"}},
        "primary": 0,
        "autostart": True,
    }
    tables = json.dumps({body["table_id"]: entry})
    script = f"sessionStorage.setItem('fivedice.tab.tables', {json.dumps(tables)});"
    if lang:
        script += f"localStorage.setItem('fivedice.lang', {json.dumps(lang)});"
    page.add_init_script(script)
    page.goto(f"{url}/?table={body['table_id']}")
    wait_phase(page, "playing")
    return str(body["table_id"])


def server_table(server: ServerProcess, table_id: str) -> dict[str, Any]:
    """The table as the server has it."""
    answer: dict[str, Any] = httpx.get(f"{server.base_url}/api/tables/{table_id}").json()
    return answer


def server_log(server: ServerProcess, table_id: str) -> list[dict[str, Any]]:
    """The match's stored events."""
    events: list[dict[str, Any]] = httpx.get(f"{server.base_url}/api/matches/{table_id}").json()[
        "events"
    ]
    return events


def turn_starts(page: Page) -> None:
    """Wait for a fresh turn of this page's: three rolls left, no dice yet."""
    expect(page.locator(".table-screen")).to_have_attribute("data-acting", "0")
    expect(page.locator(".roll-button")).to_have_attribute("data-rolls-left", "3")


def first_roll(page: Page) -> None:
    """Roll with R and wait for the dice: the player looks at them before typing on."""
    page.keyboard.press("r")
    expect(page.locator(".roll-button")).to_have_attribute("data-rolls-left", "2")
    page.locator("button.open-box").first.wait_for()


def test_keys_typed_at_once_are_all_carried_out(
    open_page: Callable[..., Page], web_server: ServerProcess, slow_link: SlowLink
) -> None:
    page = open_page(DESKTOP)
    table_id = seated_page(page, web_server, slow_link.url, rounds=2 * TIMES // 13 + 1)
    rolls_left = page.locator(".roll-button")
    for time in range(TIMES):
        # "1, 5, R": keep the first and last dice and roll the others.
        turn_starts(page)
        first_roll(page)
        page.keyboard.type("15r")
        expect(rolls_left).to_have_attribute("data-rolls-left", "1")
        table = server_table(web_server, table_id)
        assert (table["held"], table["rolls_left"]) == ([0, 4], 1), f"time {time + 1}"
        last = server_log(web_server, table_id)[-1]
        assert (last["type"], last["held"]) == ("rolled", [0, 4]), f"time {time + 1}"
        page.keyboard.press("ArrowUp")
        page.keyboard.press("Enter")

        # "R, 1, 2, R, Enter" with a box picked: roll, keep the first two, roll, score it.
        turn_starts(page)
        first_roll(page)
        page.keyboard.press("ArrowUp")
        picked = page.locator("button.open-box.selected").get_attribute("data-category")
        before = len(server_log(web_server, table_id))
        page.keyboard.type("r12r")
        page.keyboard.press("Enter")
        turn_starts(page)
        log = server_log(web_server, table_id)[before:]
        made = [{k: v for k, v in e.items() if k in ("type", "held", "category")} for e in log]
        assert made == [
            {"type": "rolled", "held": []},
            {"type": "held", "held": [0]},
            {"type": "held", "held": [0, 1]},
            {"type": "rolled", "held": [0, 1]},
            {"type": "scored", "category": picked},
        ], f"time {time + 1}"
        cards = server_table(web_server, table_id)["seats"][0]["cards"]
        assert cards[log[-1]["round"]]["boxes"][picked] == log[-1]["points"]
    assert page.locator("#toasts .toast.error").count() == 0


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_stale_refusal_is_said_in_the_players_language(
    open_page: Callable[..., Page],
    web_server: ServerProcess,
    artifacts: Path,
    viewport: dict[str, int],
) -> None:
    """Another tab of the same seat rolls while this one's roll is on its way: the server
    refuses this one's as stale, and the page says so, in German, instead of dropping it."""
    page = open_page(viewport)
    table_id = seated_page(page, web_server, web_server.base_url, lang="de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    # Hold this tab's next message back: the other tab's roll gets there first.
    token = page.evaluate("() => window.fivedice.screen.tokenFor(0)")
    page.evaluate(
        """() => {
          const socket = window.fivedice.screen.socket;
          const raw = socket.raw.bind(socket);
          window.heldBack = [];
          socket.raw = (message) => (window.heldBack.push(message), true);
          window.sendHeldBack = () => {
            socket.raw = raw;
            for (const message of window.heldBack) raw(message);
          };
        }"""
    )
    page.keyboard.press("r")

    with connect(web_server.ws_url(table_id)) as other_tab:  # rolls first
        other_tab.send(json.dumps({"type": "hello", "token": token}))
        while json.loads(other_tab.recv(10))["type"] != "update":
            pass
        other_tab.send(json.dumps({"type": "roll", "token": token}))
        while not (message := json.loads(other_tab.recv(10))).get("events"):
            assert message["type"] != "error", message
    page.evaluate("() => window.sendHeldBack()")
    toast = page.locator("#toasts .toast.error")
    expect(toast).to_contain_text("Am Tisch ging es weiter, bevor dein Zug ankam")
    expect(page.locator(".roll-button")).to_have_attribute("data-rolls-left", "2")
    assert server_table(web_server, table_id)["rolls_left"] == 2
    name = "desktop" if viewport == DESKTOP else "phone"
    page.screenshot(path=str(artifacts / f"stale-refusal-de-{name}.png"))
    box = toast.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
