"""The play protocol (version 1): every WebSocket message, each a pydantic model with a ``type``.

A client sends :data:`ClientMessage` values as JSON text frames; the server answers with
:data:`ServerMessage` values. ``docs/protocol.md`` tells the story; these models are the law.
Every client message may carry an ``id`` (any short string or number) that the server copies
into the ``error`` or ``joined`` it causes, so a program can match answers to requests.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    TypeAdapter,
    model_serializer,
    model_validator,
)

from .table_names import TitleKind, missing_values

PROTOCOL_VERSION = 1

Token = Annotated[str, Field(max_length=64)]
RequestId = Annotated[str, Field(max_length=64)] | int | None


class _Message(BaseModel):
    # Python's JSON reader takes Infinity, NaN and 1e999 (infinity): no number field does.
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class _ClientMessage(_Message):
    # Unknown fields are accepted and ignored, so a client written for a later version of
    # this protocol (or carrying its own bookkeeping) is still understood.
    model_config = ConfigDict(extra="ignore")

    id: RequestId = None
    # The last sequence number the client had seen: an intent is refused (``stale``) if the
    # match has moved on since (a move, not a chat line), so a repeated click acts once...
    seq: Annotated[int, Field(ge=0)] | None = None
    # ...unless every move since was this socket's own, the last made by the intent whose
    # ``id`` this is: intents sent back to back, each after the one before.
    after: RequestId = None


# Client to server --------------------------------------------------------------------------


class Hello(_ClientMessage):
    """The first message on a socket: which protocol, who you are, what you saw last.

    With a seat `token` the socket speaks for that seat (and the seat shows as connected);
    without one it watches, as `name` in the spectator list. `also` lists the tokens of more
    seats played from the same screen (pass and play): they show as connected too. `last_seq`
    is the sequence number of the last event this client saw: the server sends every event
    after it."""

    type: Literal["hello"]
    protocol: int = PROTOCOL_VERSION
    token: Token | None = None
    also: Annotated[list[Token], Field(max_length=7)] = Field(default_factory=list)
    name: Annotated[str, Field(max_length=64)] | None = None
    last_seq: Annotated[int, Field(ge=0)] = 0


class Join(_ClientMessage):
    """Take a free seat before the start; answered by ``joined`` with the seat token."""

    type: Literal["join"]
    name: Annotated[str, Field(max_length=64)]


class AddBot(_ClientMessage):
    """The host seats a computer player of one of the offered levels before the start."""

    type: Literal["add_bot"]
    token: Token | None = None
    level: Annotated[str, Field(max_length=32)]
    name: Annotated[str, Field(max_length=64)] | None = None


class Start(_ClientMessage):
    """The host starts the match."""

    type: Literal["start"]
    token: Token | None = None


class HoldDice(_ClientMessage):
    """Keep these dice (positions 0-4) at the next roll."""

    type: Literal["hold"]
    token: Token | None = None
    positions: Annotated[list[int], Field(max_length=5)]


class Roll(_ClientMessage):
    """Roll; `hold` (positions 0-4) keeps those dice, otherwise the dice already held stay."""

    type: Literal["roll"]
    token: Token | None = None
    hold: Annotated[list[int], Field(max_length=5)] | None = None


class Score(_ClientMessage):
    """Write the dice into a box (a category name from the rules)."""

    type: Literal["score"]
    token: Token | None = None
    category: Annotated[str, Field(max_length=64)]


class Undo(_ClientMessage):
    """Take back your last scoring, while the next player has not rolled."""

    type: Literal["undo"]
    token: Token | None = None


class Leave(_ClientMessage):
    """Leave the table: before the start the seat is freed, after it you are skipped."""

    type: Literal["leave"]
    token: Token | None = None


class Remove(_ClientMessage):
    """The host removes a seat: before the start the seat is freed; after it, only a player
    who is away can be removed, and they are out as if they had left."""

    type: Literal["remove"]
    token: Token | None = None
    seat: int


class Skip(_ClientMessage):
    """The host passes an away player's turn at once (a 0 in their lowest-value open box,
    logged as absent), without waiting for the table's grace time."""

    type: Literal["skip"]
    token: Token | None = None
    seat: int


class Rematch(_ClientMessage):
    """After the match: offer a rematch (the first one), or answer the offer (`accept`
    true or false). When everyone at the table has answered, a new table with the same
    options, players and computer players opens, and each player who accepted is sent a
    ``rematch`` message with their new seat and token (on every socket that speaks for
    them)."""

    type: Literal["rematch"]
    token: Token | None = None
    accept: bool = True


class Chat(_ClientMessage):
    """A chat line; with a seat token it is signed by that player, else by the spectator."""

    type: Literal["chat"]
    token: Token | None = None
    text: Annotated[str, Field(max_length=2000)]


class Ping(_ClientMessage):
    """Keep-alive; answered by ``pong``."""

    type: Literal["ping"]


ClientMessage = Annotated[
    Hello
    | Join
    | AddBot
    | Start
    | HoldDice
    | Roll
    | Score
    | Undo
    | Leave
    | Remove
    | Skip
    | Rematch
    | Chat
    | Ping,
    Field(discriminator="type"),
]
client_message_adapter: TypeAdapter[Any] = TypeAdapter(ClientMessage)

SEAT_INTENTS = frozenset(
    {"add_bot", "start", "hold", "roll", "score", "undo", "leave", "remove", "skip", "rematch"}
)


# Views ------------------------------------------------------------------------------------


class CardView(_Message):
    """One round's card: the filled boxes and every derived row."""

    boxes: dict[str, int]
    upper_subtotal: int
    upper_bonus: int
    upper_total: int
    lower_total: int
    yahtzee_bonus: int
    grand_total: int


class SeatAccountView(_Message):
    """The account that took a seat: the name it shows and its kind."""

    name: str
    kind: Literal["guest", "person", "deleted"]


class SeatView(_Message):
    """A seat: who sits there, whether they still play and are connected, their cards."""

    seat: int
    name: str
    bot: str | None
    account: SeatAccountView | None = Field(
        default=None, description="The account that took the seat; None for a seat taken without"
    )
    program: bool = Field(
        default=False, description="Taken by a program through an account's API token (a bot)"
    )
    status: Literal["playing", "left", "forfeited"]
    connected: bool
    away_since: float | None = Field(
        description="Since when (Unix time) this person has had no connection; None if here"
    )
    absent_turns: int = Field(description="Turns passed in a row while away (3: out)")
    hints: int = Field(description="Hints this player asked for on their turn")
    host: bool
    cards: list[CardView]
    total: int


class ScoreOptionView(_Message):
    """A box the active player may fill now, and what it would add."""

    category: str
    points: int
    bonus: int
    joker: bool


class ClockView(_Message):
    """The active player's clock: the time per hand and when this hand's time runs out
    (``deadline`` in Unix seconds; compare with the view's ``server_time``)."""

    seconds_per_hand: float
    seat: int | None
    deadline: float | None
    timeout_rule: Literal["forfeit", "scratch"]


class ChatLineView(_Message):
    """A chat line; `seat` is None for a spectator."""

    author: str
    text: str
    seat: int | None


class StandingView(_Message):
    """A final place (None for a player who left or forfeited)."""

    seat: int
    name: str
    total: int
    place: int | None
    status: Literal["playing", "left", "forfeited"]


class OutcomeView(_Message):
    """The result of a finished match."""

    standings: list[StandingView]
    winners: list[int]


class AbsenceView(_Message):
    """The active player is away: when their turn passes if they do not come back."""

    seat: int
    deadline: float


class RematchView(_Message):
    """A rematch offered after the match: who offered, who answered, and the new table once
    it opened."""

    offered_by: int
    accepted: list[int]
    declined: list[int]
    table_id: str | None


class UndoView(_Message):
    """Which scoring may still be taken back, by whom."""

    seat: int
    category: str


class TableView(_Message):
    """Everything a client draws: the same for every client of a table."""

    id: str
    name: str | None
    title: TableTitle | None = Field(
        default=None, description="The name fivedice gave the table, as a kind and its values"
    )
    listed: bool
    at_one_screen: bool = Field(
        description="Played at one screen (pass and play, or against the computer): "
        "no invite, chat or presence to show"
    )
    daily: str | None = Field(
        default=None,
        description="The day (YYYY-MM-DD) of a daily challenge's table, null for any other",
    )
    preset: str
    options: dict[str, Any]
    phase: Literal["waiting", "playing", "finished"]
    seq: int
    host: int | None
    seats: list[SeatView]
    order: list[int]
    active_seat: int | None
    round: int
    dice: list[int] | None
    held: list[int]
    rolls_left: int
    score_options: list[ScoreOptionView]
    undo: UndoView | None
    clock: ClockView | None
    absence: AbsenceView | None
    hints: bool = Field(description="Whether the computer's hints are open at this table now")
    rematch: RematchView | None
    chat: list[ChatLineView]
    spectators: list[str]
    spectator_count: int
    outcome: OutcomeView | None
    roll_off: list[list[list[int]]]
    server_time: float


class EventView(BaseModel):
    """A match event as the rules core writes it, with its sequence number. The fields after
    ``seq`` and ``type`` depend on the type (see docs/protocol.md)."""

    model_config = ConfigDict(extra="allow")

    seq: int
    type: str


class CategoryView(_Message):
    """A box of the rule set, in card order."""

    name: str
    label: str
    section: str


class CardRowView(_Message):
    """A row of the card as printed: a box (``box``) or a derived row (a key of ``CardView``)."""

    key: str
    label: str
    box: bool


# Server to client ------------------------------------------------------------------------


class Welcome(_Message):
    """The answer to ``hello``: your seat (None when watching), the rules and their boxes."""

    type: Literal["welcome"] = "welcome"
    protocol: int = PROTOCOL_VERSION
    table_id: str
    seat: int | None
    role: Literal["player", "spectator"]
    rules: dict[str, Any]
    categories: list[CategoryView]
    card_rows: list[CardRowView]
    bot_levels: list[str]
    server_time: float


class Update(_Message):
    """New events (possibly none, when only who is connected changed) and the table as it now
    stands. Updates arrive in sequence order; ``seq`` is the last event's number."""

    type: Literal["update"] = "update"
    seq: int
    events: list[EventView]
    table: TableView


class Joined(_Message):
    """Your seat and its token: keep the token, every intent for this seat must carry it."""

    type: Literal["joined"] = "joined"
    id: RequestId = None
    seat: int
    token: str


class Error(_Message):
    """A message the server refused; nothing changed. Sent to its sender alone."""

    type: Literal["error"] = "error"
    id: RequestId = None
    ref: str | None = None  # the type of the refused message, when known
    code: str
    params: dict[str, Any] = {}  # the values in the message; "reason" where a code has several
    message: str


class RematchSeat(_Message):
    """A seat at the rematch and its token."""

    seat: int
    token: str


class RematchOpened(_Message):
    """The rematch opened: its table, and the new seat and token of each player in it this
    socket speaks for (its own seat and those that answered from it; none for a spectator)."""

    type: Literal["rematch"] = "rematch"
    table_id: str
    seats: list[RematchSeat]


class Pong(_Message):
    """The answer to ``ping``."""

    type: Literal["pong"] = "pong"
    id: RequestId = None
    server_time: float


ServerMessage = Annotated[
    Welcome | Update | Joined | Error | RematchOpened | Pong, Field(discriminator="type")
]
server_message_adapter: TypeAdapter[Any] = TypeAdapter(ServerMessage)


# REST bodies ------------------------------------------------------------------------------


class TableTitle(_Message):
    """A name fivedice gives a table, as a kind and its values, for each viewer to read in
    their own language (``table_name.<kind>`` in the catalogs); the table's ``name`` is its
    English words. Kinds: ``pass_and_play``, ``quick_match``, ``versus_computer`` (``player``,
    ``level``) and ``table_of`` (``player``: "Ann's table")."""

    kind: TitleKind
    player: Annotated[str, Field(max_length=64)] | None = Field(
        default=None, description="The person it names (versus_computer, table_of)"
    )
    level: Annotated[str, Field(max_length=32)] | None = Field(
        default=None, description="The computer's level (versus_computer)"
    )

    @model_validator(mode="after")
    def _has_its_values(self) -> TableTitle:
        missing = missing_values(self.model_dump())
        if missing:
            raise ValueError(f"a {self.kind} title needs {', '.join(missing)}")
        return self

    @model_serializer(mode="wrap")
    def _only_its_values(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # A kind's values, no others: {"kind": "quick_match"}, not a null player and level.
        return {key: value for key, value in handler(self).items() if value is not None}


class BotSeat(_Message):
    """A computer seat to add when the table is created."""

    level: Annotated[str, Field(max_length=32)]
    name: Annotated[str, Field(max_length=64)] | None = None


class CreateTable(_Message):
    """A new table: the rule preset, every match option, and who sits down at once."""

    preset: str | None = None
    name: Annotated[str, Field(max_length=120)] | None = None
    title: TableTitle | None = Field(
        default=None,
        description="A name fivedice gives the table, read in each viewer's language (then "
        "`name`, if absent, is the title in English); a name typed by a person goes in `name`",
    )
    listed: bool = True
    host_name: Annotated[str, Field(max_length=64)] | None = None
    seats: int = 4
    rounds: int = 1
    clock_seconds: float | None = None
    timeout_rule: Literal["forfeit", "scratch"] = "forfeit"
    undo_allowed: bool | None = Field(
        default=None, description="Undo a scoring until the next roll; unset: on, off if rated"
    )
    start_order: Literal["host_first", "roll_off"] = "host_first"
    absent_after_seconds: Annotated[float, Field(ge=10, le=3600)] = 60.0
    hints: bool | None = Field(
        default=None, description="The computer's hints; None: on with one person, off with more"
    )
    rated: bool = Field(
        default=False,
        description="A rated match: people with an account, a guest account included (no "
        "computer seats, no seat without an account, one seat per account), two or more, undo "
        "and hints off (unset, they are off; asked on: 422); each player's rating moves with "
        "the result",
    )
    bots: Annotated[list[BotSeat], Field(max_length=8)] = Field(default_factory=list)
    at_one_screen: bool = Field(
        default=False,
        description="Everyone plays at the one screen that opens it (pass and play, or against "
        "the computer): its view says so to every viewer, who sees no invite, chat or presence",
    )


class TableCreated(_Message):
    """A table was opened: where to find it, and the host's seat and token (if seated)."""

    table_id: str
    invite_url: str
    ws_url: str
    seat: int | None
    token: str | None


class JoinSeat(_Message):
    """Take a seat by name."""

    name: Annotated[str, Field(max_length=64)]


class SeatGranted(_Message):
    """The seat taken and its token."""

    table_id: str
    seat: int
    token: str


# Accounts -------------------------------------------------------------------------------------


class ClaimAccount(_Message):
    """A guest's chosen username (3 to 24 characters, unique ignoring case) and password."""

    username: Annotated[str, Field(max_length=64)]
    password: Annotated[str, Field(max_length=1024)]


class SignIn(_Message):
    """A username (any case) and its password."""

    username: Annotated[str, Field(max_length=64)]
    password: Annotated[str, Field(max_length=1024)]


class AccountView(_Message):
    """An account as its owner sees it."""

    id: int
    name: str = Field(description='The name people see: the username, or "Guest N"')
    username: str | None
    kind: Literal["guest", "person"]
    created_at: datetime
    program: bool = Field(default=False, description="This request came with an API token")


class SessionView(_Message):
    """The account signed in, and the CSRF token its browser sends with every write
    (``X-CSRF-Token``); null when signed in by an API token, which needs none."""

    account: AccountView
    csrf_token: str | None


class SessionCheck(_Message):
    """Whether this browser is signed in, asked without a refusal: the page's first visit has
    no session yet, which is no error. Both null when signed out."""

    account: AccountView | None
    csrf_token: str | None


class SignedOutEverywhere(_Message):
    """How many sessions ended."""

    sessions_ended: int


class NewApiToken(_Message):
    """A label saying what program will use the token."""

    label: Annotated[str, Field(max_length=64)]


class ApiTokenView(_Message):
    """An API token as its account lists it."""

    id: int
    label: str
    created_at: datetime


class ApiTokenCreated(ApiTokenView):
    """A new API token: `token` is shown this once (send it as ``Authorization: Bearer``)."""

    token: str


class AddBotSeat(_Message):
    """The host adds a computer player (the host's token goes in the X-Seat-Token header)."""

    level: Annotated[str, Field(max_length=32)]
    name: Annotated[str, Field(max_length=64)] | None = None


class TableSummary(_Message):
    """A table in the lobby list."""

    id: str
    name: str | None
    title: TableTitle | None = Field(
        default=None, description="The name fivedice gave the table, as a kind and its values"
    )
    preset: str
    phase: Literal["waiting", "playing", "finished"]
    seats_taken: int
    seats: int
    players: list[str]
    spectators: int
    options: dict[str, Any]
    host_here: bool = Field(description="Whether the host is connected now")
    open: bool = Field(description="Waiting, with a free seat and its host here: joinable")
    opened_at: float = Field(description="When the table was opened (Unix time)")
    invite_url: str


# Leaderboards and ratings (REST answers) ----------------------------------------------------


class GameLine(_Message):
    """One game (one card of one round) in a high-score list."""

    name: str
    score: int = Field(description="The card's grand total")
    match_id: str
    seat: int
    round: int = Field(description="Which game of its match, from 1")
    rounds: int = Field(description="How many games (rounds) its match had")
    finished_at: str
    account_id: int | None = Field(
        default=None, description="The account that played it (its profile), if one did"
    )


class Leaderboard(_Message):
    """A rule set's best single games over a period."""

    preset: str
    period: Literal["all", "month", "week"]
    since: str | None = Field(description="When the period began (UTC); null: all time")
    games: list[GameLine]


class RatingLineView(_Message):
    """A player's current rating in one family."""

    account_id: str
    name: str = Field(
        description='The account\'s public name: its username, "Guest N" or "deleted player"'
    )
    family: str
    rating: float = Field(description="The shown value: mu - 3 sigma, one decimal")
    mu: float
    sigma: float
    games: int = Field(description="Rated matches finished in this family")
    provisional: bool = Field(description="Fewer rated matches than it takes to settle")
    last_played: str


class RatingBoard(_Message):
    """A family's best ratings."""

    family: str
    label: str
    presets: list[str] = Field(description="The rule sets of the family")
    provisional_games: int = Field(description="Rated matches before a rating settles")
    ratings: list[RatingLineView]


class RatingStepView(_Message):
    """One rated match in a player's history."""

    match_id: str
    family: str
    rating_before: float
    rating_after: float
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    finished_at: str


class SeatRatingChange(_Message):
    """How a rated match moved one seat's rating (its results screen)."""

    seat: int
    family: str
    rating_before: float = Field(description="The shown value before: mu - 3 sigma")
    rating_after: float
    provisional: bool = Field(description="Still provisional after this match")


class PlayerRatings(_Message):
    """An account's ratings in every family it played, and its rated matches, newest first."""

    account_id: str
    ratings: list[RatingLineView]
    history: list[RatingStepView]


# Profiles (REST answers) ----------------------------------------------------------------------


class RatingPoint(_Message):
    """An account's rating in a family after one rated match (a point of the profile's chart)."""

    match_id: str
    rating: float = Field(description="The shown value after the match: mu - 3 sigma")
    games: int = Field(description="Rated matches finished in the family, this one included")
    provisional: bool = Field(description="Still provisional after this match")
    finished_at: str


class FamilyRating(_Message):
    """An account's current rating in one family and its history, oldest first (capped to the
    newest rated matches)."""

    family: str
    label: str
    rating: float = Field(description="The shown value: mu - 3 sigma, one decimal")
    mu: float
    sigma: float
    games: int
    provisional: bool
    history: list[RatingPoint]


class RuleSetStats(_Message):
    """An account's games played out (whole cards) under one rule set, and its accuracy there."""

    preset: str
    title: str
    games: int = Field(description="Single games (one card each) played to the last box")
    average_score: float
    upper_bonus_rate: float = Field(description="Share of games that earned the upper bonus")
    yahtzee_rate: float = Field(description="Share of games with the Yahtzee box scored")
    best_score: int
    decisions: int = Field(description="Decisions analysed (matches analysed so far)")
    points_given_away: float = Field(description="Expected points given away in them")
    accuracy: float | None = Field(
        description="Average expected points given away per decision against the optimal "
        "player (0 is perfect); null before any decision was analysed"
    )


class Accuracy(_Message):
    """Over every rule set: decisions analysed, the points they gave away, the average."""

    decisions: int
    points_given_away: float
    per_decision: float | None


class RecentMatchView(_Message):
    """One of the account's finished matches."""

    match_id: str
    preset: str
    name: str | None = Field(description="The table's name")
    title: TableTitle | None = Field(
        default=None, description="The name fivedice gave the table, as a kind and its values"
    )
    seat: int
    played_as: str = Field(description="The name the account played under at that table")
    total: int
    place: int | None
    players: int
    rated: bool = Field(description="The match moved this account's rating")
    finished_at: str
    replay_url: str = Field(description="The page's replay of the match")


class ProfileView(_Message):
    """An account's public profile."""

    account_id: int
    name: str = Field(description='The public name ("deleted player" for a deleted account)')
    kind: Literal["guest", "person", "deleted"]
    ratings: list[FamilyRating]
    games: list[RuleSetStats]
    accuracy: Accuracy
    recent: list[RecentMatchView] = Field(description="The newest finished matches (at most 20)")


# Quick match ----------------------------------------------------------------------------------


class QuickMatchRequest(_Message):
    """ "Play now": the rule set and the table size to be seated at."""

    preset: Annotated[str, Field(min_length=1, max_length=40)] = "official"
    seats: Literal[2, 3, 4] = 2


class QuickMatchTicket(_Message):
    """A quick-match ticket as its player sees it. `state`: ``waiting`` (in the queue),
    ``forming`` (a table is being opened), ``seated`` (`table_id`, `seat` and `token` say
    where: keep the token as for any seat), ``cancelled``, or ``expired`` (not polled for a
    while, or its table could not be opened: queue again)."""

    ticket: str
    state: Literal["waiting", "forming", "seated", "cancelled", "expired"]
    preset: str
    seats: int
    rating: float = Field(description="Your shown rating in the rule set's family when queued")
    waited_seconds: float = Field(description="Time in the queue (once seated: until seated)")
    rating_range: float = Field(description="How far from your rating opponents may be, now")
    computer_offered: bool = Field(
        description="The wait is over: `POST .../computer` seats you against the computer"
    )
    computer_after_seconds: float = Field(description="The wait before the computer is offered")
    table_id: str | None = None
    seat: int | None = None
    token: str | None = None
    computer: bool = Field(default=False, description="Seated against the computer")
