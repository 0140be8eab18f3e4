"""The profile page: a signed-in player (the page's own guest account) with rated matches in the
database opens "My profile" from the account menu and sees the rating chart (one point per
rated match, the provisional ones marked), the games per rule set, the accuracy and the recent
matches, each linking to its replay; the best-ratings list links the player's name to the same
profile. Screenshots at desktop and phone sizes."""

from __future__ import annotations

import random
import re
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from server_process import ServerProcess
from sqlalchemy import insert
from test_web_leaderboards import played
from web_driver import DESKTOP, PHONE, screen, shoot

from fivedice.store import Store, record_accuracy
from fivedice.store.accounts import SeatAccountRow, claim, create_guest

RULES = "official"
MATCHES = 3


class Favoured(random.Random):
    """Dice for a two-player match played one roll a turn: sixes on the first player's turns,
    1-1-2-2-4 on the second's. The first player wins with a game that heads the best-games board,
    however many games of greedy play the other tests on the shared server have stored."""

    def __init__(self) -> None:
        super().__init__(0)
        self.thrown = 0

    def randint(self, a: int, b: int) -> int:
        turn, die = divmod(self.thrown, 5)  # five dice a turn
        self.thrown += 1
        return b if turn % 2 == 0 else (a, a, a + 1, a + 1, a + 3)[die]  # two pairs: little


def seed_rated_matches(
    server: ServerProcess, account_id: int, *, favoured: bool = False
) -> list[str]:
    """Rated matches between the page's account and a rival, stored as a server stores them
    (seats held by the accounts, then the result), with an accuracy record for each; the
    first rolled with `Favoured` dice if `favoured` (one game a call: the board shows ten)."""
    store = Store(server.database_url)
    try:
        rival_name = f"Rival {uuid.uuid4().hex[:6]}"
        rival = claim(store, create_guest(store).id, rival_name, rival_name.casefold(), "x").id
        ids = []
        for seed in range(MATCHES):
            dice = Favoured() if favoured and seed == 0 else None
            match = played(
                300 + seed + account_id, ("Me", "Rival"), rated=True, rules=RULES, dice=dice
            )
            match_id = store.create_match(match.events, preset=RULES, origin="online")
            with store.engine.begin() as conn:
                conn.execute(
                    insert(SeatAccountRow),
                    [
                        {"match_id": match_id, "seat": 0, "account_id": account_id},
                        {"match_id": match_id, "seat": 1, "account_id": rival},
                    ],
                )
            store.record_result(match_id, match.state)
            record_accuracy(store, match_id, RULES, {0: (account_id, 40, 20.0 + seed)})
            ids.append(match_id)
        return ids
    finally:
        store.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_player_sees_their_profile_and_a_leaderboard_name_links_to_it(
    open_page: Callable[..., Page],
    web_server: ServerProcess,
    artifacts: Path,
    viewport: dict[str, int],
) -> None:
    page = open_page(viewport)
    page.goto("/")
    expect(page.locator("#account-button")).to_have_attribute("data-kind", "guest")
    me: dict[str, Any] = page.evaluate("fetch('/api/account').then(r => r.json())")
    account = me["account"]
    ids = seed_rated_matches(web_server, int(account["id"]), favoured=True)
    name = "desktop" if viewport == DESKTOP else "phone"

    # The create form offers a rated table to the signed-in player, and explains it.
    rated = page.locator("#create-rated")
    if rated.is_hidden():
        page.locator("#create-table summary").click()
    rated.check()
    expect(page.locator("#rated-note")).to_be_visible()
    expect(page.locator(".create-form input[name=undo_allowed]")).to_be_disabled()
    expect(page.locator(".create-form input[name=undo_allowed]")).not_to_be_checked()
    expect(page.locator(".create-form select[name=hints]")).to_be_disabled()
    page.locator("#create-table").screenshot(path=str(artifacts / f"create-rated-{name}.png"))

    page.locator("#account-button").click()
    page.locator("#account-profile").click()
    expect(page).to_have_title("fivedice · profile")
    expect(page.locator("#profile-name")).to_contain_text(account["name"])
    chart = page.locator(".profile-rating[data-family=yahtzee] svg.rating-chart")
    expect(chart).to_be_visible()
    expect(chart.locator("circle.chart-dot")).to_have_count(MATCHES)
    expect(chart.locator("circle.chart-dot.provisional")).to_have_count(MATCHES)  # < 5 matches
    expect(chart).to_contain_text("Rated matches played")
    stats = page.locator(f".profile-stats[data-preset={RULES}]")
    expect(stats).to_contain_text("Games played")
    expect(stats).to_contain_text(str(MATCHES))
    accuracy = (20.0 + 21.0 + 22.0) / (40 * MATCHES)
    expect(page.locator("#profile-accuracy")).to_contain_text(f"{accuracy:.2f}")
    recent = page.locator("#profile-recent tbody tr")
    expect(recent).to_have_count(MATCHES)
    expect(recent.first).to_have_attribute("data-match", ids[-1])
    expect(recent.first).to_contain_text("rated")
    shoot(page, artifacts, f"profile-{name}", full_page=True)

    recent.first.get_by_role("link", name="Replay").click()
    expect(page).to_have_title("fivedice · replay")
    expect(page.locator("#replay-slider")).to_be_visible()

    # The best ratings name the account, and the name opens the profile; so does a game of
    # the account's among the best games (played as "Me").
    page.goto(f"/?view=leaderboards&preset={RULES}&family=yahtzee")
    mine = page.locator(
        f"a.profile-link[href$='account={account['id']}']", has_text=re.compile(r"^Me$")
    )
    expect(mine.first).to_be_visible()
    link = page.locator("#board-ratings a.profile-link", has_text=account["name"])
    expect(link).to_be_visible()
    link.click()
    expect(page.locator("#profile-name")).to_contain_text(account["name"])
    expect(page.locator(".rating-chart")).to_be_visible()

    # A rated match's end screen says how it moved each player's rating.
    page.goto(f"/?table={ids[0]}")
    expect(screen(page)).to_have_attribute("data-phase", "finished")
    changes = page.locator(".ranking .rank-rating")
    expect(changes).to_have_count(2)
    moved = re.compile(r"^rating [+−±]\d+\.\d → -?\d+\.\d \(provisional\)$")
    for change in changes.all():
        expect(change).to_have_text(moved)
    shoot(page, artifacts, f"rated-results-{name}")
