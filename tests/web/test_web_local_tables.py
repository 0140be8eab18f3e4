"""Tables played at one screen show only what applies to them: pass and play and a match
against the computer have no invite link, no "private" badge, no chat and no presence dots;
pass and play names its columns by player (never "you") and Undo says whose box it takes
back. An online table keeps all of these."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect
from web_driver import (
    DESKTOP,
    PHONE,
    open_boxes,
    roll,
    seq,
    shoot,
    wait_acting_or_finished,
    wait_phase,
    wait_seq_above,
)


def expect_no_online_chrome(page: Page) -> None:
    """No invite link, private badge, chat or presence dot anywhere on the table screen."""
    expect(page.get_by_role("button", name="Copy invite link")).to_have_count(0)
    expect(page.locator(".table-head .pill", has_text="private")).to_have_count(0)
    expect(page.locator(".chat")).to_be_hidden()
    expect(page.locator(".scorecard thead .dot")).to_have_count(0)
    expect(page.locator(".invite")).to_have_count(0)


def open_at_one_screen(page: Page, host: str) -> str:
    """Open a two-seat table for play at one screen, as the quick starts do (the server told so),
    without starting it; this tab holds the host's seat as an online one, so only the server's
    word can make it one played at one screen. Returns the table's id."""
    return str(
        page.evaluate(
            """async (host) => {
              const body = { host_name: host, seats: 2, listed: false, at_one_screen: true };
              const { api } = await import("./js/api.js");
              const created = await api.createTable(body);
              const { saveSeats } = await import("./js/seats.js");
              const seats = { [created.seat]: { token: created.token, name: host } };
              saveSeats(created.table_id, { mode: "online", seats, primary: created.seat });
              return created.table_id;
            }""",
            host,
        )
    )


def test_a_visitor_to_a_pass_and_play_table_sees_no_online_chrome(
    open_page: Callable[..., Page], artifacts: Path
) -> None:
    """Another browser (or a tab that lost its seats) opening a table played at one screen
    sees it as the players do: no invite link, private badge, chat or presence dots."""
    players = open_page(DESKTOP)
    players.goto("/")
    names = players.locator(".names-list input")
    names.nth(0).fill("Kim")
    names.nth(1).fill("Lou")
    players.locator("#pass-and-play").click()
    wait_phase(players, "playing")
    expect_no_online_chrome(players)
    table_id = players.evaluate("() => new URLSearchParams(location.search).get('table')")

    for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        visitor = open_page(size)
        visitor.goto(f"/?table={table_id}")
        wait_phase(visitor, "playing")
        expect(visitor.locator(".scorecard thead th[data-seat]")).to_have_count(2)
        expect_no_online_chrome(visitor)
        shoot(visitor, artifacts, f"{name}-visitor-at-pass-and-play")


def test_pass_and_play_names_players_and_undo_says_whose(
    open_page: Callable[..., Page], artifacts: Path
) -> None:
    page = open_page(DESKTOP)
    page.goto("/")
    names = page.locator(".names-list input")
    names.nth(0).fill("Ann")
    names.nth(1).fill("Ben")
    page.locator("#pass-and-play").click()
    wait_phase(page, "playing")
    expect_no_online_chrome(page)
    heads = page.locator(".scorecard thead th[data-seat]")
    expect(heads).to_have_count(2)
    expect(heads.nth(0).locator(".col-name")).to_have_text("Ann")
    expect(heads.nth(1).locator(".col-name")).to_have_text("Ben")
    for i in range(2):
        expect(heads.nth(i).locator(".col-sub")).not_to_contain_text("you")
        expect(heads.nth(i).locator(".col-sub")).not_to_contain_text("here")

    # Ann scores; on Ben's turn the Undo button says it takes back Ann's box.
    assert wait_acting_or_finished(page) == "0"
    roll(page)
    category = open_boxes(page)[0]
    label = page.evaluate("c => window.fivedice.screen.label(c)", category)
    before = seq(page)
    page.locator(f"button.open-box[data-category='{category}']").click()
    wait_seq_above(page, before)
    assert wait_acting_or_finished(page) == "1"
    expect(page.locator("#turn-title")).to_have_text("Ben's turn")
    undo = page.locator(".controls button", has_text="Undo")
    expect(undo).to_be_visible()
    expect(undo).to_contain_text(f"Undo Ann's {label}")
    for i in range(2):
        expect(heads.nth(i).locator(".col-sub")).not_to_contain_text("you")
    shoot(page, artifacts, "desktop-pass-and-play-undo")
    page.set_viewport_size(PHONE)
    expect_no_online_chrome(page)
    expect(undo).to_contain_text(f"Undo Ann's {label}")
    shoot(page, artifacts, "phone-pass-and-play-undo")
    page.set_viewport_size(DESKTOP)

    # Undo gives the turn back to Ann, with her box open again.
    before = seq(page)
    undo.click()
    wait_seq_above(page, before)
    assert wait_acting_or_finished(page) == "0"
    expect(page.locator("#turn-title")).to_have_text("Ann's turn")
    expect(page.locator(f"tr[data-row='{category}'] td[data-seat='0'].filled")).to_have_count(0)
    expect(page.locator(f"button.open-box[data-category='{category}']")).to_have_count(1)
    expect(undo).to_be_hidden()


def test_against_the_computer_shows_no_online_chrome(
    open_page: Callable[..., Page], artifacts: Path
) -> None:
    page = open_page(PHONE)
    page.goto("/")
    page.fill("#player-name", "Dee")
    page.select_option("#vs-level", "beginner")
    page.locator("#play-computer").click()
    wait_phase(page, "playing")
    expect_no_online_chrome(page)
    expect(page.locator(".scorecard thead th[data-seat='0'] .col-sub")).to_have_text("you")
    expect(page.locator(".scorecard thead th[data-seat='1'] .col-sub")).to_have_text("computer")
    shoot(page, artifacts, "phone-computer-table")
    page.set_viewport_size(DESKTOP)
    expect_no_online_chrome(page)
    shoot(page, artifacts, "desktop-computer-table")


def test_an_online_table_keeps_its_invite_link_and_chat(open_page: Callable[..., Page]) -> None:
    page = open_page(DESKTOP)
    page.goto("/")
    page.fill("#player-name", "Eve")
    page.locator("#create-table summary").click()
    form = page.locator("#create-table form")
    form.locator("input[name=seats]").fill("2")
    if form.locator("input[name=listed]").is_checked():
        form.locator("input[name=listed]").uncheck()
    page.locator("#create-submit").click()
    wait_phase(page, "waiting")
    expect(page.get_by_role("button", name="Copy invite link")).to_be_visible()
    expect(page.locator(".table-head .pill", has_text="private")).to_be_visible()
    expect(page.locator(".chat")).to_be_visible()
    expect(page.locator(".invite input")).to_be_visible()
    expect(page.locator(".seats-list li[data-seat='0'] .dot")).to_have_count(1)
    expect(page.locator(".seats-list li[data-seat='0'] .tag.you")).to_have_text("you")


def test_a_waiting_room_at_one_screen_has_no_invite_link(
    open_page: Callable[..., Page], artifacts: Path
) -> None:
    """The quick starts start at once; a table opened for play at one screen that is still
    waiting (its start not yet through) shows its seats without the online chrome."""
    page = open_page(PHONE)
    page.goto("/")
    table_id = open_at_one_screen(page, "Ivy")
    page.goto(f"/?table={table_id}")
    wait_phase(page, "waiting")
    expect(page.locator(".seats-list li[data-seat='0']")).to_contain_text("Ivy")
    expect(page.locator(".seats-list li[data-seat='0'] .tag.you")).to_have_text("you")
    expect(page.locator(".seats-list .dot")).to_have_count(0)
    expect(page.locator(".rules-summary .pill", has_text="private")).to_have_count(0)
    expect(page.locator(".rules-summary .pill", has_text="listed")).to_have_count(0)
    expect_no_online_chrome(page)
    shoot(page, artifacts, "phone-local-waiting")
    page.set_viewport_size(DESKTOP)
    expect_no_online_chrome(page)
    shoot(page, artifacts, "desktop-local-waiting")
