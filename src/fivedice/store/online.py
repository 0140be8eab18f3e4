"""What online tables add to the store: seat tokens kept beside the log, appends for many
matches in one transaction (the game server's group commit), and when each event was stored.

A seat token is a credential, so only its SHA-256 digest is kept, and never in the event log,
which anyone may read. A seat's token is written in the same transaction as the event that
seats the player, so a stored seat always has its credential.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import orjson
from sqlalchemy import (
    Connection,
    ForeignKey,
    Integer,
    String,
    delete,
    func,
    insert,
    inspect,
    select,
    text,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from fivedice.rules import Event, event_from_dict

from .account_rows import ACCOUNT_TABLES, SeatAccountRow
from .accounts import SeatOwner, seat_owners_of
from .database import create_schema
from .models import RESULT_SEAT_INDEX, Base, EventRow, MatchRow, ResultRow, utcnow
from .store import MatchSummary, SequenceConflict, Store, UnknownMatch, match_summary

ORIGIN_ONLINE = "online"


class SeatTokenRow(Base):
    """The digest of the token that proves a player holds a seat at an online table."""

    __tablename__ = "seat_tokens"

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)


@dataclass(frozen=True)
class Append:
    """Events to add to one match, numbered from `first_seq`, with any seat tokens they grant
    (seat, token digest) and the accounts that took seats (seat, account id, as a program).
    `payloads` may give the events' JSON text already made (one per
    event, as ``json.dumps(event.to_dict())`` would); otherwise it is made here."""

    match_id: str
    first_seq: int
    events: Sequence[Event]
    tokens: Sequence[tuple[int, str]] = field(default=())
    payloads: Sequence[str] | None = None
    owners: Sequence[tuple[int, int, bool]] = field(default=())


def ensure_schema(store: Store) -> None:
    """Bring a database that predates the online server up to date: create the seat tokens'
    table and the accounts' tables, and give the results their unique (match, seat) index,
    first deleting any duplicate result rows (the lowest id of each match and seat is kept)."""
    tables = [SeatTokenRow.__table__, *(row.__table__ for row in ACCOUNT_TABLES)]
    create_schema(store.engine, Base.metadata, tables)  # type: ignore[arg-type]
    _ensure_result_index(store)


def _ensure_result_index(store: Store) -> None:
    table = ResultRow.__table__
    index = next(i for i in table.indexes if i.name == RESULT_SEAT_INDEX)  # type: ignore[attr-defined]
    with store.engine.begin() as conn:
        if store.dialect == "postgresql":
            # Two servers starting at once: one upgrades, the other waits and finds it done.
            conn.execute(text(f"LOCK TABLE {ResultRow.__tablename__} IN SHARE ROW EXCLUSIVE MODE"))
        names = {i["name"] for i in inspect(conn).get_indexes(ResultRow.__tablename__)}
        if RESULT_SEAT_INDEX in names:
            return
        first = select(func.min(ResultRow.id)).group_by(ResultRow.match_id, ResultRow.seat)
        conn.execute(delete(ResultRow).where(ResultRow.id.not_in(first.scalar_subquery())))
        index.create(conn, checkfirst=True)


def create_online_match(
    store: Store,
    match_id: str,
    events: Sequence[Event],
    *,
    preset: str,
    label: str | None,
    meta: dict[str, object],
    tokens: Sequence[tuple[int, str]] = (),
    owners: Sequence[tuple[int, int, bool]] = (),
) -> None:
    """Store a new online table's match, its first events and its first seats' tokens (and
    the accounts holding them) at once."""
    with store.engine.begin() as conn:
        conn.execute(
            insert(MatchRow),
            [
                {
                    "id": match_id,
                    "preset": preset,
                    "origin": ORIGIN_ONLINE,
                    "label": label,
                    "status": "waiting",
                    "meta": meta,
                    "created_at": utcnow(),
                }
            ],
        )
        _insert(conn, [Append(match_id, 1, events, tokens, owners=owners)])


def append_many(store: Store, appends: Sequence[Append]) -> None:
    """Store several matches' new events (and tokens) in one transaction: all or nothing.

    Raises :class:`SequenceConflict` if any sequence number is taken or a match is unknown;
    the caller retries one by one (:func:`append_one`) to learn which.
    """
    if not appends:
        return
    try:
        with store.engine.begin() as conn:
            _insert(conn, appends)
    except IntegrityError as exc:
        raise SequenceConflict("A sequence number in the batch is already taken") from exc


def append_one(store: Store, append: Append) -> None:
    """Store one match's new events and tokens, saying precisely why it cannot."""
    try:
        with store.engine.begin() as conn:
            found = conn.execute(select(MatchRow.id).where(MatchRow.id == append.match_id))
            if found.first() is None:
                raise UnknownMatch(append.match_id)
            _insert(conn, [append])
    except IntegrityError as exc:
        raise SequenceConflict(
            f"Match {append.match_id} already has an event numbered from {append.first_seq}"
        ) from exc


def seat_tokens(store: Store, match_id: str) -> dict[str, int]:
    """A match's token digests and the seat each one holds."""
    query = select(SeatTokenRow.token_hash, SeatTokenRow.seat).where(
        SeatTokenRow.match_id == match_id
    )
    with store.engine.connect() as conn:
        return {digest: seat for digest, seat in conn.execute(query)}


@dataclass(frozen=True)
class StoredTable:
    """All that rebuilding an online table needs, read at one moment."""

    summary: MatchSummary
    events: list[Event]
    times: list[datetime]  # when each event was stored (index = seq - 1)
    tokens: dict[str, int]  # token digest -> seat
    owners: dict[int, SeatOwner]  # the accounts holding seats, by seat


def load_table(store: Store, match_id: str) -> StoredTable:
    """A match's description, log, event times, seat token digests and seats' accounts, read
    in one transaction; raises :class:`UnknownMatch` if there is no such match."""
    found = load_tables(store, [match_id]).get(match_id)
    if found is None:
        raise UnknownMatch(match_id)
    if isinstance(found, Exception):
        raise found
    return found


def load_tables(store: Store, match_ids: Sequence[str]) -> dict[str, StoredTable | Exception]:
    """:func:`load_table` for many matches at once (those that do not exist are left out): one
    transaction of four queries whatever their number, so a node taking over many tables
    pays a round trip per query for them all, not per table. A match whose log cannot be read
    (an event of a newer release, a damaged row) has what stopped it instead: it alone fails."""
    wanted = list(dict.fromkeys(match_ids))
    if not wanted:
        return {}
    with store.engine.begin() as conn:
        matches = conn.execute(select(MatchRow).where(MatchRow.id.in_(wanted))).all()
        logged = conn.execute(
            select(EventRow.match_id, EventRow.payload, EventRow.created_at)
            .where(EventRow.match_id.in_(wanted))
            .order_by(EventRow.match_id, EventRow.seq)
        ).all()
        tokens = conn.execute(
            select(SeatTokenRow.match_id, SeatTokenRow.token_hash, SeatTokenRow.seat).where(
                SeatTokenRow.match_id.in_(wanted)
            )
        ).all()
        owners = seat_owners_of(conn, wanted)
    logs: dict[str, list[tuple[str, datetime]]] = {}
    for match_id, payload, moment in logged:
        logs.setdefault(match_id, []).append((payload, moment))
    digests: dict[str, dict[str, int]] = {}
    for match_id, digest, seat in tokens:
        digests.setdefault(match_id, {})[digest] = seat
    found: dict[str, StoredTable | Exception] = {}
    for row in matches:
        match_id = row.id
        log = logs.get(match_id, [])
        try:
            events = [event_from_dict(_parsed(payload)) for payload, _ in log]
        except Exception as exc:  # this match's failure, not the others'
            found[match_id] = exc
            continue
        found[match_id] = StoredTable(
            match_summary(row),
            events,
            [_aware(moment) for _, moment in log],
            digests.get(match_id, {}),
            owners.get(match_id, {}),
        )
    return found


def event_times(store: Store, match_id: str) -> list[datetime]:
    """When each of a match's events was stored, in sequence order (index = seq - 1)."""
    query = select(EventRow.created_at).where(EventRow.match_id == match_id).order_by(EventRow.seq)
    with store.engine.connect() as conn:
        return [_aware(t) for (t,) in conn.execute(query)]


def _parsed(payload: str) -> Any:
    """A stored event's JSON: orjson (several times faster over a long log), or the standard
    parser for what orjson refuses and ``json.dumps`` writes (a lone surrogate in a name,
    which the game accepts; an integer beyond 64 bits)."""
    try:
        return orjson.loads(payload)
    except orjson.JSONDecodeError:
        return json.loads(payload)


def _aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; everything stored is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _insert(conn: Connection, appends: Iterable[Append]) -> None:
    now = utcnow()
    events: list[dict[str, object]] = []
    tokens: list[dict[str, object]] = []
    owners: list[dict[str, object]] = []
    for append in appends:
        payloads = append.payloads or [json.dumps(e.to_dict()) for e in append.events]
        for seq, (event, payload) in enumerate(
            zip(append.events, payloads, strict=True), start=append.first_seq
        ):
            events.append(
                {
                    "match_id": append.match_id,
                    "seq": seq,
                    "type": event.type,
                    "payload": payload,
                    "created_at": now,
                }
            )
        for seat, digest in append.tokens:
            tokens.append({"match_id": append.match_id, "seat": seat, "token_hash": digest})
        for seat, account_id, program in append.owners:
            owners.append(
                {
                    "match_id": append.match_id,
                    "seat": seat,
                    "account_id": account_id,
                    "program": program,
                }
            )
    if events:
        conn.execute(insert(EventRow), events)
    if tokens:
        conn.execute(insert(SeatTokenRow), tokens)
    if owners:
        conn.execute(insert(SeatAccountRow), owners)
