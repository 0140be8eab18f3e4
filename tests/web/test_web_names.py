"""Names at one screen: pass and play refuses two players whose names differ only in capitals
or spaces before it opens anything, and seats names trimmed; a computer seat's default name
steps aside from a person's (1280x800 and 390x844)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from web_driver import DESKTOP, PHONE, wait_phase


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
