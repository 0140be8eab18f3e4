"""The store's online additions, on SQLite and PostgreSQL: tokens stored with the seat's
event, batched appends that refuse a taken sequence number as a whole, event times."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from fivedice.rules import InvalidEvent, Match
from fivedice.server.registry import TableRegistry
from fivedice.store import SequenceConflict, Store, UnknownMatch
from fivedice.store.accounts import create_guest, seat_owners
from fivedice.store.online import (
    Append,
    append_many,
    append_one,
    create_online_match,
    ensure_schema,
    event_times,
    load_table,
    load_tables,
    seat_tokens,
)


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A store on each kind of database."""
    if request.param == "postgresql":
        url = str(request.getfixturevalue("postgresql_url"))
    else:
        url = f"sqlite:///{tmp_path / 'fivedice.db'}"
    s = Store(url)
    ensure_schema(s)
    yield s
    s.close()


def test_online_match_tokens_batches_and_times(store: Store) -> None:
    match = Match.create("official", rng=random.Random(1))
    ann = match.join("Ann")
    create_online_match(
        store, "t1", match.events, preset="official", label="L", meta={"listed": False},
        tokens=[(ann, "a" * 64)],
    )  # fmt: skip
    other = Match.create("yatzy", rng=random.Random(2))
    create_online_match(store, "t2", other.events, preset="yatzy", label=None, meta={})
    assert store.summary("t1").origin == "online" and store.summary("t1").meta == {"listed": False}

    bob = match.join("Bob")
    other.join("Cid")
    append_many(
        store,
        [Append("t1", 3, match.events[2:], [(bob, "b" * 64)]), Append("t2", 2, other.events[1:])],
    )
    assert seat_tokens(store, "t1") == {"a" * 64: 0, "b" * 64: 1}
    assert store.load_events("t2") == list(other.events)

    match.start(ann)
    with pytest.raises(SequenceConflict):  # one taken number refuses the whole batch
        append_many(store, [Append("t2", 3, other.events[:1]), Append("t1", 3, match.events[3:])])
    assert len(store.load_events("t1")) == 3 and len(store.load_events("t2")) == 2
    with pytest.raises(SequenceConflict):
        append_one(store, Append("t1", 3, match.events[3:]))
    with pytest.raises(UnknownMatch):
        append_one(store, Append("nope", 1, match.events[:1]))
    append_one(store, Append("t1", 4, match.events[3:]))
    assert store.load_match("t1").state == match.state

    times = event_times(store, "t1")
    assert len(times) == 4 and times == sorted(times)
    assert all(t.tzinfo is not None for t in times)


def test_a_table_loads_in_one_read(store: Store) -> None:
    """What a node taking a table reads in one transaction equals the pieces read apart."""
    match = Match.create("official", rng=random.Random(3))
    ann = match.join("Ann")
    guest = create_guest(store)
    create_online_match(
        store, "t3", match.events, preset="official", label="Ann's", meta={"listed": True},
        tokens=[(ann, "c" * 64)], owners=[(ann, guest.id, False)],
    )  # fmt: skip
    stored_count = len(match.events)
    bob = match.join("Bob")
    match.start(ann)
    append_one(
        store,
        Append("t3", stored_count + 1, match.events[stored_count:], [(bob, "d" * 64)]),
    )

    stored = load_table(store, "t3")
    assert stored.summary == store.summary("t3")
    assert stored.events == store.load_events("t3") == list(match.events)
    assert stored.times == event_times(store, "t3")
    assert stored.tokens == seat_tokens(store, "t3") == {"c" * 64: 0, "d" * 64: 1}
    assert stored.owners == seat_owners(store, "t3")
    assert [(seat, o.account_id, o.program) for seat, o in stored.owners.items()] == [
        (ann, guest.id, False)
    ]
    with pytest.raises(UnknownMatch):
        load_table(store, "nope")


def test_many_tables_load_in_one_read_each_its_own(store: Store) -> None:
    """Tables read together (a node taking a dead one's tables over) each get exactly their own
    log, times, tokens and accounts, as read alone; unknown ids are left out, repeats once."""
    guest = create_guest(store)
    for n in range(5):
        preset = "official" if n % 2 else "yatzy"
        match = Match.create(preset, rng=random.Random(10 + n))
        seats = [match.join(f"P{n}{k}") for k in range(n % 3 + 1)]
        create_online_match(
            store, f"m{n}", match.events, preset=preset,
            label=f"table {n}", meta={"listed": bool(n % 2)},
            tokens=[(seat, f"{n}{seat}".ljust(64, "x")) for seat in seats],
            owners=[(seats[0], guest.id, False)] if n in (1, 4) else [],
        )  # fmt: skip
        if n >= 2:
            match.start(seats[0])
            match.roll(seats[0])
            done = len(store.load_events(f"m{n}"))
            append_one(store, Append(f"m{n}", done + 1, match.events[done:]))
    wanted = ["m3", "nope", "m0", "m4", "m1", "m2", "m3"]
    together = load_tables(store, wanted)
    assert sorted(together) == ["m0", "m1", "m2", "m3", "m4"]
    for match_id, stored in together.items():
        assert stored == load_table(store, match_id)
        assert stored.events == store.load_events(match_id)
        assert stored.times == event_times(store, match_id)
        assert stored.tokens == seat_tokens(store, match_id)
        assert stored.owners == seat_owners(store, match_id)
    assert [len(together[f"m{n}"].tokens) for n in range(5)] == [1, 2, 3, 1, 2]
    assert [bool(together[f"m{n}"].owners) for n in range(5)] == [False, True, False, False, True]
    assert load_tables(store, []) == {} and load_tables(store, ["nope"]) == {}


def test_a_log_with_what_orjson_refuses_still_loads(store: Store) -> None:
    """A name with a lone surrogate (the game accepts it; ``json.dumps`` stores it escaped)
    is read back: the fast parser's refusal falls back to the standard one."""
    match = Match.create("official", rng=random.Random(4))
    match.join("Ann\ud800")
    create_online_match(store, "t4", match.events, preset="official", label=None, meta={})
    stored = load_table(store, "t4")
    assert stored.events == list(match.events)
    assert stored.events[-1].name == "Ann\ud800"  # type: ignore[attr-defined]


def _spoil(store: Store, match_id: str) -> None:
    """Make one stored event unreadable, as an event type of a newer release would be."""
    with store.engine.begin() as conn:
        conn.execute(
            text("UPDATE events SET payload = :p WHERE match_id = :m AND seq = 2"),
            {"p": '{"type": "from_a_newer_release"}', "m": match_id},
        )


def test_a_log_this_release_cannot_read_fails_its_table_alone(store: Store) -> None:
    """Read together, the others come back whole; the unreadable one carries its error, and
    read alone it raises it."""
    for n in range(3):
        match = Match.create("official", rng=random.Random(20 + n))
        match.join(f"P{n}")
        create_online_match(store, f"r{n}", match.events, preset="official", label=None, meta={})
    _spoil(store, "r1")
    together = load_tables(store, ["r0", "r1", "r2"])
    assert isinstance(together["r1"], InvalidEvent)
    assert together["r0"] == load_table(store, "r0") and together["r2"] == load_table(store, "r2")
    with pytest.raises(InvalidEvent):
        load_table(store, "r1")


async def test_a_restart_brings_back_every_table_but_the_unreadable_one(store: Store) -> None:
    """One table whose log cannot be read does not keep a restarted node from its others."""
    for n in range(4):
        match = Match.create("official", rng=random.Random(30 + n))
        match.join(f"P{n}")
        create_online_match(store, f"s{n}", match.events, preset="official", label=None, meta={})
    _spoil(store, "s2")
    registry = TableRegistry(store, None)  # type: ignore[arg-type]  # restore writes nothing
    restored = await registry.restore()
    assert sorted(t.id for t in restored) == ["s0", "s1", "s3"]
    assert sorted(registry.tables) == ["s0", "s1", "s3"]
