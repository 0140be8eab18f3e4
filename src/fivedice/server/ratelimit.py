"""Rate limits: token buckets for a connection's messages and chat lines, the same buckets kept
per client address (table creation) in a bounded map, and the client address itself.

A public server sees every client by its address. The address is the peer's, unless the peer
is a trusted proxy (``FIVEDICE_TRUSTED_PROXIES``): then it is the last address of the
``X-Forwarded-For`` chain that is not itself a trusted proxy. IPv6 clients are counted by their
/64 network, since one host is given a whole /64.
"""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence

from starlette.requests import HTTPConnection

Clock = Callable[[], float]
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class TokenBucket:
    """Allows `burst` actions at once and `rate` per second after that."""

    def __init__(self, rate: float, burst: int, clock: Clock = time.monotonic) -> None:
        self.rate = rate
        self.burst = float(burst)
        self._clock = clock
        self._tokens = float(burst)
        self._stamp = clock()

    def _refill(self) -> float:
        now = self._clock()
        elapsed = max(0.0, now - self._stamp)
        self._tokens = min(self.burst, self._tokens + elapsed * self.rate)
        self._stamp = now
        return now

    def allow(self) -> bool:
        """Take one token if there is one."""
        self._refill()
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False

    def retry_after(self) -> float:
        """Seconds until a token is there (0 when one is there now; infinite at rate 0)."""
        self._refill()
        missing = 1.0 - self._tokens
        if missing <= 0:
            return 0.0
        return missing / self.rate if self.rate > 0 else float("inf")


class AddressLimiter:
    """One token bucket per client address, for at most `max_addresses` addresses: the least
    recently seen address is forgotten first (it starts afresh with a full burst if it comes
    back), so a client cycling through addresses cannot grow the server's memory."""

    def __init__(
        self, rate: float, burst: int, max_addresses: int, clock: Clock = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.max_addresses = max(1, max_addresses)
        self._clock = clock
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def __len__(self) -> int:
        return len(self._buckets)

    def wait(self, address: str) -> float:
        """Seconds until `address` may act again, taking nothing (0.0: it may now)."""
        bucket = self._buckets.get(address)
        return bucket.retry_after() if bucket is not None else 0.0

    def take(self, address: str) -> float:
        """Take one token for `address`: 0.0 when allowed, else the seconds to wait."""
        bucket = self._buckets.get(address)
        if bucket is None:
            bucket = TokenBucket(self.rate, self.burst, self._clock)
            self._buckets[address] = bucket
            while len(self._buckets) > self.max_addresses:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(address)
        if bucket.allow():
            return 0.0
        return max(bucket.retry_after(), 1e-3)


class ConnectionCounter:
    """Open connections per address, with a cap. Only addresses with a connection open are
    kept, so its size is bounded by the open sockets."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: dict[str, int] = {}

    def __len__(self) -> int:
        return len(self._open)

    def open(self, address: str) -> bool:
        """Count a new connection from `address`; False (nothing counted) over the limit."""
        n = self._open.get(address, 0)
        if n >= self.limit:
            return False
        self._open[address] = n + 1
        return True

    def close(self, address: str) -> None:
        """A connection counted by :meth:`open` ended."""
        n = self._open.get(address, 0) - 1
        if n > 0:
            self._open[address] = n
        else:
            self._open.pop(address, None)


def parse_networks(spec: str | Iterable[str]) -> tuple[Network, ...]:
    """Addresses and networks (``10.0.0.1``, ``10.0.0.0/8``, ``::1``), comma-separated or
    given one by one; raises ValueError for one that is neither."""
    items = spec.split(",") if isinstance(spec, str) else spec
    return tuple(ipaddress.ip_network(item.strip(), strict=False) for item in items if item.strip())


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:  # [v6]:port
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # v4:port
        text = text.split(":", 1)[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def _trusted(ip: ipaddress.IPv4Address | ipaddress.IPv6Address, proxies: Sequence[Network]) -> bool:
    return any(ip.version == net.version and ip in net for net in proxies)


def _key(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str:
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))
    return str(ip)


def client_address(
    peer: str | None, forwarded_for: Sequence[str], proxies: Sequence[Network]
) -> str:
    """The address a client is counted by: the peer, or, when the peer is a trusted proxy, the
    rightmost ``X-Forwarded-For`` entry that is not a trusted proxy (each proxy appends the
    address it received from; an entry a client wrote itself sits further left)."""
    ip = _ip(peer) if peer else None
    if ip is None:
        return peer or "unknown"
    if proxies and _trusted(ip, proxies):
        chain = [part for header in forwarded_for for part in header.split(",")]
        for entry in reversed(chain):
            hop = _ip(entry)
            if hop is None:
                break  # a garbled entry: trust nothing to the left of it
            ip = hop
            if not _trusted(hop, proxies):
                break
    return _key(ip)


def connection_address(connection: HTTPConnection, proxies: Sequence[Network]) -> str:
    """:func:`client_address` for a request or a socket."""
    peer = connection.client.host if connection.client is not None else None
    return client_address(peer, connection.headers.getlist("x-forwarded-for"), proxies)
