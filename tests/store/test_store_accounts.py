"""Accounts in the store, on SQLite and PostgreSQL: nothing secret is kept in clear (every
table and column is read back and searched for the password, the session secret and the API
token); usernames are unique ignoring case; the failure count per account; sessions and tokens
that end; a deleted account's tombstone and its seats; seats written with their event."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import MetaData, select

from fivedice.rules import Match, MatchOptions
from fivedice.server.accounts import digest, new_api_token, new_secret
from fivedice.store import Store
from fivedice.store.accounts import (
    UsernameTaken,
    add_api_token,
    api_tokens,
    claim,
    clear_failures,
    close_sessions,
    create_guest,
    credentials,
    delete_account,
    get_account,
    note_failure,
    open_session,
    revoke_api_token,
    seat_owners,
    session_account,
    token_account,
)
from fivedice.store.online import Append, append_many, create_online_match, ensure_schema

WINDOW = timedelta(minutes=15)


@pytest.fixture
def accounts(store: Store) -> Store:
    """The store with the online server's tables."""
    ensure_schema(store)
    return store


def everything_stored(store: Store) -> str:
    """Every row of every table, as one text."""
    meta = MetaData()
    meta.reflect(store.engine)
    parts = []
    with store.engine.connect() as conn:
        for table in meta.sorted_tables:
            for row in conn.execute(select(table)):
                parts.append(repr(tuple(row)))
    return "\n".join(parts)


def test_no_password_session_secret_or_api_token_is_stored_in_clear(accounts: Store) -> None:
    from argon2 import PasswordHasher

    password = "Tr0ub4dor&3-unique-password"
    secret = new_secret()
    token = new_api_token()
    guest = create_guest(accounts)
    claim(accounts, guest.id, "Ann", "ann", PasswordHasher().hash(password))
    open_session(accounts, guest.id, digest(secret), timedelta(days=1))
    add_api_token(accounts, guest.id, digest(token), "bot")
    stored = everything_stored(accounts)
    assert "argon2id" in stored  # the hash is there ...
    for clear in (password, secret, token, token.removeprefix("fdk_")):
        assert clear not in stored  # ... and no secret in clear
    assert digest(secret) in stored and digest(token) in stored
    assert session_account(accounts, digest(secret)) == get_account(accounts, guest.id)
    assert token_account(accounts, digest(token)) == get_account(accounts, guest.id)


def test_usernames_are_unique_ignoring_case(accounts: Store) -> None:
    ann = create_guest(accounts)
    other = create_guest(accounts)
    claim(accounts, ann.id, "Ann", "ann", "hash")
    with pytest.raises(UsernameTaken):
        claim(accounts, other.id, "ANN", "ann", "hash")
    found = credentials(accounts, "ann")
    assert found is not None and found.account.username == "Ann"
    assert get_account(accounts, other.id) is not None
    assert get_account(accounts, other.id).kind == "guest"  # type: ignore[union-attr]


def test_failures_count_within_the_window_and_clear(accounts: Store) -> None:
    ann = create_guest(accounts)
    counts = [note_failure(accounts, ann.id, WINDOW)[0] for _ in range(4)]
    assert counts == [1, 2, 3, 4]
    # A window already over starts the count afresh.
    assert note_failure(accounts, ann.id, timedelta(seconds=-1))[0] == 1
    clear_failures(accounts, ann.id)
    assert note_failure(accounts, ann.id, WINDOW)[0] == 1


def test_sessions_expire_and_end_everywhere_and_tokens_revoke(accounts: Store) -> None:
    ann = create_guest(accounts)
    open_session(accounts, ann.id, "a" * 64, timedelta(days=1))
    open_session(accounts, ann.id, "b" * 64, timedelta(seconds=-1))  # already over
    assert session_account(accounts, "a" * 64) is not None
    assert session_account(accounts, "b" * 64) is None
    assert close_sessions(accounts, ann.id) == 2
    assert session_account(accounts, "a" * 64) is None
    made = add_api_token(accounts, ann.id, "c" * 64, "bot")
    bob = create_guest(accounts)
    assert not revoke_api_token(accounts, bob.id, made.id)  # not Bob's to revoke
    assert token_account(accounts, "c" * 64) is not None
    assert revoke_api_token(accounts, ann.id, made.id)
    assert token_account(accounts, "c" * 64) is None
    assert api_tokens(accounts, ann.id) == []


def test_seats_are_written_with_their_event_and_a_deleted_account_keeps_them(
    accounts: Store,
) -> None:
    ann = create_guest(accounts)
    claim(accounts, ann.id, "Ann", "ann", "hash")
    bot = create_guest(accounts)
    match = Match.create(None, MatchOptions(seats=3))
    match.join("Ann")
    create_online_match(
        accounts,
        "m1",
        match.events,
        preset="official",
        label=None,
        meta={},
        owners=[(0, ann.id, False)],
    )
    match.join("Robo")
    append_many(accounts, [Append("m1", 3, match.events[2:], owners=[(1, bot.id, True)])])
    owners = seat_owners(accounts, "m1")
    assert owners[0].name == "Ann" and owners[0].kind == "person" and not owners[0].program
    assert owners[1].program and owners[1].kind == "guest"
    open_session(accounts, ann.id, "d" * 64, timedelta(days=1))
    assert delete_account(accounts, ann.id) == ["m1"]
    gone = seat_owners(accounts, "m1")[0]
    assert gone.name == "deleted player" and gone.kind == "deleted"
    assert session_account(accounts, "d" * 64) is None
    assert credentials(accounts, "ann") is None
    tombstone = get_account(accounts, ann.id)
    assert tombstone is not None and tombstone.deleted and tombstone.username is None
