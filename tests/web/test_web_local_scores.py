"""This browser's high scores: a game played at this screen against the computer is kept in the
lobby's "Played at this browser" list of its rule set, and Reset (after a confirmation that says
what it clears) empties that list and nothing else: the server's high scores stay (1280x800,
then the lobby at 390x844)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect
from web_driver import DESKTOP, PHONE, play_quick_turn, shoot, wait_acting_or_finished, wait_phase

RULES = "yacht"  # twelve boxes: the shortest game


def test_a_local_game_is_kept_and_reset_clears_only_this_browsers_list(
    open_page: Callable[..., Page], artifacts: Path
) -> None:
    page = open_page(DESKTOP)
    page.goto("/")
    expect(page.locator("#local-scores")).to_contain_text("No games played at this browser yet.")
    expect(page.locator("#local-scores-reset")).to_be_disabled()
    page.fill("#player-name", "Lou")
    page.select_option("#vs-level", "beginner")
    page.locator(".quickstarts select[aria-label='Rules']").first.select_option(RULES)
    page.locator("#play-computer").click()
    wait_phase(page, "playing")
    while wait_acting_or_finished(page):
        play_quick_turn(page)
    wait_phase(page, "finished")
    total = page.locator("tr[data-row='grand_total'] td").first.inner_text().strip()  # own first

    page.goto("/")
    page.select_option("select[aria-label='High scores for']", RULES)
    local = page.locator("#local-scores li")
    expect(local).to_have_count(1)  # Lou's game; the computer's is not kept
    expect(local.first).to_contain_text("1. Lou")
    expect(local.first.locator("strong")).to_have_text(total)
    server_list = page.locator(".scores-mini").first.locator("ol")
    expect(server_list).to_contain_text("Lou")
    server_before = server_list.locator("li").all_text_contents()
    # Another rule set's list is its own.
    page.select_option("select[aria-label='High scores for']", "official")
    expect(page.locator("#local-scores li")).to_have_text(["No games played at this browser yet."])
    page.select_option("select[aria-label='High scores for']", RULES)
    expect(local).to_have_count(1)

    page.locator("#local-scores-reset").click()
    confirm = page.locator("#local-scores-confirm")
    expect(confirm).to_contain_text("Clear the 1 score this browser keeps for Yacht (classic)?")
    expect(confirm).to_contain_text("The server's high scores and leaderboards stay")
    page.set_viewport_size(PHONE)
    page.locator(".local-scores").scroll_into_view_if_needed()
    shoot(page, artifacts, "phone-local-scores-confirm")
    page.set_viewport_size(DESKTOP)
    page.locator("#local-scores-keep").click()  # changing one's mind keeps them
    expect(local).to_have_count(1)

    page.locator("#local-scores-reset").click()
    page.locator("#local-scores-clear").click()
    expect(page.locator("#local-scores li")).to_have_text(["No games played at this browser yet."])
    expect(page.locator("#local-scores-reset")).to_be_disabled()
    shoot(page, artifacts, "desktop-local-scores-cleared")
    page.reload()
    page.select_option("select[aria-label='High scores for']", RULES)
    expect(page.locator("#local-scores li")).to_have_text(["No games played at this browser yet."])
    expect(server_list.locator("li")).to_have_text(server_before)  # the server's list stays
