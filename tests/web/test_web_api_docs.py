"""``/docs`` in a browser that may reach no other host: Swagger UI still draws the API (the
rules route among it), every request it makes goes to this server."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Page, Route, expect
from web_driver import DESKTOP


def test_docs_render_with_no_other_host(
    open_page: Callable[..., Page], base_url: str, artifacts: Path
) -> None:
    page = open_page(DESKTOP)
    home = urlsplit(base_url).netloc
    elsewhere: list[str] = []

    def only_here(route: Route) -> None:
        if urlsplit(route.request.url).netloc == home:
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    page.route("**/*", only_here)
    page.goto("/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("fivedice")
    expect(
        page.locator(".opblock-summary-path[data-path='/api/rules/{preset_name}']")
    ).to_be_visible()
    page.screenshot(path=str(artifacts / "api-docs-desktop.png"))
    assert elsewhere == []
