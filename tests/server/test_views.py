"""The server's fast serialisations say exactly what the rules core's own would."""

from __future__ import annotations

import json
import random

from fivedice.rules import Match, MatchOptions, StartOrder
from fivedice.server.protocol import server_message_adapter
from fivedice.server.table import Table
from fivedice.server.views import event_dict, update_message, update_text


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
