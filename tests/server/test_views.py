"""The server's fast serialisations say exactly what the rules core's own would."""

from __future__ import annotations

import json
import random
from typing import Any

from fivedice.rules import Match, MatchOptions, Scorecard, StartOrder, preset
from fivedice.server.protocol import server_message_adapter
from fivedice.server.table import Table
from fivedice.server.views import event_dict, update_message, update_text, welcome_message


def test_event_dicts_and_update_text_match_the_models() -> None:
    rng = random.Random(5)
    options = MatchOptions(seats=3, clock_seconds=30, start_order=StartOrder.ROLL_OFF)
    match = Match.create("official", options, rng)
    seats = [match.join(name) for name in ("Ann", "Bob", "Cid")]
    match.leave(seats[2])
    match.start(seats[0])
    table = Table("t", match, name="T", listed=True, rng=rng)
    for _ in range(20):
        seat = match.state.active_seat
        assert seat is not None
        match.roll(seat)
        match.hold(seat, [0, 1])
        match.roll(seat)
        match.chat("Ann", "hi", seats[0])
        best = max(match.state.score_options(), key=lambda o: o.total)
        match.score(seat, best.category)
        if match.state.undo_point is not None and rng.random() < 0.3:
            match.undo(seat)
            match.score(seat, best.category)
        table.mark_committed(0.0)
        text = update_text(table, [{"seq": 1, **event_dict(match.events[-1])}])
        server_message_adapter.validate_json(text)
        expected = update_message(table, [(1, match.events[-1])])
        got = json.loads(text)
        for message in (got, expected):
            message["table"]["server_time"] = 0
        assert got == json.loads(json.dumps(expected))
    match.expire_clock(match.state.active_seat)
    for event in match.events:
        assert event_dict(event) == event.to_dict()


def started_table(preset_name: str) -> Table:
    """A started two-seat table of the preset."""
    rng = random.Random(3)
    match = Match.create(preset_name, MatchOptions(seats=2), rng)
    seat = match.join("Ann")
    match.join("Bob")
    match.start(seat)
    return Table("t", match, name="T", listed=False, rng=rng)


def card_rows(table: Table) -> list[dict[str, Any]]:
    """The card's rows as the welcome sends them (checked against the protocol's model)."""
    welcome = welcome_message(table, 0, ["beginner"])
    server_message_adapter.validate_python(welcome)
    rows: list[dict[str, Any]] = welcome["card_rows"]
    return rows


def test_the_welcome_lays_the_card_out_as_the_rules_core_prints_it() -> None:
    table = started_table("official")
    rows = card_rows(table)
    assert [row["key"] for row in rows] == [k for k, _, _ in Scorecard(preset("official")).rows()]
    derived = [row for row in rows if not row["box"]]
    assert [row["key"] for row in derived] == [
        "upper_subtotal",
        "upper_bonus",
        "upper_total",
        "lower_total",
        "yahtzee_bonus",
        "grand_total",
    ]
    assert derived[1]["label"] == "Bonus (35 at 63)"
    boxes = [row["key"] for row in rows if row["box"]]
    assert boxes == [c.name for c in preset("official").categories]
    # Each derived row is a value every card of the table view carries.
    card = update_message(table, [])["table"]["seats"][0]["cards"][0]
    assert all(isinstance(card[row["key"]], int) for row in derived)


def test_the_welcome_leaves_out_the_rows_a_rule_set_lacks() -> None:
    keys = {row["key"] for row in card_rows(started_table("yacht"))}
    assert "upper_bonus" not in keys
    assert "yahtzee_bonus" not in keys
    assert "grand_total" in keys
