"""The replay viewer and the analysis, on a two-player match stored in the server's database:
turn steps (buttons, the turn picker, keys), every decision listed with a "mistakes only"
filter, and a decision's row opening the replay where it was taken; at desktop and phone size."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from server_process import ServerProcess
from web_driver import DESKTOP, PHONE, shoot

from fivedice.rules import Match, MatchOptions
from fivedice.store import Store


@dataclass(frozen=True)
class Stored:
    """A finished match in the server's database, and where each of its turns starts."""

    id: str
    match: Match
    turn_starts: list[int]  # the seq of each turn's first roll, in order
    undone_seq: int  # the scoring Ann took back


def play(match: Match) -> tuple[list[int], int]:
    """Each player rolls, holds their most common face, rolls again and takes the box that
    scores most; Ann scores her first turn in Ones, takes it back and scores again."""
    starts: list[int] = []
    undone = 0
    while not match.state.is_finished:
        seat = match.state.active_seat
        assert seat is not None
        starts.append(len(match.events) + 1)
        dice = match.roll(seat).dice
        face = Counter(dice).most_common(1)[0][0]
        match.roll(seat, hold=[i for i, d in enumerate(dice) if d == face])
        if not undone:
            match.score(seat, "ones")
            undone = len(match.events)
            match.undo(seat)
        best = max(match.state.score_options(), key=lambda o: (o.total, o.category))
        match.score(seat, best.category)
    return starts, undone


@pytest.fixture(scope="module")
def stored(web_server: ServerProcess) -> Stored:
    match = Match.create("official", MatchOptions(seats=2), rng=random.Random(31))
    ann, _ = match.join("Ann"), match.join("Bob")
    match.start(ann)
    starts, undone = play(match)
    store = Store(web_server.database_url)
    try:
        match_id = store.save_finished(match, label="Ann and Bob")
    finally:
        store.close()
    return Stored(match_id, match, starts, undone)


def analysis(page: Page, stored: Stored) -> dict[str, Any]:
    response = page.request.get(f"/api/matches/{stored.id}/analysis", timeout=120_000)
    assert response.ok, response.text()
    result: dict[str, Any] = response.json()
    return result


def counter(page: Page) -> str:
    return page.locator("#replay-counter").inner_text()


def turn_words(index: int) -> str:
    """The counter's words for the match's turn `index` (from 0): Ann and Bob take turns, so it
    is the player's own turn number, as the picker and the analysis's "T" count it."""
    return f"{('Ann', 'Bob')[index % 2]}'s turn {index // 2 + 1} of 13"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_turn_steps_and_decisions_open_the_replay(
    open_page: Callable[..., Page], artifacts: Path, stored: Stored, size: str
) -> None:
    page = open_page(DESKTOP if size == "desktop" else PHONE, touch=size == "phone")
    total = len(stored.match.events)
    turns = len(stored.turn_starts)
    assert turns == 26
    page.goto(f"/?view=replay&match={stored.id}")
    caption = page.locator("#replay-caption")
    expect(page.locator("#replay-counter")).to_have_text(
        f"{turn_words(turns - 1)} · event {total} of {total}"
    )
    shoot(page, artifacts, f"replay-{size}-top")

    # Turn by turn: the buttons go from one turn's first roll to the next.
    next_turn = page.get_by_role("button", name="Next turn")
    expect(next_turn).to_have_attribute("title", "Next turn (Shift+→ or PageDown)")
    expect(next_turn).to_have_attribute("aria-keyshortcuts", "Shift+ArrowRight PageDown")
    page.get_by_role("button", name="First event").click()
    expect(page.locator("#replay-counter")).to_have_text(f"event 1 of {total}")
    page.get_by_role("button", name="Next turn").click()
    expect(page.locator("#replay-counter")).to_have_text(
        f"{turn_words(0)} · event {stored.turn_starts[0]} of {total}"
    )
    expect(caption).to_have_text(re.compile(r"^Ann rolled"))
    page.get_by_role("button", name="Next turn").click()
    expect(caption).to_have_text(re.compile(r"^Bob rolled"))
    expect(page.locator("#replay-turn")).to_have_value("1")
    page.get_by_role("button", name="Next event").click()  # into Bob's turn
    page.get_by_role("button", name="Previous turn").click()  # back to its start
    expect(page.locator("#replay-counter")).to_have_text(
        f"{turn_words(1)} · event {stored.turn_starts[1]} of {total}"
    )
    page.get_by_role("button", name="Previous turn").click()
    expect(caption).to_have_text(re.compile(r"^Ann rolled"))

    # An undone scoring does not end Ann's first turn: the next turn is Bob's.
    first_turn = f"{turn_words(0)} · event {stored.undone_seq + 1} of {total}"
    page.locator("#replay-slider").fill(str(stored.undone_seq + 1))
    expect(page.locator("#replay-counter")).to_have_text(first_turn)
    expect(caption).to_have_text("Ann took back Ones.")

    # The turn picker, and the keys: Shift+arrows and Page Up/Down by turn, Home and End.
    page.select_option("#replay-turn", "9")
    expect(page.locator("#replay-counter")).to_have_text(
        f"{turn_words(9)} · event {stored.turn_starts[9]} of {total}"
    )
    # The picker names that turn as the counter does: Bob's fifth.
    expect(page.locator("#replay-turn option:checked")).to_have_text("Bob · turn 5")
    page.locator("body").click(position={"x": 5, "y": 5})  # the keys go to the page again
    page.keyboard.press("Shift+ArrowRight")
    expect(page.locator("#replay-turn")).to_have_value("10")
    page.keyboard.press("PageDown")
    expect(page.locator("#replay-counter")).to_have_text(
        f"{turn_words(11)} · event {stored.turn_starts[11]} of {total}"
    )
    page.keyboard.press("ArrowRight")
    page.keyboard.press("PageUp")
    expect(page.locator("#replay-turn")).to_have_value("11")
    page.keyboard.press("Shift+ArrowLeft")
    expect(page.locator("#replay-turn")).to_have_value("10")
    page.keyboard.press("End")
    expect(page.locator("#replay-counter")).to_contain_text(f"event {total} of {total}")
    page.keyboard.press("Home")
    expect(page.locator("#replay-counter")).to_have_text(f"event 1 of {total}")

    # Every decision is listed (the scoring taken back is none of them), and the filter.
    result = analysis(page, stored)
    decisions = result["decisions"]
    assert stored.undone_seq not in [d["seq"] for d in decisions]
    assert sum(d["taken"]["kind"] == "score" for d in decisions) == turns
    mistakes = [d for d in decisions if d["cost"] > 0.005]
    assert 0 < len(mistakes) < len(decisions)
    rows = page.locator("#decisions tbody tr")
    expect(rows).to_have_count(len(decisions), timeout=120_000)  # the first analysis solves
    expect(page.locator(".decisions-count")).to_have_text(
        f"{len(decisions)} decisions, {len(mistakes)} mistakes"
    )
    page.get_by_label("Mistakes only").check()
    expect(page.locator("#decisions tbody tr:visible")).to_have_count(len(mistakes))
    expect(page.locator(".decisions-count")).to_have_text(
        f"{len(mistakes)} of {len(decisions)} decisions"
    )

    # A row opens the replay where its decision was taken: a late mistake of Bob's.
    chosen = [d for d in mistakes if d["player"] == "Bob"][-1]
    row = page.locator(f"#decisions tbody tr[data-seq='{chosen['seq']}']")
    row.scroll_into_view_if_needed()
    if size == "desktop":
        shoot(page, artifacts, "replay-desktop-analysis")
    row.locator("td").nth(2).click()
    step = chosen["seq"] - 1
    turn = max(i for i, start in enumerate(stored.turn_starts) if start <= step)
    expect(page.locator("#replay-counter")).to_have_text(
        f"{turn_words(turn)} · event {step} of {total}"
    )
    expect(page.locator("#replay-turn")).to_have_value(str(turn))
    # The decision's "T" is the same turn number as the counter's and the picker's.
    number = turn // 2 + 1
    assert chosen["turn"] + 1 == number
    expect(row.locator("a.decision-link")).to_contain_text(f"T{number}")
    expect(page.locator("#replay-turn option:checked")).to_have_text(f"Bob · turn {number}")
    note = page.locator("#replay-decision")
    expect(note).to_be_visible()
    expect(note).to_contain_text(re.compile(r"^Bob's move: .*\. Best: "))
    expect(note).to_contain_text(f"{chosen['cost']:.2f} points given away")
    expect(row).to_have_class(re.compile(r"\bcurrent\b"))
    expect(page).to_have_url(re.compile(rf"seq={step}\b"))
    # The position is in view, below the top bar, not left above it.
    felt = page.locator(".replay .felt").bounding_box()
    bar = page.locator(".topbar").bounding_box()
    assert felt is not None and bar is not None and felt["y"] >= bar["y"] + bar["height"] - 1
    shoot(page, artifacts, f"replay-{size}-decision")
    if size == "phone":
        row.scroll_into_view_if_needed()
        shoot(page, artifacts, "replay-phone-analysis")

    # The address opens the same moment, as a decision's link from the results does.
    href = row.locator("a.decision-link").get_attribute("href")
    assert href == f"./?view=replay&match={stored.id}&seq={step}"
    page.goto(href.replace("./", "/"))
    expect(page.locator("#replay-counter")).to_contain_text(f"event {step} of {total}")
    expect(page.locator("#replay-decision")).to_contain_text("points given away", timeout=60_000)


@pytest.fixture(scope="module")
def against_the_computer(web_server: ServerProcess) -> tuple[str, Match]:
    """A finished match of Kim against a computer player, every turn with a hold of its own."""
    match = Match.create("official", MatchOptions(seats=2), rng=random.Random(8))
    kim = match.join("Kim")
    match.join("Beginner", bot="beginner")
    match.start(kim)
    while not match.state.is_finished:
        seat = match.state.active_seat
        assert seat is not None
        dice = match.roll(seat).dice
        face = Counter(dice).most_common(1)[0][0]
        match.hold(seat, [i for i, d in enumerate(dice) if d == face])
        match.roll(seat)
        best = max(match.state.score_options(), key=lambda o: (o.total, o.category))
        match.score(seat, best.category)
    store = Store(web_server.database_url)
    try:
        match_id = store.save_finished(match, label="Kim against the computer")
    finally:
        store.close()
    return match_id, match


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_replay_shows_held_values_columns_from_the_start_and_no_presence(
    open_page: Callable[..., Page],
    artifacts: Path,
    against_the_computer: tuple[str, Match],
    size: str,
) -> None:
    match_id, match = against_the_computer
    events = [e.to_dict() for e in match.events]
    page = open_page(DESKTOP if size == "desktop" else PHONE, touch=size == "phone")

    # Event 1, before anyone sat down: the card already has both players' columns.
    page.goto(f"/?view=replay&match={match_id}&seq=1")
    expect(page.locator("#replay-caption")).to_have_text("The table was opened.")
    heads = page.locator(".card-panel .scorecard thead th[data-seat]")
    expect(heads).to_have_count(2)
    expect(heads.nth(0).locator(".col-name")).to_have_text("Kim")
    expect(heads.nth(1).locator(".col-name")).to_have_text("Beginner")
    expect(page.locator(".card-panel .scorecard thead .dot")).to_have_count(0)
    shoot(page, artifacts, f"replay-{size}-first-event")

    # A hold is told by the dice's values, as the analysis's "hold 1 1 1" says them.
    seq = next(i for i, e in enumerate(events, 1) if e["type"] == "held" and len(e["held"]) > 1)
    rolled = events[seq - 2]
    assert rolled["type"] == "rolled"
    kept = sorted(rolled["dice"][p] for p in events[seq - 1]["held"])
    page.goto(f"/?view=replay&match={match_id}&seq={seq}")
    expect(page.locator("#replay-caption")).to_have_text(f"Kim held {' '.join(map(str, kept))}.")

    # No presence in a replay: no connection dots, no "away", whoever played.
    expect(heads).to_have_count(2)
    expect(page.locator(".card-panel .scorecard thead .dot")).to_have_count(0)
    expect(page.locator(".card-panel .scorecard thead")).not_to_contain_text("away")

    # The slider is drawn in the theme's colours, the groove filled up to the thumb.
    slider = page.locator("#replay-slider")
    expect(slider).to_have_value(str(seq))
    assert slider.evaluate("el => getComputedStyle(el).appearance") == "none"
    assert slider.evaluate("el => el.style.getPropertyValue('--value')") == str(seq)
    assert slider.evaluate("el => el.style.getPropertyValue('--max')") == str(len(events))
    styled = page.evaluate(
        """() => [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules])
          .map((rule) => rule.selectorText || "")
          .filter((selector) => selector.startsWith("#replay-slider::"))"""
    )
    assert "#replay-slider::-webkit-slider-thumb" in styled, styled
    assert "#replay-slider::-webkit-slider-runnable-track" in styled, styled
    shoot(page, artifacts, f"replay-{size}-held-light")
    page.evaluate("() => { document.documentElement.dataset.theme = 'dark'; }")
    shoot(page, artifacts, f"replay-{size}-held-dark")
