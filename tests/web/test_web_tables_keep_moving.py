"""An online table in real browsers keeps moving: a player who closes the tab does not stall the
others (the page shows who is away and when the turn passes), and a double click on Roll throws
once."""

from __future__ import annotations

import json
from collections.abc import Callable

import httpx
from playwright.sync_api import Page, expect
from server_process import ServerProcess
from web_driver import screen, shoot, wait_acting_or_finished, wait_phase

GRACE = 10  # the shortest time a table lets an away player keep their turn


def seated_page(
    open_page: Callable[..., Page], table_id: str, seat: int, token: str, name: str
) -> Page:
    """A browser that holds this seat (as the page keeps a seat it joined), at the table."""
    page = open_page()
    entry = {
        table_id: {
            "mode": "online",
            "seats": {str(seat): {"token": token, "name": name}},
            "primary": seat,
            "created": 1,
        }
    }
    script = f"""sessionStorage.setItem("fivedice.tab.tables", {json.dumps(json.dumps(entry))});"""
    page.add_init_script(script)
    page.goto(f"/?table={table_id}")
    return page


def test_a_closed_tab_does_not_stall_the_table(
    web_server: ServerProcess, open_page: Callable[..., Page], artifacts
) -> None:
    with httpx.Client(base_url=web_server.base_url) as api:
        created = api.post(
            "/api/tables",
            json={"host_name": "Ann", "seats": 2, "absent_after_seconds": GRACE, "name": "Away"},
        ).json()
        table_id = created["table_id"]
        bob_seat = api.post(f"/api/tables/{table_id}/seats", json={"name": "Bob"}).json()
    ann = seated_page(open_page, table_id, 0, created["token"], "Ann")
    bob = seated_page(open_page, table_id, 1, bob_seat["token"], "Bob")
    wait_phase(ann, "waiting")
    ann.locator("#start-button").click()
    assert wait_acting_or_finished(ann) == "0"
    wait_phase(bob, "playing")
    # The tab says whose turn it is: Ann's title and icon change, Bob's do not.
    expect(ann).to_have_title("● Your turn — Away — fivedice")
    expect(bob).to_have_title("Away — fivedice")
    assert "data:image/svg" in (ann.locator("link[rel='icon']").get_attribute("href") or "")

    ann.close()  # Ann's tab closes on her turn
    expect(bob.locator(".away-note")).to_contain_text("Ann is away: the turn passes in")
    expect(bob.locator(".scorecard thead th[data-seat='0']")).to_contain_text("away")
    shoot(bob, artifacts, "desktop-player-away")
    # Within the grace time (and a little), the turn comes to Bob without anyone doing a thing.
    bob.wait_for_selector(".table-screen[data-acting='1']", timeout=(GRACE + 8) * 1000)
    expect(bob.locator(".log")).to_contain_text("Ann was away: the turn passed")
    expect(bob).to_have_title("● Your turn — Away — fivedice")
    expect(bob.locator(".scorecard thead th[data-seat='0'] .tag.away")).to_have_text("1×")

    # A double click on Roll throws once.
    before = screen(bob).get_attribute("data-seq")
    bob.locator(".roll-button").dblclick()
    bob.wait_for_function(
        "s => document.querySelector('.table-screen').dataset.seq !== s", arg=before
    )
    bob.wait_for_timeout(800)  # time for a second roll to land, if one had been sent
    expect(bob.locator(".roll-button")).to_have_attribute("data-rolls-left", "2")
    assert bob.locator(".log li", has_text="Bob rolled").count() == 1
    bob.locator("button.open-box").first.click()
    expect(bob).to_have_title("Away — fivedice")  # Ann's turn again (she is still away)


def test_a_double_click_opens_one_table(
    web_server: ServerProcess, open_page: Callable[..., Page]
) -> None:
    page = open_page()
    page.goto("/")
    page.locator("#player-name").fill("Quinn")
    before = httpx.get(f"{web_server.base_url}/healthz").json()["tables"]
    page.get_by_role("button", name="Play against the computer").dblclick()
    wait_phase(page, "playing")
    page.wait_for_timeout(500)  # a second table, had one been asked for, would be open by now
    assert httpx.get(f"{web_server.base_url}/healthz").json()["tables"] == before + 1
