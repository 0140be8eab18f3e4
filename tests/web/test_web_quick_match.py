"""Quick match in the browser: two people (two guest accounts, two browser contexts) press
Play now and land at the same table, each seeing the other; one person alone is offered the
computer after the wait and plays it. Screenshots of the waiting panel at desktop and phone
sizes."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from server_process import ServerProcess
from web_driver import DESKTOP, PHONE, screen, shoot, wait_phase

WAIT = 3.0


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose quick match offers the computer after 3 s."""
    root = tmp_path_factory.mktemp("web-quick")
    process = ServerProcess(
        f"sqlite:///{root / 'fivedice.db'}",
        root / "server.log",
        FIVEDICE_CACHE_DIR=str(root / "cache"),
        FIVEDICE_LOG_FORMAT="text",
        FIVEDICE_QUICK_MATCH_WAIT=str(WAIT),
    )
    process.start()
    yield process
    process.stop()


def account_name(page: Page) -> str:
    """The account the page signed in (a guest at a first visit)."""
    name = page.locator("#account-button .account-name")
    expect(name).not_to_have_text("…")
    return name.inner_text().strip()


def test_two_people_pressing_play_now_meet_at_one_table(
    quick_server: ServerProcess, open_page: Callable[..., Page], artifacts: Path
) -> None:
    ann, bob = open_page(DESKTOP), open_page(PHONE)
    for page in (ann, bob):
        page.goto(f"{quick_server.base_url}/")
    ann_name, bob_name = account_name(ann), account_name(bob)

    ann.select_option("#quick-preset", "yatzy")
    ann.select_option("#quick-size", "2")
    ann.click("#play-now")
    expect(ann.locator(".quick-waiting")).to_contain_text("Looking for 1 player")
    expect(ann.locator("#quick-cancel")).to_be_visible()
    shoot(ann, artifacts, "desktop-quick-waiting")

    bob.select_option("#quick-preset", "yatzy")
    bob.select_option("#quick-size", "2")
    bob.click("#play-now")
    for page in (ann, bob):
        wait_phase(page, "playing")
        expect(screen(page)).to_contain_text(ann_name)
        expect(screen(page)).to_contain_text(bob_name)
    assert screen(ann).get_attribute("data-table-id") == screen(bob).get_attribute("data-table-id")
    shoot(bob, artifacts, "phone-quick-seated")


def test_alone_the_computer_is_offered_after_the_wait(
    quick_server: ServerProcess, open_page: Callable[..., Page], artifacts: Path
) -> None:
    cid = open_page(PHONE)
    cid.goto(f"{quick_server.base_url}/")
    account_name(cid)
    cid.select_option("#quick-preset", "yacht")
    cid.select_option("#quick-size", "4")
    cid.click("#play-now")
    expect(cid.locator(".quick-waiting")).to_contain_text("Looking for 3 players")
    offer = cid.locator("#play-computer-instead")
    expect(offer).to_be_visible(timeout=int(WAIT * 1000) + 5000)
    shoot(cid, artifacts, "phone-quick-computer-offer")
    cid.set_viewport_size(DESKTOP)
    shoot(cid, artifacts, "desktop-quick-computer-offer")
    offer.click()
    wait_phase(cid, "playing")
    # The lobby's game against the computer: named so, the computer by its level's whole
    # name, at one screen (no invite link).
    me = account_name(cid)
    expect(cid.locator(".table-head h1")).to_have_text(f"{me} vs the computer (Good player)")
    expect(cid.locator(".col-head .col-name")).to_have_text([me, "Good player"])
    expect(cid.get_by_role("button", name="Copy invite link")).to_have_count(0)


def test_cancel_goes_back_to_the_form(
    quick_server: ServerProcess, open_page: Callable[..., Page], artifacts: Path
) -> None:
    dee = open_page(PHONE)
    dee.goto(f"{quick_server.base_url}/")
    account_name(dee)
    expect(dee.locator("#quick-preset option[value=general]")).to_be_attached()
    shoot(dee, artifacts, "phone-quick-form")
    dee.select_option("#quick-preset", "general")
    dee.click("#play-now")
    expect(dee.locator("#quick-cancel")).to_be_visible()
    dee.click("#quick-cancel")
    expect(dee.locator("#play-now")).to_be_enabled()
    expect(dee.locator(".quick-waiting")).to_have_count(0)
