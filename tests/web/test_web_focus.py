"""The keyboard focus stays on something sensible: after scoring, Undo, Hint, Show analysis,
Add computer, Start and a change of screen it lands on the next step (never on the page's
body); the lobby's list, redrawn every few seconds, keeps it on the same Join button; game
keys do nothing while the chat or the move log has it; the Roll button shows its ring."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from a11y import focused
from playwright.sync_api import Page, expect
from server_process import ServerProcess
from test_web_a11y import as_player, finished  # noqa: F401 (the finished match fixture)
from web_driver import (
    DESKTOP,
    PHONE,
    roll,
    seq,
    wait_acting_or_finished,
    wait_phase,
    wait_seq_above,
)


def create_table(page: Page, seats: int, hints: str = "") -> None:
    """Open a table from the lobby's create form, as its host."""
    page.goto("/")
    page.fill("#player-name", "Flo")
    page.locator("#create-table summary").click()
    page.locator("#create-table input[name=seats]").fill(str(seats))
    if hints:
        page.select_option("#create-table select[name=hints]", hints)
    page.locator("#create-submit").click()
    wait_phase(page, "waiting")


def test_focus_through_a_match_with_the_computer(open_page: Callable[..., Page]) -> None:
    page = open_page(DESKTOP)
    create_table(page, 2, hints="true")
    # A new screen: its heading has the focus.
    expect(page.locator("main h1")).to_be_focused()

    # Add computer: the seat fills, the button goes, Start has the focus.
    add = page.get_by_role("button", name="Add computer")
    add.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".seats-list li")).to_have_count(2)
    expect(page.locator("#start-button")).to_be_focused()

    # Start: the match's first step has the focus (Roll, once it is this player's turn).
    page.keyboard.press("Enter")
    wait_phase(page, "playing")
    assert wait_acting_or_finished(page) == "0"
    roll_button = page.locator(".roll-button")
    expect(roll_button).to_be_focused()

    # Roll from the keyboard: Roll keeps the focus, and shows its ring.
    before = seq(page)
    page.keyboard.press("Enter")
    wait_seq_above(page, before)
    expect(roll_button).to_have_attribute("data-rolls-left", "2")
    expect(roll_button).to_be_focused()
    ring = roll_button.evaluate(
        "b => getComputedStyle(b).outlineStyle + ' ' + getComputedStyle(b).boxShadow"
    )
    assert ring.startswith("solid"), ring

    # Hint: its button has the focus again once the advice is shown.
    page.get_by_role("button", name="Hint").click()
    expect(page.locator(".hint-box .best")).to_contain_text("expected", timeout=90_000)
    expect(page.get_by_role("button", name="Hint")).to_be_focused()

    # Scoring from the keyboard: the box goes; the computer plays; Roll has the focus again.
    page.keyboard.press("ArrowDown")
    box = page.locator("button.open-box.selected")
    expect(box).to_be_focused()
    page.keyboard.press("Enter")
    assert wait_acting_or_finished(page) == "0"
    expect(roll_button).to_be_focused()
    assert focused(page) != "BODY"


def test_focus_after_undo_and_game_keys_in_the_chat(open_page: Callable[..., Page]) -> None:
    page = open_page(PHONE)
    create_table(page, 1)
    page.locator("#start-button").click()
    wait_phase(page, "playing")
    roll(page)

    # Keys typed while the chat or the move log has the focus are not game keys.
    rolls = page.locator(".roll-button").get_attribute("data-rolls-left")
    for log in (".chat-lines", ".side-panels ol.log"):
        page.locator(log).focus()
        page.keyboard.press("r")
        page.keyboard.press("1")
        page.keyboard.press(" ")
        page.wait_for_timeout(400)
        expect(page.locator(".roll-button")).to_have_attribute("data-rolls-left", rolls or "")
        expect(page.locator(".die[data-position='0']")).to_have_attribute("aria-pressed", "false")

    # Undo: the box is open again, and Roll (rolls are left) has the focus.
    before = seq(page)
    page.locator("button.open-box").first.click()
    wait_seq_above(page, before)
    undo = page.get_by_role("button", name="Undo")
    undo.click()
    expect(undo).to_be_hidden()
    expect(page.locator(".roll-button")).to_be_focused()


def test_show_analysis_and_screen_changes_keep_the_focus(
    open_page: Callable[..., Page],
    finished: dict[str, Any],  # noqa: F811
) -> None:
    page = open_page(DESKTOP)
    as_player(page, finished)
    page.goto(f"/?table={finished['id']}")
    wait_phase(page, "finished")
    page.get_by_role("button", name="Show analysis").click()
    expect(page.locator(".analysis svg.chart").first).to_be_visible(timeout=90_000)
    expect(page.get_by_role("button", name="Hide analysis")).to_be_focused()

    # The Replay link leaves the screen: the replay's heading has the focus.
    page.get_by_role("link", name="Replay").click()
    expect(page.locator("#replay-caption")).to_be_visible()
    expect(page.locator("main h1")).to_be_focused()
    # The main menu's links too.
    page.get_by_role("link", name="Leaderboards").click()
    expect(page.locator("main h1")).to_have_text("Leaderboards")
    expect(page.locator("main h1")).to_be_focused()
    page.get_by_role("link", name="History", exact=True).click()
    expect(page.locator("main h1")).to_be_focused()


def test_the_lobby_list_keeps_the_focus_on_its_join_button(
    open_page: Callable[..., Page], web_server: ServerProcess
) -> None:
    with httpx.Client(base_url=web_server.base_url, timeout=10.0) as api:
        created = api.post("/api/tables", json={"host_name": "Hal", "seats": 3})
        assert created.status_code == 201, created.text
        table_id = created.json()["table_id"]
    page = open_page(DESKTOP)
    page.goto("/")
    join = page.locator(f"tr[data-table-id='{table_id}'] button", has_text="Join")
    join.focus()
    join.evaluate("b => { b.dataset.first = 'yes'; }")
    # The list is redrawn every 4 s: the focus moves to the new row's Join button.
    page.wait_for_function("() => !document.querySelector('[data-first]')", timeout=10_000)
    page.wait_for_timeout(300)
    expect(join).to_be_focused()
