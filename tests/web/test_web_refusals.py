"""A refusal shows in the player's language: the server sends its code and values, the page
words them from its own catalog (a German page joining under a name already at the table)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from web_driver import DESKTOP, PHONE, screen, wait_phase


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_refused_join_reads_in_german(
    open_page: Callable[..., Page],
    new_context: Callable[..., BrowserContext],
    artifacts: Path,
    viewport: dict[str, int],
) -> None:
    host = open_page(DESKTOP)
    host.goto("/")
    host.fill("#player-name", "Nia Rowe")
    host.locator("#create-table summary").click()
    host.locator("#create-table form input[name=name]").fill("Sprachen")
    host.locator("#create-table form input[name=seats]").fill("3")
    host.locator("#create-submit").click()
    wait_phase(host, "waiting")
    table_id = screen(host).get_attribute("data-table-id")

    guest = new_context(viewport=viewport, locale="de-DE").new_page()
    errors: list[str] = []
    guest.on("pageerror", lambda error: errors.append(str(error)))
    guest.goto("/")
    expect(guest.locator("html")).to_have_attribute("lang", "de")
    guest.fill("#player-name", "  nia   ROWE ")
    guest.locator(f"tr[data-table-id='{table_id}'] button.primary").click()  # Join
    toast = guest.locator("#toasts .toast.error")
    expect(toast).to_contain_text("'Nia Rowe' spielt hier schon mit: wähle einen Namen")
    expect(toast).not_to_contain_text("already playing")
    name = "desktop" if viewport == DESKTOP else "phone"
    guest.screenshot(path=str(artifacts / f"refusal-de-{name}.png"))
    box = toast.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    assert errors == []
