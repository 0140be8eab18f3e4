"""When a node sheds tables to even out the cluster, how many, and which first
(:mod:`fivedice.server.balance`)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from fivedice.server.balance import (
    REBALANCE_SLACK,
    SHED_AWAY_PER_SWEEP,
    SHED_PER_SWEEP,
    shed_count,
    shed_order,
)

LIVE = ("node1", "node2", "node3")


def test_tables_taken_from_a_dead_node_go_home_when_it_is_back() -> None:
    # 200 tables: node1 died and came back with none; node2 took 40 of its tables.
    counts = {"node1": 40, "node2": 90, "node3": 70}
    assert shed_count("node2", 90, 40, counts, LIVE) == SHED_AWAY_PER_SWEEP
    assert shed_count("node2", 90, 5, counts, LIVE) == 5
    # node3 runs more than its share too, but none of its tables came from the dead node,
    # and it is not far over: its tables are at home by hash.
    assert shed_count("node3", 70, 0, counts, LIVE) == 0
    assert shed_count("node1", 40, 0, counts, LIVE) == 0


def test_nothing_moves_while_no_node_is_clearly_under_its_share() -> None:
    # node3's away tables would come straight back: nobody is short of tables.
    counts = {"node1": 60, "node2": 60, "node3": 80}
    assert shed_count("node3", 80, 20, counts, LIVE) == 0
    counts = {"node1": 165, "node2": 170, "node3": 165}
    assert all(shed_count(n, counts[n], 0, counts, LIVE) == 0 for n in LIVE)


def test_a_node_far_over_its_share_sheds_a_few_at_a_time() -> None:
    # A new node joined: the two old ones hold everything (fair 100 each).
    counts = {"node1": 150, "node2": 150, "node3": 0}
    assert shed_count("node1", 150, 0, counts, LIVE) == SHED_PER_SWEEP
    # a quarter over the share, but nobody a quarter under it: the proxy's hash is uneven,
    # and tables shed would mostly come back
    counts = {"node1": 126, "node2": 96, "node3": 78}
    assert shed_count("node1", 126, 0, counts, LIVE) == 0


def test_in_a_small_cluster_a_few_tables_short_is_short() -> None:
    # 45 tables: the returned node got 8 of its 18 back from one survivor; the other still
    # holds the 10 it took (fair 15: 7 short is more than a fifth of the share).
    counts = {"node1": 8, "node2": 15, "node3": 22}
    assert shed_count("node3", 22, 10, counts, LIVE) == 10
    # The dead node has not come back: the two survivors are even, nothing moves.
    assert shed_count("node3", 23, 10, {"node2": 22}, ("node2", "node3")) == 0


def test_a_node_alone_or_with_dead_peers_sheds_nothing() -> None:
    assert shed_count("node1", 500, 100, {}, {"node1"}) == 0
    # node2 is not live: its old count does not make a share
    assert shed_count("node1", 500, 100, {"node2": 0}, {"node1"}) == 0


@given(
    loads=st.lists(st.integers(0, 2000), min_size=1, max_size=8),
    away=st.integers(0, 2000),
    who=st.integers(0, 7),
)
def test_shedding_is_bounded(loads: list[int], away: int, who: int) -> None:
    live = [f"n{i}" for i in range(len(loads))]
    node = live[who % len(live)]
    counts = dict(zip(live, loads, strict=True))
    away = min(away, counts[node])
    count = shed_count(node, counts[node], away, counts, live)
    fair = sum(loads) / len(loads)
    assert 0 <= count <= max(SHED_AWAY_PER_SWEEP, SHED_PER_SWEEP)
    if count:
        assert fair - min(loads) > min(REBALANCE_SLACK, 0.2 * fair)  # someone is short
        if away:
            assert count <= away  # only the tables taken from a dead node
        else:
            assert count <= SHED_PER_SWEEP
            assert counts[node] - count >= fair  # it gives only what it has over the share
            assert min(loads) + count <= fair  # and no more than the lightest lacks
            assert counts[node] > 1.25 * fair and min(loads) < 0.75 * fair


def test_tables_taken_from_a_dead_node_are_shed_first() -> None:
    tables = [f"t{i}" for i in range(20)]
    away = ["t3", "t7", "t11"]
    chosen = shed_order(tables, away, 5)
    assert len(chosen) == 5 and len(set(chosen)) == 5
    assert set(chosen[:3]) == set(away)
    assert set(shed_order(tables, away, 2)) <= set(away)
    assert set(shed_order(tables, [], 20)) == set(tables)
