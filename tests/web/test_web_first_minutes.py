"""What a new player meets in the first minutes, said truly: a rated table says so all through
the match (and offers a link to watch, not an invitation, once no seat is left); the create
form says who may play rated as the server rules it (anyone with an account, a guest's
included); Escape in the account menu gives the focus back to the account button; the
Opponent select is named by its visible label; the daily challenge's screen, opened before
any attempt, logs no error in the browser's console."""

from __future__ import annotations

import re
from collections.abc import Callable

from a11y import focused
from playwright.sync_api import ConsoleMessage, Page, expect
from web_driver import DESKTOP, PHONE, screen, wait_phase


def test_a_rated_table_says_rated_while_playing_and_offers_a_link_to_watch(
    open_page: Callable[..., Page],
) -> None:
    ann = open_page(DESKTOP)
    ann.goto("/")
    expect(ann.locator("#account-button")).to_have_attribute("data-kind", "guest")
    ann.fill("#player-name", "Ann")
    ann.locator("#create-table summary").click()
    ann.locator("#create-table form input[name=seats]").fill("2")
    ann.locator("#create-rated").check()
    # Who may play rated, as the server rules it: any account, a guest's too.
    note = ann.locator("#rated-note")
    expect(note).to_contain_text("guest")
    expect(note).not_to_contain_text("Signed-in players only")
    ann.locator("#create-submit").click()
    wait_phase(ann, "waiting")
    table_id = screen(ann).get_attribute("data-table-id")
    expect(ann.get_by_role("button", name="Copy invite link")).to_be_visible()

    # Bob, a guest who never signed in, takes the other seat: the rated table seats him.
    bob = open_page(PHONE)
    bob.goto("/")
    expect(bob.locator("#account-button")).to_have_attribute("data-kind", "guest")
    bob.goto(f"/?table={table_id}")
    wait_phase(bob, "waiting")
    bob.get_by_role("button", name="Take a seat").click()
    expect(ann.locator(".seats-list li[data-seat='1']")).to_be_visible()
    ann.locator("#start-button").click()

    for page in (ann, bob):
        wait_phase(page, "playing")
        head = page.locator(".table-head .meta, header .meta").first
        expect(head.locator(".pill.rated")).to_have_text("rated")
        # The match is full and under way: the link is for watching, not for a seat.
        expect(page.get_by_role("button", name="Copy link to watch")).to_be_visible()
        expect(page.get_by_role("button", name="Copy invite link")).to_have_count(0)


def test_escape_in_the_account_menu_gives_the_focus_back_to_its_button(
    open_page: Callable[..., Page],
) -> None:
    page = open_page(DESKTOP)
    page.goto("/")
    button = page.locator("#account-button")
    expect(button).to_have_attribute("data-kind", "guest")
    button.click()
    menu = page.locator("#account-menu")
    expect(menu).to_be_visible()
    expect(menu.locator("button").first).to_be_focused()
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    try:
        expect(button).to_be_focused()
    except AssertionError as error:
        raise AssertionError(f"the focus is on {focused(page)}") from error
    expect(button).to_have_attribute("aria-expanded", "false")


def test_the_opponent_select_is_named_by_its_visible_label(
    open_page: Callable[..., Page],
) -> None:
    page = open_page(DESKTOP)
    page.goto("/")
    select = page.locator("#vs-level")
    expect(select.locator("option")).not_to_have_count(0)
    expect(page.get_by_role("combobox", name="Opponent", exact=True)).to_have_attribute(
        "id", "vs-level"
    )


def test_the_daily_screen_before_any_attempt_logs_no_console_error(
    open_page: Callable[..., Page],
) -> None:
    page = open_page(DESKTOP)
    errors: list[str] = []

    def heard(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(f"{message.text} ({message.location.get('url', '')})")

    page.on("console", heard)
    page.goto("/?daily")
    expect(page.locator("main h1")).to_have_text(re.compile(r"\S"))
    expect(page.locator("#account-button")).to_have_attribute("data-kind", "guest")
    # Everything the screen asks for has been answered: the network is quiet.
    page.wait_for_load_state("networkidle")
    assert not errors, errors
