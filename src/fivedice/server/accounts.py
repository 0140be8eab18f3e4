"""Accounts on the server: the secrets it makes (session cookies, CSRF tokens, API tokens) and
the digests it keeps of them, password hashing, the rules for usernames and passwords, the
sign-in throttle, and who is asking (:func:`who_asks`, a FastAPI dependency).

A request speaks for an account by its session cookie (a browser) or by
``Authorization: Bearer <API token>`` (a program). A write that carries a live session cookie
must also carry the session's CSRF token in ``X-CSRF-Token``: a page on another site can make
the browser send the cookie, but cannot read the token. The CSRF token is derived from the
session secret (a SHA-256 under its own prefix), so it is never stored and tells nothing of
the secret. Argon2 is slow on purpose: hashing and checking run in a thread.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import logging
import re
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Annotated

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import Depends, Request, Response

from fivedice.store.accounts import (
    Account,
    SeatOwner,
    clear_failures,
    credentials,
    note_failure,
    session_account,
    token_account,
)
from fivedice.store.models import utcnow

from .context import Ctx, ServerContext
from .errors import (
    BrowserOnly,
    CsrfFailed,
    InvalidAccount,
    RateLimited,
    SignedOut,
    WrongCredentials,
)
from .ratelimit import connection_address
from .settings import Settings

log = logging.getLogger("fivedice.server.accounts")

SECURE_COOKIE = "__Host-fivedice_session"  # the prefix makes browsers insist on Secure, Path=/
PLAIN_COOKIE = "fivedice_session"  # FIVEDICE_SECURE_COOKIES=0: a plain-http deployment
CSRF_HEADER = "X-CSRF-Token"
API_TOKEN_PREFIX = "fdk_"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
MAX_SECRET_LENGTH = 128  # longer cookies and tokens are not ours: nothing to look up
USERNAME_LENGTH = (3, 24)
PASSWORD_LENGTH = (8, 256)
# Names people could take for a guest's or a deleted account's: "Guest 1042", "deleted player".
_RESERVED = re.compile(r"^(guest([ ._-]*\d.*)?|deleted[ ._-]*player.*)$")
_USERNAME = re.compile(r"^[^\W_](?:[\w.\- ]*[^\W_])?$")

HASHER = PasswordHasher()


# Secrets and digests ----------------------------------------------------------------------------


def new_secret() -> str:
    """A session secret: 256 random bits, URL-safe (the cookie's value)."""
    return secrets.token_urlsafe(32)


def new_api_token() -> str:
    """An API token: 256 random bits with a prefix that says what it is (shown once)."""
    return API_TOKEN_PREFIX + secrets.token_urlsafe(32)


def digest(secret: str) -> str:
    """What the store keeps of a session secret or API token: its SHA-256, hex."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def csrf_token(secret: str) -> str:
    """The CSRF token of a session: derived from its secret, so nothing more is stored."""
    mac = hashlib.sha256(b"fivedice-csrf\0" + secret.encode("utf-8", "surrogatepass")).digest()
    return base64.urlsafe_b64encode(mac).decode().rstrip("=")


def cookie_name(settings: Settings) -> str:
    """The session cookie's name: ``__Host-`` prefixed when it is Secure."""
    return SECURE_COOKIE if settings.secure_cookies else PLAIN_COOKIE


def set_session_cookie(response: Response, settings: Settings, secret: str) -> None:
    """Hand the browser its session: HttpOnly (no script reads it), SameSite=Lax (not sent
    with another site's writes), Secure unless the deployment turned that off."""
    response.set_cookie(
        cookie_name(settings),
        secret,
        max_age=int(settings.session_days * 86400),
        path="/",
        secure=settings.secure_cookies,
        httponly=True,
        samesite="lax",
    )


def clear_session_cookie(response: Response, settings: Settings) -> None:
    """Tell the browser to forget its session cookie."""
    response.delete_cookie(
        cookie_name(settings),
        path="/",
        secure=settings.secure_cookies,
        httponly=True,
        samesite="lax",
    )


# Passwords and usernames ------------------------------------------------------------------------


async def hash_password(password: str) -> str:
    """The argon2id hash of a password (in a thread: it takes tens of milliseconds)."""
    return await asyncio.to_thread(HASHER.hash, password)


async def password_matches(password_hash: str, password: str) -> bool:
    """Whether `password` is the one hashed (in a thread)."""

    def verify() -> bool:
        try:
            return HASHER.verify(password_hash, password)
        except (VerificationError, InvalidHashError):
            return False

    return await asyncio.to_thread(verify)


_DECOY: str | None = None


async def decoy_check(password: str) -> None:
    """Spend what a real check spends, for a username that has no account, so the answer's
    time does not tell which usernames exist."""
    global _DECOY
    if _DECOY is None:
        _DECOY = await hash_password(secrets.token_urlsafe(16))
    await password_matches(_DECOY, password)


def username_key(username: str) -> str:
    """The form usernames are compared in: NFKC, case-folded (so "Ann" and "ANN" are one)."""
    return unicodedata.normalize("NFKC", username).casefold()


def check_username(username: str) -> str:
    """A username as kept (NFKC, spaces trimmed), or the refusal that names the broken rule:
    3 to 24 characters, letters and digits with inner spaces, dots, dashes or underscores."""
    name = " ".join(unicodedata.normalize("NFKC", username).split())
    low, high = USERNAME_LENGTH
    if not low <= len(name) <= high:
        raise InvalidAccount(reason="username_length", least=low, most=high)
    if not _USERNAME.match(name):
        raise InvalidAccount(reason="username_characters")
    key = username_key(name)
    if _RESERVED.match(key):
        raise InvalidAccount(reason="username_reserved")
    return name


def check_password(password: str) -> str:
    """A password the rules allow (8 to 256 characters), or the refusal that says why not."""
    low, high = PASSWORD_LENGTH
    if not low <= len(password) <= high:
        raise InvalidAccount(reason="password_length", least=low, most=high)
    return password


# The sign-in throttle ---------------------------------------------------------------------------


class SignInThrottle:
    """Failed sign-ins, counted per address on this node (a token bucket) and per account in
    the store (so every node sees the same count): past either limit, sign-ins are refused
    with 429 and ``Retry-After`` until the window has passed. Only failures count."""

    def __init__(self, ctx: ServerContext) -> None:
        self.ctx = ctx
        self.window = timedelta(seconds=ctx.settings.sign_in_window)
        self.limit = max(1, ctx.settings.sign_in_failures)

    def check_address(self, address: str) -> None:
        """Refuse an address that failed too often lately."""
        wait = self.ctx.limits.sign_ins.wait(address)
        if wait > 0:
            unit, count = _after(wait)
            raise RateLimited(reason=f"sign_ins_address_{unit}", count=count, retry_after=wait)

    def check_account(self, failures: int, since: datetime | None) -> None:
        """Refuse an account that failed too often within the window."""
        if failures < self.limit or since is None:
            return
        ends = since + self.window
        wait = (ends - utcnow()).total_seconds()
        if wait > 0:
            unit, count = _after(wait)
            raise RateLimited(reason=f"sign_ins_account_{unit}", count=count, retry_after=wait)

    async def failed(self, address: str, account_id: int | None) -> None:
        """Count a failure against the address and, when it names one, the account."""
        self.ctx.limits.sign_ins.take(address)
        if account_id is not None:
            await asyncio.to_thread(note_failure, self.ctx.store, account_id, self.window)

    async def sign_in(self, request: Request, username: str, password: str) -> Account:
        """The account these credentials open, or the refusal (wrong credentials, or throttled)."""
        address = connection_address(request, self.ctx.limits.proxies)
        self.check_address(address)
        found = await asyncio.to_thread(credentials, self.ctx.store, username_key(username))
        if found is None:
            await decoy_check(password)
            await self.failed(address, None)
            raise WrongCredentials()
        self.check_account(found.failures, found.failures_since)
        if not await password_matches(found.password_hash, password):
            await self.failed(address, found.account.id)
            log.info("sign-in failed", extra={"account": found.account.id})
            raise WrongCredentials()
        if found.failures:
            await asyncio.to_thread(clear_failures, self.ctx.store, found.account.id)
        return found.account


# Who is asking ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Asker:
    """Who sent a request: an account by its session (`secret`: the cookie's value) or by an
    API token, or nobody (an anonymous client: the terminal game, the CLI, a seat-token bot)."""

    account: Account | None = None
    secret: str | None = None  # the session secret, for a browser
    by_token: bool = False  # signed in by an API token: a program

    @property
    def owner(self) -> SeatOwner | None:
        """What a seat this asker takes records: its account, and whether it is a program."""
        if self.account is None:
            return None
        return SeatOwner(self.account.id, self.account.name, self.account.kind, self.by_token)

    def need_account(self) -> Account:
        """The account, or the refusal for a request that needs one."""
        if self.account is None:
            raise SignedOut(reason="sign_in")
        return self.account

    def need_browser(self) -> tuple[Account, str]:
        """The account and session secret of a signed-in browser (not a program's token)."""
        account = self.need_account()
        if self.secret is None:
            raise BrowserOnly()
        return account, self.secret


async def who_asks(request: Request, ctx: Ctx) -> Asker:
    """The account a request speaks for. A bearer token that is not a live API token is
    refused (401); a session cookie that is not live is ignored (an anonymous request); a
    write with a live cookie and no matching ``X-CSRF-Token`` is refused (403)."""
    authorization = request.headers.get("authorization")
    if authorization is not None:
        scheme, _, token = authorization.partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or not token or len(token) > MAX_SECRET_LENGTH:
            raise SignedOut(reason="authorization")
        account = await asyncio.to_thread(token_account, ctx.store, digest(token))
        if account is None:
            raise SignedOut(reason="api_token")
        return Asker(account, None, by_token=True)
    secret = request.cookies.get(cookie_name(ctx.settings))
    if not secret or len(secret) > MAX_SECRET_LENGTH:
        return Asker()
    account = await asyncio.to_thread(session_account, ctx.store, digest(secret))
    if account is None:
        return Asker()
    if request.method not in SAFE_METHODS:
        sent = request.headers.get(CSRF_HEADER, "")
        if not hmac.compare_digest(sent.encode("utf-8", "replace"), csrf_token(secret).encode()):
            raise CsrfFailed(header=CSRF_HEADER)
    return Asker(account, secret)


Who = Annotated[Asker, Depends(who_asks)]


def _after(seconds: float) -> tuple[str, int]:
    """When a throttled sign-in may try again, as a person counts it: seconds, or minutes."""
    if seconds < 90:
        return "seconds", max(1, round(seconds))
    return "minutes", round(seconds / 60)
