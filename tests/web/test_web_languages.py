"""A whole game against the computer in another language: German on a phone (chosen with the
picker at the page's foot, kept across a reload) and Portuguese on a desktop (the browser's
language). At every step no text overflows its box and no English word is left on the table
screen; a screenshot of each step goes to test-artifacts."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from web_driver import (
    DESKTOP,
    PHONE,
    overflowing,
    play_quick_turn,
    roll,
    seq,
    wait_acting_or_finished,
    wait_phase,
    wait_seq_above,
)

from fivedice.i18n import CATALOGS

SMALL_PHONE = {"width": 320, "height": 640}
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
WORD = re.compile(r"[^\W\d_]+")

# The text checked for English words: the whole page, its top bar and every panel of the lobby
# and the table included, less what holds names (the page's server is shared with other tests,
# whose tables, players and matches the lobby lists under their own English names).
VISIBLE_TEXT_JS = """() => {
  const names = [
    ".table-name", ".tables-list td:first-child .muted",
    ".scores-mini ol li a", ".scores-mini ol li > span:first-child",
  ].join(", ");
  let text = document.body.innerText;
  for (const named of document.querySelectorAll(names)) {
    const name = named.innerText.trim();
    if (name) text = text.split(name).join(" ");
  }
  return text;
}"""

# Text with a direct text node that does not fit its box (wider than the box, or a select
# narrower than its chosen option), and anything past the window's right edge. The card
# scrolls sideways on a phone on purpose; a toast and the confetti come and go.
OVERFLOW_JS = """() => {
  const out = [];
  const width = document.documentElement.clientWidth;
  for (const el of document.querySelectorAll("body *")) {
    if (!el.getClientRects().length) continue;
    if (el.closest(".visually-hidden, .toasts, .confetti, [aria-hidden='true']")) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 && rect.height <= 1) continue; // for screen readers only, not drawn
    const cs = getComputedStyle(el);
    if (cs.visibility === "hidden" || ["inline", "contents"].includes(cs.display)) continue;
    const label = `${el.tagName}.${el.className} "${(el.textContent || "").trim().slice(0, 50)}"`;
    if (el.tagName === "SELECT") {
      const chosen = el.options[el.selectedIndex];
      if (!chosen) continue;
      const probe = el.cloneNode(false);
      probe.append(new Option(chosen.text));
      probe.style.cssText = "position: absolute; visibility: hidden; width: auto; "
        + "min-width: 0; max-width: none; flex: none";
      el.parentNode.append(probe);
      const need = probe.offsetWidth;
      probe.remove();
      if (need > el.offsetWidth + 1) out.push(`select cut ${label}`);
      continue;
    }
    const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!text || el.tagName === "INPUT" || el.tagName === "TEXTAREA") continue;
    if (el.scrollWidth > el.clientWidth + 1) out.push(`overflows ${label}`);
    if (!el.closest(".card-scroll") && el.getBoundingClientRect().right > width + 1)
      out.push(`past the edge ${label}`);
  }
  return out;
}"""


def words(text: str) -> set[str]:
    """The words of 4 letters or more in a text, lowercased (placeholders left out)."""
    return {w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text)) if len(w) >= 4}


def catalog_words(lang: str) -> set[str]:
    found: set[str] = set()
    for message in json.loads((CATALOGS / f"{lang}.json").read_text("utf-8")).values():
        for text in message.values() if isinstance(message, dict) else [message]:
            found |= words(text)
    return found


def english_only(lang: str) -> set[str]:
    """The English catalog's words that the language's catalog never uses."""
    return catalog_words("en") - catalog_words(lang)


class Walk:
    """One game's steps in one language: each is checked (no overflow, no English left on the
    table screen) and shot."""

    def __init__(self, page: Page, lang: str, name: str, folder: Path) -> None:
        self.page, self.lang, self.name, self.folder = page, lang, name, folder
        self.english = english_only(lang)
        self.steps = 0

    def check(self, step: str, table: bool = True) -> None:
        page = self.page
        page.wait_for_timeout(700)  # the dice have stopped tumbling, the toasts are placed
        self.steps += 1
        page.screenshot(path=str(self.folder / f"lang-{self.name}-{self.steps:02d}-{step}.png"))
        cut = page.evaluate(OVERFLOW_JS)
        assert cut == [], f"{self.name} {step}: {cut[:8]}"
        assert not overflowing(page), f"{self.name} {step}: {overflowing(page)[:8]}"
        if table:
            left = words(page.evaluate(VISIBLE_TEXT_JS)) & self.english
            assert left == set(), f"{self.name} {step}: English left on screen: {sorted(left)}"

    def check_widths(self, step: str, *sizes: dict[str, int], table: bool = True) -> None:
        """The step again at other widths (then back to the first)."""
        first = self.page.viewport_size
        assert first is not None
        for size in sizes:
            self.page.set_viewport_size(size)
            self.check(f"{step}-{size['width']}", table=table)
        self.page.set_viewport_size(first)


@pytest.fixture
def open_in(new_context: Callable[..., BrowserContext]) -> Iterator[Callable[..., Page]]:
    """A page in a fresh browser context speaking `locale`; the test fails on any page error."""
    errors: list[str] = []

    def open_one(viewport: dict[str, int], locale: str = "en-US") -> Page:
        page = new_context(viewport=viewport, locale=locale).new_page()
        page.on("pageerror", lambda error: errors.append(f"{page.url}: {error}"))
        return page

    yield open_one
    assert not errors, errors


def play_to_the_end(walk: Walk, name: str, *widths: dict[str, int]) -> None:
    """From the lobby: a match against the beginner, a hint, every turn, the analysis."""
    page = walk.page
    page.fill("#player-name", name)
    page.select_option("#vs-level", "beginner")
    page.locator("#create-table summary").click()  # every choice of a new table, open
    walk.check("lobby")
    walk.check_widths("lobby", *widths)
    page.locator("#play-computer").click()
    wait_phase(page, "playing")
    assert wait_acting_or_finished(page) == "0"
    walk.check("table")
    roll(page)
    walk.check("rolled")
    page.locator(".dice-tray .die").first.click()  # hold one die
    expect(page.locator(".dice-tray .die").first).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("h")
    expect(page.locator(".hint-box .best .ev")).to_be_visible(timeout=90_000)  # may solve first
    walk.check("hint")
    page.locator("button.open-box").first.hover()  # the preview line says what it would score
    expect(page.locator(".preview-line .pts")).to_be_visible()
    walk.check("preview")
    walk.check_widths("preview", *widths)
    scored = seq(page)
    page.locator("button.open-box").first.click()
    wait_seq_above(page, scored)  # the next look at the table sees the box scored
    turns = 1
    while wait_acting_or_finished(page):
        play_quick_turn(page)
        turns += 1
        if turns == 7:
            walk.check("halfway")
    assert turns == 13
    wait_phase(page, "finished")
    expect(page.locator(".ranking li")).to_have_count(2)
    walk.check("results")
    walk.check_widths("results", *widths)
    page.locator(".result-actions > button:not(#new-game)").click()  # the analysis
    expect(page.locator(".analysis svg.chart").first).to_be_visible(timeout=60_000)
    expect(page.locator("#decisions tbody tr").first).to_be_attached()
    page.locator(".analysis").scroll_into_view_if_needed()
    walk.check("analysis")
    page.locator("#mistakes-only").check()
    page.locator(".decisions").scroll_into_view_if_needed()
    walk.check("mistakes")
    walk.check_widths("mistakes", *widths)


def test_german_on_a_phone_picked_at_the_foot(
    open_in: Callable[..., Page], artifacts: Path
) -> None:
    page = open_in(PHONE)
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.select_option("#language", "de")  # the page reloads in German
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#play-computer")).to_have_text("Gegen den Computer spielen")
    page.reload()  # the choice is kept
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#language")).to_have_value("de")
    expect(page.locator("#play-computer")).to_have_text("Gegen den Computer spielen")
    # An open table in the lobby's list: its status and buttons are German's longest words, and
    # its name is English (a name is never translated, and no check counts it as English left).
    origin = re.match(r"https?://[^/]+", page.url)
    assert origin is not None
    opened = urllib.request.Request(
        f"{origin.group(0)}/api/tables",
        data=json.dumps(
            {"name": "Kniffelrunde bei Oma Gertrude", "host_name": "Gertrude"}
        ).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(opened) as answer:
        assert answer.status == 201
    page.reload()
    expect(page.locator(".tables-list")).to_contain_text("Gastgeber weg")
    play_to_the_end(Walk(page, "de", "de-390", artifacts), "Dee", SMALL_PHONE, DESKTOP)
    expect(page.locator(".scorecard thead th[data-seat='1']")).to_contain_text("Anfänger")
    expect(page.locator("tr[data-row='grand_total'] th")).to_have_text("Endsumme")


def test_portuguese_on_a_desktop_from_the_browser(
    open_in: Callable[..., Page], artifacts: Path
) -> None:
    page = open_in(DESKTOP, locale="pt-BR")
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "pt-BR")
    expect(page.locator("#language")).to_have_value("pt-BR")
    play_to_the_end(Walk(page, "pt-BR", "pt-1280", artifacts), "Bia")
    expect(page.locator(".scorecard thead th[data-seat='1']")).to_contain_text("Iniciante")
    expect(page.locator("#result-title")).to_be_visible()
