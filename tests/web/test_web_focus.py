"""The keyboard focus stays on something sensible: after scoring, Undo, Hint, Show analysis,
Add computer, Start and a change of screen it lands on the next step (never on the page's
body); the lobby's list, redrawn every few seconds, keeps it on the same Join button; game
keys do nothing while the chat or the move log has it; the Roll button shows its ring."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from a11y import focused
from playwright.sync_api import Locator, Page, expect
from test_web_a11y import as_player, finished  # noqa: F401 (the finished match fixture)
from web_driver import (
    DESKTOP,
    PHONE,
    roll,
    seq,
    wait_acting_or_finished,
    wait_phase,
    wait_seq_above,
)


def focus_on(page: Page, target: Locator) -> None:
    """Wait for the focus to be on `target`; on failure, say where it is instead."""
    try:
        expect(target).to_be_focused()
    except AssertionError as error:
        raise AssertionError(f"the focus is on {focused(page)}") from error


def create_table(page: Page, seats: int, hints: str = "") -> None:
    """Open a table from the lobby's create form, as its host."""
    page.goto("/")
    page.fill("#player-name", "Flo")
    page.locator("#create-table summary").click()
    page.locator("#create-table input[name=seats]").fill(str(seats))
    if hints:
        page.select_option("#create-table select[name=hints]", hints)
    page.locator("#create-submit").click()
    wait_phase(page, "waiting")


def test_focus_through_a_match_with_the_computer(open_page: Callable[..., Page]) -> None:
    page = open_page(DESKTOP)
    create_table(page, 2, hints="true")
    # A new screen: its heading has the focus.
    focus_on(page, page.locator("main h1"))

    # Add computer: the seat fills, the button goes, Start has the focus.
    add = page.get_by_role("button", name="Add computer")
    add.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".seats-list li")).to_have_count(2)
    focus_on(page, page.locator("#start-button"))

    # Start: the match's first step has the focus (Roll, once it is this player's turn).
    page.keyboard.press("Enter")
    wait_phase(page, "playing")
    assert wait_acting_or_finished(page) == "0"
    roll_button = page.locator(".roll-button")
    focus_on(page, roll_button)

    # Roll from the keyboard: Roll keeps the focus, and shows its ring.
    before = seq(page)
    page.keyboard.press("Enter")
    wait_seq_above(page, before)
    expect(roll_button).to_have_attribute("data-rolls-left", "2")
    focus_on(page, roll_button)
    ring = roll_button.evaluate(
        "b => getComputedStyle(b).outlineStyle + ' ' + getComputedStyle(b).boxShadow"
    )
    assert ring.startswith("solid"), ring

    # Hint: its button has the focus again once the advice is shown.
    page.get_by_role("button", name="Hint").click()
    expect(page.locator(".hint-box .best")).to_contain_text("expected", timeout=90_000)
    focus_on(page, page.get_by_role("button", name="Hint"))

    # Scoring from the keyboard: the box goes; the computer plays; Roll has the focus again.
    page.keyboard.press("ArrowDown")
    box = page.locator("button.open-box.selected")
    focus_on(page, box)
    scored = seq(page)
    page.keyboard.press("Enter")
    wait_seq_above(page, scored)  # the scoring is in: the turn is no longer this page's
    assert wait_acting_or_finished(page) == "0"
    focus_on(page, roll_button)
    assert focused(page) != "BODY"


def test_focus_after_undo_and_game_keys_in_the_chat(open_page: Callable[..., Page]) -> None:
    page = open_page(PHONE)
    create_table(page, 1)
    page.locator("#start-button").click()
    wait_phase(page, "playing")
    roll(page)

    # Keys typed while the chat or the move log has the focus are not game keys.
    rolls = page.locator(".roll-button").get_attribute("data-rolls-left")
    for log in (".chat-lines", ".side-panels ol.log"):
        page.locator(log).focus()
        page.keyboard.press("r")
        page.keyboard.press("1")
        page.keyboard.press(" ")
        page.wait_for_timeout(400)
        expect(page.locator(".roll-button")).to_have_attribute("data-rolls-left", rolls or "")
        expect(page.locator(".die[data-position='0']")).to_have_attribute("aria-pressed", "false")

    # Undo: the box is open again, and Roll (rolls are left) has the focus.
    before = seq(page)
    page.locator("button.open-box").first.click()
    wait_seq_above(page, before)
    undo = page.get_by_role("button", name="Undo")
    undo.click()
    expect(undo).to_be_hidden()
    focus_on(page, page.locator(".roll-button"))


def test_show_analysis_and_screen_changes_keep_the_focus(
    open_page: Callable[..., Page],
    finished: dict[str, Any],  # noqa: F811
) -> None:
    page = open_page(DESKTOP)
    as_player(page, finished)
    page.goto(f"/?table={finished['id']}")
    wait_phase(page, "finished")
    page.get_by_role("button", name="Show analysis").click()
    expect(page.locator(".analysis svg.chart").first).to_be_visible(timeout=90_000)
    focus_on(page, page.get_by_role("button", name="Hide analysis"))

    # The Replay link leaves the screen: the replay's heading has the focus.
    page.get_by_role("link", name="Replay").click()
    expect(page.locator("#replay-caption")).to_be_visible()
    focus_on(page, page.locator("main h1"))
    # The main menu's links too.
    page.get_by_role("link", name="Leaderboards").click()
    expect(page.locator("main h1")).to_have_text("Leaderboards")
    focus_on(page, page.locator("main h1"))
    page.get_by_role("link", name="History", exact=True).click()
    focus_on(page, page.locator("main h1"))


def test_the_lobby_list_keeps_the_focus_on_its_join_button(
    open_page: Callable[..., Page],
) -> None:
    host = open_page(DESKTOP)
    create_table(host, 3)
    table_id = host.locator(".table-screen").get_attribute("data-table-id")
    page = open_page(DESKTOP)
    page.goto("/")
    join = page.locator(f"tr[data-table-id='{table_id}'] button", has_text="Join")
    join.focus()
    join.evaluate("b => { b.dataset.first = 'yes'; }")
    # The list is redrawn every 4 s: the focus moves to the new row's Join button.
    page.wait_for_function("() => !document.querySelector('[data-first]')", timeout=10_000)
    page.wait_for_timeout(300)
    focus_on(page, join)
