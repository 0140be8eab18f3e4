"""Pass and play: two people at one screen, one browser, the seats taking turns; one plays with
the mouse, the other with the keyboard alone."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect
from web_driver import DESKTOP, play_quick_turn, screen, seq, wait_acting_or_finished, wait_phase


def keyboard_turn(page: Page) -> None:
    """R rolls, the arrows choose a box, Space rolls again all the same (it never scores while
    rolls are left), Enter scores the chosen box."""
    rolls = page.locator(".roll-button")
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("r")
    expect(rolls).to_have_attribute("data-rolls-left", "2")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(page.locator("button.open-box.selected")).to_have_count(1)
    filled = page.locator("td.filled[data-seat='1']").count()
    page.keyboard.press(" ")
    expect(rolls).to_have_attribute("data-rolls-left", "1")
    assert page.locator("td.filled[data-seat='1']").count() == filled
    page.keyboard.press("ArrowDown")
    chosen = page.locator("button.open-box.selected")
    expect(chosen).to_have_count(1)
    category = chosen.get_attribute("data-category")
    expect(page.locator(".preview-line")).to_contain_text("point")
    before = seq(page)
    page.keyboard.press("Enter")
    page.wait_for_function(
        "v => Number(document.querySelector('.table-screen').dataset.seq) > v", arg=before
    )
    assert page.locator(f"tr[data-row='{category}'] td[data-seat='1']").inner_text() != ""


def test_pass_and_play(open_page: Callable[..., Page]) -> None:
    page = open_page(DESKTOP)
    page.goto("/")
    names = page.locator(".names-list input")
    names.nth(0).fill("Eve")
    names.nth(1).fill("Finn")
    page.locator("#pass-and-play").click()
    wait_phase(page, "playing")
    heads = page.locator(".scorecard thead th[data-seat]")
    expect(heads).to_have_count(2)
    expect(heads.nth(0)).to_contain_text("Eve")
    expect(heads.nth(1)).to_contain_text("Finn")

    turns = 0
    while seat := wait_acting_or_finished(page):
        name = "Eve" if seat == "0" else "Finn"
        expect(page.locator("#turn-title")).to_have_text(f"{name}'s turn")
        if seat == "0":
            play_quick_turn(page)
        else:
            keyboard_turn(page)
        turns += 1
    assert turns == 26
    wait_phase(page, "finished")
    expect(page.locator(".ranking li")).to_have_count(2)
    # Both players sit at this screen: the ranking names them, it calls neither "you".
    expect(page.locator(".ranking li").nth(0)).to_contain_text(re.compile("Eve|Finn"))
    expect(page.locator(".ranking .tag.you")).to_have_count(0)

    first = screen(page).get_attribute("data-table-id")
    page.get_by_role("button", name="Play again").click()
    page.wait_for_function(
        "id => document.querySelector('.table-screen')?.dataset.tableId !== id", arg=first
    )
    wait_phase(page, "playing")
    expect(page.locator(".scorecard thead th[data-seat]")).to_have_count(2)
    assert wait_acting_or_finished(page) == "0"
