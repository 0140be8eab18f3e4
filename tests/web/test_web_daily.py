"""The daily challenge in the browser, one whole flow: a new visitor starts today's challenge
from the lobby card, plays by clicking (holding dice on some turns), reloads mid-game and finds
the same game, finishes, follows the results screen's link to the comparison with the optimal
player (scores, rank, histogram, turn by turn, share text), finds the lobby card saying the
result with Play gone, and the result screen fits a phone; axe-core clean in both themes."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

from a11y import assert_accessible
from playwright.sync_api import Page, Route, expect
from server_process import DAILY_DAY
from web_driver import (
    DESKTOP,
    PHONE,
    dice,
    open_boxes,
    phase,
    roll,
    seq,
    shoot,
    wait_acting_or_finished,
    wait_seq_above,
)

DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def hold_die(page: Page, position: int) -> None:
    """Click a die until it shows held: a click while the socket is reconnecting is refused
    with a toast (the page says so), and a player clicks again."""
    die = page.locator(f".die[data-position='{position}']")
    for _ in range(3):
        die.click()
        try:
            expect(die).to_have_attribute("aria-pressed", "true", timeout=5000)
            return
        except AssertionError:
            continue
    expect(die).to_have_attribute("aria-pressed", "true")


def play_turn(page: Page, turn: int) -> str:
    """One turn by clicking: roll; on odd turns hold the first two dice and roll again; score
    the first box the card offers. Returns the box."""
    roll(page)
    if turn % 2:
        for position in (0, 1):
            hold_die(page, position)
        kept = dice(page)[:2]
        roll(page)
        assert dice(page)[:2] == kept  # held dice keep their faces
    category = open_boxes(page)[0]
    before = seq(page)
    page.locator(f"button.open-box[data-category='{category}']").click()
    wait_seq_above(page, before)
    return category


def test_the_daily_challenge_from_the_lobby_to_the_comparison(
    open_page: Callable[..., Page], artifacts: Path
) -> None:
    page = open_page(DESKTOP)
    page.goto("/")
    card = page.locator("#daily-card")
    # The test server's day is a Wednesday (DAILY_DAY): the everyday rules, not a variant.
    expect(card.locator(".daily-rules .pill")).to_have_text("Yahtzee (official rules)")
    expect(card).to_contain_text("next challenge in")
    card.locator("#daily-play").click()
    page.wait_for_url(re.compile(r"\?table="))
    table_id = page.url.split("table=")[1]
    page.wait_for_selector(
        ".table-screen[data-phase='waiting'], .table-screen[data-phase='playing']"
    )
    if phase(page) == "waiting":  # a one-seat table may wait for its player's Start
        page.locator("#start-button").click()
    wait_acting_or_finished(page)
    expect(page.locator(".table-head .pill", has_text="private")).to_have_count(0)
    snoop(open_page, table_id, artifacts)

    # Three turns, then the page closes and opens again: the same game, where it was left.
    scored = [play_turn(page, turn) for turn in range(3)]
    left_at = seq(page)
    page.reload()
    assert page.url.endswith(f"table={table_id}")
    wait_acting_or_finished(page)
    assert seq(page) == left_at
    for category in scored:
        expect(page.locator(f"tr[data-row='{category}'] td[data-seat='0']")).not_to_have_text("")
    expect(page.get_by_role("button", name="Copy invite link")).to_have_count(0)
    expect(page.locator(".chat")).to_be_hidden()  # played alone, unwatched
    shoot(page, artifacts, "daily-table-desktop")

    # No Leave (it would end the day's only attempt): the way out keeps the game for later.
    expect(page.get_by_role("button", name="Leave")).to_have_count(0)
    page.get_by_role("link", name="Lobby (resume later)").click()

    # The lobby card offers to resume the unfinished attempt, and brings the same table back.
    page.wait_for_selector("#daily-resume")
    page.locator("#daily-resume").click()
    page.wait_for_url(re.compile(rf"\?table={table_id}$"))

    turn = 3
    while wait_acting_or_finished(page) != "":
        if turn == 12:  # the last box at phone size: the page scrolls up to the results
            page.set_viewport_size(PHONE)
        play_turn(page, turn)
        turn += 1
    assert turn == 13

    # The end: no rematch on a daily table, a link to the comparison.
    expect(page.locator("#result-title")).to_be_in_viewport()
    expect(page.locator("#daily-compare")).to_be_in_viewport()
    assert below_top_bar(page, "#result-title")
    shoot(page, artifacts, "daily-table-finished-phone")
    page.set_viewport_size(DESKTOP)
    expect(page.locator("#new-game")).to_have_text("Lobby")  # a new daily game is tomorrow's
    page.keyboard.press("Shift")  # a keyboard user: a focused heading shows no focus ring
    ring = page.locator("#result-title").evaluate(
        "el => { el.setAttribute('tabindex', '-1'); el.focus();"
        " return [el.matches(':focus-visible'), getComputedStyle(el).boxShadow]; }"
    )
    assert ring == [True, "none"], ring
    total = int(page.locator(".ranking .rank-total").first.inner_text())
    expect(page.locator("#daily-compare")).to_be_visible()
    expect(page.locator("#rematch")).to_have_count(0)
    expect(page.locator("#result-title")).to_have_text("Your daily challenge is done")
    expect(page.locator(".confetti")).to_have_count(0)
    shoot(page, artifacts, "daily-table-finished-desktop")
    page.locator("#daily-compare").click()
    page.wait_for_url(DAY)
    result = page.locator("#daily-result")
    expect(page.locator("#daily-score")).to_have_text(str(total))
    optimal = int(page.locator("#daily-optimal-score").inner_text())
    assert 0 < optimal <= 1575
    expect(page.locator("#daily-rank")).to_contain_text(re.compile(r"Rank \d+ of \d+"))
    players = int(re.findall(r"of (\d+)", page.locator("#daily-rank").inner_text())[0])
    expect(page.locator("#daily-rank")).to_contain_text("%" if players > 1 else "only player")
    expect(result.locator("svg.daily-histogram rect.bar.you")).to_have_count(1)
    expect(result.locator("svg.daily-histogram .optimal-line")).to_have_count(1)
    rows = page.locator("#daily-turns tbody tr")
    expect(rows).to_have_count(13)
    expect(rows.first.locator(".daily-mark .visually-hidden")).to_have_text(
        re.compile(r"perfect|close|costly")
    )
    expect(page.locator("#daily-cost-note")).to_contain_text("what the dice did next is luck")
    expect(rows.locator(".daily-kept")).to_have_count(13)  # each turn's choices
    expect(rows.nth(1).locator(".daily-kept")).to_contain_text(re.compile(r"^kept \d"))
    expect(rows.first.locator(".daily-kept")).to_contain_text("scored ")
    share = page.locator("#daily-share").input_value()
    assert str(total) in share and str(optimal) in share
    assert not re.search(r"[1-6] [1-6] [1-6] [1-6] [1-6]", share)  # no dice spoiled
    page.locator("#daily-copy").click()
    expect(page.locator(".daily-share-box [role=status]")).to_have_text(
        re.compile(r"Copied|Selected")
    )
    expect(page.locator("#daily-board tr.you")).to_have_count(1)
    expect(page.locator("#daily-days tbody tr").first).to_contain_text(str(total))
    assert_accessible(page, "daily result at desktop")
    shoot(page, artifacts, "daily-result-desktop", full_page=True)

    # The lobby card now says the result; Play and Resume are gone.
    page.goto("/")
    expect(page.locator("#daily-your-score")).to_contain_text(str(total))
    expect(page.locator("#daily-see-result")).to_be_visible()
    expect(page.locator("#daily-play")).to_have_count(0)
    expect(page.locator("#daily-resume")).to_have_count(0)
    shoot(page, artifacts, "daily-lobby-desktop")

    # The result at phone size: nothing sticks out sideways, accessible in both themes.
    page.set_viewport_size(PHONE)
    page.locator("#daily-see-result").click()
    expect(page.locator("#daily-result")).to_be_visible()
    assert_accessible(page, "daily result at phone size")
    shoot(page, artifacts, "daily-result-phone", full_page=True)
    page.goto("/")
    expect(page.locator("#daily-see-result")).to_be_visible()
    shoot(page, artifacts, "daily-lobby-phone")
    page.locator("#daily-past-days").click()  # to the list of days, not the top of the page
    expect(page.locator("#daily-days-head")).to_be_focused()
    expect(page.locator("#daily-days-head")).to_be_in_viewport()
    assert below_top_bar(page, "#daily-days-head")


def below_top_bar(page: Page, selector: str) -> bool:
    """Whether the element's top shows below the sticky top bar (not hidden under it)."""
    page.wait_for_timeout(300)  # the scroll, after the screen is laid out
    return bool(
        page.evaluate(
            "s => document.querySelector(s).getBoundingClientRect().top"
            " >= document.querySelector('.topbar').getBoundingClientRect().bottom",
            selector,
        )
    )


def snoop(open_page: Callable[..., Page], table_id: str, artifacts: Path) -> None:
    """Another visitor opens a daily table in play and its replay: both say it is someone's
    daily game, to be watched once the day is over, with no reconnecting."""
    other = open_page(PHONE, touch=True)
    other.goto(f"/?table={table_id}")
    expect(other.locator("#daily-hidden-title")).to_have_text("Not yet: a daily challenge game")
    expect(other.locator(".daily-hidden")).to_contain_text("someone's daily challenge game")
    expect(other.locator("#daily-hidden-when")).to_contain_text(re.compile(r"midnight UTC \(in "))
    expect(other.locator("#daily-hidden-today")).to_have_attribute("href", "./?daily")
    expect(other.get_by_role("link", name="To the lobby", exact=True)).to_be_visible()
    expect(other.get_by_role("button", name="Copy invite link")).to_have_count(0)
    sockets = other.evaluate("window.fivedice.screen.socket.connections")
    other.wait_for_timeout(1500)
    assert other.evaluate("window.fivedice.screen.socket.connections") == sockets == 1
    shoot(other, artifacts, "daily-snoop-table-phone")
    other.goto(f"/?view=replay&match={table_id}")
    expect(other.locator("h1")).to_have_text("Not yet: a daily challenge game")
    other.context.close()


PAST = "2026-11-22"  # a Sunday: a Yatzy day


def past_day(over: bool) -> dict[str, object]:
    """What GET /api/daily/{day} answers for a day, over or not (no table ids, no secret, no
    optimal score before the end)."""
    return {
        "day": PAST,
        "rules": "yatzy",
        "rules_title": "Yatzy (Scandinavian)",
        "variant": True,
        "over": over,
        "players": 3,
        "optimal_score": 254 if over else None,
        "secret": "ab" * 32 if over else None,
        "histogram": {
            "bins": [{"from": 200, "to": 249, "count": 2}, {"from": 250, "to": 299, "count": 1}],
            "you": None,
            "optimal": 254 if over else None,
        },
        "leaderboard": [
            {
                "rank": 1,
                "name": "Ann",
                "score": 260,
                "table_id": "t-ann" if over else None,
                "you": False,
            },
            {
                "rank": 2,
                "name": "Bob",
                "score": 231,
                "table_id": "t-bob" if over else None,
                "you": False,
            },
            {
                "rank": 2,
                "name": "Cy",
                "score": 231,
                "table_id": "t-cy" if over else None,
                "you": False,
            },
        ],
    }


def late_result() -> dict[str, object]:
    """What GET /api/daily/{day}/result answers for a game finished after its day was over:
    kept, but not ranked."""
    play = {"rolls": [[1, 2, 3, 4, 5]], "category": "chance", "label": "Chance", "points": 15}
    turn = {"turn": 1, "you": play, "optimal": play, "cost": 0, "mark": "perfect"}
    hold = {"kind": "hold", "hold": [1, 2]}
    decisions = [
        {"taken": hold, "best": {"kind": "hold", "hold": [1, 2, 3]}, "cost": 0},
        {"taken": {"kind": "score", "category": "chance"}, "best": hold, "cost": 0},
    ]
    return {
        **{k: v for k, v in past_day(True).items() if k in ("day", "rules", "rules_title")},
        "score": 240,
        "optimal_score": 254,
        "gave_away": 3.5,
        "rank": 2,
        "players": 3,
        "percentile": 66.7,
        "histogram": past_day(True)["histogram"],
        "comparison": {"turns": [{**turn, "decisions": decisions}]},
        "share": "fivedice daily",
        "streak": 0,
        "over": True,
        "ranked": False,
    }


def listed_day(day: date) -> dict[str, object]:
    """A row of GET /api/daily/days."""
    return {
        "day": day.isoformat(),
        "rules": "official",
        "rules_title": "Yahtzee (official rules)",
        "variant": False,
        "players": 5,
        "best_score": 280,
        "optimal_score": 250,
        "your_score": None,
    }


def test_a_past_day_shows_its_leaderboard_and_replays_once_over(
    open_page: Callable[..., Page], artifacts: Path
) -> None:
    """The page shows what the server sends for a day: Replay links, the optimal score and
    the secret once the day is over, none of them before; a variant day marked; older days on
    request. (The server's answers are given to the page here: what the server refuses before
    a day is over, and its paging, are the server tests'.)"""
    page = open_page(PHONE, touch=True)
    state = {"over": False}

    def answer(route: Route) -> None:
        # Once over, the day is one this player finished late: kept, not on the leaderboard.
        route.fulfill(json={**past_day(state["over"]), "played": state["over"]})

    def days(route: Route) -> None:  # 30 days, then 2 older ones
        older = "before=" in route.request.url
        first = date(2026, 10, 1) if older else date(2026, 11, 23)
        count = 2 if older else 30
        listed = [first - timedelta(days=i) for i in range(count)]
        route.fulfill(json={"days": [listed_day(d) for d in listed]})

    page.route(f"**/api/daily/{PAST}", answer)
    page.route("**/api/daily/days?*", days)
    page.goto(f"/?daily={PAST}")
    board = page.locator("#daily-board")
    expect(board.locator("tbody tr")).to_have_count(3)
    expect(page.locator("#daily-rules")).to_have_text("Sunday: Yatzy (Scandinavian)")
    expect(board.locator("a.daily-replay")).to_have_count(0)
    expect(page.locator("#daily-day-optimal")).to_have_count(0)
    expect(page.locator(".daily-secret")).to_have_count(0)
    expect(page.locator(".daily-board-figure rect.bar")).to_have_count(2)  # not played: the day's
    expect(page.locator(".daily-board-figure text.tick")).to_have_text(
        ["200", "250", "300"]
    )  # round edges
    expect(page.locator(".daily-board-figure rect.bar title").first).to_have_text(
        "200–249: 2 players"
    )

    state["over"] = True
    page.route(f"**/api/daily/{PAST}/result", lambda route: route.fulfill(json=late_result()))
    page.reload()
    expect(page.locator("#daily-rank")).to_have_text(re.compile(r"^Not ranked"))
    expect(page.locator("#daily-score")).to_have_text("240")
    expect(page.locator(".daily-board-figure")).to_have_count(0)  # the result shows the scores
    expect(board.locator("a.daily-replay")).to_have_count(3)
    expect(board.locator("a.daily-replay").first).to_have_attribute(
        "href", "./?view=replay&match=t-ann"
    )
    expect(page.locator("#daily-day-optimal")).to_have_text("254")
    expect(page.locator(".daily-secret code")).to_have_text("ab" * 32)
    expect(page.locator("#daily-result rect.bar")).to_have_count(2)
    expect(page.locator("#daily-result .optimal-line")).to_have_count(1)
    expect(page.locator("#daily-turns .daily-kept")).to_have_text(
        "kept 1 2 (best: kept 1 2 3) · scored Chance (best: kept 1 2)"
    )
    days_rows = page.locator("#daily-days tbody tr")
    expect(days_rows).to_have_count(30)
    page.locator("#daily-older").click()
    expect(days_rows).to_have_count(32)
    expect(days_rows.last).to_have_attribute("data-day", "2026-09-30")
    expect(page.locator("#daily-older")).to_have_count(0)
    assert_accessible(page, "a past day at phone size")
    shoot(page, artifacts, "daily-past-day-phone", full_page=True)
    page.locator("a.daily-replay").first.click()
    page.wait_for_url(re.compile(r"view=replay&match=t-ann"))

    # A day nobody played: no optimal score to show (never "null"); a day to come has not begun.
    nobody = {**past_day(True), "players": 0, "optimal_score": None, "leaderboard": []}
    nobody["histogram"] = {"bins": [], "you": None, "optimal": None}
    page.route(f"**/api/daily/{PAST}", lambda route: route.fulfill(json=nobody))
    page.unroute(f"**/api/daily/{PAST}/result")
    page.goto(f"/?daily={PAST}")
    expect(page.locator("#daily-board tbody")).to_have_text("Nobody played this day.")
    expect(page.locator("#daily-board caption")).to_have_text("The day's leaderboard")
    expect(page.locator("#daily-day-optimal-none")).to_contain_text("Nobody played this day")
    expect(page.locator("main")).not_to_contain_text("null")
    shoot(page, artifacts, "daily-nobody-played-phone")
    tomorrow = (DAILY_DAY + timedelta(days=1)).isoformat()  # the test server's tomorrow
    page.goto(f"/?daily={tomorrow}")
    expect(page.locator("#daily-none")).to_contain_text("has not begun yet: it begins on")
    shoot(page, artifacts, "daily-future-day-phone")
