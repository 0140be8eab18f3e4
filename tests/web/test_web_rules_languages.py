"""The rules page in the page's language: in German (the longest) the rule set's title, the boxes
by their German names, every rule in German words from the server (asked in the page's
language), and the page's own words from the catalog; it fits 390x844 and 1280x800
(screenshots in test-artifacts/web)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from web_driver import DESKTOP, PHONE

from fivedice.i18n import translator
from fivedice.rules import preset
from fivedice.rules.describe import rules_page

# Words of English sentences that no German rules text holds.
ENGLISH = re.compile(
    r"\b(the|of|and|any|when|where|each|none|sum|dice|box|boxes|points|alike|pairs?|upper|"
    r"lower|score|scores|undo|rolls?|table|hold|hint|most|card|turn|click|press|rules)\b",
    re.IGNORECASE,
)


def sticking_out(page: Page) -> list[str]:
    """Elements of the rules page that stick out past the window's right edge, or whose text
    is wider than their box."""
    return page.evaluate(
        """() => {
          const width = document.documentElement.clientWidth;
          const out = [];
          for (const el of document.querySelectorAll(".rules-page, .rules-page *")) {
            const box = el.getBoundingClientRect();
            const clips = getComputedStyle(el).overflowX !== "visible";
            const hidden = el.matches(".visually-hidden");
            const clipped = clips && !hidden && el.scrollWidth > el.clientWidth + 1;
            if ((box.width > 0 && box.right > width + 1) || clipped)
              out.push(`${el.tagName}.${el.className} right=${Math.round(box.right)}`);
          }
          return out;
        }"""
    )


def in_german(page: Page) -> Page:
    """The page as a player who picked Deutsch at the foot of a screen sees it."""
    page.context.add_init_script("localStorage.setItem('fivedice.lang', 'de')")
    return page


@pytest.mark.parametrize(("viewport", "label"), [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_the_rules_page_in_german_fits_and_speaks_german(
    open_page: Callable[..., Page], artifacts: Path, viewport: dict[str, int], label: str
) -> None:
    page = in_german(open_page(viewport))
    with page.expect_request(re.compile(r"/api/rules/official\?lang=de$")):
        page.goto("/?view=rules&preset=official")
    german = translator("de")
    official = rules_page(preset("official"), german)
    expect(page.locator("#rules-title")).to_have_text("Kniffel (offizielle Regeln)")
    expect(page.locator("#how-to-play")).to_have_text("So wird gespielt")
    expect(page.locator("#rules-origin")).to_have_text(
        f"Woher diese Regeln stammen: {official.origin}"
    )
    expect(page.locator("#rules-preset")).to_have_value("official")
    expect(page.locator("#rules-preset option:checked")).to_have_text("Kniffel (offizielle Regeln)")
    for box in official.boxes:
        row = page.locator(f"#rules-card tr[data-box='{box.name}']")
        expect(row.locator("th")).to_have_text(german.box(box.label))
        expect(row.locator("td").nth(0)).to_have_text(box.needs)
        expect(row.locator("td").nth(1)).to_have_text(box.scores)
    names = page.locator("#rules-card tr[data-box] th").all_inner_texts()
    assert {"Dreierpasch", "Viererpasch", "Kleine Straße", "Große Straße", "Kniffel"} <= set(names)
    expect(page.locator("#rules-rolls")).to_have_text("Bis zu 3, mit 5 Würfeln")
    expect(page.locator("#rules-upper-bonus")).to_have_text(official.upper_bonus_text)
    expect(page.locator("#rules-extra-bonus")).to_have_text(
        "100 für jeden weiteren Kniffel, solange dessen Feld 50 enthält"
    )
    expect(page.locator("#rules-joker")).to_contain_text(
        "Pflicht, wenn das Feld Kniffel gefüllt ist"
    )
    expect(page.locator("#rules-how-to li")).to_have_text(list(official.how_to_play))
    expect(page.locator(".rules-controls dt").first).to_have_text("Würfeln")
    assert page.title() == "fivedice · Regeln · Kniffel (offizielle Regeln)"
    text = page.locator(".rules-page").inner_text()
    assert ENGLISH.findall(text) == [], ENGLISH.findall(text)
    page.wait_for_timeout(300)
    assert sticking_out(page) == []
    page.screenshot(path=str(artifacts / f"rules-official-de-{label}.png"), full_page=True)


def test_another_rule_set_and_an_unknown_one_in_german(open_page: Callable[..., Page]) -> None:
    page = in_german(open_page(PHONE))
    page.goto("/?view=rules&preset=yatzy")
    expect(page.locator("#rules-title")).to_have_text("Yatzy (skandinavisch)")
    expect(page.locator("#rules-card tr[data-box='one_pair'] th")).to_have_text("Ein Paar")
    expect(page.locator("#rules-extra-bonus")).to_have_text("keiner")
    page.goto("/?view=rules&preset=chess")
    expect(page.locator("#rules-origin")).to_have_text(
        "Diese Regeln gibt es nicht: wähle oben ein Regelwerk."
    )
    expect(page.locator("#rules-preset option[disabled]")).to_have_text("Wähle ein Regelwerk")
