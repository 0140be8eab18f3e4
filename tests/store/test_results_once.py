"""A finished match's result is stored exactly once, however many writers race to record it
(two servers, a restart racing a retry), on SQLite and on PostgreSQL; a database from before
the unique (match, seat) index gets it, its duplicates cleaned up."""

from __future__ import annotations

import threading
from collections import Counter

from sqlalchemy import func, inspect, select
from test_store import finished_match

from fivedice.rules import Match
from fivedice.store import Store
from fivedice.store.models import GAME_SCORE_INDEX, RESULT_SEAT_INDEX, ResultRow
from fivedice.store.online import ensure_schema

WRITERS = 8


def result_seats(store: Store, match_id: str) -> Counter[int]:
    """How many result rows each seat of the match has."""
    with store.engine.connect() as conn:
        seats = conn.scalars(select(ResultRow.seat).where(ResultRow.match_id == match_id))
        return Counter(seats)


def stored_unfinished(store: Store, match: Match) -> str:
    """The match's log stored, its result not yet recorded."""
    return store.create_match(match.events, preset=match.rules.name)


def test_racing_writers_record_one_set_of_rows(store_url: str) -> None:
    """Writers on separate connection pools (as separate servers would be), released at once."""
    stores = [Store(store_url) for _ in range(WRITERS)]
    try:
        matches = [finished_match(seed, ("Ann", "Bob", "Cid")) for seed in range(3)]
        ids = [stored_unfinished(stores[0], m) for m in matches]
        start = threading.Barrier(WRITERS)
        failures: list[BaseException] = []

        def record(store: Store) -> None:
            try:
                start.wait()
                for match_id, match in zip(ids, matches, strict=True):
                    store.record_result(match_id, match.state)
            except BaseException as exc:  # every writer must return quietly
                failures.append(exc)

        threads = [threading.Thread(target=record, args=(s,)) for s in stores]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        assert failures == []
        for match_id in ids:
            assert result_seats(stores[0], match_id) == {0: 1, 1: 1, 2: 1}
            assert stores[0].summary(match_id).status == "finished"
    finally:
        for s in stores:
            s.close()


def test_the_index_refuses_a_second_set_whatever_slips_past_the_check(store: Store) -> None:
    match = finished_match(7)
    match_id = stored_unfinished(store, match)
    store.record_result(match_id, match.state)
    store.set_status(match_id, "playing")  # as if the status check had been passed by
    store.record_result(match_id, match.state)  # quietly: the result is already there
    assert result_seats(store, match_id) == {0: 1, 1: 1}


def test_ensure_schema_dedupes_old_results_and_adds_the_index(store: Store) -> None:
    match = finished_match(8)
    match_id = stored_unfinished(store, match)
    other = finished_match(9)
    other_id = stored_unfinished(store, other)
    # A database from before the index (and before games were stored, each with its own
    # unique index), where a race once recorded a result twice.
    with store.engine.begin() as conn:
        conn.exec_driver_sql(f"DROP INDEX {RESULT_SEAT_INDEX}")
        conn.exec_driver_sql(f"DROP INDEX {GAME_SCORE_INDEX}")
    store.record_result(match_id, match.state)
    store.record_result(other_id, other.state)
    store.set_status(match_id, "playing")
    store.record_result(match_id, match.state)
    assert result_seats(store, match_id) == {0: 2, 1: 2}
    with store.engine.connect() as conn:
        first_ids = set(
            conn.scalars(
                select(func.min(ResultRow.id))
                .where(ResultRow.match_id == match_id)
                .group_by(ResultRow.seat)
            )
        )

    ensure_schema(store)
    ensure_schema(store)  # again: nothing to do
    assert result_seats(store, match_id) == {0: 1, 1: 1}
    assert result_seats(store, other_id) == {0: 1, 1: 1}
    with store.engine.connect() as conn:
        kept = set(conn.scalars(select(ResultRow.id).where(ResultRow.match_id == match_id)))
        indexes = {i["name"]: i for i in inspect(conn).get_indexes("results")}
    assert kept == first_ids  # the lowest id of each seat stays
    assert indexes[RESULT_SEAT_INDEX]["unique"]
    assert indexes[RESULT_SEAT_INDEX]["column_names"] == ["match_id", "seat"]
