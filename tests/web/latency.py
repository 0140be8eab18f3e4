"""A slow link for browser tests: a TCP proxy in front of the test server that holds every chunk
it carries, each way, for a fixed delay before passing it on (in order), as a network with that
one-way latency does. It carries the page, its REST calls and its WebSocket alike (Chromium's
network emulation does not slow WebSocket frames, so the delay is put on the wire instead)."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from types import TracebackType


class SlowLink:
    """``with SlowLink(port, delay) as link:`` serves ``link.url``, forwarding to
    127.0.0.1:`port` with `delay` seconds added each way."""

    def __init__(self, port: int, delay: float) -> None:
        self.target = port
        self.delay = delay
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._server: asyncio.Server | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> SlowLink:
        self._thread.start()
        self._server = asyncio.run_coroutine_threadsafe(self._listen(), self._loop).result(10)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        asyncio.run_coroutine_threadsafe(self._close(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()

    async def _listen(self) -> asyncio.Server:
        return await asyncio.start_server(self._carry, "127.0.0.1", 0)

    async def _close(self) -> None:
        assert self._server is not None
        self._server.close()
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _carry(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One connection: both ways at once, each chunk held for the delay."""
        try:
            far_reader, far_writer = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            writer.close()
            return
        await asyncio.gather(self._one_way(reader, far_writer), self._one_way(far_reader, writer))

    async def _one_way(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        loop = asyncio.get_running_loop()
        held: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def deliver() -> None:
            while True:
                due, chunk = await held.get()
                await asyncio.sleep(max(0.0, due - loop.time()))
                if not chunk:
                    break
                writer.write(chunk)
                await writer.drain()
            writer.close()

        delivering = asyncio.create_task(deliver())
        try:
            while chunk := await reader.read(65536):
                held.put_nowait((loop.time() + self.delay, chunk))
        except (ConnectionError, OSError):
            pass
        held.put_nowait((loop.time() + self.delay, b""))
        with contextlib.suppress(ConnectionError, OSError):
            await delivering
