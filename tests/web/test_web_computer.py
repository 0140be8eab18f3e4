"""A match against the computer from the lobby's quick start to the end: the hint, the
analysis chart, the replay viewer, the high-score list and the player's history, and Play
again."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect
from web_driver import (
    DESKTOP,
    play_quick_turn,
    roll,
    screen,
    seq,
    shoot,
    wait_acting_or_finished,
    wait_phase,
    wait_seq_above,
)


def test_against_the_computer_to_the_end(open_page: Callable[..., Page], artifacts: Path) -> None:
    page = open_page(DESKTOP)
    page.goto("/")
    page.fill("#player-name", "Dee")
    page.select_option("#vs-level", "beginner")
    page.locator("#play-computer").click()
    wait_phase(page, "playing")  # the quick start starts the match itself
    table_id = screen(page).get_attribute("data-table-id")
    expect(page.locator(".scorecard thead th[data-seat='1']")).to_contain_text("Beginner")
    expect(page.locator(".scorecard thead th[data-seat='1']")).to_contain_text("computer")

    # The hint: the best hold or box, with its expected final score.
    assert wait_acting_or_finished(page) == "0"
    roll(page)
    page.get_by_role("button", name="Hint").click()
    best = page.locator(".hint-box .best")
    expect(best).to_contain_text("expected final score", timeout=90_000)  # may solve first
    text = best.inner_text()
    if text.startswith("Best: Score"):
        expect(page.locator("button.open-box.best-box")).to_have_count(1)
    else:
        assert page.locator(".die.hinted").count() >= 1 or "Roll all five" in text
    page.locator("button.open-box").first.click()

    # The dark theme, kept across a reload.
    page.locator("#theme-toggle").click()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    page.reload()
    wait_phase(page, "playing")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert wait_acting_or_finished(page) == "0"
    roll(page)
    shoot(page, artifacts, "desktop-table-dark")
    page.locator("#theme-toggle").click()
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    rolled = seq(page)
    page.locator("button.open-box").first.click()
    wait_seq_above(page, rolled)  # the score is in before the next turn is awaited

    turns = 2
    while wait_acting_or_finished(page):
        play_quick_turn(page)
        turns += 1
    assert turns == 13
    wait_phase(page, "finished")
    expect(page.locator(".ranking li")).to_have_count(2)
    # The computer filled its whole card as the page watched.
    expect(page.locator("tr.box td[data-seat='1'].filled")).to_have_count(13)
    dee_total = page.locator("tr[data-row='grand_total'] td").first.inner_text()

    # The analysis, drawn: a line per player, and the cost of the moves.
    page.get_by_role("button", name="Show analysis").click()
    expect(page.locator(".analysis svg.chart").first).to_be_visible()
    expect(page.locator(".analysis path.series")).to_have_count(2)
    expect(page.locator(".analysis .legend")).to_contain_text("Dee: gave away")
    # Every decision is listed, and a row opens the replay where it was taken.
    row = page.locator("#decisions tbody tr").first
    row.scroll_into_view_if_needed()
    shoot(page, artifacts, "desktop-results-decisions")
    step = row.get_attribute("data-step")
    row.locator("a.decision-link").click()
    expect(page).to_have_title("fivedice · replay")
    expect(page.locator("#replay-counter")).to_contain_text(f"event {step} of ")
    page.go_back()
    wait_phase(page, "finished")

    # The replay viewer steps through the stored log.
    page.get_by_role("link", name="Replay").click()
    caption = page.locator("#replay-caption")
    expect(caption).to_contain_text("scored")  # it opens at the last event
    page.get_by_role("button", name="First event").click()
    expect(caption).to_have_text("The table was opened.")
    page.keyboard.press("ArrowRight")
    expect(caption).to_contain_text("sat down")
    page.locator("#replay-slider").fill("6")
    expect(page.locator(".replay .scorecard")).to_be_visible()
    expect(page.locator(".replay .analysis path.series")).to_have_count(2)

    # The leaderboard of single games and Dee's history have the match.
    page.get_by_role("link", name="Leaderboards").click()
    expect(page.locator("#board-all tbody")).to_contain_text("Dee")
    expect(page.locator("#board-all tbody")).to_contain_text(dee_total)
    page.get_by_role("link", name="History", exact=True).click()
    expect(page.locator("#history-name")).to_have_value("Dee")
    history = page.locator(".data-table").first
    expect(history).to_contain_text(dee_total)
    history.get_by_role("link", name="Replay").first.click()
    expect(page.locator("#replay-caption")).to_be_visible()

    # Play again: the same opponent at a new table, started at once.
    page.goto(f"/?table={table_id}")
    wait_phase(page, "finished")
    assert screen(page).get_attribute("data-table-id") == table_id
    page.get_by_role("button", name="Play again").click()
    wait_phase(page, "playing")
    assert screen(page).get_attribute("data-table-id") != table_id
    expect(page.locator("tr.box td.filled")).to_have_count(0)
