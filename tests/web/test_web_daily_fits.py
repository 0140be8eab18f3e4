"""The daily challenge's rule set fits a 320-pixel phone whatever the day and the language:
every weekday's rule set (the official rules on weekdays, Yatzy on Sunday, and each of the
Saturday variants in turn), in each of the seven languages, on the lobby (with its daily card),
with the account menu open, and on the daily challenge's own screen. Nothing runs past the
window's edge or out of its card, and the page never scrolls sideways.

One server serves the whole file, in this process, and its day is fixed before each day's
checks (``fix_day``, what ``FIVEDICE_DAILY_DATE`` sets), so the test is the same whenever it
runs. One phone per language opens the page once and then moves between the lobby and the
daily screen through the page's own links, as a person does: each move draws the screen anew
and asks the server for the day's challenge again."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect
from server_thread import ServerThread, settings_for_tests
from web_driver import overflowing, shoot

from fivedice.i18n import LANGUAGES
from fivedice.rules.daily import SATURDAY_ROTATION, preset_of_day
from fivedice.server.daily_day import fix_day

NARROW_PHONE: ViewportSize = {"width": 320, "height": 640}

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


@pytest.fixture(scope="module")
def daily_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    """The server of every day's checks (its day is fixed by each test: see `the_day`)."""
    root = tmp_path_factory.mktemp("daily-fits")
    with pytest.MonkeyPatch.context() as env:
        env.setenv("FIVEDICE_CACHE_DIR", str(root / "cache"))
        server = ServerThread(
            settings_for_tests(f"sqlite:///{root / 'fivedice.db'}", daily_date=DAYS[0])
        )
        server.start()
        try:
            yield server
        finally:
            server.stop()
            fix_day(None)


class Phone:
    """One language's narrow phone, the page open on the server, and its uncaught errors."""

    def __init__(self, browser: Browser, base_url: str, language: str) -> None:
        self.language = language
        self.errors: list[str] = []
        self.context = browser.new_context(
            viewport=NARROW_PHONE, has_touch=True, is_mobile=True, base_url=base_url
        )
        self.context.add_init_script(f"localStorage.setItem('fivedice.lang', '{language}')")
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda error: self.errors.append(f"{language}: {error}"))
        self.open()

    def open(self) -> None:
        """Load the page (in the phone's language); a walk through the screens starts here."""
        self.page.goto("/")
        expect(self.page.locator("html")).to_have_attribute("lang", self.language)
        self.walked = True

    def begin_walk(self) -> Page:
        """The page, ready for a day's walk: loaded afresh where the last walk broke off (a
        failed check leaves it on any screen, a menu open)."""
        if not self.walked:
            self.open()
        self.walked = False
        return self.page

    def end_walk(self) -> None:
        """The day's walk went through every check: the next one goes on from here."""
        self.walked = True


@pytest.fixture(scope="module")
def phones(daily_server: ServerThread, browser: Browser) -> Iterator[list[Phone]]:
    """A phone in each language, kept open from day to day."""
    opened = [Phone(browser, daily_server.base_url, language) for language in LANGUAGES]
    yield opened
    for phone in opened:
        phone.context.close()


@pytest.fixture(params=DAYS, ids=lambda d: f"{d.isoformat()}-{d.strftime('%a')}")
def the_day(request: pytest.FixtureRequest, daily_server: ServerThread) -> date:
    """The parameter's day, the server's daily challenge from now on whatever the clock says."""
    day: date = request.param
    fix_day(day)
    about = httpx.get(f"{daily_server.base_url}/api/daily").json()
    assert (about["day"], about["rules"]) == (day.isoformat(), preset_of_day(day))
    return day


def assert_fits(page: Page, where: str) -> None:
    """The page is as wide as the window, nothing sticks out of it or out of its card."""
    size = NARROW_PHONE["width"]
    widths = page.evaluate("[innerWidth, document.documentElement.scrollWidth]")
    assert widths == [size, size], f"{where}: the page scrolls sideways ({widths})"
    assert overflowing(page) == [], where
    assert page.evaluate(OUT_OF_CARD_JS) == [], where


def test_the_days_rule_set_fits_a_narrow_phone_in_every_language(
    the_day: date, phones: list[Phone], artifacts: Path
) -> None:
    day = the_day
    for phone in phones:
        page, language = phone.begin_walk(), phone.language
        where = f"{day} ({preset_of_day(day)}) in {language}"

        # To the lobby by the top bar's Play link (a phone shows no brand): a new daily card,
        # which asks the server for today's challenge.
        page.locator(".mainnav a[data-nav='lobby']").click()
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
        expect(page.locator("#account-menu")).to_be_hidden()

        # To the daily screen by the card's "Past days" link: the day's challenge and days.
        page.locator("#daily-past-days").click()
        expect(page.locator("#daily-rules")).to_have_text(rules)
        expect(page.locator(f"#daily-days tbody tr[data-day='{day}']")).to_be_visible()
        assert_fits(page, f"daily screen, {where}")
        if day.weekday() == 5 and language == "de":
            page.evaluate("scrollTo(0, 0)")  # the link brought Past days into view
            shoot(page, artifacts, f"daily-fits-screen-{day}-{language}", full_page=True)
        phone.end_walk()
    errors = [error for phone in phones for error in phone.errors]
    for phone in phones:
        phone.errors.clear()
    assert not errors, errors
