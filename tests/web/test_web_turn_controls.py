"""The controls of a turn through the page itself: hold and release (mouse and keys), the
preview on hover and right click, a reload mid-turn that comes back to the same seat and state,
Undo, and the clock running out."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import httpx
from playwright.sync_api import Page, expect
from server_process import ServerProcess
from web_driver import DESKTOP, dice, held, roll, screen, seq, wait_phase


def server_held(page: Page) -> list[int]:
    """What the server says is held (the view the page last received)."""
    return page.evaluate("() => window.fivedice.screen.view.held")


def wait_server_held(page: Page, positions: list[int]) -> None:
    page.wait_for_function(
        "p => JSON.stringify(window.fivedice.screen.view.held) === JSON.stringify(p)", arg=positions
    )


def test_hold_preview_reload_and_undo(open_page: Callable[..., Page]) -> None:
    page = open_page(DESKTOP)
    page.goto("/")
    page.fill("#player-name", "Gus")
    page.locator("#create-table summary").click()
    page.locator("#create-table input[name=seats]").fill("1")
    page.locator("#create-submit").click()
    wait_phase(page, "waiting")
    page.locator("#start-button").click()
    wait_phase(page, "playing")
    expect(page.locator(".die.blank")).to_have_count(5)
    roll(page)
    first = dice(page)

    # Hold and release with the mouse; hold with a key.
    die0 = page.locator(".die[data-position='0']")
    die0.click()
    expect(die0).to_have_attribute("aria-pressed", "true")
    expect(die0).to_have_attribute("aria-label", re.compile(r"held"))
    wait_server_held(page, [0])
    die0.click()
    expect(die0).to_have_attribute("aria-pressed", "false")
    wait_server_held(page, [])
    page.keyboard.press("2")
    page.keyboard.press("4")
    wait_server_held(page, [1, 3])
    assert held(page) == [1, 3]
    roll(page)
    second = dice(page)
    assert (second[1], second[3]) == (first[1], first[3])
    expect(page.locator(".roll-button")).to_have_attribute("data-rolls-left", "1")

    # The preview: hover shows a box's points, right click too, Escape clears a right click.
    boxes = page.locator("button.open-box")
    chance = page.locator("button.open-box[data-category='chance']")
    chance.hover()
    preview = page.locator(".preview-line")
    expect(preview).to_contain_text(f"Chance: {sum(second)} points")
    page.mouse.move(0, 0)
    expect(preview).not_to_contain_text("Chance")
    ones = page.locator("button.open-box[data-category='ones']")
    ones.click(button="right")
    expect(preview).to_contain_text("Ones:")
    page.mouse.move(0, 0)
    expect(preview).to_contain_text("Ones:")  # a right click's preview stays
    page.keyboard.press("Escape")
    expect(preview).not_to_contain_text("Ones:")
    assert boxes.count() == 13

    # A reload mid-turn comes back to the same seat and the same state.
    state = (dice(page), held(page), seq(page))
    page.reload()
    wait_phase(page, "playing")
    expect(screen(page)).to_have_attribute("data-acting", "0")
    expect(page.locator(".roll-button")).to_have_attribute("data-rolls-left", "1")
    assert (dice(page), held(page), seq(page)) == state
    expect(page.locator(".scorecard thead th.me")).to_contain_text("Gus")

    # A lost connection: the page reconnects with the last sequence number it saw.
    page.evaluate("() => window.fivedice.screen.socket.drop()")
    page.wait_for_function("() => window.fivedice.screen.socket.connections === 2")
    expect(page.locator(".conn")).to_have_attribute("data-connection", "online")
    assert (dice(page), held(page), seq(page)) == state

    # Score, then take it back: the box is open again and the turn resumes as it was.
    chance.click()
    expect(page.locator("tr[data-row='chance'] td[data-seat='0']")).to_have_text(str(sum(second)))
    undo = page.get_by_role("button", name=re.compile("Undo Chance"))
    expect(undo).to_be_visible()
    undo.click()
    expect(page.locator("button.open-box[data-category='chance']")).to_be_visible()
    expect(page.locator(".roll-button")).to_have_attribute("data-rolls-left", "1")
    assert dice(page) == second
    expect(undo).to_be_hidden()
    page.locator("button.open-box[data-category='ones']").click()
    expect(page.locator("tr[data-row='ones'] td[data-seat='0']")).to_have_text(str(second.count(1)))
    # Undo holds until the next roll; after it, the scoring stands.
    expect(page.get_by_role("button", name=re.compile("Undo Ones"))).to_be_visible()
    roll(page)
    expect(page.get_by_role("button", name=re.compile("Undo"))).to_be_hidden()


def test_the_clock_runs_out(open_page: Callable[..., Page], web_server: ServerProcess) -> None:
    page = open_page(DESKTOP)
    created = httpx.post(
        f"{web_server.base_url}/api/tables",
        json={"host_name": "Hal", "seats": 1, "clock_seconds": 3, "timeout_rule": "scratch"},
    ).json()
    table_id = created["table_id"]
    # The page keeps seat tokens as the lobby would have, had Hal opened the table there.
    seats = {
        table_id: {
            "mode": "online",
            "seats": {"0": {"token": created["token"], "name": "Hal"}},
            "primary": 0,
        }
    }
    page.goto("/")
    page.evaluate("s => sessionStorage.setItem('fivedice.tab.tables', s)", json.dumps(seats))
    page.goto(f"/?table={table_id}")
    wait_phase(page, "waiting")
    expect(page.locator(".rules-summary")).to_contain_text("0:03 per hand")
    page.locator("#start-button").click()
    wait_phase(page, "playing")

    big = page.locator(".big-clock")
    column = page.locator(".scorecard .col-clock[data-clock-seat='0']")
    expect(big).to_have_text(re.compile(r"0:0[0-3]"))
    expect(column).to_have_class(re.compile("running"))
    roll(page)  # the clock runs on through the turn
    expect(big).to_have_text("0:01", timeout=5000)
    # Time runs out: a 0 is scratched in a box and the next hand's clock starts afresh.
    expect(page.locator(".log")).to_contain_text("time ran out", timeout=8000)
    expect(page.locator("tr.box td[data-seat='0'].filled")).to_have_count(1)
    expect(page.locator("tr.box td[data-seat='0'].zero")).to_have_count(1)
    expect(big).to_have_text(re.compile(r"0:0[23]"))
