"""The Leaderboards view, reached from the lobby: a rule set's best single games all time, this
month and this week (a two-round match is two games, its total nowhere), and its family's best
ratings with the provisional ones marked; tidy at 1280x800 and 390x844 (screenshots in
test-artifacts/web)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from server_process import ServerProcess
from sqlalchemy import insert, update
from web_driver import DESKTOP, PHONE

from fivedice.rules import Match, MatchOptions
from fivedice.store import Store
from fivedice.store.accounts import SeatAccountRow, claim, create_guest
from fivedice.store.models import GameScoreRow

RULES = "classic-1986"
RATED_RULES = "printable"  # another Yahtzee rule set: the same family, so the same ratings


def played(
    seed: int,
    names: tuple[str, ...],
    *,
    rounds: int = 1,
    rated: bool = False,
    rules: str = RULES,
    dice: random.Random | None = None,
) -> Match:
    """A match played to its end by always scoring the box worth most now; `dice` (a seeded
    `random.Random` unless given) rolls for it."""
    rng = dice or random.Random(seed)
    options = MatchOptions(seats=len(names), rounds=rounds, undo_allowed=not rated, rated=rated)
    match = Match.create(rules, options, rng)
    for name in names:
        match.join(name)
    match.start(0)
    while not match.state.is_finished:
        seat = match.state.active_seat
        assert seat is not None
        match.roll(seat)
        best = max(match.state.score_options(), key=lambda o: (o.total, o.category))
        match.score(seat, best.category)
    return match


@pytest.fixture(scope="module")
def seeded(web_server: ServerProcess) -> dict[str, int]:
    """Games and rated matches in the page's database: Tess's two-round match, a few one-round
    games (one of them from 40 days ago), and rated matches (Ann and Bob settled, Cid new)."""
    store = Store(web_server.database_url)
    try:
        tess = played(1, ("Tess",), rounds=2)
        store.save_finished(tess)
        for seed, name in enumerate(("Uma", "Vic", "Wes"), start=2):
            store.save_finished(played(seed, (name,)))
        old = store.save_finished(played(9, ("Old Timer",)))
        with store.engine.begin() as conn:
            conn.execute(
                update(GameScoreRow)
                .where(GameScoreRow.match_id == old)
                .values(finished_at=datetime.now(UTC) - timedelta(days=40))
            )
        people = {
            name: claim(store, create_guest(store).id, name, name.casefold(), "not-a-hash").id
            for name in ("Ann", "Bob", "Cid Longname-Hyphenated")
        }
        pairs = [("Ann", "Bob")] * 5 + [("Ann", "Cid Longname-Hyphenated")]
        for seed, names in enumerate(pairs, start=20):
            match = played(seed, names, rated=True, rules=RATED_RULES)
            match_id = store.create_match(match.events, preset=RATED_RULES, origin="online")
            with store.engine.begin() as conn:
                conn.execute(
                    insert(SeatAccountRow),
                    [
                        {"match_id": match_id, "seat": seat, "account_id": people[name]}
                        for seat, name in enumerate(names)
                    ],
                )
            store.record_result(match_id, match.state)
        return {"tess_total": tess.state.player(0).total}
    finally:
        store.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_leaderboards_show_single_games_and_ratings(
    open_page: Callable[..., Page],
    seeded: dict[str, int],
    artifacts: Path,
    viewport: dict[str, int],
) -> None:
    page = open_page(viewport)
    page.goto("/")
    page.get_by_role("link", name="Leaderboards").first.click()
    expect(page.get_by_role("heading", name="Leaderboards")).to_be_visible()
    page.locator("#boards-preset").select_option(RULES)
    expect(page).to_have_title("fivedice · leaderboards")
    all_time = page.locator("#board-all tbody")
    expect(all_time).to_contain_text("Old Timer")
    expect(all_time.locator("tr")).to_have_count(6)  # Tess twice, Uma, Vic, Wes, Old Timer
    expect(page.locator("#board-month tbody tr")).to_have_count(5)
    expect(page.locator("#board-week tbody tr")).to_have_count(5)
    expect(page.locator("#board-week tbody")).not_to_contain_text("Old Timer")
    tess_rows = all_time.locator("tr", has_text="Tess")
    expect(tess_rows).to_have_count(2)
    expect(tess_rows.first).to_contain_text("game")
    scores = [int(s) for s in all_time.locator("td:nth-child(3)").all_inner_texts()]
    assert scores == sorted(scores, reverse=True)
    assert seeded["tess_total"] not in scores  # the two-round total heads nothing

    # The page's server is shared with other tests that rate players too: this test's own
    # players are the ones it counts.
    ratings = page.locator("#board-ratings tbody")
    name_cell = page.locator("td:nth-child(2)", has_text=re.compile(r"^(Ann|Bob|Cid)\b"))
    ours = ratings.locator("tr").filter(has=name_cell)
    expect(ours).to_have_count(3)
    expect(ours.and_(page.locator("tr.provisional"))).to_have_count(1)
    expect(ours.and_(page.locator("tr.provisional"))).to_contain_text("Cid")
    expect(ours.and_(page.locator("tr.provisional"))).to_contain_text("provisional")
    expect(page.locator("#boards-family")).to_have_value("yahtzee")
    page.locator("#boards-family").select_option("yacht")
    expect(page.locator("#board-ratings tbody")).to_contain_text("No rated Yacht matches yet")
    page.locator("#boards-family").select_option("yahtzee")
    expect(ours).to_have_count(3)

    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than the screen"
    name = "desktop" if viewport == DESKTOP else "phone"
    page.screenshot(path=str(artifacts / f"leaderboards-{name}.png"), full_page=True)
