"""Running the server under uvicorn: what ``fivedice serve`` and ``python -m fivedice.server``
both do."""

from __future__ import annotations

import gc
import sys
from urllib.parse import urlsplit

from fivedice.store import display_url

from .app import create_app
from .logs import configure_logging
from .preflight import startup_problem
from .settings import SettingError, Settings


def describe(settings: Settings) -> str:
    """The lines printed at startup: the address to open, and the database (no password)."""
    url = display_url(settings.database_url)
    lines = (
        f"fivedice server: open {settings.address}  (API docs: {settings.address}docs)\n"
        f"database: {url}"
    )
    if settings.redis_url is not None:
        redis = urlsplit(settings.redis_url)  # no password printed
        where = f"{redis.hostname or '127.0.0.1'}:{redis.port or 6379}"
        lines += f"\nnode {settings.node} of a cluster, Redis at {where}"
    return lines


def raise_open_file_limit() -> None:
    """Allow as many open sockets as the system lets this process have (each client is one)."""
    try:
        import resource
    except ImportError:  # not on this platform
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        target = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def tune_gc(thresholds: str) -> None:
    """Collect cyclic garbage less often: a server allocates many short-lived objects per
    message (the young generation's collections are cheap however large), while a full
    collection walks every live table. The app's startup objects are frozen out of the
    collector once it is up (see ``app.lifespan``)."""
    if thresholds.strip():
        gc.set_threshold(*(int(part) for part in thresholds.split(",")))


def run(settings: Settings) -> None:
    """Serve until interrupted (SIGINT/SIGTERM shut down gracefully); the caller has checked
    :func:`.preflight.startup_problem`."""
    import uvicorn

    configure_logging(settings.log_format, settings.log_level)
    raise_open_file_limit()
    # The store writer thread must get the GIL back promptly when its commit is done, or
    # every move waits up to the default 5 ms switch interval (measured: +30% moves/s).
    sys.setswitchinterval(settings.switch_interval)
    tune_gc(settings.gc_thresholds)
    print(describe(settings), flush=True)
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_config=None,
        access_log=False,
        ws=settings.ws_impl,
        loop=settings.event_loop,
        ws_max_size=settings.max_frame_bytes,
        timeout_graceful_shutdown=10,
        # The client address is the server's own business (FIVEDICE_TRUSTED_PROXIES, in
        # ratelimit.py): uvicorn would otherwise take X-Forwarded-For from any local peer.
        proxy_headers=False,
    )


def main(argv: list[str] | None = None) -> None:
    """``python -m fivedice.server [--host H] [--port P]``."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m fivedice.server")
    parser.add_argument("--host")
    parser.add_argument("--port", type=int)
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    try:
        settings = Settings.from_env(host=args.host, port=args.port)
    except SettingError as exc:
        print(f"Error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    problem = startup_problem(settings)
    if problem is not None:
        print(f"Error: {problem}", file=sys.stderr)
        raise SystemExit(2)
    run(settings)
