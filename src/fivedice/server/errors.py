"""Refusals the server gives a client, each with a stable ``code``, the values in it
(``params``, with a ``reason`` where one code has several) and an English message.

Rules errors keep the rules core's code (the error class in snake case: ``NotYourTurn`` is
``not_your_turn``), so a program can branch on it. Every message is the English catalog's
``error.<code>[.<reason>]`` with the params in place: a client shows the same key from its own
language's catalog.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from fivedice.i18n.errors import error_text
from fivedice.rules import RuleError


class Refusal(Exception):
    """A request the server refuses; nothing changed. `code` is for programs, `params` the
    values in it (a ``reason`` where the code has several), the message (English, from the
    catalog) for people."""

    code = "refused"

    def __init__(self, *, code: str | None = None, reason: str | None = None, **params: Any):
        if code is not None:
            self.code = code
        self.params: dict[str, Any] = {"reason": reason, **params} if reason else dict(params)
        super().__init__(error_text(self.code, self.params))

    @property
    def message(self) -> str:
        """The readable message."""
        return str(self)


class UnknownTable(Refusal):
    """No table with that id."""

    code = "unknown_table"


class MissingToken(Refusal):
    """A seat intent without a seat token."""

    code = "missing_token"


class BadToken(Refusal):
    """A seat token that holds no seat at this table."""

    code = "bad_token"


class RateLimited(Refusal):
    """Too many messages (or chat lines, or new tables) too fast; `retry_after`: the seconds
    until one more is allowed, when known (REST sends it as ``Retry-After``)."""

    code = "rate_limited"

    def __init__(
        self, *, retry_after: float | None = None, reason: str | None = None, **params: Any
    ):
        super().__init__(reason=reason, **params)
        self.retry_after = retry_after


class NotAvailable(Refusal):
    """Something the server cannot offer (an unknown computer level, for one)."""

    code = "not_available"


class TableUnavailable(Refusal):
    """The table's owner is gone or moving, or did not answer in time: try again shortly."""

    code = "table_unavailable"


class Forwarded(Refusal):
    """A refusal the table's owner (another node) gave, with the HTTP status it chose (its
    message as that node wrote it)."""

    def __init__(self, code: str, params: dict[str, Any], message: str, status: int) -> None:
        Exception.__init__(self, message)
        self.code = code
        self.params = dict(params)
        self.status = status


class SignedOut(Refusal):
    """The request needs an account, and carries no live session or API token."""

    code = "signed_out"


class WrongCredentials(Refusal):
    """A sign-in whose username and password do not match an account (which, it does not say)."""

    code = "wrong_credentials"


class CsrfFailed(Refusal):
    """A write authenticated by the session cookie without its CSRF token, or with another."""

    code = "csrf_failed"


class BrowserOnly(Refusal):
    """Something only the account's own browser session may do (not an API token)."""

    code = "browser_only"


class InvalidAccount(Refusal):
    """A username or password the account rules refuse (the message says which rule)."""

    code = "invalid_account"


class NoSeat(Refusal):
    """The account holds no seat at this table (or its seat left)."""

    code = "no_seat"


class AccountRequired(Refusal):
    """A seat at a rated table taken without an account (or by an account seated there
    already): a rating belongs to an account."""

    code = "account_required"


class UnknownAccount(Refusal):
    """No account with that id."""

    code = "unknown_account"


class UnknownTicket(Refusal):
    """No quick-match ticket with that id for the account asking (another's is unknown too)."""

    code = "unknown_ticket"


class UnknownToken(Refusal):
    """The account has no API token with that id."""

    code = "unknown_api_token"


class DailyNotOver(Refusal):
    """The daily challenge's dice stay secret until the day is over: a daily table's log, its
    replay and spectating are its player's alone until then."""

    code = "daily_not_over"


class DailyAlreadyPlayed(Refusal):
    """The account has played the day's challenge already: one attempt a day."""

    code = "daily_already_played"


class NoDailyResult(Refusal):
    """The account has no finished attempt at that day's challenge."""

    code = "no_daily_result"


class UnknownDay(Refusal):
    """A day the daily challenge has not reached (a future date)."""

    code = "unknown_day"


class InvalidDay(Refusal):
    """A day that is not a date written YYYY-MM-DD."""

    code = "invalid_day"


class NoAccount(Refusal):
    """The daily challenge needs an account (a guest's counts): open one first."""

    code = "no_account"


class StoreUnavailable(Refusal):
    """The move could not be stored, so it did not happen."""

    code = "store_failed"


STORE_UNAVAILABLE = "store_unavailable"
STORE_UNAVAILABLE_MESSAGE = error_text(STORE_UNAVAILABLE, {})
"""The code and message for a request the database failed (REST: status 503)."""


@dataclass(frozen=True)
class Answer:
    """What a client is told of a refusal: the HTTP status (REST), the stable code, the values
    in it and the English message."""

    status: int
    code: str
    params: dict[str, Any]
    message: str

    def body(self) -> dict[str, Any]:
        """The JSON body of a REST refusal."""
        return {"code": self.code, "params": self.params, "message": self.message}


def answer(exc: BaseException, internal: str = "http") -> Answer:
    """The answer a refusal, a rules error or a failure gets (what another node's answer
    carries back too); `internal`: which words an unexpected failure gets."""
    from fivedice.rules.errors import HintsOff, InvalidOptions, UnknownCategory, UnknownPreset

    if isinstance(exc, Forwarded):
        return Answer(exc.status, exc.code, exc.params, exc.message)
    if isinstance(exc, Refusal):
        status = next((s for t, s in _STATUS.items() if isinstance(exc, t)), 409)
        return Answer(status, exc.code, exc.params, exc.message)
    if isinstance(exc, RuleError):
        unprocessable = isinstance(exc, InvalidOptions | UnknownPreset | UnknownCategory)
        status = 403 if isinstance(exc, HintsOff) else 422 if unprocessable else 409
        return Answer(status, exc.code, exc.params, str(exc))
    from fivedice.store import is_store_failure

    if is_store_failure(exc):
        return Answer(503, STORE_UNAVAILABLE, {}, STORE_UNAVAILABLE_MESSAGE)
    params = {"reason": internal}
    return Answer(500, "internal", params, error_text("internal", params))


_STATUS: dict[type[Refusal], int] = {
    UnknownTable: 404,
    SignedOut: 401,
    WrongCredentials: 401,
    CsrfFailed: 403,
    BrowserOnly: 403,
    InvalidAccount: 422,
    NoSeat: 404,
    AccountRequired: 403,
    UnknownAccount: 404,
    UnknownToken: 404,
    UnknownTicket: 404,
    MissingToken: 401,
    BadToken: 403,
    RateLimited: 429,
    NotAvailable: 422,
    StoreUnavailable: 503,
    TableUnavailable: 503,
    DailyNotOver: 403,
    DailyAlreadyPlayed: 409,
    NoDailyResult: 404,
    UnknownDay: 404,
    NoAccount: 401,
    InvalidDay: 422,
}


# The refusals in the OpenAPI document ---------------------------------------------------------


class ErrorBody(BaseModel):
    """Every REST refusal: a stable `code` for programs, the values in it (`params`, with a
    `reason` where one code has several: the text is the catalog's ``error.<code>`` or
    ``error.<code>.<reason>`` with them in place), an English `message` for people. A request
    whose fields are refused (422 ``invalid_request``) also lists each field's problem under
    `detail`."""

    code: str
    params: dict[str, Any] = {}
    message: str
    detail: list[dict[str, Any]] | None = None


_MEANING = {
    401: "`missing_token`: the seat token (header `X-Seat-Token`) is missing",
    403: "`bad_token`: the token holds no seat at this table (or its seat left)",
    404: "`unknown_table`: there is no such table or match",
    409: "a rule refused it; the code names the rule (`table_full`, `not_host`, "
    "`match_already_started`, `no_position`, ...)",
    422: "`invalid_request` (a field of the wrong shape, see `detail`), `unknown_preset`, "
    "`invalid_options`, `not_available` (a computer level or the strategy package this "
    "server does not have)",
    429: "`rate_limited`: too many new tables from your address; `Retry-After` says when to "
    "try again",
    503: "`store_unavailable` (the database cannot be reached; `Retry-After: 1`), "
    "`store_failed` (the move could not be stored, so it did not happen) or "
    "`table_unavailable` (the table is moving to another server): try again shortly",
}


def refusals(*statuses: int, say: dict[int, str] | None = None) -> dict[int | str, dict[str, Any]]:
    """The ``responses=`` of a route that may answer these refusal statuses (`say`: what a
    status means for this route, where it is not the usual)."""
    meaning = {**_MEANING, **(say or {})}
    return {s: {"model": ErrorBody, "description": meaning[s]} for s in statuses}


# Requests pydantic refuses ---------------------------------------------------------------------

_VALIDATION_REASONS = {
    "missing": (),
    "extra_forbidden": (),
    "json_invalid": (),
    "int_type": (),
    "int_parsing": (),
    "float_type": (),
    "float_parsing": (),
    "bool_type": (),
    "bool_parsing": (),
    "string_type": (),
    "dict_type": (),
    "model_attributes_type": (),
    "string_too_short": ("min_length",),
    "string_too_long": ("max_length",),
    "greater_than": ("gt",),
    "greater_than_equal": ("ge",),
    "less_than": ("lt",),
    "less_than_equal": ("le",),
}
"""The kinds of field problem the catalogs word (pydantic's error types), with the values each
names; a string's length is counted (``count``)."""


def invalid_request(errors: list[dict[str, Any]]) -> tuple[dict[str, Any], str]:
    """The params and English message of a 422 ``invalid_request``, from pydantic's errors: the
    first problem's field (``field``) and its kind (``reason``) with its values where the
    catalogs word that kind, else pydantic's own words (``problem``)."""
    first = errors[0] if errors else {}
    field = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
    problem = str(first.get("msg", "bad request"))
    kind = str(first.get("type", ""))
    known = _VALIDATION_REASONS.get(kind)
    if field and known is not None:
        context = first.get("ctx") or {}
        values = {name: context.get(name) for name in known}
        if kind.startswith("string_too_"):
            values = {"count": values.get(known[0])}
        params: dict[str, Any] = {"reason": kind, "field": field, **values}
        worded = _worded(params)
        if worded == f"{field}: {problem}":
            return params, worded
    if field:
        params = {"reason": "other", "field": field, "problem": problem}
    else:
        params = {"problem": problem}
    return params, error_text("invalid_request", params)


def _worded(params: dict[str, Any]) -> str | None:
    """The English words of a field problem, or None where its values cannot be put in."""
    try:
        return error_text("invalid_request", params)
    except (KeyError, TypeError, ValueError):
        return None
