"""A real fivedice server inside the test process: uvicorn serving the app on 127.0.0.1 from a
background thread. For browser tests that change what the server serves between their checks
(the daily challenge's day, with ``fivedice.server.daily_day.fix_day``) without starting a
server process for each change."""

from __future__ import annotations

import asyncio
import socket
import threading
from dataclasses import replace
from typing import Any

import uvicorn

from fivedice.server.app import create_app
from fivedice.server.settings import Settings

# As long as ServerProcess waits for a server's first answer (see server_process.START_SECONDS).
START_SECONDS = 90.0


def settings_for_tests(database_url: str, **overrides: Any) -> Settings:
    """The settings ServerProcess gives its server: computer players move at once, no undo
    grace, every outgoing message checked, and the per-address limits out of the way (every
    test client comes from 127.0.0.1)."""
    settings = Settings(
        database_url=database_url,
        bot_delay=0.0,
        undo_grace=0.0,
        validate_outgoing=True,
        table_burst=1_000_000,
        sockets_per_address=1_000_000,
        guest_burst=1_000_000,
        address_sign_in_failures=1_000_000,
        log_format="text",
    )
    return replace(settings, **overrides)


class _Server(uvicorn.Server):
    """uvicorn's server, telling a waiting thread once it is up (or has given up)."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.up = threading.Event()

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        self.up.set()


class ServerThread:
    """The app of `settings` served on a port of its own until :meth:`stop`."""

    def __init__(self, settings: Settings) -> None:
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.port = int(self.listener.getsockname()[1])
        config = uvicorn.Config(
            create_app(settings),
            log_config=None,
            access_log=False,
            ws=settings.ws_impl,
            loop=settings.event_loop,
            ws_max_size=settings.max_frame_bytes,
            timeout_graceful_shutdown=10,
            proxy_headers=False,
        )
        self.server = _Server(config)
        self.failure: BaseException | None = None
        self.thread = threading.Thread(target=self._serve, name="fivedice-server", daemon=True)

    @property
    def base_url(self) -> str:
        """The HTTP address."""
        return f"http://127.0.0.1:{self.port}"

    def _serve(self) -> None:
        try:
            self.server.run(sockets=[self.listener])
        except BaseException as error:  # uvicorn exits (SystemExit) when its startup fails
            self.failure = error
        finally:
            self.server.up.set()

    def start(self, timeout: float = START_SECONDS) -> None:
        """Start serving and wait until the app has started (its lifespan's startup done)."""
        self.thread.start()
        if not self.server.up.wait(timeout) or not self.server.started:
            self.stop()
            raise RuntimeError(f"the server did not start: {self.failure!r}")

    def stop(self, timeout: float = 30.0) -> None:
        """Shut down gracefully (as on SIGTERM) and wait for the thread; raise if serving
        failed."""
        self.server.should_exit = True
        self.thread.join(timeout)
        self.listener.close()
        if self.thread.is_alive():
            raise RuntimeError("the server did not stop")
        if self.failure is not None and not isinstance(self.failure, asyncio.CancelledError):
            raise RuntimeError(f"the server failed: {self.failure!r}") from self.failure
