"""What the server needs from other services, tried once before it is announced: an
unreachable Redis is one line and exit 2, not a failed startup after "open http://..."."""

from __future__ import annotations

from urllib.parse import urlsplit

from .settings import Settings

CONNECT_SECONDS = 3.0  # long enough for a Redis on another host, short enough to wait for


def one_line(text: object) -> str:
    """A driver's message as one line: psycopg's and redis's may span several."""
    return "; ".join(line.strip() for line in str(text).splitlines() if line.strip())


def redis_where(url: str) -> str:
    """Redis's host and port (or socket path) from its URL, without the password."""
    parts = urlsplit(url)
    if parts.scheme == "unix":
        return parts.path
    return f"{parts.hostname or '127.0.0.1'}:{parts.port or 6379}"


def redis_problem(settings: Settings) -> str | None:
    """Why this node could not use its Redis (None: it answered, or there is none)."""
    if settings.redis_url is None:
        return None
    import redis
    from redis.exceptions import RedisError

    client = redis.Redis.from_url(
        settings.redis_url,
        socket_connect_timeout=CONNECT_SECONDS,
        socket_timeout=CONNECT_SECONDS,
    )
    try:
        client.ping()
    except (RedisError, OSError) as exc:
        return (
            f"Cannot reach Redis at {redis_where(settings.redis_url)} "
            f"(FIVEDICE_REDIS_URL): {one_line(exc) or type(exc).__name__}"
        )
    finally:
        client.close()
    return None


def startup_problem(settings: Settings) -> str | None:
    """Why this node must not start, in one line (None: it may): its settings, its Redis, a
    live process already under its name. Checked once, by whichever command starts it."""
    from .nodename import refusal

    return (
        settings.problem() or redis_problem(settings) or refusal(settings.redis_url, settings.node)
    )
