"""Names at one screen: pass and play refuses two players whose names differ only in capitals
or spaces before it opens anything, and seats names trimmed; a computer seat's default name
steps aside from a person's (1280x800 and 390x844)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from web_driver import DESKTOP, PHONE, screen, wait_phase


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE])
def test_pass_and_play_refuses_names_that_differ_only_in_case(
    open_page: Callable[..., Page], viewport: dict[str, int]
) -> None:
    page = open_page(viewport)
    page.goto("/")
    creates: list[str] = []
    page.on(
        "request",
        lambda r: creates.append(r.url) if r.method == "POST" and "/api/tables" in r.url else None,
    )
    names = page.locator(".names-list input")
    names.nth(0).fill("Eve  Moss")
    names.nth(1).fill("  eve moss ")
    page.locator("#pass-and-play").click()
    expect(page.locator("#toasts .toast.error")).to_contain_text(
        "Give each player a different name: capitals and spaces do not count"
    )
    page.wait_for_timeout(300)
    assert creates == [] and "table=" not in page.url

    names.nth(1).fill("  Eve   Mossy ")
    page.locator("#pass-and-play").click()
    wait_phase(page, "playing")
    heads = page.locator(".scorecard thead th[data-seat]")
    expect(heads.nth(0)).to_contain_text("Eve Moss")
    expect(heads.nth(1)).to_contain_text("Eve Mossy")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE])
def test_joining_under_a_name_at_the_table_is_refused_with_a_clear_message(
    open_page: Callable[..., Page], viewport: dict[str, int]
) -> None:
    host = open_page(DESKTOP)
    host.goto("/")
    host.fill("#player-name", "Nia Rowe")
    host.locator("#create-table summary").click()
    host.locator("#create-table form input[name=name]").fill("Names test")
    host.locator("#create-table form input[name=seats]").fill("3")
    host.locator("#create-submit").click()
    wait_phase(host, "waiting")
    table_id = screen(host).get_attribute("data-table-id")

    guest = open_page(viewport)
    guest.goto("/")
    guest.fill("#player-name", "  nia   ROWE ")
    row = guest.locator(f"tr[data-table-id='{table_id}']")
    row.get_by_role("button", name="Join").click()
    expect(guest.locator("#toasts .toast.error")).to_contain_text(
        "'Nia Rowe' is already playing here: choose a name that differs by more than capitals"
    )
    assert "table=" not in guest.url
    expect(row).to_contain_text("1/3")  # nobody was seated
    expect(host.locator(".seats-list li[data-seat]")).to_have_count(1)


def test_a_computer_opponent_steps_aside_from_the_players_name(
    open_page: Callable[..., Page],
) -> None:
    page = open_page(DESKTOP)
    page.goto("/")
    page.fill("#player-name", "beginner")
    page.select_option("#vs-level", "beginner")
    page.locator("#play-computer").click()
    wait_phase(page, "playing")
    heads = page.locator(".scorecard thead th[data-seat]")
    expect(heads.nth(0)).to_contain_text("beginner")
    expect(heads.nth(1)).to_contain_text("Beginner 2")
