"""Refusing a second live process under a node's name: two processes with one
``FIVEDICE_NODE_ID`` would take each other's tables back and forth (their players reconnecting
every second or two), so the second one does not start.

A name is in use while its liveness key is set *and* its inbox has a subscriber. A node that
crashed leaves its liveness key behind for up to a lease time, but its inbox has no subscriber
from the moment its process died: started again under its name, it starts at once and resumes
its tables.
"""

from __future__ import annotations

from .leases import node_key
from .notes import inbox, listeners


def name_in_use(redis_url: str, node: str) -> bool | None:
    """Whether another live process runs as `node` now; None if Redis could not be asked
    (the server's own start reports that)."""
    import redis

    client = redis.Redis.from_url(redis_url, socket_connect_timeout=2.0, socket_timeout=2.0)
    try:
        alive = client.exists(node_key(node))
        numsub = client.pubsub_numsub(inbox(node))
    except (redis.RedisError, OSError, ValueError):
        return None
    finally:
        client.close()
    return bool(alive) and listeners(numsub, node) > 0


def refusal(redis_url: str | None, node: str) -> str | None:
    """The one line that refuses to start a second live process named `node`, or None."""
    if redis_url is None or not name_in_use(redis_url, node):
        return None
    return (
        f"node {node} is already running in this cluster (FIVEDICE_NODE_ID must be unique "
        "among live nodes): stop it, or give this one another name"
    )
