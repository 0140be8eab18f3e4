"""The rate limiter's properties (hypothesis) and the client address behind proxies."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from fivedice.server.ratelimit import (
    AddressLimiter,
    ConnectionCounter,
    TokenBucket,
    client_address,
    parse_networks,
)


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


rates = st.floats(min_value=0.01, max_value=100.0)
bursts = st.integers(min_value=1, max_value=50)
gaps = st.lists(st.floats(min_value=0.0, max_value=5.0), max_size=200)


@given(rates, bursts, gaps)
def test_a_bucket_never_allows_more_than_its_burst_plus_its_rate(
    rate: float, burst: int, steps: list[float]
) -> None:
    clock = FakeClock()
    bucket = TokenBucket(rate, burst, clock)
    start = clock.now
    allowed = 0
    for gap in steps:
        clock.now += gap
        allowed += bucket.allow()
        assert allowed <= burst + (clock.now - start) * rate + 1e-9


@given(rates, bursts)
def test_a_full_bucket_allows_its_burst_at_once_then_says_when(rate: float, burst: int) -> None:
    clock = FakeClock()
    bucket = TokenBucket(rate, burst, clock)
    assert all(bucket.allow() for _ in range(burst))
    assert not bucket.allow()
    wait = bucket.retry_after()
    assert 0 < wait <= 1 / rate + 1e-9
    clock.now += wait * (1 + 1e-9) + 1e-9
    assert bucket.allow()


@given(st.lists(st.integers(min_value=0, max_value=10_000), max_size=500), st.integers(1, 50))
def test_the_address_map_is_bounded_and_forgets_the_least_recent(
    addresses: list[int], cap: int
) -> None:
    limiter = AddressLimiter(1.0, 2, cap, FakeClock())
    for a in addresses:
        limiter.take(f"10.0.{a // 256}.{a % 256}")
        assert len(limiter) <= cap
    if addresses:  # the last address used is remembered
        a = addresses[-1]
        assert f"10.0.{a // 256}.{a % 256}" in limiter._buckets


def test_one_address_is_refused_after_its_burst_and_others_are_not() -> None:
    clock = FakeClock()
    limiter = AddressLimiter(4 / 60, 10, 100, clock)
    assert [limiter.take("1.2.3.4") for _ in range(10)] == [0.0] * 10
    wait = limiter.take("1.2.3.4")
    assert math.isclose(wait, 15.0)
    assert limiter.take("5.6.7.8") == 0.0
    clock.now += 15.0
    assert limiter.take("1.2.3.4") == 0.0


@given(st.lists(st.tuples(st.sampled_from("abc"), st.booleans()), max_size=200))
def test_connection_counts_stay_within_the_limit(steps: list[tuple[str, bool]]) -> None:
    counter = ConnectionCounter(3)
    open_ = {"a": 0, "b": 0, "c": 0}
    for address, opening in steps:
        if opening:
            if counter.open(address):
                open_[address] += 1
        elif open_[address]:
            counter.close(address)
            open_[address] -= 1
        assert all(n <= 3 for n in open_.values())
        assert len(counter) == sum(1 for n in open_.values() if n)


def test_forwarded_for_counts_only_behind_a_trusted_proxy() -> None:
    proxies = parse_networks("127.0.0.1, 10.0.0.0/8")
    chain = ["198.51.100.7, 203.0.113.9"]
    assert client_address("203.0.113.1", chain, proxies) == "203.0.113.1"  # not a proxy
    assert client_address("127.0.0.1", chain, ()) == "127.0.0.1"  # nothing trusted
    assert client_address("127.0.0.1", chain, proxies) == "203.0.113.9"  # rightmost untrusted
    assert client_address("127.0.0.1", ["198.51.100.7, 10.1.2.3"], proxies) == "198.51.100.7"
    assert client_address("127.0.0.1", [], proxies) == "127.0.0.1"
    assert client_address("127.0.0.1", ["junk"], proxies) == "127.0.0.1"


def test_ipv6_clients_count_by_their_64_network() -> None:
    a = client_address("2001:db8:1:2::1", [], ())
    b = client_address("2001:db8:1:2:ffff::9", [], ())
    assert a == b == "2001:db8:1:2::/64"
    assert client_address("::ffff:192.0.2.1", [], ()) == "192.0.2.1"
