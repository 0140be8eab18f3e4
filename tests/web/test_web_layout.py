"""The table fitted to the screen: on a phone the dice and Roll stay in reach while the card
scrolls beneath them, and a long press previews a box next to the box; on a desktop the whole
match (grand total, moves) fits the window without scrolling."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect
from server_process import ServerProcess
from web_driver import (
    DESKTOP,
    PHONE,
    overflowing,
    roll,
    seq,
    shoot,
    wait_acting_or_finished,
    wait_phase,
    wait_seq_above,
)
from wsclient import PlayClient, open_table, play_to_the_end

SMALL_PHONE = {"width": 320, "height": 640}
NAMES = ["Eve", "Finn Longername", "Gus", "Hal", "Ida", "Jo", "Kai", "Lu"]

# Where an element is in the window: its box, and whether it lies wholly inside the window
# and is the element actually drawn at its centre (not covered by something stuck on top).
BOX_JS = """el => {
  const b = el.getBoundingClientRect();
  const x = Math.min(Math.max(b.left + b.width / 2, 0), innerWidth - 1);
  const y = Math.min(Math.max(b.top + b.height / 2, 0), innerHeight - 1);
  const top = document.elementFromPoint(x, y);
  return {
    left: b.left, top: b.top, right: b.right, bottom: b.bottom,
    inside: b.width > 0 && b.left >= -1 && b.top >= -1
      && b.right <= innerWidth + 1 && b.bottom <= innerHeight + 1,
    drawn: !!top && (el === top || el.contains(top)),
  };
}"""


# Labels cut short at this width: a select narrower than it needs to show its chosen option,
# text clipped by its box, anything past the window's right edge.
CUT_LABELS_JS = """width => {
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    if (!el.getClientRects().length) continue;
    if (el.closest(".visually-hidden, .card-scroll, .toasts")) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 && rect.height <= 1) continue; // for screen readers only, not drawn
    const cs = getComputedStyle(el);
    if (cs.visibility === "hidden") continue;
    if (el.tagName === "SELECT") {
      // The width this select would take to show its chosen option whole, against its own.
      const chosen = el.options[el.selectedIndex];
      if (!chosen) continue;
      const probe = el.cloneNode(false);
      probe.append(new Option(chosen.text));
      probe.style.cssText = "position: absolute; visibility: hidden; width: auto; "
        + "min-width: 0; max-width: none; flex: none";
      el.parentNode.append(probe);
      const need = probe.offsetWidth;
      probe.remove();
      if (need > el.offsetWidth + 1) out.push(`select "${chosen.text}"`);
      continue;
    }
    const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!text || el.tagName === "INPUT" || el.tagName === "TEXTAREA") continue;
    const label = `${el.tagName} "${el.textContent.trim().slice(0, 40)}"`;
    const clips = cs.overflowX !== "visible" || cs.textOverflow === "ellipsis";
    if (clips && el.scrollWidth > el.clientWidth + 1) out.push(`clipped ${label}`);
    if (el.getBoundingClientRect().right > width + 1) out.push(`past the edge ${label}`);
  }
  return out;
}"""


def cut_labels(page: Page) -> list[str]:
    """The labels this page cuts short at its width (see CUT_LABELS_JS)."""
    page.wait_for_timeout(300)
    width = page.viewport_size["width"] if page.viewport_size else 0
    cut = page.evaluate(CUT_LABELS_JS, width)
    assert page.evaluate("innerWidth") == width, f"something widens the page: {cut}"
    return cut


def box(page: Page, selector: str) -> dict[str, float]:
    """The first match's box in the window (see BOX_JS)."""
    return page.locator(selector).first.evaluate(BOX_JS)


def assert_on_screen(page: Page, *selectors: str) -> None:
    """Each element lies inside the window and shows (nothing stuck on top of it)."""
    for selector in selectors:
        where = box(page, selector)
        assert where["inside"] and where["drawn"], f"{selector} is not on screen: {where}"


def start_pass_and_play(page: Page, players: int) -> None:
    """A pass-and-play match of so many players, at the first roll of the first turn."""
    page.goto("/")
    names = page.locator(".names-list input")
    for i in range(players):
        if names.count() <= i:
            page.get_by_role("button", name="+ Add a player").click()
        names.nth(i).fill(NAMES[i])
    page.locator("#pass-and-play").click()
    assert wait_acting_or_finished(page) == "0"
    roll(page)


def long_press(page: Page, selector: str) -> None:
    """Hold a finger on an element past the long-press time, then lift it."""
    target = page.locator(selector)
    target.dispatch_event("pointerdown", {"pointerType": "touch", "isPrimary": True})
    page.wait_for_timeout(700)
    target.dispatch_event("pointerup", {"pointerType": "touch", "isPrimary": True})


def assert_preview_at(page: Page, category: str) -> None:
    """The long-press preview shows, inside the window, clear of the dice bar, touching the box."""
    bubble = page.locator(".box-preview")
    expect(bubble).to_be_visible()
    expect(bubble).to_contain_text("point")
    at = box(page, ".box-preview")
    pressed = box(page, f"button.open-box[data-category='{category}']")
    bar = box(page, ".felt")
    assert at["inside"], at
    assert at["top"] >= bar["bottom"] - 1, (at, bar)
    gap = max(pressed["top"] - at["bottom"], at["top"] - pressed["bottom"])
    assert 0 <= gap <= 12, (at, pressed)
    assert at["left"] < pressed["right"] and at["right"] > pressed["left"], (at, pressed)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_phone_dice_and_card_on_screen_together(
    open_page: Callable[..., Page], artifacts: Path, theme: str
) -> None:
    page = open_page(PHONE, touch=True)
    page.emulate_media(color_scheme=theme)
    start_pass_and_play(page, 2)
    first = page.locator("button.open-box").first.get_attribute("data-category")
    assert_on_screen(
        page, ".dice-tray", ".roll-button", f"button.open-box[data-category='{first}']"
    )
    shoot(page, artifacts, f"layout-phone-{theme}")

    # The card scrolled to its end: the dice and Roll are still there, above it.
    page.locator("tr[data-row='grand_total']").evaluate("el => el.scrollIntoView({block: 'end'})")
    page.wait_for_timeout(200)
    assert page.evaluate("scrollY") > 200  # the card moved up beneath the bar
    assert_on_screen(page, ".dice-tray", ".roll-button", "tr[data-row='grand_total'] th")
    shoot(page, artifacts, f"layout-phone-{theme}-card-end")

    # A long press on a box low on the screen: the preview sits above it.
    chance = "button.open-box[data-category='chance']"
    page.locator(chance).evaluate("el => el.scrollIntoView({block: 'end'})")
    long_press(page, chance)
    assert_preview_at(page, "chance")
    expect(page.locator(".box-preview")).to_contain_text("Chance:")
    # The felt's preview line is not drawn up in the bar, but screen readers still hear it.
    line = page.locator(".preview-line")
    expect(line).to_contain_text("Chance:")
    expect(page.get_by_role("paragraph").filter(has_text="Chance:")).to_have_count(1)
    assert line.evaluate("el => el.getBoundingClientRect().width") <= 1
    shoot(page, artifacts, f"layout-phone-{theme}-preview")

    # A touch elsewhere puts it away; nothing was scored.
    page.locator(".card-panel .panel-head h2").dispatch_event("pointerdown")
    expect(page.locator(".box-preview")).to_be_hidden()
    expect(page.locator(".roll-button")).to_have_attribute("data-rolls-left", "2")

    # A box just below the dice bar and the names row held under it: no room above it, so the
    # preview goes below.
    ones = "button.open-box[data-category='ones']"
    page.evaluate(
        """sel => {
          const gap = document.querySelector(sel).getBoundingClientRect().top
            - document.querySelector(".felt").getBoundingClientRect().bottom
            - document.querySelector(".scorecard thead tr").getBoundingClientRect().height;
          window.scrollBy(0, gap - 4);
        }""",
        ones,
    )
    page.wait_for_timeout(200)
    assert_on_screen(page, ones)
    long_press(page, ones)
    assert_preview_at(page, "ones")
    assert box(page, ".box-preview")["top"] > box(page, ones)["bottom"]


def test_small_phone_dice_and_card_on_screen_together(
    open_page: Callable[..., Page], artifacts: Path
) -> None:
    page = open_page(SMALL_PHONE, touch=True)
    start_pass_and_play(page, 2)
    assert page.evaluate("innerWidth") == SMALL_PHONE["width"]  # nothing widens the page
    assert not overflowing(page)
    assert_on_screen(page, ".dice-tray", ".roll-button", "button.open-box", ".topbar .theme-toggle")
    page.locator("tr[data-row='grand_total']").evaluate("el => el.scrollIntoView({block: 'end'})")
    page.wait_for_timeout(200)
    assert_on_screen(page, ".dice-tray", ".roll-button", "tr[data-row='grand_total'] th")
    shoot(page, artifacts, "layout-small-phone-card-end")


@pytest.mark.parametrize("players", [2, 4, 8])
def test_desktop_whole_match_in_the_window(
    open_page: Callable[..., Page], artifacts: Path, players: int
) -> None:
    page = open_page(DESKTOP)
    start_pass_and_play(page, players)
    expect(page.locator(".chat")).to_be_hidden()  # a table at one screen has no chat
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")
    assert_on_screen(
        page,
        "tr[data-row='grand_total'] th",
        "tr[data-row='grand_total'] td:last-child",
        ".log",
        ".dice-tray",
        ".roll-button",
    )
    # The whole card shows: it scrolls neither sideways nor down, even with eight columns.
    assert page.locator(".card-scroll").evaluate(
        "el => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight"
    )
    assert_on_screen(page, "tr[data-row='yahtzee_bonus'] th")
    for theme in ("light", "dark"):
        page.emulate_media(color_scheme=theme)
        shoot(page, artifacts, f"layout-desktop-{players}p-{theme}")

    # A hint opens in the felt: the card and the moves stay in the window all the same.
    page.keyboard.press("h")
    expect(page.locator(".hint-box .best")).to_be_visible(timeout=90_000)  # a cold solver is slow
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")
    assert_on_screen(page, "tr[data-row='grand_total'] th", ".log li:last-child")


@pytest.mark.parametrize("viewport", [PHONE, SMALL_PHONE], ids=["390", "320"])
def test_no_label_cut_at_phone_width(
    open_page: Callable[..., Page], artifacts: Path, viewport: dict[str, int]
) -> None:
    """Every screen at phone width: no select, button or heading cut short or sticking out."""
    page = open_page(viewport, touch=True)
    size = viewport["width"]
    page.goto("/")
    page.wait_for_selector(".preset-select option", state="attached")
    page.locator("#create-table summary").click()
    page.get_by_role("button", name="+ Computer player").click()
    assert cut_labels(page) == [], "lobby"
    shoot(page, artifacts, f"layout-lobby-{size}", full_page=True)
    for view in ("leaderboards", "history"):
        page.goto(f"/?view={view}")
        page.wait_for_selector("main h1, main h2")
        assert cut_labels(page) == [], view
        shoot(page, artifacts, f"layout-{view}-{size}", full_page=True)

    # A whole match at one screen, its results, then its replay.
    page.goto("/")
    page.locator(".names-list input").nth(0).fill("Eve Longername")
    page.locator("#pass-and-play").click()
    turns = 0
    while wait_acting_or_finished(page):
        if turns == 0:
            roll(page)
            assert cut_labels(page) == [], "table"
            shoot(page, artifacts, f"layout-table-{size}", full_page=True)
        play_quick_turn_by_touch(page)
        turns += 1
    assert turns == 26
    assert cut_labels(page) == [], "results"
    shoot(page, artifacts, f"layout-results-{size}", full_page=True)
    page.get_by_role("link", name="Replay").click()
    page.wait_for_selector(".replay-controls")
    # The analysis (charts and the table of costliest moves) once the solver has it.
    page.wait_for_function(
        "() => !document.body.innerText.includes('Analysing every move')", timeout=90_000
    )
    assert cut_labels(page) == [], "replay"
    shoot(page, artifacts, f"layout-replay-{size}", full_page=True)


def play_quick_turn_by_touch(page: Page) -> None:
    """Roll once and tap the first open box, waiting for the server's answer to each."""
    roll(page)
    before = seq(page)
    page.locator("button.open-box").first.tap()
    wait_seq_above(page, before)


@pytest.mark.parametrize("width", [320, 390, 641, 768, 880, 1024])
def test_the_top_bar_fits_every_width(open_page: Callable[..., Page], width: int) -> None:
    """Links, account and the three switches all show, the last of them inside the window."""
    page = open_page({"width": width, "height": 800}, touch=width < 700)
    page.goto("/")
    page.wait_for_selector(".account-button")
    assert page.evaluate("innerWidth") == width
    assert_on_screen(
        page, ".topbar .theme-toggle", ".topbar .sound-toggle", ".mainnav a:last-child"
    )


def finished_table(server: ServerProcess, players: int) -> dict[str, Any]:
    """An online match of so many players played to its end over the sockets (each seat its
    own client): its table id and seat tokens."""
    with httpx.Client(base_url=server.base_url, timeout=30.0) as api:
        table = open_table(api, NAMES[0], *NAMES[1:players], seats=players)

    async def play() -> None:
        clients = [
            await PlayClient(server.ws_url(table["id"]), token).connect()
            for token in table["tokens"]
        ]
        await clients[0].intent("start")
        await asyncio.gather(*(play_to_the_end(client) for client in clients))
        for client in clients:
            await client.close()

    # The browser tests' own event loop runs in this thread: the sockets play in another.
    with ThreadPoolExecutor(1) as worker:
        worker.submit(asyncio.run, play()).result(timeout=300)
    return table


@pytest.mark.parametrize("players", [2, 4, 8])
def test_desktop_finished_match_in_the_window(
    open_page: Callable[..., Page], web_server: ServerProcess, artifacts: Path, players: int
) -> None:
    """The end of a match at 1280x800: the standings, the card down to its grand total and the
    moves all fit the window, with no scrolling (it grew to 861 px with two players)."""
    table = finished_table(web_server, players)
    page = open_page(DESKTOP)
    seats = {"0": {"token": table["tokens"][0], "name": NAMES[0]}}
    entry = {table["id"]: {"mode": "online", "seats": seats, "primary": 0}}
    page.add_init_script(
        f"sessionStorage.setItem('fivedice.tab.tables', {json.dumps(json.dumps(entry))})"
    )
    page.goto(f"/?table={table['id']}")
    wait_phase(page, "finished")
    expect(page.locator(".ranking li")).to_have_count(players)
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height <= DESKTOP["height"], f"the finished table is {height} px high"
    assert_on_screen(
        page,
        ".result-title",
        ".ranking li:last-child",
        ".result-actions .button:last-child",
        "tr[data-row='grand_total'] th",
        "tr[data-row='grand_total'] td:last-child",
        ".log li:last-child",
        ".chat-form button",
    )
    assert page.locator(".card-scroll").evaluate(
        "el => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight"
    )
    shoot(page, artifacts, f"layout-desktop-finished-{players}p")


@pytest.mark.parametrize(
    ("viewport", "touch", "words"),
    [(PHONE, True, "tap dice to hold them"), (DESKTOP, False, "click dice to hold them")],
    ids=["phone", "desktop"],
)
def test_the_turn_says_tap_on_a_touch_screen_and_click_with_a_mouse(
    open_page: Callable[..., Page], viewport: dict[str, int], touch: bool, words: str
) -> None:
    page = open_page(viewport, touch=touch)
    start_pass_and_play(page, 1)
    expect(page.locator(".turn-sub")).to_contain_text(f"2 rolls left: {words}")


@pytest.mark.parametrize(
    ("viewport", "touch", "help_words", "score_words"),
    [
        (PHONE, True, "Long-press a box to preview it.", "· tap to score"),
        (
            DESKTOP,
            False,
            "Hover, long-press or right-click a box to preview it.",
            "· click or Enter to score",
        ),
    ],
    ids=["phone", "desktop"],
)
def test_the_preview_help_says_long_press_on_a_touch_screen(
    open_page: Callable[..., Page],
    viewport: dict[str, int],
    touch: bool,
    help_words: str,
    score_words: str,
) -> None:
    """A phone has no mouse to hover or right-click with, nor Enter to press: its preview line
    (read out by screen readers) speaks of a long press and a tap."""
    page = open_page(viewport, touch=touch)
    start_pass_and_play(page, 1)
    line = page.locator(".preview-line")
    expect(line).to_have_text(help_words)
    page.locator("button.open-box[data-category='chance']").focus()
    expect(line).to_contain_text("Chance:")
    expect(line).to_contain_text(score_words)
