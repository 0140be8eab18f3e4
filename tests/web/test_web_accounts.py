"""Accounts in the browser: a first visit is a guest at once; the guest opens a table, claims
the account, signs out; a fresh browser (another device) signs in and, opening the table's
link, is given the seat back. The session cookie Chromium keeps is Secure and HttpOnly (over
http://127.0.0.1 too) and never readable by the page. API tokens: made, shown once, revoked.
Screenshots of the menu and the dialogs at desktop and phone sizes."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect
from web_driver import DESKTOP, PHONE, screen, shoot, wait_phase

PASSWORD = "dice and more dice"


def open_menu(page: Page) -> None:
    """Open the header's account menu."""
    if page.locator("#account-menu").is_hidden():
        page.locator("#account-button").click()
    expect(page.locator("#account-menu")).to_be_visible()


def test_guest_claim_sign_out_sign_in_elsewhere_and_resume_the_seat(
    open_page: Callable[..., Page], artifacts: Path
) -> None:
    laptop = open_page(DESKTOP)
    laptop.goto("/")
    button = laptop.locator("#account-button")
    expect(button).to_have_attribute("data-kind", "guest")
    expect(button).to_contain_text("Guest")
    # The name at tables defaults to the account's.
    expect(laptop.locator("#player-name")).to_have_value(re.compile(r"^Guest \d+$"))

    # The cookie is Secure, HttpOnly and SameSite=Lax, and the page cannot read it.
    cookies = laptop.context.cookies()
    session = next(c for c in cookies if c["name"] == "__Host-fivedice_session")
    assert session["secure"] and session["httpOnly"] and session["sameSite"] == "Lax"
    assert "fivedice_session" not in laptop.evaluate("document.cookie")

    # As a guest, Ann opens a table for two and waits there.
    laptop.fill("#player-name", "Ann")
    laptop.locator("#create-table summary").click()
    laptop.locator("#create-table form input[name=seats]").fill("2")
    laptop.locator("#create-submit").click()
    wait_phase(laptop, "waiting")
    table_id = screen(laptop).get_attribute("data-table-id")
    expect(laptop.locator(".seats-list li[data-seat='0']")).to_contain_text("you")

    # She claims the account.
    username = f"Ann{uuid.uuid4().hex[:8]}"
    open_menu(laptop)
    shoot(laptop, artifacts, "desktop-account-menu-guest")
    laptop.locator("#account-claim").click()
    dialog = laptop.locator("#account-dialog")
    dialog.locator("input[name=username]").fill(username)
    dialog.locator("input[name=password]").fill(PASSWORD)
    shoot(laptop, artifacts, "desktop-account-claim")
    dialog.locator("button[type=submit]").click()
    expect(button).to_have_attribute("data-kind", "person")
    expect(button).to_contain_text(username)

    # API tokens: one made, shown once with a copy button, listed by label, revoked.
    open_menu(laptop)
    laptop.locator("#account-tokens").click()
    dialog.locator("input[name=label]").fill("my bot")
    dialog.locator("button[type=submit]").click()
    token = dialog.locator(".token-value")
    expect(token).to_be_visible()
    assert token.input_value().startswith("fdk_")
    expect(dialog.get_by_role("button", name="Copy")).to_be_visible()
    expect(dialog.locator(".token-list li")).to_contain_text("my bot")
    shoot(laptop, artifacts, "desktop-account-tokens")
    dialog.locator(".token-list li").get_by_role("button", name="Revoke").click()
    expect(dialog.locator(".token-list")).to_contain_text("No API tokens yet.")
    dialog.get_by_role("button", name="Close").click()

    # She signs out: the browser is a new guest, with no claim on her seat.
    open_menu(laptop)
    laptop.locator("#account-sign-out").click()
    expect(button).to_have_attribute("data-kind", "guest")

    # On her phone (a fresh browser) she signs in and opens the table's link: her seat.
    phone = open_page(PHONE)
    phone.goto("/")
    expect(phone.locator("#account-button")).to_have_attribute("data-kind", "guest")
    shoot(phone, artifacts, "phone-lobby-guest")
    open_menu(phone)
    shoot(phone, artifacts, "phone-account-menu")
    phone.locator("#account-sign-in").click()
    sign_in = phone.locator("#account-dialog")
    sign_in.locator("input[name=username]").fill(username.lower())  # any case
    sign_in.locator("input[name=password]").fill(PASSWORD)
    shoot(phone, artifacts, "phone-account-sign-in")
    sign_in.locator("button[type=submit]").click()
    expect(phone.locator("#account-button")).to_have_attribute("data-kind", "person")
    phone.goto(f"/?table={table_id}")
    wait_phase(phone, "waiting")
    seat = phone.locator(".seats-list li[data-seat='0']")
    expect(seat).to_contain_text("Ann")
    expect(seat).to_contain_text("you")
    shoot(phone, artifacts, "phone-table-resumed")

    # A stranger's browser opening the same link only watches.
    stranger = open_page(DESKTOP)
    stranger.goto(f"/?table={table_id}")
    wait_phase(stranger, "waiting")
    expect(stranger.locator(".seats-list li[data-seat='0']")).not_to_contain_text("you")


def test_delete_account_is_confirmed_and_leaves_a_guest(open_page: Callable[..., Page]) -> None:
    page = open_page(DESKTOP)
    page.goto("/")
    button = page.locator("#account-button")
    expect(button).to_have_attribute("data-kind", "guest")
    name = button.locator(".account-name")
    first = name.text_content() or ""
    assert first.startswith("Guest")
    expect(button).to_have_accessible_name(f"Account: {first}")
    open_menu(page)
    page.locator("#account-delete").click()
    dialog = page.locator("#account-dialog")
    expect(dialog).to_contain_text("cannot be undone")
    dialog.get_by_role("button", name="Cancel").click()
    expect(name).to_have_text(first)
    open_menu(page)
    page.locator("#account-delete").click()
    page.locator("#account-confirm").click()
    expect(name).not_to_have_text(first)
    expect(button).to_have_attribute("data-kind", "guest")


def account_form(page: Page, item: str, username: str) -> None:
    """Claim this guest account (`#account-claim`) or sign in (`#account-sign-in`) through the
    account menu, and wait until the page says the account is a person's."""
    open_menu(page)
    page.locator(item).click()
    dialog = page.locator("#account-dialog")
    dialog.locator("input[name=username]").fill(username)
    dialog.locator("input[name=password]").fill(PASSWORD)
    dialog.locator("button[type=submit]").click()
    expect(page.locator("#account-button")).to_have_attribute("data-kind", "person")


def test_a_signed_in_player_joins_a_rated_table_from_its_page_and_gets_the_seat_back(
    open_page: Callable[..., Page], artifacts: Path
) -> None:
    """The page's "Take a seat" seats the account (a rated table takes nobody else), and the
    joiner's seat follows their account to another browser."""
    host = open_page(DESKTOP)
    host.goto("/")
    expect(host.locator("#account-button")).to_have_attribute("data-kind", "guest")
    host.fill("#player-name", "Ann")
    host.locator("#create-table summary").click()
    host.locator("#create-table form input[name=seats]").fill("2")
    host.locator("#create-rated").check()
    host.locator("#create-submit").click()
    wait_phase(host, "waiting")
    table_id = screen(host).get_attribute("data-table-id")
    expect(host.locator(".rules-summary")).to_contain_text("rated")
    expect(host.get_by_role("button", name="Add computer")).to_have_count(0)

    # Bob claims his guest account, opens the invite link and takes the free seat.
    username = f"Bob{uuid.uuid4().hex[:8]}"
    bob = open_page(DESKTOP)
    bob.goto("/")
    expect(bob.locator("#account-button")).to_have_attribute("data-kind", "guest")
    account_form(bob, "#account-claim", username)
    bob.goto(f"/?table={table_id}")
    wait_phase(bob, "waiting")
    bob.get_by_role("button", name="Take a seat").click()
    seat = bob.locator(".seats-list li[data-seat='1']")
    expect(seat).to_contain_text("you")
    expect(host.locator(".seats-list li[data-seat='1']")).to_contain_text(username)
    shoot(bob, artifacts, "desktop-rated-table-joined")

    # On his phone, signed in to the same account, the link gives him his seat.
    phone = open_page(PHONE)
    phone.goto("/")
    expect(phone.locator("#account-button")).to_have_attribute("data-kind", "guest")
    account_form(phone, "#account-sign-in", username)
    phone.goto(f"/?table={table_id}")
    wait_phase(phone, "waiting")
    expect(phone.locator(".seats-list li[data-seat='1']")).to_contain_text("you")
