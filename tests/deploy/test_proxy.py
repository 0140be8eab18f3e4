"""The proxy's routing, with HAProxy in front of two small HTTP servers that say who they are:
each table's requests (socket and REST) always reach the same server, tables spread over
both, and a server that stops has its tables moved to the other within a few seconds."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest

from localcluster import Proxy


class Named(BaseHTTPRequestHandler):
    """Answers every GET with the server's name (and /healthz with 200)."""

    def do_GET(self) -> None:
        body = self.server.name.encode()  # type: ignore[attr-defined]
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        """Quiet."""


def serve(name: str) -> ThreadingHTTPServer:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Named)
    server.name = name  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture
def backends() -> Iterator[dict[str, ThreadingHTTPServer]]:
    servers = {name: serve(name) for name in ("a", "b")}
    yield servers
    for server in servers.values():
        server.shutdown()
        server.server_close()


def test_tables_stick_spread_and_move(
    tmp_path: Path, backends: dict[str, ThreadingHTTPServer]
) -> None:
    proxy = Proxy([(n, "127.0.0.1", s.server_address[1]) for n, s in backends.items()], tmp_path)
    proxy.start()
    try:
        with httpx.Client(base_url=proxy.base_url, timeout=5) as http:
            time.sleep(2.5)  # both servers pass their first health checks

            def where(table: str) -> set[str]:
                paths = [f"/ws/tables/{table}", f"/api/tables/{table}"]
                paths.append(f"/api/tables/{table}/seats")
                return {http.get(p).text for p in paths for _ in range(2)}

            tables = [f"{i:032x}" for i in range(40)]
            placed = {t: where(t) for t in tables}
            assert all(len(nodes) == 1 for nodes in placed.values())  # each sticks to one
            counts = {n: sum(p == {n} for p in placed.values()) for n in backends}
            assert min(counts.values()) >= 8, counts  # and they spread
            lobby = {http.get("/api/tables").text for _ in range(6)}
            assert lobby == {"a", "b"}  # the rest goes round-robin

            backends["a"].shutdown()
            backends["a"].server_close()
            moved_at = time.monotonic()
            on_a = [t for t, p in placed.items() if p == {"a"}]
            while True:
                try:
                    if all(where(t) == {"b"} for t in on_a):
                        break
                except httpx.HTTPError:
                    pass
                assert time.monotonic() - moved_at < 8, "a's tables did not move"
                time.sleep(0.2)
            assert all(where(t) == {"b"} for t, p in placed.items() if p == {"b"})  # b's stay
    finally:
        proxy.stop()
