"""The create-table form asks only what applies: what happens when time runs out is asked only
once a clock is chosen."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect
from web_driver import DESKTOP, PHONE, shoot


def test_the_time_out_choice_appears_with_a_clock(
    open_page: Callable[..., Page], artifacts: Path
) -> None:
    for viewport, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page = open_page(viewport)
        page.goto("/")
        page.locator("#create-table summary").click()
        timeout = page.locator("#timeout-field")
        expect(timeout).to_be_hidden()  # no clock by default
        page.locator("#create-table select[name=clock]").select_option("30")
        expect(timeout).to_be_visible()
        box = timeout.bounding_box()
        assert box is not None and box["width"] <= viewport["width"]
        shoot(page, artifacts, f"create-form-clock-{name}")
        page.locator("#create-table select[name=clock]").select_option("")
        expect(timeout).to_be_hidden()
