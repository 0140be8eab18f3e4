"""Two people in two browsers: one opens a table from the lobby, the other joins it from the
lobby's list, a third watches; they chat and play a whole match, each seeing the other's moves
as they happen. Screenshots of the lobby, a table mid-match and the end, at desktop and phone
sizes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect
from web_driver import (
    DESKTOP,
    PHONE,
    cell,
    play_quick_turn,
    screen,
    shoot,
    wait_acting_or_finished,
    wait_phase,
)


def test_two_browsers_play_a_whole_match(open_page: Callable[..., Page], artifacts: Path) -> None:
    ann = open_page(DESKTOP)
    bob = open_page(DESKTOP)
    cid = open_page(PHONE)

    # Ann opens a two-seat table with every option the form offers.
    ann.goto("/")
    ann.fill("#player-name", "Ann")
    ann.locator("#create-table summary").click()
    form = ann.locator("#create-table form")
    form.locator("input[name=name]").fill("Friday night")
    form.locator("input[name=seats]").fill("2")
    form.locator("select[name=start_order]").select_option("host_first")
    ann.locator("#create-submit").click()
    wait_phase(ann, "waiting")
    expect(ann.locator(".seats-list li[data-seat='0']")).to_contain_text("Ann")
    table_id = screen(ann).get_attribute("data-table-id")

    # Bob finds it in the lobby's list and joins.
    bob.goto("/")
    row = bob.locator(f"tr[data-table-id='{table_id}']")
    expect(row).to_contain_text("Friday night")
    expect(row).to_contain_text("1/2")
    shoot(bob, artifacts, "desktop-lobby", full_page=True)
    bob.set_viewport_size(PHONE)
    shoot(bob, artifacts, "phone-lobby", full_page=True)
    bob.set_viewport_size(DESKTOP)
    bob.fill("#player-name", "Bob")
    row.get_by_role("button", name="Join").click()
    wait_phase(bob, "waiting")
    expect(ann.locator(".seats-list li[data-seat='1']")).to_contain_text("Bob")

    # Cid watches through the invite link; Bob says hello; everyone sees both.
    cid.goto("/")
    cid.fill("#player-name", "Cid")
    cid.goto(f"/?table={table_id}")
    wait_phase(cid, "waiting")
    expect(ann.locator(".chat .spectators")).to_contain_text("Cid")
    bob.get_by_role("textbox", name="Chat message").fill("Good luck!")
    bob.get_by_role("textbox", name="Chat message").press("Enter")
    expect(ann.locator(".chat-lines")).to_contain_text("Bob: Good luck!")
    expect(cid.locator(".chat-lines")).to_contain_text("Good luck!")

    # Only the host starts.
    expect(bob.locator("#start-button")).to_have_count(0)
    ann.locator("#start-button").click()
    wait_phase(ann, "playing")
    wait_phase(bob, "playing")
    # Your own column comes first.
    expect(ann.locator(".scorecard thead th[data-seat]").first).to_have_attribute("data-seat", "0")
    expect(bob.locator(".scorecard thead th[data-seat]").first).to_have_attribute("data-seat", "1")

    pages = {"0": ann, "1": bob}
    other = {"0": bob, "1": ann}
    turns = 0
    while True:
        seat = wait_acting_or_finished(ann if turns % 2 == 0 else bob)
        if not seat:
            break
        page = pages[seat]
        if turns == 9:  # Bob mid-turn: rolled, two dice held, a box previewed
            page.locator(".roll-button").click()
            page.locator("button.open-box").first.wait_for()
            for position in (0, 1):
                page.locator(f".die[data-position='{position}']").click()
            expect(page.locator(".die[aria-pressed='true']")).to_have_count(2)
            page.locator("button.open-box").last.hover()
            shoot(page, artifacts, "desktop-table-mid-match")
            page.set_viewport_size(PHONE)
            shoot(page, artifacts, "phone-table-mid-match", full_page=True)
            page.set_viewport_size(DESKTOP)
            page.mouse.move(0, 0)
        category = play_quick_turn(page)
        turns += 1
        # The other player and the spectator see the move at once, in the mover's column.
        points = cell(page, int(seat), category).inner_text()
        expect(cell(other[seat], int(seat), category)).to_have_text(points)
        expect(cell(cid, int(seat), category)).to_have_text(points)
    assert turns == 26

    for page in (ann, bob, cid):
        wait_phase(page, "finished")
        expect(page.locator(".ranking li")).to_have_count(2)
    totals = ann.locator(".ranking .rank-total").all_inner_texts()
    assert bob.locator(".ranking .rank-total").all_inner_texts() == totals
    assert [int(t) for t in totals] == sorted((int(t) for t in totals), reverse=True)
    expect(ann.get_by_role("button", name="Offer a rematch")).to_be_visible()
    expect(ann.locator(".result-actions")).to_contain_text("New game")
    # The spectator has no seat, so no rematch to offer.
    expect(cid.get_by_role("button", name="Offer a rematch")).to_have_count(0)
    shoot(ann, artifacts, "desktop-end-of-match", full_page=True)
    cid.set_viewport_size(PHONE)
    shoot(cid, artifacts, "phone-end-of-match", full_page=True)

    # The rematch, from both sides: Ann offers, Bob sees the offer and accepts, and everyone
    # (the spectator too) moves to the new table, already started.
    ann.get_by_role("button", name="Offer a rematch").click()
    expect(ann.locator(".rematch-note")).to_contain_text("Waiting for Bob")
    expect(bob.locator(".rematch-note")).to_contain_text("Ann offers a rematch")
    expect(cid.locator(".rematch-note")).to_contain_text("Ann offered a rematch")
    shoot(bob, artifacts, "desktop-rematch-offer")
    bob.get_by_role("button", name="Accept the rematch").click()
    for page in (ann, bob, cid):
        page.wait_for_function(
            "id => document.querySelector('.table-screen')?.dataset.tableId !== id", arg=table_id
        )
        wait_phase(page, "playing")
    rematch = screen(ann).get_attribute("data-table-id")
    assert screen(bob).get_attribute("data-table-id") == rematch
    assert screen(cid).get_attribute("data-table-id") == rematch
    expect(ann.locator(".scorecard thead th[data-seat]").first).to_have_attribute("data-seat", "0")
    expect(bob.locator(".scorecard thead th[data-seat]").first).to_have_attribute("data-seat", "1")
    assert wait_acting_or_finished(ann) == "0"
