"""The roll for first turn is drawn as dice, each beside its player's name, and a player whose
clock runs out is ranked with the reason said ("lost on time"), not a bare "(forfeited)"."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect
from web_driver import DESKTOP, PHONE, screen, shoot, wait_phase


def test_roll_off_as_dice_then_a_loss_on_time(
    open_page: Callable[..., Page], artifacts: Path
) -> None:
    ann = open_page(DESKTOP)
    bob = open_page(PHONE)

    ann.goto("/")
    ann.fill("#player-name", "Ann")
    ann.locator("#create-table summary").click()
    form = ann.locator("#create-table form")
    form.locator("input[name=seats]").fill("2")
    form.locator("select[name=start_order]").select_option("roll_off")
    form.locator("select[name=clock]").select_option("15")
    form.locator("select[name=timeout_rule]").select_option("forfeit")
    ann.locator("#create-submit").click()
    wait_phase(ann, "waiting")
    table_id = screen(ann).get_attribute("data-table-id")

    bob.goto("/")
    bob.fill("#player-name", "Bob")
    bob.locator(f"tr[data-table-id='{table_id}']").get_by_role("button", name="Join").click()
    wait_phase(bob, "waiting")
    expect(ann.locator(".seats-list li[data-seat='1']")).to_contain_text("Bob")
    ann.locator("#start-button").click()
    wait_phase(ann, "playing")
    wait_phase(bob, "playing")

    for page, size in ((ann, "desktop"), (bob, "phone")):
        roll_off = page.locator(".felt .roll-off")
        expect(roll_off).to_be_visible()
        sentence = roll_off.locator(".visually-hidden").inner_text()
        # Each die drawn shows the face the sentence says, beside the same name.
        said = re.findall(r"(Ann|Bob) (\d)", sentence)
        drawn = roll_off.locator(".roll-off-die")
        assert drawn.count() == len(said) >= 2
        for index, (name, face) in enumerate(said):
            die = drawn.nth(index)
            assert die.get_attribute("data-face") == face
            assert name in die.inner_text()
            assert die.locator("svg circle.pip").count() == int(face)
        starter = re.search(r"(Ann|Bob) starts\.$", sentence)
        assert starter is not None, sentence
        expect(roll_off.locator(".roll-off-first")).to_have_text(f"{starter.group(1)} starts.")
        shoot(page, artifacts, f"{size}-roll-off")

    # Nobody moves: the starter's clock runs out, they forfeit, and the match ends.
    wait_phase(ann, "finished")
    loser = ann.locator(".ranking li").filter(has_text=starter.group(1))
    expect(loser.locator(".rank-status")).to_have_text(" (lost on time: the clock ran out)")
    shoot(ann, artifacts, "desktop-lost-on-time")
