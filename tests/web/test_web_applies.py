"""The page asks and shows only what applies: what happens when time runs out is asked only
once a clock is chosen, and a touch screen shows no keyboard badges."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect
from web_driver import DESKTOP, PHONE, roll, shoot, wait_acting_or_finished, wait_phase


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


def test_a_touch_screen_shows_no_keyboard_badges_on_the_dice(
    open_page: Callable[..., Page], artifacts: Path
) -> None:
    page = open_page(PHONE, touch=True)
    page.goto("/")
    page.fill("#player-name", "Tia")
    page.select_option("#vs-level", "beginner")
    page.locator("#play-computer").click()
    wait_phase(page, "playing")
    assert wait_acting_or_finished(page) == "0"
    roll(page)
    page.locator(".die").first.tap()  # a held die has focus: a keyboard would see its key
    expect(page.locator(".die.held")).to_have_count(1)
    expect(page.locator(".die .die-key").first).to_be_hidden()
    shoot(page, artifacts, "phone-touch-dice")
