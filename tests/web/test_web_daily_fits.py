"""The daily challenge's rule set fits a 320-pixel phone whatever the day and the language:
every weekday's rule set (the official rules on weekdays, Yatzy on Sunday, and each of the
Saturday variants in turn), in each of the seven languages, on the lobby (with its daily card),
with the account menu open, and on the daily challenge's own screen. Nothing runs past the
window's edge or out of its card, and the page never scrolls sideways.

Each day gets its own server, started with ``FIVEDICE_DAILY_DATE`` set to it, so the test is the
same whenever it runs."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect
from server_process import ServerProcess
from web_driver import overflowing, shoot

from fivedice.i18n import LANGUAGES
from fivedice.rules.daily import SATURDAY_ROTATION, preset_of_day

NARROW_PHONE = {"width": 320, "height": 640}

# Monday to Sunday of one week, then the Saturdays after it until each Saturday rule set has come.
WEEK = [date(2026, 11, d) for d in range(2, 9)]
LATER_SATURDAYS = [
    date(2026, 11, 14),
    date(2026, 11, 21),
    date(2026, 11, 28),
    date(2026, 12, 5),
    date(2026, 12, 12),
    date(2026, 12, 19),
]
DAYS = WEEK + LATER_SATURDAYS

# Elements that stick out of the card (panel) they are in: a card's content keeps inside its
# border, or a phone shows it cut off by the card's rounded edge.
OUT_OF_CARD_JS = """() => {
  const out = [];
  for (const panel of document.querySelectorAll(".panel")) {
    if (!panel.getClientRects().length) continue;
    const edge = panel.getBoundingClientRect();
    for (const el of panel.querySelectorAll("*")) {
      if (el.closest(".visually-hidden")) continue;
      const box = el.getBoundingClientRect();
      if (box.width > 0 && (box.right > edge.right + 1 || box.left < edge.left - 1))
        out.push(`${el.tagName}.${el.className} "${el.textContent.trim().slice(0, 40)}"`
          + ` ${Math.round(box.left)}-${Math.round(box.right)} in ${Math.round(edge.left)}-`
          + `${Math.round(edge.right)}`);
    }
  }
  return out;
}"""


def test_the_days_cover_every_weekday_and_every_saturday_rule_set() -> None:
    assert sorted(d.weekday() for d in WEEK) == list(range(7))
    saturdays = {preset_of_day(d) for d in DAYS if d.weekday() == 5}
    assert saturdays == set(SATURDAY_ROTATION)


@pytest.fixture(params=DAYS, ids=lambda d: f"{d.isoformat()}-{d.strftime('%a')}")
def daily_server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ServerProcess]:
    """A server whose daily challenge is the parameter's day, whatever the clock says."""
    process = ServerProcess(
        f"sqlite:///{tmp_path / 'fivedice.db'}",
        tmp_path / "server.log",
        FIVEDICE_CACHE_DIR=str(tmp_path / "cache"),
        FIVEDICE_LOG_FORMAT="text",
        FIVEDICE_DAILY_DATE=request.param.isoformat(),
    )
    process.start()
    yield process
    code = process.stop()
    assert code in (0, -signal.SIGTERM), process.log()[-3000:]


def assert_fits(page: Page, where: str) -> None:
    """The page is as wide as the window, nothing sticks out of it or out of its card."""
    size = NARROW_PHONE["width"]
    widths = page.evaluate("[innerWidth, document.documentElement.scrollWidth]")
    assert widths == [size, size], f"{where}: the page scrolls sideways ({widths})"
    assert overflowing(page) == [], where
    assert page.evaluate(OUT_OF_CARD_JS) == [], where


def test_the_days_rule_set_fits_a_narrow_phone_in_every_language(
    daily_server: ServerProcess, browser: Browser, artifacts: Path
) -> None:
    about = httpx.get(f"{daily_server.base_url}/api/daily").json()
    day = date.fromisoformat(about["day"])
    assert about["rules"] == preset_of_day(day)  # the server serves the fixed day
    errors: list[str] = []
    for language in LANGUAGES:
        context = browser.new_context(
            viewport=NARROW_PHONE, has_touch=True, is_mobile=True, base_url=daily_server.base_url
        )
        context.add_init_script(f"localStorage.setItem('fivedice.lang', '{language}')")
        page = context.new_page()
        page.on("pageerror", lambda error, language=language: errors.append(f"{language}: {error}"))
        where = f"{day} ({about['rules']}) in {language}"

        page.goto("/")
        expect(page.locator("html")).to_have_attribute("lang", language)
        pill = page.locator("#daily-card .daily-rules .pill")
        expect(pill).to_be_visible()
        expect(page.locator("#daily-play")).to_be_visible()
        rules = pill.inner_text()
        assert_fits(page, f"lobby, {where}")
        if day.weekday() == 5 and language == "de":
            shoot(page, artifacts, f"daily-fits-lobby-{day}-{language}")

        page.locator("#account-button").click()
        expect(page.locator("#account-menu")).to_be_visible()
        assert_fits(page, f"account menu, {where}")
        page.keyboard.press("Escape")

        page.goto("/?daily")
        expect(page.locator("#daily-rules")).to_have_text(rules)
        expect(page.locator(f"#daily-days tbody tr[data-day='{day}']")).to_be_visible()
        assert_fits(page, f"daily screen, {where}")
        if day.weekday() == 5 and language == "de":
            shoot(page, artifacts, f"daily-fits-screen-{day}-{language}", full_page=True)
        context.close()
    assert not errors, errors
