"""What a new player tripped on: a second tab takes back the account's seat by itself, a long
table name stays inside the window, Enter starts pass and play, only the acting person's open
boxes look clickable, the console stays clean, and a tap on a phone scores the box tapped."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect
from web_driver import (
    DESKTOP,
    PHONE,
    cell,
    open_boxes,
    overflowing,
    roll,
    screen,
    seq,
    shoot,
    wait_acting_or_finished,
    wait_phase,
    wait_seq_above,
)


def start_against_the_computer(page: Page, name: str = "Bob") -> str:
    """From the lobby, a match against a beginner; returns the table's id."""
    page.goto("/")
    page.fill("#player-name", name)
    page.select_option("#vs-level", "beginner")
    page.locator("#play-computer").click()
    wait_phase(page, "playing")
    return screen(page).get_attribute("data-table-id") or ""


def test_a_new_tab_takes_back_the_accounts_seat(
    open_page: Callable[..., Page], artifacts: Path
) -> None:
    page = open_page(DESKTOP)
    table_id = start_against_the_computer(page)
    assert wait_acting_or_finished(page) == "0"
    second = page.context.new_page()  # the same browser: its account, its remembered seats
    second.goto(f"/?table={table_id}")
    wait_phase(second, "playing")
    expect(second.locator(".table-screen")).to_have_attribute("data-acting", "0")
    expect(second.get_by_role("button", name="Resume as Bob")).to_have_count(0)
    expect(second.locator(".roll-button")).to_be_enabled()
    # The first tab keeps the seat too: the same token, not a new one.
    page.reload()
    wait_phase(page, "playing")
    expect(page.locator(".table-screen")).to_have_attribute("data-acting", "0")
    shoot(second, artifacts, "desktop-new-tab-seated")


def test_a_long_table_name_stays_inside_the_window(
    open_page: Callable[..., Page], artifacts: Path
) -> None:
    long_name = "W" * 120  # the longest a table's name may be, with no space to break at
    for size, label in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page = open_page(size)
        page.goto("/")
        page.fill("#player-name", "Ann")
        page.locator("#create-table summary").click()
        page.locator("#create-table form input[name=name]").fill(long_name)
        page.locator("#create-submit").click()
        wait_phase(page, "waiting")
        title = page.locator(".table-head h1")
        expect(title).to_have_text(long_name)
        expect(title).to_have_attribute("title", long_name)  # the whole name, when cut short
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        assert not overflowing(page)
        for name in ("Copy invite link", "Leave"):
            box = page.get_by_role("button", name=name).bounding_box()
            assert box is not None
            assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], (name, box)
        shoot(page, artifacts, f"{label}-table-long-name")

    # The lobby lists it without widening the page at any width.
    for size in (DESKTOP, PHONE, NARROW):
        page = open_page(size)
        page.goto("/")
        row = page.locator(".tables-list tr").filter(has_text=long_name[:40])
        expect(row.first).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"], size
        watch = row.first.get_by_role("link", name="Watch")
        if watch.count():
            box = watch.bounding_box()
            assert box is not None and box["x"] + box["width"] <= size["width"], (size, box)
        shoot(page, artifacts, f"lobby-long-name-{size['width']}")


def test_enter_in_a_pass_and_play_name_starts_the_game(open_page: Callable[..., Page]) -> None:
    page = open_page(PHONE)
    page.goto("/")
    names = page.locator(".names-list input")
    names.nth(0).fill("Eve")
    names.nth(1).fill("Finn")
    names.nth(1).press("Enter")
    wait_phase(page, "playing")
    heads = page.locator(".scorecard thead th[data-seat]")
    expect(heads).to_have_count(2)
    expect(heads.nth(1)).to_contain_text("Finn")


NARROW = {"width": 320, "height": 640}

WATCH_SHOWN_BOXES = """() => {
  window.shownBoxes = [];
  new MutationObserver(() => {
    for (const box of document.querySelectorAll("td[data-seat='1'] span.open-box")) {
      const style = getComputedStyle(box);
      window.shownBoxes.push([style.borderTopStyle, style.borderTopColor, style.cursor].join("|"));
    }
  }).observe(document.body, { childList: true, subtree: true });
}"""


def test_only_the_acting_persons_open_boxes_look_clickable(
    open_page: Callable[..., Page], artifacts: Path
) -> None:
    page = open_page(DESKTOP)
    start_against_the_computer(page)
    assert wait_acting_or_finished(page) == "0"
    roll(page)
    mine = page.locator("td[data-seat='0'] button.open-box").first
    assert mine.evaluate("b => getComputedStyle(b).borderTopStyle") == "dashed"
    assert mine.evaluate("b => getComputedStyle(b).cursor") == "pointer"
    page.evaluate(WATCH_SHOWN_BOXES)
    rolled = seq(page)
    page.locator(f"button.open-box[data-category='{open_boxes(page)[0]}']").click()
    wait_seq_above(page, rolled)
    # The computer's turn: its points show in its column, with no border and no pointer.
    page.wait_for_function("window.shownBoxes.length > 0")
    shown = page.evaluate("window.shownBoxes[0]")
    style, color, cursor = shown.split("|")
    assert (style == "none" or color == "rgba(0, 0, 0, 0)") and cursor == "default", shown
    shoot(page, artifacts, "desktop-computer-turn-boxes")


def test_the_lobby_and_a_visit_to_a_table_log_no_errors(open_page: Callable[..., Page]) -> None:
    host = open_page(DESKTOP)
    host.goto("/")
    host.fill("#player-name", "Ann")
    host.locator("#create-table summary").click()
    host.locator("#create-submit").click()
    wait_phase(host, "waiting")
    table_id = screen(host).get_attribute("data-table-id")

    visitor = open_page(PHONE)
    errors: list[str] = []
    visitor.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    failed: list[str] = []
    visitor.on(
        "response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None
    )
    visitor.goto("/")
    expect(visitor.locator("#account-button")).to_have_attribute("data-kind", "guest")
    visitor.goto(f"/?table={table_id}")
    wait_phase(visitor, "waiting")
    expect(visitor.locator(".seats-list li[data-seat='0']")).to_contain_text("Ann")
    visitor.wait_for_timeout(1500)  # the page's later requests (scores, presence) come in
    assert not failed, failed
    assert not errors, errors


AT_POINT = """([x, y]) => {
  const hit = document.elementFromPoint(x, y);
  const box = hit && hit.closest("button.open-box");
  return box ? box.dataset.category : null;
}"""
UPPER = ["ones", "twos", "threes", "fours", "fives", "sixes"]


def test_a_tap_on_a_phone_scores_the_box_tapped(
    open_page: Callable[..., Page], artifacts: Path
) -> None:
    page = open_page(PHONE, touch=True)
    start_against_the_computer(page)
    for category in UPPER:
        assert wait_acting_or_finished(page) == "0"
        roll(page)
        box = page.locator(f"td[data-seat='0'] button.open-box[data-category='{category}']")
        before = box.bounding_box()
        assert before is not None
        # Without scrolling, the box is in view and nothing covers it (the dice bar, a toast).
        middle = [before["x"] + before["width"] / 2, before["y"] + before["height"] / 2]
        hit = page.evaluate(AT_POINT, middle)
        assert hit == category, (category, hit, before)
        # A finger comes down: nothing on the table moves before the click that follows.
        box.dispatch_event("pointerdown", {"pointerType": "touch", "isPrimary": True})
        box.dispatch_event("touchstart")
        page.wait_for_timeout(150)
        assert box.bounding_box() == before, category
        box.dispatch_event("pointerup", {"pointerType": "touch", "isPrimary": True})
        if category == "ones":
            shoot(page, artifacts, "phone-before-tap")
        rolled = seq(page)
        box.tap()
        wait_seq_above(page, rolled)
        expect(cell(page, 0, category)).to_have_class(re.compile(r"\bfilled\b"))
        filled = page.locator("td[data-seat='0'].filled").count()
        assert filled == UPPER.index(category) + 1, (category, filled)
