"""The page's other screens in the player's language: in German (the longest language) at
phone sizes, 390 and 320 pixels wide, and in French at desktop size, the account panel (a
guest's menu, the sign-in form), a profile, the leaderboards, the high scores, a player's
history, the replay of a finished match and the daily challenge's pages show no English word
(names aside) and no text sticking out of its box. Screenshots in test-artifacts/web."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from server_process import ServerProcess
from test_web_daily import PAST, late_result, past_day
from test_web_profile import seed_rated_matches
from web_driver import DESKTOP, PHONE, shoot

from fivedice.i18n import SOURCE, catalog
from fivedice.rules import Match, MatchOptions
from fivedice.store import Store

NARROW = {"width": 320, "height": 700}
CASES = [("de", PHONE), ("fr", DESKTOP), ("de", NARROW)]
IDS = [f"{lang}-{size['width']}" for lang, size in CASES]
WORD = re.compile(r"[^\W\d_]+")
# Parts of these screens drawn by the game's own modules (the dice, the scorecard, the analysis
# and its words for a move), which are translated with the table screen, not here.
OTHERS = ".dice-tray, .card-scroll, #replay-decision, .side-panels > div"


def words_of(values: Any) -> set[str]:
    """Every word (letters only, lowercased) in a catalog's values, plural forms included."""
    found: set[str] = set()
    for value in values:
        for text in value.values() if isinstance(value, dict) else [value]:
            found.update(w.lower() for w in WORD.findall(text))
    return found


def english_only(lang: str) -> set[str]:
    """The words of four letters or more that English uses and `lang` never does: one of them
    on a screen in `lang` is a word left untranslated."""
    english = {w for w in words_of(catalog(SOURCE).values()) if len(w) >= 4}
    return english - words_of(catalog(lang).values())


def english_left(lang: str, text: str, names: list[str]) -> list[str]:
    """The English words in `text` (what a screen shows), names taken out first."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    text = re.sub(r"Guest \d+", " ", text)  # other visitors' names, as the server gives them
    left = english_only(lang)
    return sorted({w for w in WORD.findall(text) if w.lower() in left})


def visible_text(scope: Locator) -> str:
    """The text a person sees in `scope`, without the parts other modules draw."""
    return str(
        scope.evaluate(
            """(el, others) => {
              let text = el.innerText;
              for (const part of el.querySelectorAll(others))
                text = text.replace(part.innerText, " ");
              return text;
            }""",
            OTHERS,
        )
    )


def overflowing_text(scope: Locator) -> list[str]:
    """Elements in `scope` whose text is wider than their box (cut off or spilling over), not
    counting the boxes that scroll on purpose and the parts other modules draw."""
    found: list[str] = scope.evaluate(
        """(root, others) => {
          const out = [];
          for (const el of [root, ...root.querySelectorAll("*")]) {
            const skipped = "svg, .table-scroll, .card-scroll, .visually-hidden";
            if (el.closest(others) || el.closest(skipped)) continue;
            const style = getComputedStyle(el);
            if (style.display === "inline" || style.display === "none") continue;
            if (!el.clientWidth || ["auto", "scroll"].includes(style.overflowX)) continue;
            const hasText = [...el.childNodes]
              .some((n) => n.nodeType === 3 && n.textContent.trim());
            if (hasText && el.scrollWidth > el.clientWidth + 1)
              out.push(`${el.tagName}.${el.className}: ${el.textContent.trim().slice(0, 60)}`);
          }
          return out;
        }""",
        OTHERS,
    )
    return found


def check(
    page: Page, lang: str, scope: Locator, names: list[str], artifacts: Path, shot: str
) -> None:
    """No English left in `scope`, no text spilling out of its box; a screenshot (which checks
    that nothing is wider than the window)."""
    page.wait_for_timeout(300)
    left = english_left(lang, visible_text(scope), names)
    assert left == [], f"{shot}: English left on screen: {left}"
    spilled = overflowing_text(scope)
    assert spilled == [], f"{shot}: text wider than its box: {spilled[:6]}"
    width = page.viewport_size["width"] if page.viewport_size else 0
    shoot(page, artifacts, f"lang-{shot}-{lang}-{width}", full_page=True)


@pytest.fixture(scope="module")
def finished_match(web_server: ServerProcess) -> str:
    """A finished two-player match between Ann and Bob (no label: the page names it)."""
    match = Match.create("official", MatchOptions(seats=2), rng=random.Random(7))
    ann, _ = match.join("Ann"), match.join("Bob")
    match.start(ann)
    while not match.state.is_finished:
        seat = match.state.active_seat
        assert seat is not None
        dice = match.roll(seat).dice
        face = Counter(dice).most_common(1)[0][0]
        match.roll(seat, hold=[i for i, d in enumerate(dice) if d == face])
        best = max(match.state.score_options(), key=lambda o: (o.total, o.category))
        match.score(seat, best.category)
    store = Store(web_server.database_url)
    try:
        return store.save_finished(match, origin="online")
    finally:
        store.close()


def speaking(open_page: Callable[..., Page], lang: str, viewport: dict[str, int]) -> Page:
    """A new visitor who picked `lang` at the foot of a screen before."""
    page = open_page(viewport)
    page.add_init_script(f"localStorage.setItem('fivedice.lang', {json.dumps(lang)})")
    return page


def ranked_result() -> dict[str, Any]:
    """A finished, ranked daily result with its marks and a streak (its share text is the
    page's own, in the player's language)."""
    result = late_result()
    comparison = {**result["comparison"], "day": PAST, "rules": "yatzy", "marks": "✓"}  # type: ignore[dict-item]
    return {**result, "ranked": True, "streak": 3, "comparison": comparison}


@pytest.mark.parametrize(("lang", "viewport"), CASES, ids=IDS)
def test_the_account_profile_boards_scores_and_history_speak_the_language(
    open_page: Callable[..., Page],
    web_server: ServerProcess,
    finished_match: str,
    artifacts: Path,
    lang: str,
    viewport: dict[str, int],
) -> None:
    page = speaking(open_page, lang, viewport)
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    button = page.locator("#account-button")
    expect(button).to_have_attribute("data-kind", "guest")
    account = page.evaluate("fetch('/api/account').then(r => r.json())")["account"]
    names = [account["name"], "Ann", "Bob", "Me", "Rival", "fivedice"]

    # The account panel: a guest's menu, then the sign-in form.
    button.click()
    menu = page.locator("#account-menu")
    expect(menu).to_be_visible()
    check(page, lang, menu, names, artifacts, "account-menu")
    page.locator("#account-sign-in").click()
    dialog = page.locator("#account-dialog")
    expect(dialog.locator("input[name=password]")).to_be_visible()
    check(page, lang, dialog, names, artifacts, "sign-in")
    page.keyboard.press("Escape")

    # A profile with rated matches, games per rule set and recent matches.
    seed_rated_matches(web_server, int(account["id"]))
    page.goto(f"/?view=profile&account={account['id']}")
    expect(page.locator(".rating-chart").first).to_be_visible()
    main = page.locator("main")
    check(page, lang, main, names, artifacts, "profile")

    page.goto("/?view=leaderboards&preset=official")
    expect(page.locator("#board-all tbody tr").first).to_be_visible()
    expect(page.locator("#board-ratings tbody tr").first).to_be_visible()
    expect(page.locator("#boards-preset")).to_have_value("official")
    check(page, lang, main, names, artifacts, "leaderboards")

    page.goto("/?view=scores&preset=official")
    expect(page.locator("main tbody tr a").first).to_be_visible()
    check(page, lang, main, names, artifacts, "high-scores")

    page.goto("/?view=history&name=Ann")
    expect(page.locator("main tbody tr a").first).to_be_visible()
    check(page, lang, main, names, artifacts, "history")


@pytest.mark.parametrize(("lang", "viewport"), CASES, ids=IDS)
def test_a_replay_and_the_daily_challenge_speak_the_language(
    open_page: Callable[..., Page],
    finished_match: str,
    artifacts: Path,
    lang: str,
    viewport: dict[str, int],
) -> None:
    page = speaking(open_page, lang, viewport)
    names = ["Ann", "Bob", "Cy", "fivedice", "UTC"]
    main = page.locator("main")

    page.goto(f"/?view=replay&match={finished_match}")
    expect(page.locator("#replay-caption")).not_to_be_empty()
    page.locator("#replay-slider").fill("9")  # a roll, a hold, a scoring: the log's words
    expect(page.locator("#replay-caption")).not_to_be_empty()
    check(page, lang, main, names, artifacts, "replay")

    # Today's challenge, before playing it: the lobby's card and the day's page.
    page.goto("/")
    card = page.locator("#daily-card")
    expect(card.locator("#daily-play")).to_be_visible()
    check(page, lang, card, names, artifacts, "daily-card")
    page.goto("/?daily")
    expect(page.locator("#daily-days tbody tr").first).to_be_visible()
    check(page, lang, main, names, artifacts, "daily-today")

    # A past day played, over: the result beside the optimal player's, its share text.
    played = {**past_day(True), "played": True}
    played["leaderboard"][1] = {**played["leaderboard"][1], "name": "Me", "you": True}
    page.route(f"**/api/daily/{PAST}", lambda route: route.fulfill(json=played))
    page.route(f"**/api/daily/{PAST}/result", lambda route: route.fulfill(json=ranked_result()))
    page.goto(f"/?daily={PAST}")
    expect(page.locator("#daily-result")).to_be_visible()
    expect(page.locator("#daily-turns .daily-kept")).to_be_visible()
    share = page.locator("#daily-share").input_value()
    assert english_left(lang, share, names) == [], share
    assert "✓" in share and "254" in share
    check(page, lang, main, names, artifacts, "daily-result")

    # A day to come, and a day that is no day.
    page.goto("/?daily=2999-01-01")
    expect(page.locator("#daily-none")).to_be_visible()
    check(page, lang, main, names, artifacts, "daily-future")
