"""Accessibility, measured: axe-core finds no serious or critical violation on any screen (the
lobby, the create form, a waiting table, a table in play, the end of a match with its analysis,
the replay, the leaderboards, a profile, the account dialog, history and high scores, the rules
page of two rule sets, the lobby's games kept by this browser and their Reset question), in the
light and dark themes, at 1280x800 and 390x844; and no screen scrolls sideways at 320 px."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from a11y import WATCH_SHIFTS, assert_accessible, layout_shift, sideways_scroll
from playwright.sync_api import Page, expect
from server_process import ServerProcess
from web_driver import DESKTOP, PHONE, overflowing, roll, shoot, wait_acting_or_finished, wait_phase
from wsclient import PlayClient, open_table, play_to_the_end

NARROW = {"width": 320, "height": 640}
SIZES = {"desktop": DESKTOP, "phone": PHONE, "narrow": NARROW}


@pytest.fixture(scope="module")
def finished(web_server: ServerProcess) -> dict[str, Any]:
    """A solo match played to its end over the socket: its table id and the player's seat."""
    with httpx.Client(base_url=web_server.base_url, timeout=30.0) as api:
        table = open_table(api, "Ada", seats=1)

    async def play() -> None:
        client = await PlayClient(web_server.ws_url(table["id"]), table["tokens"][0]).connect()
        await client.intent("start")
        await play_to_the_end(client)
        await client.close()

    # The browser tests' own event loop runs in this thread: the socket plays in another.
    with ThreadPoolExecutor(1) as worker:
        worker.submit(asyncio.run, play()).result(timeout=120)
    return table


def as_player(page: Page, table: dict[str, Any]) -> None:
    """The page holds the table's first seat (as the tab that opened it would)."""
    entry = {
        table["id"]: {
            "mode": "online",
            "seats": {"0": {"token": table["tokens"][0], "name": "Ada"}},
            "primary": 0,
        }
    }
    page.add_init_script(
        f"sessionStorage.setItem('fivedice.tab.tables', {json.dumps(json.dumps(entry))})"
    )


def check(page: Page, artifacts: Path, size: str, name: str) -> None:
    """The screen as it stands: no sideways scroll at any size; axe-core clean in both themes
    at the desktop and phone sizes; a screenshot at each size."""
    page.wait_for_timeout(300)
    wide = sideways_scroll(page)
    assert wide == 0, f"{name} at {size}: scrolls {wide} px sideways: {overflowing(page)[:8]}"
    if size != "narrow":
        assert_accessible(page, f"{name} at {size}")
    shoot(page, artifacts, f"a11y-{name}-{size}", full_page=True)


@pytest.fixture(params=list(SIZES), ids=list(SIZES))
def sized(
    request: pytest.FixtureRequest, open_page: Callable[..., Page]
) -> Iterator[tuple[str, Page]]:
    """A fresh page at one of the three sizes."""
    yield request.param, open_page(SIZES[request.param], touch=request.param != "desktop")


def test_lobby_and_create_form(sized: tuple[str, Page], artifacts: Path) -> None:
    size, page = sized
    page.goto("/")
    expect(page.locator("#play-computer")).to_be_visible()
    check(page, artifacts, size, "lobby")
    form = page.locator("#create-table")
    if form.get_attribute("open") is None:
        form.locator("summary").click()
    expect(page.locator("#create-submit")).to_be_visible()
    check(page, artifacts, size, "create-form")


def test_waiting_table(sized: tuple[str, Page], artifacts: Path) -> None:
    size, page = sized
    page.goto("/")
    form = page.locator("#create-table")
    if form.get_attribute("open") is None:
        form.locator("summary").click()
    page.fill("#player-name", "Wren")
    page.locator("#create-submit").click()
    wait_phase(page, "waiting")
    check(page, artifacts, size, "waiting")


def test_table_in_play(sized: tuple[str, Page], artifacts: Path) -> None:
    size, page = sized
    page.goto("/")
    page.fill("#player-name", "Pia")
    page.select_option("#vs-level", "beginner")
    page.locator("#play-computer").click()
    wait_phase(page, "playing")
    assert wait_acting_or_finished(page) == "0"
    roll(page)
    page.locator(".dice-tray .die").first.click()
    expect(page.locator(".dice-tray .die").first).to_have_attribute("aria-pressed", "true")
    # A voice command names what it sees: the Roll button and a held die answer to their text.
    expect(page.get_by_role("button", name=re.compile(r"^Roll again"))).to_be_visible()
    expect(page.get_by_role("button", name=re.compile(r"^Die 1 held"))).to_be_visible()
    check(page, artifacts, size, "playing")
    # The key hints show while the felt has the focus.
    page.locator(".dice-tray .die").nth(1).focus()
    check(page, artifacts, size, "playing-keys")


def test_table_watched_mid_turn(
    sized: tuple[str, Page], artifacts: Path, web_server: ServerProcess
) -> None:
    """Someone else's turn, watched: their open boxes show the points they could score."""
    size, page = sized
    with httpx.Client(base_url=web_server.base_url, timeout=30.0) as api:
        table = open_table(api, "Ann", "Bob", seats=2)

    async def start_and_roll() -> None:
        client = await PlayClient(web_server.ws_url(table["id"]), table["tokens"][0]).connect()
        await client.intent("start")
        await client.until_table(lambda t: t["phase"] == "playing")
        seat = client.table["active_seat"] if client.table else 0
        if seat != 0:
            other = PlayClient(web_server.ws_url(table["id"]), table["tokens"][1])
            await other.connect()
            await other.intent("roll")
            await other.until_table(lambda t: t["dice"] is not None)
            await other.close()
        else:
            await client.intent("roll")
            await client.until_table(lambda t: t["dice"] is not None)
        await client.close()

    with ThreadPoolExecutor(1) as worker:
        worker.submit(asyncio.run, start_and_roll()).result(timeout=60)
    page.goto(f"/?table={table['id']}")
    wait_phase(page, "playing")
    expect(page.locator("span.open-box").first).to_be_visible()
    check(page, artifacts, size, "watching")


def test_end_of_match_replay_and_lists(
    sized: tuple[str, Page], artifacts: Path, finished: dict[str, Any]
) -> None:
    size, page = sized
    as_player(page, finished)
    page.goto(f"/?table={finished['id']}")
    wait_phase(page, "finished")
    page.get_by_role("button", name="Show analysis").click()
    expect(page.locator(".analysis svg.chart").first).to_be_visible(timeout=90_000)
    check(page, artifacts, size, "finished")

    page.get_by_role("link", name="Replay").click()
    expect(page.locator("#replay-caption")).to_be_visible()
    expect(page.locator(".replay .scorecard")).to_be_visible()
    check(page, artifacts, size, "replay")

    page.goto("/?view=leaderboards")
    expect(page.locator("#board-all")).to_be_visible()
    check(page, artifacts, size, "leaderboards")

    page.goto("/?view=history&name=Ada")
    expect(page.locator(".data-table").first).to_contain_text("solo")
    check(page, artifacts, size, "history")

    page.goto("/?view=scores")
    expect(page.locator(".data-table").first).to_be_visible()
    check(page, artifacts, size, "scores")


def test_profile_and_account(sized: tuple[str, Page], artifacts: Path) -> None:
    size, page = sized
    page.goto("/")
    expect(page.locator("#account-button")).to_have_attribute("data-kind", "guest")
    account = page.evaluate("fetch('/api/account').then(r => r.json())")["account"]
    page.goto(f"/?view=profile&account={account['id']}")
    expect(page.locator("#profile-name")).to_contain_text(account["name"])
    check(page, artifacts, size, "profile")

    page.locator("#account-button").click()
    expect(page.locator("#account-menu")).to_be_visible()
    check(page, artifacts, size, "account-menu")
    page.locator("#account-sign-in").click()
    expect(page.locator("#account-dialog")).to_be_visible()
    check(page, artifacts, size, "account-dialog")


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_table_page_does_not_shift_as_it_loads(
    open_page: Callable[..., Page], viewport: dict[str, int], finished: dict[str, Any]
) -> None:
    """Opening a table from its link (the invite, a reload): the board drawn after
    "Connecting…" moves nothing already shown (cumulative layout shift at most 0.1)."""
    page = open_page(viewport, touch=viewport == PHONE)
    page.add_init_script(WATCH_SHIFTS)
    page.goto("/")
    page.fill("#player-name", "Cy")
    page.select_option("#vs-level", "beginner")
    page.locator("#play-computer").click()
    wait_phase(page, "playing")
    assert wait_acting_or_finished(page) == "0"
    roll(page)
    page.reload()
    wait_phase(page, "playing")
    expect(page.locator(".scorecard")).to_be_visible()
    page.wait_for_timeout(1500)
    playing = layout_shift(page)
    assert playing <= 0.1, f"a table in play shifts {playing:.3f} as it loads"

    as_player(page, finished)
    page.goto(f"/?table={finished['id']}")
    wait_phase(page, "finished")
    page.wait_for_timeout(1500)
    ended = layout_shift(page)
    size = f"{viewport['width']}x{viewport['height']}"
    print(f"layout shift at {size}: {playing:.3f} in play, {ended:.3f} finished")
    assert ended <= 0.1, f"a finished table shifts {ended:.3f} as it loads"


@pytest.mark.parametrize("preset", ["official", "yatzy"])
def test_rules_page(sized: tuple[str, Page], artifacts: Path, preset: str) -> None:
    size, page = sized
    page.goto(f"/?view=rules&preset={preset}")
    expect(page.locator("#rules-title")).not_to_be_empty()
    expect(page.locator("#rules-how-to li").first).to_be_visible()
    check(page, artifacts, size, f"rules-{preset}")


KEPT_GAME = {"id": "t1:0:0", "name": "Lou", "total": 231, "round": 1, "rounds": 1, "when": 1}


def test_played_at_this_browser_and_its_reset(sized: tuple[str, Page], artifacts: Path) -> None:
    """The lobby's list of the games kept by this browser, with an entry, and the question
    its Reset asks."""
    size, page = sized
    kept = json.dumps(json.dumps({"official": [KEPT_GAME]}))
    page.add_init_script(f"localStorage.setItem('fivedice.localHighScores', {kept})")
    page.goto("/")
    page.select_option("select[aria-label='High scores for']", "official")
    expect(page.locator("#local-scores li").first).to_contain_text("1. Lou")
    page.locator(".local-scores").scroll_into_view_if_needed()
    check(page, artifacts, size, "local-scores")
    page.locator("#local-scores-reset").click()
    expect(page.locator("#local-scores-confirm")).to_contain_text("Clear the 1 score")
    check(page, artifacts, size, "local-scores-confirm")
