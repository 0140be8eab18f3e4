"""Driving the terminal game through its keys and clicks, as a player would.

The tests read the match state only to decide what a sensible player would do next (which
dice to keep, which box to fill); every move goes through ``pilot.press`` or ``pilot.click``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Literal

from textual.pilot import Pilot
from textual.widgets import Static

from fivedice.rules import Match, MatchState
from fivedice.tui import FiveDiceApp
from fivedice.tui.screens import MatchScreen

SIZE = (120, 36)
Style = Literal["keys", "clicks"]
AppFactory = Callable[..., FiveDiceApp]  # the make_app fixture


def text_of(app: FiveDiceApp, selector: str) -> str:
    """The plain text a Static on the current screen shows."""
    return str(app.screen.query_one(selector, Static).content)


def match_of(app: FiveDiceApp) -> Match:
    """The match the current screen plays."""
    screen = app.screen
    assert isinstance(screen, MatchScreen), f"expected the match screen, got {screen!r}"
    return screen.match


def keep_most_common(state: MatchState) -> set[int]:
    """The positions of the dice showing the most common face (ties: the higher face)."""
    assert state.dice is not None
    counts = Counter(state.dice)
    face = max(counts, key=lambda f: (counts[f], f))
    return {i for i, v in enumerate(state.dice) if v == face}


def best_box(state: MatchState) -> str:
    """The allowed box that adds most now (the first such box in card order on ties)."""
    options = state.score_options()
    return max(options, key=lambda o: o.total).category


async def start(pilot: Pilot[None]) -> None:
    """Press Start on the start screen."""
    await pilot.click("#start")
    await pilot.pause()


async def roll(pilot: Pilot[None], style: Style) -> None:
    """Roll the dice."""
    if style == "keys":
        await pilot.press("r")
    else:
        await pilot.click("#roll")


async def toggle(pilot: Pilot[None], position: int, style: Style) -> None:
    """Hold or release the die at `position` (0-4)."""
    if style == "keys":
        await pilot.press(str(position + 1))
    else:
        await pilot.click(f"#die-{position}")


def nearby_box(state: MatchState, open_boxes: list[str], cursor: str, reach: int) -> str:
    """The allowed box worth most within `reach` steps of the cursor (else the nearest one)."""
    options = {o.category: o.total for o in state.score_options()}
    here = open_boxes.index(cursor)
    allowed = [b for b in open_boxes if b in options]
    near = [b for b in allowed if abs(open_boxes.index(b) - here) <= reach]
    if near:
        return max(near, key=lambda b: (options[b], -abs(open_boxes.index(b) - here)))
    return min(allowed, key=lambda b: abs(open_boxes.index(b) - here))


async def score(pilot: Pilot[None], app: FiveDiceApp, category: str, style: Style) -> None:
    """Score in `category`: by arrows and Enter, or by clicking the active player's cell."""
    screen = app.screen
    assert isinstance(screen, MatchScreen)
    seat = screen.state.active_seat
    if style == "clicks":
        await pilot.click(f"#cell-{seat}-{category}")
        return
    open_boxes = screen.open_boxes()
    assert screen.cursor is not None
    steps = open_boxes.index(category) - open_boxes.index(screen.cursor)
    await pilot.press(*(["down"] * steps if steps > 0 else ["up"] * -steps), "enter")


async def play_turn(pilot: Pilot[None], app: FiveDiceApp, style: Style, rerolls: int = 0) -> None:
    """One turn: roll; `rerolls` times keep the most common face and roll again; then score.

    With clicks the best box is clicked; with keys the best box within a step of the cursor
    is chosen with the arrows and Enter (the keys a hurried player would press).
    """
    await roll(pilot, style)
    for _ in range(rerolls):
        state = match_of(app).state
        wanted = keep_most_common(state)
        for position in sorted(set(state.held) ^ wanted):
            await toggle(pilot, position, style)
        await roll(pilot, style)
    state = match_of(app).state
    if style == "clicks":
        box = best_box(state)
    else:
        screen = app.screen
        assert isinstance(screen, MatchScreen) and screen.cursor is not None
        box = nearby_box(state, screen.open_boxes(), screen.cursor, reach=1)
    await score(pilot, app, box, style)


def fast_forward(app: FiveDiceApp, turns_left: int = 1) -> None:
    """Play the match in the core directly until `turns_left` turns remain, then redraw.

    For tests about what happens at the end of a match: the moves before the end are not
    what they test, and a whole match through the pilot takes seconds.
    """
    screen = app.screen
    assert isinstance(screen, MatchScreen)
    match = screen.match
    turns = sum(
        len(p.cards[r].open_categories)
        for p in match.state.players
        for r in range(match.options.rounds)
    )
    for _ in range(turns - turns_left):
        seat = match.state.active_seat
        assert seat is not None
        match.roll(seat)
        match.score(seat, best_box(match.state))
    screen.redraw()
