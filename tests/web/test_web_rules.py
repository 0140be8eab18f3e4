"""How to play and the rules of each rule set: opened from the create-table form next to the
rule-set choice, from the top bar and from a table; the card's boxes, bonuses and joker as the
server describes them, and no "seed" anywhere on the page; tidy at 1280x800 and 390x844
(screenshots in test-artifacts/web)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from web_driver import DESKTOP, PHONE, shoot, wait_phase

from fivedice.rules import preset
from fivedice.rules.describe import rules_page


@pytest.mark.parametrize(("viewport", "label"), [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_rules_open_from_the_create_form(
    open_page: Callable[..., Page], artifacts: Path, viewport: dict[str, int], label: str
) -> None:
    page = open_page(viewport)
    page.goto("/")
    page.locator("#create-table summary").click()
    form = page.locator("#create-table form")
    form.get_by_label("Rules").select_option("yatzy")
    link = form.get_by_role("link", name="Rules of this set")
    expect(link).to_have_attribute("href", "./?view=rules&preset=yatzy")
    link.scroll_into_view_if_needed()
    shoot(page, artifacts, f"create-form-rules-link-{label}")
    link.click()
    expect(page).to_have_url(re.compile(r"view=rules&preset=yatzy"))
    yatzy = rules_page(preset("yatzy"))
    expect(page.locator("#rules-title")).to_have_text(yatzy.title)
    expect(page.locator("#rules-origin")).to_contain_text(yatzy.origin)
    rows = page.locator("#rules-card tbody tr[data-box]")
    expect(rows).to_have_count(len(yatzy.boxes))
    for box in yatzy.boxes:
        row = page.locator(f"#rules-card tr[data-box='{box.name}']")
        expect(row.locator("th")).to_have_text(box.label)
        expect(row.locator("td").nth(1)).to_have_text(box.scores)
        expect(row.locator("td").nth(2)).to_have_text(str(box.max_points))
    expect(page.locator("#rules-upper-bonus")).to_have_text(
        "50 when the upper boxes total 63 or more"
    )
    expect(page.locator("#rules-extra-bonus")).to_have_text("none")
    expect(page.locator("#rules-how-to li")).to_have_count(len(yatzy.how_to_play))
    expect(page.locator("[data-nav='rules']")).to_have_attribute("aria-current", "page")
    shoot(page, artifacts, f"rules-yatzy-{label}", full_page=True)
    assert "seed" not in page.locator("body").inner_text().lower()

    # Another rule set from the page's own choice: its figures, not Yatzy's.
    page.locator("#rules-preset").select_option("official")
    expect(page).to_have_url(re.compile(r"preset=official"))
    expect(page.locator("#rules-upper-bonus")).to_have_text(
        "35 when the upper boxes total 63 or more"
    )
    expect(page.locator("#rules-extra-bonus")).to_contain_text("100 for each extra Yahtzee")
    expect(page.locator("#rules-joker")).to_contain_text("forced")
    expect(page.locator("#rules-card tr[data-box='full_house'] td").nth(1)).to_have_text(
        "25 points"
    )
    shoot(page, artifacts, f"rules-official-{label}")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE])
def test_how_to_play_is_in_the_top_bar(
    open_page: Callable[..., Page], viewport: dict[str, int]
) -> None:
    page = open_page(viewport)
    page.goto("/")
    page.locator(".mainnav").get_by_role("link", name="How to play").click()
    expect(page.locator("#how-to-play")).to_have_text("How to play")
    expect(page.locator("#rules-title")).to_have_text(preset("official").title)
    expect(page.locator("#rules-preset")).to_have_value("official")


def test_no_preset_shows_seed_on_the_page(open_page: Callable[..., Page]) -> None:
    page = open_page(DESKTOP)
    page.goto("/")
    page.locator("#create-table summary").click()
    titles = page.locator("#create-table select[aria-label='Rules'] option")
    expect(titles.first).to_be_attached()
    for i in range(titles.count()):
        assert "seed" not in (titles.nth(i).get_attribute("title") or "").lower()
    for name in ("general", "vp-games", "timed-online", "printable", "classic-1986"):
        page.goto(f"/?view=rules&preset={name}")
        expect(page.locator("#rules-title")).to_have_text(preset(name).title)
        assert "seed" not in page.locator("main").inner_text().lower()


def test_a_table_links_to_its_rules(open_page: Callable[..., Page], artifacts: Path) -> None:
    page = open_page(DESKTOP)
    page.goto("/")
    page.fill("#player-name", "Rita")
    page.locator("#create-table summary").click()
    page.locator("#create-table form input[name=seats]").fill("2")
    page.locator("#create-table form").get_by_label("Rules").select_option("timed-online")
    page.locator("#create-submit").click()
    wait_phase(page, "waiting")
    link = page.locator("#table-rules")
    expect(link).to_have_text(f"{preset('timed-online').title}rules ↗")
    expect(link).to_have_attribute("href", "./?view=rules&preset=timed-online")
    shoot(page, artifacts, "desktop-table-rules-link")
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    expect(rules.locator("#rules-undo")).to_have_text("none: a score, once set, stays")
    expect(page.locator("#table-rules")).to_be_visible()  # the table stays open in its tab


def test_an_unknown_rule_set_says_so_and_offers_the_others(
    open_page: Callable[..., Page],
) -> None:
    page = open_page(PHONE)
    page.goto("/?view=rules&preset=chess")
    expect(page.locator("#toasts .toast.error")).to_contain_text("No rule set called 'chess'")
    expect(page.locator("#rules-origin")).to_have_text(
        "There are no such rules: choose a rule set above."
    )
    expect(page.locator("#rules-card tr[data-box]")).to_have_count(0)
    page.locator("#rules-preset").select_option("general")
    expect(page.locator("#rules-title")).to_have_text(preset("general").title)
    expect(page.locator("#rules-card tr[data-box]")).to_have_count(
        len(preset("general").categories)
    )
