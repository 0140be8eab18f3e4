"""When a node sheds tables to even out the cluster, how many, and which first
(:mod:`fivedice.server.balance`)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from fivedice.server.balance import (
    REBALANCE_SLACK,
    SHED_AWAY_PER_SWEEP,
    SHED_PER_SWEEP,
    going_home,
    shed_count,
    shed_order,
)

LIVE = ("node1", "node2", "node3")


def test_tables_taken_from_a_dead_node_go_home_when_it_is_back() -> None:
    # node1 died; node2 took t1 and t2 from it, t3 from node3 (which stopped and came back).
    away = {"t1": "node1", "t2": "node1", "t3": "node3", "t4": "node4"}
    assert going_home(away, "node2", LIVE) == {"t1", "t2", "t3"}
    # While node1 stays dead its tables stay put: shed, they would land on another survivor.
    assert going_home(away, "node2", ("node2", "node3")) == {"t3"}
    # A node's own earlier life is not another node.
    assert going_home({"t1": "node2"}, "node2", LIVE) == set()


def test_tables_going_home_go_whatever_the_loads() -> None:
    # 200 tables: node1 died and came back with none; node2 took 40 of its tables.
    counts = {"node1": 40, "node2": 90, "node3": 70}
    assert shed_count("node2", 90, 40, counts, LIVE) == SHED_AWAY_PER_SWEEP
    assert shed_count("node2", 90, 5, counts, LIVE) == 5
    # node3 runs more than its share too, but none of its tables are going home, and it is
    # not far over: its tables are at home by hash.
    assert shed_count("node3", 70, 0, counts, LIVE) == 0
    assert shed_count("node1", 40, 0, counts, LIVE) == 0
    # 45 tables: the returned node got 13 of its 18 back from one survivor, and is nearly
    # even with the others; the other survivor's 5 go home all the same.
    counts = {"node1": 13, "node2": 20, "node3": 12}
    assert shed_count("node2", 20, 5, counts, LIVE) == 5


def test_nothing_else_moves_while_no_node_is_far_under_its_share() -> None:
    counts = {"node1": 60, "node2": 60, "node3": 80}
    assert shed_count("node3", 80, 0, counts, LIVE) == 0
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
    # In a small cluster the slack counts: 45 tables, 10 over and 10 under is not far.
    counts = {"node1": 5, "node2": 15, "node3": 25}
    assert shed_count("node3", 25, 0, counts, LIVE) == 0


def test_a_node_alone_or_with_dead_peers_sheds_only_tables_going_home() -> None:
    assert shed_count("node1", 500, 0, {}, {"node1"}) == 0
    # node2 is not live: its old count does not make a share
    assert shed_count("node1", 500, 0, {"node2": 0}, {"node1"}) == 0


@given(
    loads=st.lists(st.integers(0, 2000), min_size=1, max_size=8),
    home_again=st.integers(0, 2000),
    who=st.integers(0, 7),
)
def test_shedding_is_bounded(loads: list[int], home_again: int, who: int) -> None:
    live = [f"n{i}" for i in range(len(loads))]
    node = live[who % len(live)]
    counts = dict(zip(live, loads, strict=True))
    home_again = min(home_again, counts[node])
    count = shed_count(node, counts[node], home_again, counts, live)
    fair = sum(loads) / len(loads)
    assert 0 <= count <= max(SHED_AWAY_PER_SWEEP, SHED_PER_SWEEP)
    if home_again:
        assert count == min(home_again, SHED_AWAY_PER_SWEEP)  # only those, all in time
    elif count:
        assert count <= SHED_PER_SWEEP
        assert counts[node] - count >= fair  # it gives only what it has over the share
        assert min(loads) + count <= fair  # and no more than the lightest lacks
        assert counts[node] > 1.25 * fair and min(loads) < 0.75 * fair
        assert counts[node] - fair > REBALANCE_SLACK and fair - min(loads) > REBALANCE_SLACK


def test_tables_taken_from_a_dead_node_are_shed_first() -> None:
    tables = [f"t{i}" for i in range(20)]
    away = ["t3", "t7", "t11"]
    chosen = shed_order(tables, away, 5)
    assert len(chosen) == 5 and len(set(chosen)) == 5
    assert set(chosen[:3]) == set(away)
    assert set(shed_order(tables, away, 2)) <= set(away)
    assert set(shed_order(tables, [], 20)) == set(tables)
