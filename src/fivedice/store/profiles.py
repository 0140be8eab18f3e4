"""A player's profile in the store: the games an account played (one row per card, with what the
rules core says of it: its total, whether it earned the upper bonus, whether it scored a
Yahtzee), how far each of its seats played from the optimal player, and the queries a profile
page shows (per rule set, the recent matches).

The games are written with the match's result (same transaction, results once); the accuracy
rows later, once per seat, by whoever analysed the match (the server does it in the background
after the result): a match not analysed yet simply does not count in the accuracy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from sqlalchemy import (
    Boolean,
    Connection,
    DateTime,
    Double,
    ForeignKey,
    Index,
    Integer,
    String,
    and_,
    case,
    func,
    insert,
    select,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, aliased, mapped_column

from fivedice.rules import MatchState

from .account_rows import AccountRow, SeatAccountRow, public_name
from .daily import daily_in_play
from .models import Base, MatchRow, RatingRow, ResultRow
from .rated import RatingLine, RatingStep, player_ratings, rating_history

if TYPE_CHECKING:
    from .store import Store

RECENT_MATCHES = 20
HISTORY_KEPT = 200  # rated matches a profile's chart shows, newest kept


class AccountGameRow(Base):
    """One game (a card of one round) played by an account, with the rules core's verdicts on
    it, so that a profile counts bonus and Yahtzee rates in SQL without knowing the rules."""

    __tablename__ = "account_games"
    __table_args__ = (
        Index("uq_account_game", "match_id", "seat", "round", unique=True),
        Index("ix_account_games_account", "account_id", "preset"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    round: Mapped[int] = mapped_column(Integer)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    preset: Mapped[str] = mapped_column(String(64))
    score: Mapped[int] = mapped_column(Integer)
    upper_bonus: Mapped[bool] = mapped_column(Boolean)  # Scorecard.upper_bonus_earned
    yahtzee: Mapped[bool] = mapped_column(Boolean)  # Scorecard.yahtzee_scored
    complete: Mapped[bool] = mapped_column(Boolean)  # all boxes filled: a game played out
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeatAccuracyRow(Base):
    """How one account's seat in a finished match played against the optimal player: its
    decisions and the expected points they gave away (``strategy.analysis``), once per seat."""

    __tablename__ = "seat_accuracy"

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    preset: Mapped[str] = mapped_column(String(64))
    decisions: Mapped[int] = mapped_column(Integer)
    points_given_away: Mapped[float] = mapped_column(Double)


@dataclass(frozen=True)
class GameStats:
    """An account's played-out games under one rule set, and its accuracy there."""

    preset: str
    games: int
    average_score: float
    upper_bonus_rate: float
    yahtzee_rate: float
    best_score: int
    decisions: int
    points_given_away: float


@dataclass(frozen=True)
class Profile:
    """What a profile shows of an account; `history` newest first."""

    account_id: int
    name: str
    kind: str
    ratings: list[RatingLine]
    history: list[RatingStep]
    games: list[GameStats]
    recent: list[RecentMatch]


@dataclass(frozen=True)
class RecentMatch:
    """One of an account's finished matches, as its profile lists it."""

    match_id: str
    preset: str
    label: str | None
    seat: int
    name: str
    total: int
    place: int | None
    players: int
    rated: bool
    finished_at: datetime
    meta: dict[str, object] = field(default_factory=dict)  # the match's (its table's title)


def seat_holders(conn: Connection, match_id: str) -> dict[int, int]:
    """The account holding each seat of a match that has one."""
    query = select(SeatAccountRow.seat, SeatAccountRow.account_id).where(
        SeatAccountRow.match_id == match_id
    )
    return {int(seat): int(account) for seat, account in conn.execute(query)}


def insert_account_games(
    conn: Connection, match_id: str, state: MatchState, finished_at: datetime
) -> None:
    """Store the games of the seats held by accounts (in the result's transaction)."""
    holders = seat_holders(conn, match_id)
    rows = [
        {
            "match_id": match_id,
            "seat": player.seat,
            "round": round_,
            "account_id": holders[player.seat],
            "preset": state.rules.name,
            "score": card.grand_total,
            "upper_bonus": card.upper_bonus_earned,
            "yahtzee": card.yahtzee_scored,
            "complete": card.is_complete,
            "finished_at": finished_at,
        }
        for player in state.players
        if player.seat in holders
        for round_, card in enumerate(player.cards)
    ]
    if rows:
        conn.execute(insert(AccountGameRow), rows)


def seats_to_analyse(store: Store, match_id: str) -> dict[int, int]:
    """The seats of a match held by accounts and not yet analysed (seat: account)."""
    done = select(SeatAccuracyRow.seat).where(SeatAccuracyRow.match_id == match_id)
    with store.engine.connect() as conn:
        analysed = set(conn.scalars(done))
        return {s: a for s, a in seat_holders(conn, match_id).items() if s not in analysed}


def record_accuracy(
    store: Store, match_id: str, preset: str, seats: dict[int, tuple[int, int, float]]
) -> None:
    """Keep each seat's (account, decisions, points given away); a seat recorded already (by
    another node, or twice) is left as it is."""
    with store.engine.begin() as conn:
        _insert_accuracy(conn, match_id, preset, seats)


def _insert_accuracy(
    conn: Connection, match_id: str, preset: str, seats: dict[int, tuple[int, int, float]]
) -> None:
    for seat, (account, decisions, given_away) in seats.items():
        row = {
            "match_id": match_id,
            "seat": seat,
            "account_id": account,
            "preset": preset,
            "decisions": decisions,
            "points_given_away": given_away,
        }
        try:
            with conn.begin_nested():
                conn.execute(insert(SeatAccuracyRow), [row])
        except IntegrityError:
            continue


def load_profile(store: Store, account_id: int) -> Profile | None:
    """An account's public profile (None: no such account): its ratings and their history
    (the newest `HISTORY_KEPT` rated matches), its games per rule set and its recent matches."""
    with store.engine.connect() as conn:
        found = conn.execute(
            select(AccountRow.username, AccountRow.kind, AccountRow.deleted).where(
                AccountRow.id == account_id
            )
        ).first()
        if found is None:
            return None
        username, kind, deleted = found
        stats = game_stats(conn, account_id)
        recent = recent_matches(conn, account_id)
    return Profile(
        account_id=account_id,
        name=public_name(account_id, username, kind, deleted),
        kind="deleted" if deleted else kind,
        ratings=player_ratings(store, str(account_id)),
        history=rating_history(store, str(account_id), limit=HISTORY_KEPT),
        games=stats,
        recent=recent,
    )


def game_stats(conn: Connection, account_id: int) -> list[GameStats]:
    """Per rule set, the account's games played out (a whole card): how many, the average
    score, the share with the upper bonus and with a Yahtzee, the best; with its accuracy."""
    as_share = lambda flag: func.avg(case((flag, 1.0), else_=0.0))  # noqa: E731
    games = (
        select(
            AccountGameRow.preset,
            func.count(),
            func.avg(AccountGameRow.score),
            as_share(AccountGameRow.upper_bonus),
            as_share(AccountGameRow.yahtzee),
            func.max(AccountGameRow.score),
        )
        .where(
            AccountGameRow.account_id == account_id,
            AccountGameRow.complete.is_(True),
            ~daily_in_play(AccountGameRow.match_id),
        )
        .group_by(AccountGameRow.preset)
    )
    accuracy = (
        select(
            SeatAccuracyRow.preset,
            func.sum(SeatAccuracyRow.decisions),
            func.sum(SeatAccuracyRow.points_given_away),
        )
        .where(SeatAccuracyRow.account_id == account_id, ~daily_in_play(SeatAccuracyRow.match_id))
        .group_by(SeatAccuracyRow.preset)
    )
    analysed = {preset: (int(d or 0), float(p or 0.0)) for preset, d, p in conn.execute(accuracy)}
    stats = [
        GameStats(
            preset,
            int(count),
            float(average),
            float(bonus),
            float(yahtzee),
            int(best),
            *analysed.get(preset, (0, 0.0)),
        )
        for preset, count, average, bonus, yahtzee, best in conn.execute(games)
    ]
    return sorted(stats, key=lambda s: (-s.games, s.preset))


def recent_matches(
    conn: Connection, account_id: int, limit: int = RECENT_MATCHES
) -> list[RecentMatch]:
    """The account's finished matches, newest first, with its seat's result and whether the
    match moved its rating."""
    others = aliased(ResultRow)
    players = (
        select(func.count())
        .where(others.match_id == MatchRow.id)
        .correlate(MatchRow)
        .scalar_subquery()
    )
    rating = and_(RatingRow.match_id == MatchRow.id, RatingRow.account_id == str(account_id))
    query = (
        select(
            MatchRow.id,
            MatchRow.preset,
            MatchRow.label,
            ResultRow.seat,
            ResultRow.name,
            ResultRow.total,
            ResultRow.place,
            players,
            RatingRow.id,
            MatchRow.finished_at,
            MatchRow.meta,
        )
        .join(SeatAccountRow, SeatAccountRow.match_id == MatchRow.id)
        .join(
            ResultRow,
            and_(ResultRow.match_id == MatchRow.id, ResultRow.seat == SeatAccountRow.seat),
        )
        .outerjoin(RatingRow, rating)
        .where(
            SeatAccountRow.account_id == account_id,
            MatchRow.status == "finished",
            ~daily_in_play(MatchRow.id),
        )
        .order_by(MatchRow.finished_at.desc(), MatchRow.id)
        .limit(limit)
    )
    return [
        RecentMatch(
            match_id,
            preset,
            label,
            int(seat),
            name,
            int(total),
            place,
            int(count),
            rating_id is not None,
            _aware(finished_at),
            dict(meta or {}),
        )
        for (
            match_id,
            preset,
            label,
            seat,
            name,
            total,
            place,
            count,
            rating_id,
            finished_at,
            meta,
        ) in conn.execute(query)
    ]


def _aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; everything stored is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
