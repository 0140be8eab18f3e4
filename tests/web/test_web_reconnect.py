"""A page whose socket goes down (a server killed, a table moving to another node) and comes
back: its Moves list keeps every move it had and adds those it missed, in order and once each;
while it is down the other players' presence dots say nothing is known."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import httpx
from playwright.sync_api import Page, WebSocketRoute, expect
from server_process import ServerProcess
from web_driver import (
    DESKTOP,
    PHONE,
    open_boxes,
    play_quick_turn,
    roll,
    seq,
    shoot,
    wait_acting_or_finished,
    wait_phase,
    wait_seq_above,
)


class Outage:
    """The page's play sockets go through here: while `down`, every socket is cut and a new one
    is closed at once, as when the server is gone."""

    def __init__(self, page: Page) -> None:
        self.down = False
        self.open: list[tuple[WebSocketRoute, WebSocketRoute]] = []
        page.route_web_socket(re.compile(r"/ws/tables/"), self.route)

    def route(self, ws: WebSocketRoute) -> None:
        if self.down:
            ws.close(code=1012, reason="server gone")
            return
        self.open.append((ws, ws.connect_to_server()))

    def cut(self) -> None:
        self.down = True
        for page_side, server_side in self.open:
            server_side.close()
            page_side.close(code=1012, reason="server gone")
        self.open.clear()


def sit(page: Page, table_id: str, seat: int, token: str, name: str) -> None:
    """Open the table as the lobby would have after taking this seat."""
    seats = {
        table_id: {
            "mode": "online",
            "seats": {str(seat): {"token": token, "name": name}},
            "primary": seat,
        }
    }
    page.goto("/")
    page.evaluate("s => sessionStorage.setItem('fivedice.tab.tables', s)", json.dumps(seats))
    page.goto(f"/?table={table_id}")
    wait_phase(page, "waiting")


def score_first_box(page: Page) -> None:
    """Score the first box offered and wait for the server's answer."""
    before = seq(page)
    page.locator(f"button.open-box[data-category='{open_boxes(page)[0]}']").click()
    wait_seq_above(page, before)


def moves(page: Page) -> list[str]:
    return page.locator(".log li").all_inner_texts()


def test_moves_survive_reconnects(
    open_page: Callable[..., Page], web_server: ServerProcess, artifacts: Path
) -> None:
    url = web_server.base_url
    created = httpx.post(
        f"{url}/api/tables", json={"host_name": "Ann", "seats": 2, "start_order": "host_first"}
    ).json()
    table_id = created["table_id"]
    bob_seat = httpx.post(f"{url}/api/tables/{table_id}/seats", json={"name": "Bob"}).json()
    ann, bob = open_page(DESKTOP), open_page(DESKTOP)
    outage = Outage(bob)
    sit(ann, table_id, 0, created["token"], "Ann")
    sit(bob, table_id, bob_seat["seat"], bob_seat["token"], "Bob")
    ann.locator("#start-button").click()
    wait_phase(bob, "playing")
    play_quick_turn(ann)
    assert wait_acting_or_finished(bob) == "1"
    before = moves(ann)
    assert len(before) == 5, before  # two sat down, the start, a roll, a scoring
    expect(bob.locator(".log li")).to_have_text(before)

    # Back after missing nothing: the same list.
    bob.evaluate("() => window.fivedice.screen.socket.drop()")
    bob.wait_for_function("() => window.fivedice.screen.socket.connections === 2")
    expect(bob.locator(".conn")).to_have_attribute("data-connection", "online")
    expect(bob.locator(".log li")).to_have_text(before)
    play_quick_turn(bob)
    assert wait_acting_or_finished(ann) == "0"

    ann_dot = bob.locator(".scorecard thead th[data-seat='0'] .dot")
    expect(ann_dot).to_have_class(re.compile(r"\bon\b"))
    for missed in (lambda: roll(ann), lambda: score_first_box(ann)):
        # Bob's socket goes down; Ann moves (her turn's roll, then its scoring) unseen by him.
        outage.cut()
        expect(bob.locator(".conn")).not_to_have_attribute("data-connection", "online")
        expect(ann_dot).to_have_class(re.compile(r"\bunknown\b"))  # not "connected": not known
        had = moves(bob)
        missed()
        expect(bob.locator(".log li")).to_have_text(had)
        # Back: the moves he had, then the one he missed, once each, as Ann's page has them.
        outage.down = False
        expect(bob.locator(".conn")).to_have_attribute("data-connection", "online", timeout=10_000)
        expect(bob.locator(".log li")).to_have_text(moves(ann))
        assert moves(bob) == [*had, moves(ann)[-1]]
        expect(ann_dot).to_have_class(re.compile(r"\bon\b"))

    shoot(bob, artifacts, "desktop-moves-after-reconnects")
    bob.set_viewport_size(PHONE)
    bob.locator(".log").evaluate(
        "log => { log.scrollIntoView(); log.scrollTop = log.scrollHeight; }"
    )
    shoot(bob, artifacts, "phone-moves-after-reconnects")
