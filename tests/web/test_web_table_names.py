"""Names the page gives tables and computers read in each viewer's language: a game against
the computer opened from an English page is "Ann vs the computer (Good player)" there and "Ann
gegen den Computer (Guter Spieler)" on a German one, in the head and in the computer's
column (its level's whole name, as the lobby calls it); a table opened without a typed name is
"Tisch von Ann" in a German lobby's list, and a name typed stays as typed."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect
from web_driver import DESKTOP, PHONE, wait_phase


def german(new_context: Callable[..., BrowserContext], viewport: dict[str, int]) -> Page:
    """A page whose browser asks for German."""
    return new_context(viewport=viewport, locale="de-DE").new_page()


def column_names(page: Page) -> Any:
    """The scorecard's column heads' names."""
    return page.locator(".col-head .col-name")


def test_a_game_against_the_computer_is_named_in_each_viewers_language(
    open_page: Callable[..., Page], new_context: Callable[..., BrowserContext]
) -> None:
    ann = open_page(DESKTOP)
    ann.goto("/")
    ann.fill("#player-name", "Ann")
    expect(ann.locator("#vs-level option")).not_to_have_count(0)
    ann.select_option("#vs-level", "good-human")
    ann.locator("#play-computer").click()
    wait_phase(ann, "playing")
    table_id = ann.locator(".table-screen").get_attribute("data-table-id")
    expect(ann.locator(".table-head h1")).to_have_text("Ann vs the computer (Good player)")
    expect(column_names(ann)).to_have_text(["Ann", "Good player"])

    watcher = german(new_context, PHONE)
    watcher.goto(f"/?table={table_id}")
    wait_phase(watcher, "playing")
    expect(watcher.locator(".table-head h1")).to_have_text("Ann gegen den Computer (Guter Spieler)")
    expect(column_names(watcher)).to_have_text(["Ann", "Guter Spieler"])


def test_an_unnamed_table_is_named_in_the_viewers_language_and_a_typed_one_as_typed(
    open_page: Callable[..., Page], new_context: Callable[..., BrowserContext]
) -> None:
    host = f"Ann{uuid.uuid4().hex[:6]}"
    ann = open_page(DESKTOP)
    ann.goto("/")
    ann.fill("#player-name", host)
    ann.locator("#create-table summary").click()
    ann.locator("#create-table form input[name=seats]").fill("3")
    ann.locator("#create-submit").click()
    wait_phase(ann, "waiting")
    first = ann.locator(".table-screen").get_attribute("data-table-id")
    expect(ann.locator(".table-head h1")).to_have_text(f"{host}'s table")

    typed = f"Freitagsrunde {uuid.uuid4().hex[:4]}"
    bob = open_page(DESKTOP)
    bob.goto("/")
    bob.fill("#player-name", "Bob")
    bob.locator("#create-table summary").click()
    bob.locator("#create-table form input[name=name]").fill(typed)
    bob.locator("#create-submit").click()
    wait_phase(bob, "waiting")
    second = bob.locator(".table-screen").get_attribute("data-table-id")

    reader = german(new_context, DESKTOP)
    reader.goto("/")
    rows = reader.locator(".tables-list tbody tr")
    expect(
        rows.and_(reader.locator(f"[data-table-id='{first}']")).locator(".table-name")
    ).to_have_text(f"Tisch von {host}")
    expect(
        rows.and_(reader.locator(f"[data-table-id='{second}']")).locator(".table-name")
    ).to_have_text(typed)
