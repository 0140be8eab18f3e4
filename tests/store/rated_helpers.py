"""Rated matches for the store's tests, and their seats held by accounts: each account is
named by a label (its username), made the first time it is used in a database."""

from __future__ import annotations

import random
from collections.abc import Mapping

from openskill.models import PlackettLuce
from sqlalchemy import insert, select
from test_store import play_out

from fivedice.rules import Match, MatchOptions, MatchState
from fivedice.store import Store
from fivedice.store.accounts import AccountRow, SeatAccountRow, claim, create_guest


def account_of(store: Store, label: str) -> str:
    """The id (as the ratings write it) of the account named `label`, made if need be."""
    with store.engine.connect() as conn:
        found = conn.scalar(select(AccountRow.id).where(AccountRow.username == label))
    if found is None:
        found = claim(store, create_guest(store).id, label, label.casefold(), "not-a-hash").id
    return str(found)


def link_accounts(store: Store, match_id: str, accounts: Mapping[int, str]) -> None:
    """Record which account (by label) holds each seat, as taking a seat signed in does."""
    rows = [
        {"match_id": match_id, "seat": s, "account_id": int(account_of(store, a))}
        for s, a in accounts.items()
    ]
    with store.engine.begin() as conn:
        conn.execute(insert(SeatAccountRow), rows)


def rated(
    seed: int,
    names: tuple[str, ...] = ("Ann", "Bob", "Cid"),
    *,
    rules: str = "official",
    leaver: int | None = None,
    rounds: int = 1,
) -> Match:
    """A finished rated match; `leaver` (a seat) leaves after the first turn."""
    rng = random.Random(seed)
    options = MatchOptions(seats=len(names), undo_allowed=False, rated=True, rounds=rounds)
    match = Match.create(rules, options, rng)
    seats = [match.join(n) for n in names]
    match.start(seats[0])
    if leaver is not None:
        first = match.state.active_seat
        assert first is not None
        match.roll(first)
        match.score(first, "chance")
        match.leave(leaver)
    play_out(match, rng)
    return match


def store_rated(store: Store, match: Match, accounts: Mapping[int, str]) -> str:
    """Store a finished match as a server does: the log, the seats' accounts, then the result."""
    match_id = store.create_match(match.events, preset=match.rules.name, origin="online")
    link_accounts(store, match_id, accounts)
    store.record_result(match_id, match.state)
    return match_id


def expected_ranks(state: MatchState) -> dict[int, int]:
    """Ranks worked out here, not by the code under test: by total, higher first, equal totals
    sharing a rank; anybody who left or forfeited after all of them, tied."""
    playing = [p for p in state.players if p.is_playing]
    ranks = {p.seat: 1 + sum(q.total > p.total for q in playing) for p in playing}
    last = len(playing) + 1
    return ranks | {p.seat: last for p in state.players if not p.is_playing}


def openskill_after(
    before: Mapping[str, tuple[float, float]], ranks: Mapping[str, int]
) -> dict[str, tuple[float, float]]:
    """The new (mu, sigma) of each account by openskill itself, from their (mu, sigma) before."""
    model = PlackettLuce()
    accounts = list(ranks)
    teams = [[model.rating(mu=before[a][0], sigma=before[a][1])] for a in accounts]
    after = model.rate(teams, ranks=[ranks[a] for a in accounts])
    return {a: (team[0].mu, team[0].sigma) for a, team in zip(accounts, after, strict=True)}


NEWCOMER = (PlackettLuce().mu, PlackettLuce().sigma)
