"""A finished table with its analysis open, at desktop and phone size: the page grows to hold
the analysis and scrolls as a page does, each panel at its natural size (no panel squeezed so
its lines spill out, none over another, no tall empty area below), and the analysis's list of
decisions, which scrolls in a box of its own, keeps its column headings in sight."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from server_process import ServerProcess
from test_web_layout import NAMES, finished_table
from web_driver import DESKTOP, PHONE, shoot, wait_phase

# The panels of the table, and each one's children that stick out of its box.
PANELS_JS = """() => {
  const panels = [...document.querySelectorAll(".table-screen .panel, .table-screen .felt")]
    .filter((el) => el.getClientRects().length);
  return panels.map((el) => {
    const b = el.getBoundingClientRect();
    const spill = [...el.children].filter((child) => child.getClientRects().length).map((child) => {
      const c = child.getBoundingClientRect();
      const out = c.top < b.top - 1 || c.bottom > b.bottom + 1;
      return out || c.left < b.left - 1 || c.right > b.right + 1
        ? `${child.tagName}.${child.className} ${Math.round(c.top)}-${Math.round(c.bottom)}` : null;
    }).filter(Boolean);
    return {
      name: `${el.tagName}.${el.className.replace(/ /g, ".")}`,
      top: b.top + scrollY, bottom: b.bottom + scrollY, left: b.left, right: b.right, spill,
    };
  });
}"""

# How far the page reaches below the last thing drawn on it (the site's footer).
EMPTY_BELOW_JS = """() => {
  const foot = document.querySelector(".sitefoot");
  const panels = [...document.querySelectorAll(".table-screen .panel, .table-screen .felt")];
  const bottom = Math.max(...[foot, ...panels].filter((el) => el && el.getClientRects().length)
    .map((el) => el.getBoundingClientRect().bottom + scrollY));
  return document.documentElement.scrollHeight - bottom;
}"""

# The decisions' headings against their scroll box, once it has scrolled some way down.
HEAD_JS = """() => {
  const scroller = document.querySelector(".decisions-scroll");
  scroller.scrollIntoView({ block: "center" });
  scroller.scrollTop = Math.min(400, scroller.scrollHeight - scroller.clientHeight);
  const box = scroller.getBoundingClientRect();
  const th = scroller.querySelector("thead th");
  const b = th.getBoundingClientRect();
  const top = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  return {
    scrolled: scroller.scrollTop, scrolls: scroller.scrollHeight > scroller.clientHeight,
    inside: b.top >= box.top - 1 && b.bottom <= box.bottom + 1, drawn: !!top && th.contains(top),
  };
}"""


def overlaps(panels: list[dict[str, Any]]) -> list[str]:
    out = []
    for i, a in enumerate(panels):
        for b in panels[i + 1 :]:
            apart = (
                a["bottom"] <= b["top"] + 1
                or b["bottom"] <= a["top"] + 1
                or a["right"] <= b["left"] + 1
                or b["right"] <= a["left"] + 1
            )
            if not apart:
                out.append(f"{a['name']} over {b['name']}")
    return out


@pytest.fixture(scope="module")
def finished(web_server: ServerProcess) -> dict[str, Any]:
    return finished_table(web_server, 2)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_analysis_of_a_finished_table_lays_out_as_a_page(
    open_page: Callable[..., Page],
    finished: dict[str, Any],
    artifacts: Path,
    viewport: dict[str, int],
) -> None:
    page = open_page(viewport, touch=viewport is PHONE)
    seats = {"0": {"token": finished["tokens"][0], "name": NAMES[0]}}
    entry = {finished["id"]: {"mode": "online", "seats": seats, "primary": 0}}
    page.add_init_script(
        f"sessionStorage.setItem('fivedice.tab.tables', {json.dumps(json.dumps(entry))})"
    )
    page.goto(f"/?table={finished['id']}")
    wait_phase(page, "finished")
    page.get_by_role("button", name="Show analysis").click()
    expect(page.locator(".analysis #decisions tbody tr").first).to_be_attached(timeout=120_000)
    page.wait_for_timeout(300)
    size = f"{viewport['width']}"
    shoot(page, artifacts, f"analysis-finished-{size}", full_page=True)

    panels = page.evaluate(PANELS_JS)
    assert len(panels) >= 3, panels  # the card, the felt with the analysis, the moves
    spilt = {p["name"]: p["spill"] for p in panels if p["spill"]}
    assert not spilt, f"children stick out of their panel: {spilt}"
    assert not overlaps(panels), panels
    moves = page.locator("section.panel:has(.log)")
    head, log = moves.locator("h2"), moves.locator(".log")
    assert head.evaluate("el => el.getBoundingClientRect().height") > 0
    assert log.evaluate("el => el.getBoundingClientRect().height >= 30"), "the moves are squeezed"
    empty = page.evaluate(EMPTY_BELOW_JS)
    assert empty < 200, f"{empty} px of empty page below the last panel"

    head_at = page.evaluate(HEAD_JS)
    assert head_at["scrolls"] and head_at["scrolled"] > 0, head_at
    assert head_at["inside"] and head_at["drawn"], f"the decisions' headings scroll away: {head_at}"
    shoot(page, artifacts, f"analysis-decisions-{size}")
