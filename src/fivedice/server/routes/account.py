"""The account: a guest opened at a first visit, claimed with a username and password, signed
in and out, deleted; and the API tokens its programs play with."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from datetime import timedelta
from typing import Annotated

from fastapi import APIRouter, Path, Request, Response

from fivedice.store.accounts import (
    DELETED_NAME,
    Account,
    UsernameTaken,
    add_api_token,
    api_tokens,
    claim,
    close_session,
    close_sessions,
    create_guest,
    delete_account,
    open_session,
    revoke_api_token,
    unfinished_tables,
)
from fivedice.store.accounts import NotAGuest as StoreNotAGuest

from ..accounts import (
    SignInThrottle,
    Who,
    check_password,
    check_username,
    clear_session_cookie,
    csrf_token,
    digest,
    hash_password,
    new_api_token,
    new_secret,
    set_session_cookie,
    username_key,
)
from ..context import Ctx, ServerContext
from ..errors import InvalidAccount, RateLimited, Refusal, UnknownToken, refusals
from ..protocol import (
    AccountView,
    ApiTokenCreated,
    ApiTokenView,
    ClaimAccount,
    NewApiToken,
    SessionCheck,
    SessionView,
    SignedOutEverywhere,
    SignIn,
)
from ..ratelimit import connection_address

router = APIRouter(prefix="/api/account", tags=["account"])
log = logging.getLogger("fivedice.server.account")

MAX_API_TOKENS = 20

SAY = {
    401: "`signed_out`: no live session cookie or API token; `wrong_credentials` (sign-in)",
    403: "`csrf_failed`: a write with the session cookie needs its `X-CSRF-Token`; "
    "`browser_only`: an API token cannot do this",
    404: "`unknown_api_token`: the account has no API token with that id",
    409: "`username_taken` (another account has it, ignoring case), `not_a_guest` (the "
    "account already has a username), `too_many_api_tokens`",
    422: "`invalid_request` (a field of the wrong shape, see `detail`), `invalid_account` "
    "(a username or password the rules refuse: the message says which)",
    429: "`rate_limited`: too many new guests or failed sign-ins from your address, or "
    "failed sign-ins for this account; `Retry-After` says when to try again",
}


def account_view(account: Account, by_token: bool = False) -> AccountView:
    """The account as its owner sees it."""
    return AccountView(
        id=account.id,
        name=account.name,
        username=account.username,
        kind=account.kind,  # type: ignore[arg-type]
        created_at=account.created_at,
        program=by_token,
    )


async def _start_session(ctx: ServerContext, response: Response, account: Account) -> SessionView:
    """Open a session for the account and hand the browser its cookie."""
    secret = new_secret()
    lifetime = timedelta(days=ctx.settings.session_days)
    await asyncio.to_thread(open_session, ctx.store, account.id, digest(secret), lifetime)
    set_session_cookie(response, ctx.settings, secret)
    return SessionView(account=account_view(account), csrf_token=csrf_token(secret))


@router.post(
    "/guest",
    status_code=201,
    response_model=SessionView,
    responses=refusals(401, 403, 429, 503, say=SAY),
)
async def open_guest(ctx: Ctx, who: Who, request: Request, response: Response) -> SessionView:
    """A guest account at once, signed in by a new session cookie; no form. A browser already
    signed in gets its own account back (200)."""
    if who.account is not None and who.secret is not None:
        response.status_code = 200
        return SessionView(account=account_view(who.account), csrf_token=csrf_token(who.secret))
    address = connection_address(request, ctx.limits.proxies)
    wait = ctx.limits.guests.take(address)
    if wait:
        raise RateLimited(reason="guests", seconds=math.ceil(wait), retry_after=wait)
    account = await asyncio.to_thread(create_guest, ctx.store)
    log.info("guest opened", extra={"account": account.id})
    return await _start_session(ctx, response, account)


@router.get("", response_model=SessionView, responses=refusals(401, 503, say=SAY))
async def whoami(who: Who) -> SessionView:
    """The account signed in, and the CSRF token the page sends with its writes (null for a
    program signed in by an API token, which needs none)."""
    account = who.need_account()
    token = csrf_token(who.secret) if who.secret is not None else None
    return SessionView(account=account_view(account, who.by_token), csrf_token=token)


@router.get("/session", response_model=SessionCheck, responses=refusals(503, say=SAY))
async def session_check(who: Who) -> SessionCheck:
    """Like ``GET /api/account``, but 200 with nulls when no one is signed in: what the page
    asks first, before a guest exists."""
    if who.account is None:
        return SessionCheck(account=None, csrf_token=None)
    token = csrf_token(who.secret) if who.secret is not None else None
    return SessionCheck(account=account_view(who.account, who.by_token), csrf_token=token)


@router.post(
    "/claim", response_model=AccountView, responses=refusals(401, 403, 409, 422, 503, say=SAY)
)
async def claim_account(body: ClaimAccount, ctx: Ctx, who: Who) -> AccountView:
    """A guest chooses a username (unique ignoring case) and password: the account, its seats
    and its tokens stay the same."""
    account, _ = who.need_browser()
    username = check_username(body.username)
    password_hash = await hash_password(check_password(body.password))
    try:
        claimed = await asyncio.to_thread(
            claim, ctx.store, account.id, username, username_key(username), password_hash
        )
    except UsernameTaken:
        raise Refusal(code="username_taken", username=username) from None
    except StoreNotAGuest:
        raise Refusal(code="not_a_guest") from None
    log.info("account claimed", extra={"account": account.id})
    tables = await asyncio.to_thread(unfinished_tables, ctx.store, account.id)
    await _tell_tables(ctx, tables, account.id, claimed.name, claimed.kind)
    return account_view(claimed)


@router.post(
    "/sign-in", response_model=SessionView, responses=refusals(401, 403, 422, 429, 503, say=SAY)
)
async def sign_in(
    body: SignIn, ctx: Ctx, who: Who, request: Request, response: Response
) -> SessionView:
    """Sign this browser in with a username and password (the session it had, a guest's
    for one, ends). Failures are limited per account and per address."""
    account = await SignInThrottle(ctx).sign_in(request, body.username, body.password)
    if who.secret is not None:
        await asyncio.to_thread(close_session, ctx.store, digest(who.secret))
    log.info("signed in", extra={"account": account.id})
    return await _start_session(ctx, response, account)


@router.post("/sign-out", status_code=204, responses=refusals(401, 403, 503, say=SAY))
async def sign_out(ctx: Ctx, who: Who, response: Response) -> None:
    """Sign this browser out."""
    _, secret = who.need_browser()
    await asyncio.to_thread(close_session, ctx.store, digest(secret))
    clear_session_cookie(response, ctx.settings)


@router.post(
    "/sign-out-everywhere",
    response_model=SignedOutEverywhere,
    responses=refusals(401, 403, 503, say=SAY),
)
async def sign_out_everywhere(ctx: Ctx, who: Who, response: Response) -> SignedOutEverywhere:
    """End every session of the account, this browser's too (API tokens stay: revoke them
    one by one)."""
    account, _ = who.need_browser()
    ended = await asyncio.to_thread(close_sessions, ctx.store, account.id)
    clear_session_cookie(response, ctx.settings)
    log.info("signed out everywhere", extra={"account": account.id, "sessions": ended})
    return SignedOutEverywhere(sessions_ended=ended)


@router.delete("", status_code=204, responses=refusals(401, 403, 503, say=SAY))
async def delete_my_account(ctx: Ctx, who: Who, response: Response) -> None:
    """Delete the account: its sessions and API tokens end; its matches stay, where its name
    shows as a deleted player."""
    account, _ = who.need_browser()
    unfinished = await asyncio.to_thread(delete_account, ctx.store, account.id)
    held = await ctx.quick.find_live(account.id)
    if held is not None:  # a deleted account is seated nowhere new
        with contextlib.suppress(Refusal):
            await ctx.quick.cancel(held.id, account.id)
    clear_session_cookie(response, ctx.settings)
    log.info("account deleted", extra={"account": account.id})
    await _tell_tables(ctx, unfinished, account.id, DELETED_NAME, "deleted")


async def _tell_tables(
    ctx: ServerContext, table_ids: list[str], account_id: int, name: str, kind: str
) -> None:
    """Show an account's new name (or its deletion) at the unfinished tables where it holds
    seats, through each table's owner; tables loaded later read it from the store."""
    change = {"account_id": account_id, "name": name, "kind": kind}
    for table_id in table_ids[:100]:
        with contextlib.suppress(Exception):  # a table moving or gone: it reloads from the store
            await ctx.nodes.call(table_id, "account_changed", change)


# API tokens ---------------------------------------------------------------------------------------


@router.get(
    "/tokens", response_model=list[ApiTokenView], responses=refusals(401, 403, 503, say=SAY)
)
async def list_tokens(ctx: Ctx, who: Who) -> list[ApiTokenView]:
    """The account's API tokens (their labels; a token itself is shown only once)."""
    account, _ = who.need_browser()
    tokens = await asyncio.to_thread(api_tokens, ctx.store, account.id)
    return [ApiTokenView(id=t.id, label=t.label, created_at=t.created_at) for t in tokens]


@router.post(
    "/tokens",
    status_code=201,
    response_model=ApiTokenCreated,
    responses=refusals(401, 403, 409, 422, 503, say=SAY),
)
async def create_token(body: NewApiToken, ctx: Ctx, who: Who) -> ApiTokenCreated:
    """A new API token for a program to play as this account (shown as a bot). The answer is
    the only time the token is shown: the server keeps its digest."""
    account, _ = who.need_browser()
    label = " ".join(body.label.split())
    if not label:
        raise InvalidAccount(reason="token_label")
    existing = await asyncio.to_thread(api_tokens, ctx.store, account.id)
    if len(existing) >= MAX_API_TOKENS:
        raise Refusal(code="too_many_api_tokens", most=MAX_API_TOKENS)
    token = new_api_token()
    made = await asyncio.to_thread(add_api_token, ctx.store, account.id, digest(token), label)
    log.info("api token created", extra={"account": account.id, "api_token": made.id})
    return ApiTokenCreated(id=made.id, label=made.label, created_at=made.created_at, token=token)


@router.delete(
    "/tokens/{token_id}", status_code=204, responses=refusals(401, 403, 404, 422, 503, say=SAY)
)
async def revoke_token(token_id: Annotated[int, Path(ge=1, le=2**62)], ctx: Ctx, who: Who) -> None:
    """Revoke an API token: it stops working at once."""
    account, _ = who.need_browser()
    if not await asyncio.to_thread(revoke_api_token, ctx.store, account.id, token_id):
        raise UnknownToken()
    log.info("api token revoked", extra={"account": account.id, "api_token": token_id})
