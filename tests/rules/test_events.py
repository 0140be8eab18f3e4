"""Events: each serialises to JSON and back; a log replays to the identical state; a log that
does not describe a match is refused with InvalidEvent, never with a crash."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from fivedice.rules import (
    BoxScored,
    ChatPosted,
    ClockExpired,
    DiceHeld,
    DiceRolled,
    Event,
    InvalidEvent,
    Match,
    MatchCreated,
    MatchOptions,
    MatchStarted,
    PlayerJoined,
    PlayerLeft,
    RuleError,
    ScoreUndone,
    event_from_dict,
    fold,
    preset,
)

SAMPLES: list[Event] = [
    MatchCreated(preset("printable").to_dict(), MatchOptions(rounds=2).to_dict()),
    PlayerJoined(0, "Ann"),
    PlayerJoined(1, "Bot", bot="optimal"),
    PlayerLeft(1),
    MatchStarted((1, 0), (((0, 3), (1, 3)), ((0, 2), (1, 5)))),
    DiceHeld(0, (0, 3)),
    DiceRolled(0, (6, 1, 2, 6, 3), (0, 3)),
    BoxScored(0, "sixes", 12, 0, 1),
    BoxScored(0, "ones", 0, 0, 0, scratch=True),
    ScoreUndone(0, "sixes"),
    ChatPosted("Ann", "gg", 0),
    ChatPosted("Watcher", "hi"),
    ClockExpired(1),
]


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: e.type)
def test_every_event_round_trips_through_json(event: Event) -> None:
    data = json.loads(json.dumps(event.to_dict()))
    assert data["type"] == event.type
    assert event_from_dict(data) == event


def test_sequence_numbers_are_ignored_when_reading() -> None:
    assert event_from_dict({"seq": 9, "type": "left", "seat": 2}) == PlayerLeft(2)


def play_a_little(seed: int) -> Match:
    rng = random.Random(seed)
    m = Match.create("official", MatchOptions(rounds=2), rng=rng)
    ann, bob = m.join("Ann"), m.join("Bob")
    m.start(ann)
    for _ in range(9):
        seat = m.state.active_seat
        assert seat is not None
        m.roll(seat)
        m.roll(seat, hold=[0, 1])
        m.score(seat, m.state.score_options()[0].category)
    m.undo(m.state.order[0] if m.state.active_seat == bob else bob)
    m.chat("Ann", "oops", ann)
    return m


def test_a_log_replays_to_the_identical_state() -> None:
    m = play_a_little(3)
    text = json.dumps(m.log())
    events = [event_from_dict(d) for d in json.loads(text)]
    assert events == list(m.events)
    assert fold(events) == m.state
    again = Match.replay(events, rng=random.Random(0))
    assert again.state == m.state
    # and the replayed match goes on
    seat = again.state.active_seat
    assert seat is not None
    again.roll(seat)
    assert again.state.rolls_used == m.state.rolls_used + 1


def test_the_log_numbers_events_from_one() -> None:
    m = play_a_little(4)
    assert [d["seq"] for d in m.log()] == list(range(1, len(m.events) + 1))
    assert m.log()[0]["type"] == "created"


def test_a_log_must_start_with_created() -> None:
    with pytest.raises(InvalidEvent, match="starts with a 'created' event"):
        fold([PlayerJoined(0, "Ann")])
    with pytest.raises(InvalidEvent):
        fold([])


# --- malformed logs ---------------------------------------------------------------------------

CREATED = MatchCreated(preset("official").to_dict(), MatchOptions().to_dict()).to_dict()
PRELUDE: list[dict[str, Any]] = [
    CREATED,
    {"type": "joined", "seat": 0, "name": "Ann"},
    {"type": "started", "order": [0]},
    {"type": "rolled", "seat": 0, "dice": [2, 5, 1, 3, 1]},
]

MALFORMED: list[dict[str, Any] | Any] = [
    # positions that are not dice on the table
    {"type": "rolled", "seat": 0, "dice": [1, 2, 3, 4, 5], "held": [7]},
    {"type": "rolled", "seat": 0, "dice": [1, 2, 3, 4, 5], "held": [-1]},
    {"type": "rolled", "seat": 0, "dice": [1, 2, 3, 4, 5], "held": "01"},
    {"type": "rolled", "seat": 0, "dice": [1, 2, 3, 4, 5], "held": [[0]]},
    {"type": "held", "seat": 0, "held": 5},
    {"type": "held", "seat": 0, "held": [1.5]},
    # values of the wrong type
    {"type": "rolled", "seat": 0, "dice": [1.0, 2, 3, 4, 5]},
    {"type": "rolled", "seat": 0, "dice": "12345"},
    {"type": "rolled", "seat": "0", "dice": [1, 2, 3, 4, 5]},
    {"type": "scored", "seat": 0, "category": "chance", "points": "12"},
    {"type": "scored", "seat": 0, "category": ["chance"], "points": 12},
    {"type": "scored", "seat": 0, "category": "chance", "points": 12, "scratch": "no"},
    {"type": "chat", "author": 5, "text": None},
    {"type": "started", "order": 5},
    {"type": "joined", "seat": True, "name": "Bob"},
    # unknown or missing
    {"type": "rolled"},
    {"type": "rolled", "seat": 0, "dice": [1, 2, 3, 4, 5], "colour": "red"},
    {"type": "teleported", "seat": 0},
    {"no": "type"},
    ["not", "an", "object"],
    "rolled",
    None,
]


@pytest.mark.parametrize("bad", MALFORMED, ids=lambda d: json.dumps(d)[:60])
def test_a_malformed_event_is_refused_as_invalid_event(bad: Any) -> None:
    good = [event_from_dict(d) for d in PRELUDE]
    before = fold(good)
    with pytest.raises(InvalidEvent):
        fold([*good, event_from_dict(bad)])
    assert fold(good) == before


@pytest.mark.parametrize(
    "created",
    [
        {"type": "created", "rules": {}, "options": {}},
        {"type": "created", "rules": CREATED["rules"], "options": {"seats": "four"}},
        {"type": "created", "rules": CREATED["rules"], "options": {"rounds": 9}},
        {"type": "created", "rules": CREATED["rules"], "options": {"colour": "red"}},
        {"type": "created", "rules": CREATED["rules"], "options": []},
        {
            "type": "created",
            "rules": {**CREATED["rules"], "bonus_when": "sometimes"},
            "options": {},
        },
        {"type": "created", "rules": {**CREATED["rules"], "categories": [{}]}, "options": {}},
    ],
)
def test_a_malformed_created_event_is_refused(created: dict[str, Any]) -> None:
    with pytest.raises(InvalidEvent):
        fold([event_from_dict(created)])


def test_events_after_the_end_are_refused() -> None:
    m = Match.create("official", rng=random.Random(1))
    ann, bob = m.join("Ann"), m.join("Bob")
    m.start(ann)
    m.leave(bob)
    assert m.state.is_finished
    with pytest.raises(InvalidEvent):
        m.apply(PlayerLeft(ann))
    with pytest.raises(InvalidEvent):
        m.apply(DiceRolled(ann, (1, 2, 3, 4, 5)))


def test_apply_is_all_or_nothing() -> None:
    m = play_a_little(5)
    state, events = m.state, m.events
    seat = m.state.active_seat
    assert seat is not None
    with pytest.raises(RuleError):
        m.apply(DiceRolled(seat, (1, 2, 3, 4, 5)), DiceRolled(seat + 1, (1, 2, 3, 4, 5)))
    assert m.state is state and m.events == events
