"""The scorecard's rows are the server's: the welcome's card_rows give their order and labels,
and each derived row (subtotal, bonus, totals) shows the value the table view carries."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect
from web_driver import DESKTOP, play_quick_turn, wait_acting_or_finished, wait_phase


def test_the_card_is_drawn_from_the_rows_and_values_the_server_sends(
    open_page: Callable[..., Page],
) -> None:
    page = open_page(DESKTOP)
    page.goto("/")
    page.fill("#player-name", "Gus")
    page.select_option("#vs-level", "beginner")
    page.locator("#play-computer").click()
    wait_phase(page, "playing")
    assert wait_acting_or_finished(page) == "0"
    play_quick_turn(page)
    assert wait_acting_or_finished(page) == "0"  # the computer has played its turn too

    rows = page.evaluate("() => window.fivedice.screen.welcome.card_rows")
    drawn = page.locator(".scorecard tbody tr").evaluate_all(
        "trs => trs.map(tr => [tr.dataset.row, tr.querySelector('th').innerText.trim()])"
    )
    assert drawn == [[row["key"], row["label"]] for row in rows]
    expect(page.locator("tr[data-row='upper_bonus'] th")).to_have_text("Bonus (35 at 63)")

    cards = page.evaluate("() => window.fivedice.screen.view.seats.map(s => [s.seat, s.cards[0]])")
    derived = [row["key"] for row in rows if not row["box"]]
    assert derived[-1] == "grand_total"
    # Gus plays seat 0: his column comes first, the computer's second.
    for seat, card in cards:
        for key in derived:
            cell = page.locator(f"tr[data-row='{key}'] td").nth(seat)
            expect(cell).to_have_text(str(card[key]))
