"""Driving the page as a person does: helpers shared by the browser tests.

Every step goes through what the page shows (buttons, dice, boxes); the helpers wait on the
``data-*`` attributes the table screen keeps up to date (phase, active and acting seat, seq).
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
TIMEOUT_MS = 20_000

expect.set_options(timeout=TIMEOUT_MS)


def screen(page: Page):  # type: ignore[no-untyped-def]
    """The table screen's root element."""
    return page.locator(".table-screen")


def phase(page: Page) -> str:
    return screen(page).get_attribute("data-phase") or ""


def seq(page: Page) -> int:
    return int(screen(page).get_attribute("data-seq") or 0)


def wait_phase(page: Page, name: str) -> None:
    page.wait_for_selector(f".table-screen[data-phase='{name}']", timeout=TIMEOUT_MS)


def wait_acting_or_finished(page: Page) -> str:
    """Wait until this page may move (returns the seat) or the match is over (returns "")."""
    page.wait_for_selector(
        ".table-screen[data-phase='finished'],"
        ".table-screen[data-phase='playing']:not([data-acting=''])",
        timeout=TIMEOUT_MS,
    )
    if phase(page) == "finished":
        return ""
    return screen(page).get_attribute("data-acting") or ""


def wait_seq_above(page: Page, value: int) -> None:
    page.wait_for_function(
        "v => Number(document.querySelector('.table-screen').dataset.seq) > v", arg=value
    )


def open_boxes(page: Page) -> list[str]:
    """The boxes this page may score now, as the scorecard offers them."""
    return page.locator("button.open-box").evaluate_all("bs => bs.map(b => b.dataset.category)")


def dice(page: Page) -> list[int]:
    return [
        int(v)
        for v in page.locator(".dice-tray .die").evaluate_all("ds => ds.map(d => d.dataset.value)")
    ]


def held(page: Page) -> list[int]:
    return page.locator(".dice-tray .die").evaluate_all(
        "ds => ds.flatMap((d, i) => d.getAttribute('aria-pressed') === 'true' ? [i] : [])"
    )


def roll(page: Page) -> None:
    """Click Roll and wait for the server's roll to show (one roll fewer left)."""
    button = page.locator(".roll-button")
    rolls_left = int(button.get_attribute("data-rolls-left") or 0)
    button.click()
    expect(button).to_have_attribute("data-rolls-left", str(rolls_left - 1))
    page.locator("button.open-box").first.wait_for()


def play_quick_turn(page: Page) -> str:
    """Roll once and score the first highlighted box; returns the box. Waits for the server's
    answer to each intent, so the next step sees the new state."""
    roll(page)
    category = open_boxes(page)[0]
    rolled = seq(page)
    page.locator(f"button.open-box[data-category='{category}']").click()
    wait_seq_above(page, rolled)
    return category


def cell(page: Page, seat: int, category: str):  # type: ignore[no-untyped-def]
    """A scorecard cell: the seat's column, the box's row."""
    return page.locator(f"tr[data-row='{category}'] td[data-seat='{seat}']")


def overflowing(page: Page) -> list[str]:
    """Elements that stick out past the right edge of the window (nothing should, at any
    width: the page scrolls only vertically). The falling confetti is clipped by its box and
    tumbles as it falls, so a piece's rotated corners do not count."""
    return page.evaluate(
        """() => {
          const width = document.documentElement.clientWidth;
          const out = [];
          for (const el of document.querySelectorAll("body *")) {
            const box = el.getBoundingClientRect();
            const exempt = el.closest(".card-scroll, .toasts, .confetti");
            if (box.width > 0 && box.right > width + 1 && !exempt)
              out.push(`${el.tagName}.${el.className} right=${Math.round(box.right)}`);
          }
          return out;
        }"""
    )


def shoot(page: Page, folder: Path, name: str, full_page: bool = False) -> Path:
    """Save a screenshot (after the dice have stopped tumbling), checking first that nothing
    sticks out sideways."""
    page.wait_for_timeout(700)
    wide = overflowing(page)
    assert not wide, f"{name}: wider than the window: {wide[:8]}"
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path
