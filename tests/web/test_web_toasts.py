"""A refusal's toast belongs to the screen where it happened: it does not follow the player to
the next screen."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect
from web_driver import DESKTOP


def test_an_error_toast_stays_behind_when_the_page_moves_on(
    open_page: Callable[..., Page],
) -> None:
    page = open_page(DESKTOP)
    page.goto("/")
    # The guest account arrives first (it fills the name field), then the name is cleared.
    expect(page.locator("#account-button")).to_have_attribute("data-kind", "guest")
    page.fill("#player-name", "")
    page.locator("#play-computer").click()  # no name: refused with an error toast
    errors = page.locator("#toasts .toast.error")
    expect(errors).to_have_count(1)
    page.wait_for_timeout(700)  # the toast is on screen a while before the player moves on
    page.locator(".mainnav a[data-nav=leaderboards]").click()
    expect(page).to_have_title("fivedice · leaderboards")
    assert errors.count() == 0  # at once: left alone, the toast would last 3.8 s
