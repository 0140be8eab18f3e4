"""The card's names on a phone: while the card scrolls up beneath the bar of dice, its row of
names stays right under the bar (as the terminal game keeps it), each name over its own column
even when eight columns scroll sideways; nothing of the card shows above the bar."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect
from server_process import ServerProcess
from web_driver import PHONE, overflowing, roll, wait_acting_or_finished
from wsclient import PlayClient, open_table, play_turn

SMALL_PHONE = {"width": 320, "height": 568}
NAMES = ["Eve", "Finn Longername", "Gus", "Hal", "Ida", "Jo", "Kai", "Lu"]

# Where the card's rows are against the bar of dice: the bar's and the names row's boxes, each
# name's box and its column's (a box row's cell), and every card row drawn (the element seen at
# a point of it) above the bar's bottom edge inside the window: the names row aside.
CARD_JS = """() => {
  const box = (el) => {
    const b = el.getBoundingClientRect();
    return { left: b.left, right: b.right, top: b.top, bottom: b.bottom };
  };
  const bar = document.querySelector(".felt").getBoundingClientRect();
  const head = document.querySelector(".scorecard thead tr");
  // The row's box as drawn: its cells' (a cell may be moved where the row is not).
  const cells = [...head.cells].map(box);
  const headBox = {
    left: Math.min(...cells.map((b) => b.left)), right: Math.max(...cells.map((b) => b.right)),
    top: Math.min(...cells.map((b) => b.top)), bottom: Math.max(...cells.map((b) => b.bottom)),
  };
  const names = [...head.querySelectorAll("th[data-seat]")].map((th) => ({
    seat: th.dataset.seat,
    name: box(th.querySelector(".col-name")),
    column: box(document.querySelector(`tr[data-row='chance'] td[data-seat='${th.dataset.seat}']`)),
  }));
  const above = [];
  for (const row of document.querySelectorAll(".scorecard tbody tr")) {
    const b = row.getBoundingClientRect();
    const xs = [b.left + 1, (b.left + b.right) / 2, b.right - 1];
    const drawn = (y) => xs.some((x) => row.contains(document.elementFromPoint(x, y)));
    for (let y = Math.max(Math.ceil(b.top), 0); y < Math.min(b.bottom, bar.bottom); y += 1) {
      if (drawn(y)) {
        above.push(`${row.dataset.row} at y=${y}`);
        break;
      }
    }
  }
  // A name in the card's box (not scrolled out sideways) is the element seen at its centre.
  const view = document.querySelector(".card-scroll").getBoundingClientRect();
  const atCentre = (el) => {
    const b = el.getBoundingClientRect();
    const x = b.left + b.width / 2;
    if (x < view.left || x > view.right) return true;
    const hit = document.elementFromPoint(x, b.top + b.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  };
  return {
    bar: box(document.querySelector(".felt")),
    head: headBox,
    headDrawn: [...head.querySelectorAll("th[data-seat] .col-name")].every(atCentre),
    titleDrawn: atCentre(document.querySelector(".felt .turn-title")),
    names,
    above,
    scrollX: scrollX,
    pageWidth: document.documentElement.scrollWidth,
    width: innerWidth,
    height: innerHeight,
  };
}"""


def table_after_a_round(server: ServerProcess, players: int) -> dict[str, Any]:
    """An online table of so many players, started by its host, each seat having played one turn
    over its socket: the host's turn again, the dice not yet rolled."""
    with httpx.Client(base_url=server.base_url, timeout=30.0) as api:
        table = open_table(api, *NAMES[:players], seats=players)

    async def play_a_round() -> None:
        clients = [
            await PlayClient(server.ws_url(table["id"]), token).connect()
            for token in table["tokens"]
        ]
        await clients[0].intent("start")
        for client in clients:
            await play_turn(client)
        for client in clients:
            await client.close()

    # The browser tests' own event loop runs in this thread: the sockets play in another.
    with ThreadPoolExecutor(1) as worker:
        worker.submit(asyncio.run, play_a_round()).result(timeout=120)
    return table


def host_page(
    open_page: Callable[..., Page], table: dict[str, Any], viewport: dict[str, int]
) -> Page:
    """The host's browser (a phone) at the table, as the page keeps a seat it opened."""
    page = open_page(viewport, touch=True)
    seats = {"0": {"token": table["tokens"][0], "name": NAMES[0]}}
    entry = {table["id"]: {"mode": "online", "seats": seats, "primary": 0, "created": 1}}
    page.add_init_script(
        f"sessionStorage.setItem('fivedice.tab.tables', {json.dumps(json.dumps(entry))})"
    )
    page.goto(f"/?table={table['id']}")
    assert wait_acting_or_finished(page) == "0"
    return page


def scroll_card_under_bar(page: Page, row: str) -> None:
    """Scroll the page (at once, as a flick ends) so that this row of the card lies right under
    the names row, the rows above it having passed beneath the bar of dice."""
    moved = page.evaluate(
        """row => {
          const before = scrollY;
          // Twice: the first scroll may bring the bar up to where it sticks.
          for (let pass = 0; pass < 2; pass++) {
            const head = document.querySelector(".scorecard thead tr").getBoundingClientRect();
            const gap = document.querySelector(`tr[data-row='${row}']`).getBoundingClientRect().top
              - document.querySelector(".felt").getBoundingClientRect().bottom - head.height;
            window.scrollBy({ top: gap, behavior: "instant" });
          }
          return scrollY - before;
        }""",
        row,
    )
    assert moved > 0, f"the page did not scroll to {row}"
    # The page redraws what follows a scroll by its next frame: wait for two.
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def still_picture(page: Page, artifacts: Path, name: str) -> None:
    """A screenshot once the dice have stopped tumbling."""
    page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")
    page.screenshot(path=str(artifacts / f"{name}.png"))


def assert_names_under_the_bar(page: Page) -> None:
    """The names row shows whole right under the bar, each name over its column; no card row
    shows above the bar; the dice and Roll show; the page does not scroll sideways."""
    card = page.evaluate(CARD_JS)
    bar, head = card["bar"], card["head"]
    assert abs(head["top"] - bar["bottom"]) <= 2, f"the names row is not under the bar: {card}"
    assert head["bottom"] <= card["height"] and card["headDrawn"], f"a name is covered: {card}"
    for column in card["names"]:
        name, cells = column["name"], column["column"]
        assert name["left"] < cells["right"] and name["right"] > cells["left"], column
    assert card["above"] == [], f"card rows show above the bar's bottom edge: {card['above']}"
    assert card["titleDrawn"], "the top bar covers the turn's title"
    expect(page.locator(".dice-tray")).to_be_in_viewport(ratio=1)
    expect(page.locator(".roll-button")).to_be_in_viewport(ratio=1)
    assert card["scrollX"] == 0 and card["pageWidth"] <= card["width"], card
    assert not overflowing(page)


@pytest.mark.parametrize("players", [2, 8])
@pytest.mark.parametrize("viewport", [PHONE, SMALL_PHONE], ids=["390", "320"])
def test_the_names_stay_under_the_dice_as_the_card_scrolls(
    open_page: Callable[..., Page],
    web_server: ServerProcess,
    artifacts: Path,
    viewport: dict[str, int],
    players: int,
) -> None:
    table = table_after_a_round(web_server, players)
    page = host_page(open_page, table, viewport)
    roll(page)
    size = f"{viewport['width']}-{players}p"
    still_picture(page, artifacts, f"card-heads-{size}-top")

    # The card half way up under the bar, then its last box right under it.
    for row in ("large_straight", "chance", "grand_total"):
        scroll_card_under_bar(page, row)
        if row == "large_straight":
            still_picture(page, artifacts, f"card-heads-{size}-scrolled")
        assert_names_under_the_bar(page)

    # With more columns than the phone's width, the card scrolls sideways under its names: the
    # last name comes into view over the last column.
    scroller = page.locator(".card-scroll")
    wide = scroller.evaluate("el => el.scrollWidth > el.clientWidth")
    if wide:
        scroller.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
        last = page.locator(f".scorecard thead th[data-seat='{players - 1}'] .col-name")
        expect(last).to_be_in_viewport(ratio=1)
        assert_names_under_the_bar(page)
        still_picture(page, artifacts, f"card-heads-{size}-sideways")
    assert wide == (players == 8), "two columns fit a phone; eight scroll sideways"
