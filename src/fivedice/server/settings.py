"""The server's settings, read in one place from the command line and the environment.

Every setting has an environment variable (``FIVEDICE_*``) so a deployment configures the
server without code; ``fivedice serve --host/--port`` override the address.
"""

from __future__ import annotations

import importlib.util
import math
import os
import re
import socket
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path

from fivedice.store import DATABASE_URL_ENV
from fivedice.strategy.seats import UNDO_GRACE

from .setting_checks import shown

EVENT_LOOPS = ("asyncio", "uvloop")  # FIVEDICE_EVENT_LOOP: uvloop costs ~5% less CPU a move
NODE_NAME = re.compile(r"[A-Za-z0-9._:-]{1,255}")  # what FIVEDICE_NODE_ID may be
MAX_UNDO_GRACE = 60.0  # a computer never stands still longer than this for an undo


class SettingError(ValueError):
    """A ``FIVEDICE_*`` variable that cannot be read; the message names it and what it takes."""


def _env_float(name: str, default: float) -> float:
    value = os.environ.get(name)
    if value in (None, ""):
        return default
    try:
        number = float(value)
    except ValueError:
        number = math.nan
    if not math.isfinite(number):  # nan and inf would pass every range check or none
        raise SettingError(f"{name} must be a number (such as {default:g}), not {shown(value)}")
    return number


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    if value in (None, ""):
        return default
    try:
        return int(value)
    except ValueError:
        raise SettingError(
            f"{name} must be a whole number (such as {default}), not {shown(value)}"
        ) from None


def _env_date(name: str) -> date | None:
    value = os.environ.get(name)
    if value in (None, ""):
        return None
    try:
        return date.fromisoformat(value.strip())
    except ValueError:
        raise SettingError(f"{name} must be a date as YYYY-MM-DD, not {shown(value)}") from None


_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


def _env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value in (None, ""):
        return default
    word = value.strip().lower()
    if word not in _TRUE + _FALSE:  # a typo must not quietly turn a setting (Secure cookies) off
        raise SettingError(
            f"{name} must be 1 or 0 (true/false, yes/no, on/off), not {shown(value)}"
        )
    return word in _TRUE


def default_web_dir() -> Path:
    """The browser page's files: the ``fivedice/web`` package directory."""
    return Path(__file__).resolve().parent.parent / "web"


@dataclass(frozen=True)
class Settings:
    """Everything the server can be told. Build with :meth:`from_env`."""

    host: str = "127.0.0.1"
    port: int = 8000
    database_url: str | None = None  # None: the store's default (SQLite in the user data dir)
    # Messages and abuse
    max_message_bytes: int = 8192  # larger text frames get an error; the socket stays open
    max_frame_bytes: int = 1 << 20  # larger frames close the socket (code 1009)
    messages_per_second: float = 50.0  # every message type, per connection
    message_burst: int = 200
    chat_per_second: float = 0.5  # chat lines per connection, refilled continuously
    chat_burst: int = 5
    chat_lines_shown: int = 50  # chat lines in each table view (the log keeps all)
    send_queue_limit: int = 512  # a client this far behind is dropped (it reconnects)
    hello_timeout: float = 30.0
    # Limits per client address (the peer's, or X-Forwarded-For from a trusted proxy), per node
    tables_per_minute: float = 4.0  # tables one address may open, after its burst
    table_burst: int = 10
    addresses_tracked: int = 10000  # creation budgets kept (least recently seen forgotten)
    sockets_per_address: int = 32  # open play sockets per address; beyond: closed with 4429
    trusted_proxies: str = ""  # comma-separated addresses/networks whose X-Forwarded-For counts
    # Accounts
    secure_cookies: bool = True  # the session cookie is Secure (off only for plain-http hosts)
    session_days: float = 30.0  # a browser stays signed in this long
    # Guest accounts one address may open, after its burst: one address may be a whole office
    # or school behind one router, so it is generous; each costs one row.
    guests_per_minute: float = 10.0
    guest_burst: int = 60
    sign_in_failures: int = 5  # failed sign-ins per account within sign_in_window ...
    sign_in_window: float = 900.0  # ... before its sign-ins are refused until the window ends
    address_sign_in_failures: int = 20  # failed sign-ins per address, refilled over the window
    # Quick match ("Play now")
    quick_match_wait: float = 30.0  # seconds in the queue before a computer is offered
    quick_matches_per_minute: float = 10.0  # tickets (and computer tables) per address ...
    quick_match_burst: int = 20  # ... after this burst
    # Presence (who is connected or watching) is broadcast at most once per this many seconds
    presence_interval: float = 0.5
    spectators_listed: int = 20  # spectator names in a table view (the count is always there)
    # The daily challenge
    daily_date: date | None = None  # serve this day's challenge always (demos, tests); None: UTC
    # Play
    bot_delay: float = 0.6  # seconds a computer player waits before each move
    # Seconds a computer who would move next also waits while the person who just scored may
    # still undo (its first roll would end their undo window); 0: no wait
    undo_grace: float = UNDO_GRACE
    finished_table_ttl: float = 600.0  # finished tables stay in memory this long
    host_away_seconds: float = 15.0  # a host away this long passes the role to a person here
    waiting_table_ttl: float = 600.0  # a table not started, nobody there this long, closes
    # Several nodes (all None/defaults: one node, the in-process bus)
    redis_url: str | None = None  # Redis between the nodes; None: a single node
    node_id: str = ""  # this node's name in the cluster ("": host name and port)
    lease_seconds: float = 5.0  # a table's owner must renew its lease within this time
    forward_timeout: float = 5.0  # seconds a node waits for a table's owner to answer
    idle_table_ttl: float = 3600.0  # an unfinished table nobody touched this long leaves memory
    # Operations
    log_format: str = "json"  # json | text
    log_level: str = "INFO"
    echo_endpoint: bool = False  # /ws/echo, the load benchmark's ceiling
    validate_outgoing: bool = False  # check every server message against the protocol models
    web_dir: Path = field(default_factory=default_web_dir)
    ws_impl: str = "auto"  # uvicorn's WebSocket implementation
    # The event loop: asyncio's accepts every waiting connection at each turn of a busy
    # loop; uvloop's (libuv since 1.45) one per turn, so after a node's death its players'
    # hundreds of reconnects queued for seconds on the busy survivors (see EVENT_LOOPS).
    event_loop: str = "asyncio"
    switch_interval: float = 0.0005  # seconds a thread holds the GIL before offering it
    inline_commit: bool | None = None  # commit on the event loop (default: for SQLite only)
    # The cyclic garbage collector's thresholds ("" keeps Python's 700,10,10, which spent ~10%
    # of the server's CPU under load, most of it in full collections of every live table).
    gc_thresholds: str = "20000,50,1000"

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        """Settings from ``FIVEDICE_*`` variables, then `overrides` (None values ignored).

        Raises :class:`SettingError` for a number that is not one."""
        base = cls(
            host=os.environ.get("FIVEDICE_HOST", cls.host),
            port=_env_int("FIVEDICE_PORT", cls.port),
            database_url=os.environ.get(DATABASE_URL_ENV) or None,
            max_message_bytes=_env_int("FIVEDICE_MAX_MESSAGE_BYTES", cls.max_message_bytes),
            max_frame_bytes=_env_int("FIVEDICE_MAX_FRAME_BYTES", cls.max_frame_bytes),
            messages_per_second=_env_float("FIVEDICE_MESSAGES_PER_SECOND", cls.messages_per_second),
            message_burst=_env_int("FIVEDICE_MESSAGE_BURST", cls.message_burst),
            chat_per_second=_env_float("FIVEDICE_CHAT_PER_SECOND", cls.chat_per_second),
            chat_burst=_env_int("FIVEDICE_CHAT_BURST", cls.chat_burst),
            chat_lines_shown=_env_int("FIVEDICE_CHAT_LINES_SHOWN", cls.chat_lines_shown),
            send_queue_limit=_env_int("FIVEDICE_SEND_QUEUE_LIMIT", cls.send_queue_limit),
            hello_timeout=_env_float("FIVEDICE_HELLO_TIMEOUT", cls.hello_timeout),
            tables_per_minute=_env_float("FIVEDICE_TABLES_PER_MINUTE", cls.tables_per_minute),
            table_burst=_env_int("FIVEDICE_TABLE_BURST", cls.table_burst),
            addresses_tracked=_env_int("FIVEDICE_ADDRESSES_TRACKED", cls.addresses_tracked),
            sockets_per_address=_env_int("FIVEDICE_SOCKETS_PER_ADDRESS", cls.sockets_per_address),
            trusted_proxies=os.environ.get("FIVEDICE_TRUSTED_PROXIES", cls.trusted_proxies),
            secure_cookies=_env_bool("FIVEDICE_SECURE_COOKIES", cls.secure_cookies),
            session_days=_env_float("FIVEDICE_SESSION_DAYS", cls.session_days),
            guests_per_minute=_env_float("FIVEDICE_GUESTS_PER_MINUTE", cls.guests_per_minute),
            guest_burst=_env_int("FIVEDICE_GUEST_BURST", cls.guest_burst),
            sign_in_failures=_env_int("FIVEDICE_SIGN_IN_FAILURES", cls.sign_in_failures),
            sign_in_window=_env_float("FIVEDICE_SIGN_IN_WINDOW", cls.sign_in_window),
            address_sign_in_failures=_env_int(
                "FIVEDICE_ADDRESS_SIGN_IN_FAILURES", cls.address_sign_in_failures
            ),
            quick_match_wait=_env_float("FIVEDICE_QUICK_MATCH_WAIT", cls.quick_match_wait),
            quick_matches_per_minute=_env_float(
                "FIVEDICE_QUICK_MATCHES_PER_MINUTE", cls.quick_matches_per_minute
            ),
            quick_match_burst=_env_int("FIVEDICE_QUICK_MATCH_BURST", cls.quick_match_burst),
            presence_interval=_env_float("FIVEDICE_PRESENCE_INTERVAL", cls.presence_interval),
            spectators_listed=_env_int("FIVEDICE_SPECTATORS_LISTED", cls.spectators_listed),
            daily_date=_env_date("FIVEDICE_DAILY_DATE"),
            bot_delay=_env_float("FIVEDICE_BOT_DELAY", cls.bot_delay),
            undo_grace=_env_float("FIVEDICE_UNDO_GRACE", cls.undo_grace),
            finished_table_ttl=_env_float("FIVEDICE_FINISHED_TABLE_TTL", cls.finished_table_ttl),
            host_away_seconds=_env_float("FIVEDICE_HOST_AWAY_SECONDS", cls.host_away_seconds),
            waiting_table_ttl=_env_float("FIVEDICE_WAITING_TABLE_TTL", cls.waiting_table_ttl),
            redis_url=os.environ.get("FIVEDICE_REDIS_URL") or None,
            node_id=os.environ.get("FIVEDICE_NODE_ID", cls.node_id),
            lease_seconds=_env_float("FIVEDICE_LEASE_SECONDS", cls.lease_seconds),
            forward_timeout=_env_float("FIVEDICE_FORWARD_TIMEOUT", cls.forward_timeout),
            idle_table_ttl=_env_float("FIVEDICE_IDLE_TABLE_TTL", cls.idle_table_ttl),
            log_format=os.environ.get("FIVEDICE_LOG_FORMAT", cls.log_format),
            log_level=os.environ.get("FIVEDICE_LOG_LEVEL", cls.log_level),
            echo_endpoint=_env_bool("FIVEDICE_ECHO_ENDPOINT", cls.echo_endpoint),
            validate_outgoing=_env_bool("FIVEDICE_VALIDATE_OUTGOING", cls.validate_outgoing),
            web_dir=Path(os.environ.get("FIVEDICE_WEB_DIR") or default_web_dir()),
            ws_impl=os.environ.get("FIVEDICE_WS_IMPL", cls.ws_impl),
            event_loop=os.environ.get("FIVEDICE_EVENT_LOOP", cls.event_loop),
            switch_interval=_env_float("FIVEDICE_SWITCH_INTERVAL", cls.switch_interval),
            gc_thresholds=os.environ.get("FIVEDICE_GC_THRESHOLDS", cls.gc_thresholds),
            inline_commit=(
                _env_bool("FIVEDICE_INLINE_COMMIT", False)
                if os.environ.get("FIVEDICE_INLINE_COMMIT")
                else None
            ),
        )
        given = {k: v for k, v in overrides.items() if v is not None}
        return replace(base, **given)  # type: ignore[arg-type]

    @property
    def node(self) -> str:
        """This node's name: ``FIVEDICE_NODE_ID``, else the host name and port."""
        return self.node_id or f"{socket.gethostname()}:{self.port}"

    @property
    def clustered(self) -> bool:
        """Whether this node shares its tables with others (through Redis)."""
        return self.redis_url is not None

    def problem(self) -> str | None:
        """What makes these settings unusable, in one line (None: nothing)."""
        from fivedice.store import database_url

        from .ratelimit import parse_networks
        from .setting_checks import operations_problem

        if not 1 <= self.port <= 65535:  # the OS would quietly take it modulo 65536
            return f"A port is 1 to 65535, not {self.port}"
        url = database_url(self.database_url)
        if self.clustered and url.startswith("sqlite"):
            return (
                "FIVEDICE_REDIS_URL is set, but several nodes share PostgreSQL, not SQLite: "
                "set FIVEDICE_DATABASE_URL=postgresql+psycopg://... "
                "(or unset the Redis URL for one node)"
            )
        if url.startswith("postgresql") and importlib.util.find_spec("psycopg") is None:
            return (
                "FIVEDICE_DATABASE_URL names PostgreSQL, but its driver is not installed: "
                "pip install 'fivedice[postgres]'"
            )
        if self.clustered and importlib.util.find_spec("redis") is None:
            return (
                "FIVEDICE_REDIS_URL is set, but Redis support is not installed: "
                "pip install 'fivedice[cluster]'"
            )
        try:
            parse_networks(self.trusted_proxies)
        except ValueError as exc:
            return f"FIVEDICE_TRUSTED_PROXIES: {exc}"
        if not 0 <= self.undo_grace <= MAX_UNDO_GRACE:  # nan fails too
            return f"FIVEDICE_UNDO_GRACE must be between 0 and {MAX_UNDO_GRACE:g} seconds"
        if self.clustered and not 0.5 <= self.lease_seconds <= 600:
            return "FIVEDICE_LEASE_SECONDS must be between 0.5 and 600"
        if self.event_loop not in EVENT_LOOPS:
            return f"FIVEDICE_EVENT_LOOP must be one of {', '.join(EVENT_LOOPS)}"
        if self.event_loop == "uvloop" and importlib.util.find_spec("uvloop") is None:
            return "FIVEDICE_EVENT_LOOP is uvloop, but uvloop is not installed: pip install uvloop"
        if self.clustered and not NODE_NAME.fullmatch(self.node):
            # The name goes into Redis keys and, before a space, into each lease's value.
            return (
                f"FIVEDICE_NODE_ID {self.node!r}: a node's name is 1 to 255 letters, digits "
                "and . _ : - (no spaces)"
            )
        return operations_problem(self)

    @property
    def address(self) -> str:
        """The address to open in a browser."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"
