"""Browser tests of the web page: Playwright drives Debian's chromium (headless) against a real
server on 127.0.0.1 (a subprocess with a temporary SQLite database and strategy cache)."""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))
from server_process import ServerProcess  # the server tests' real-server helper

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's chromium, headless, quiet: Playwright cannot download its own browsers here."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make install-test` (it installs chromium)")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ],
    }


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The server the page talks to: computer players move at once, tables are kept."""
    root = tmp_path_factory.mktemp("web")
    process = ServerProcess(
        f"sqlite:///{root / 'fivedice.db'}",
        root / "server.log",
        FIVEDICE_CACHE_DIR=str(root / "cache"),
        FIVEDICE_LOG_FORMAT="text",
    )
    process.start()
    yield process
    code = process.stop()
    assert code in (0, -signal.SIGTERM), process.log()[-3000:]


@pytest.fixture(scope="session")
def base_url(web_server: ServerProcess) -> str:
    """Pages open relative to the test server."""
    return web_server.base_url


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where the screenshots go (test-artifacts/web, ignored by git)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def open_page(new_context: Callable[..., BrowserContext]) -> Iterator[Callable[..., Page]]:
    """Open a page in a fresh browser context (its own storage: another person); the test fails
    if any page throws an uncaught error."""
    errors: list[str] = []

    def open_one(viewport: dict[str, int] | None = None, touch: bool = False) -> Page:
        size = viewport or {"width": 1280, "height": 800}
        context = new_context(viewport=size, has_touch=touch, is_mobile=touch)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(f"{page.url}: {error}"))
        return page

    yield open_one
    assert not errors, errors
