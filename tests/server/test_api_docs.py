"""``/docs`` and ``/redoc`` load nothing from another host: their scripts, styles and icon come
from this server, so the API's pages work without the internet."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import httpx
import pytest

REFERENCE = re.compile(r"""(?:src|href)\s*=\s*["']([^"']+)["']|url\s*:\s*["']([^"']+)["']""")


@pytest.mark.parametrize("path", ["/docs", "/redoc"])
def test_the_api_pages_reference_no_other_host(api: httpx.Client, path: str) -> None:
    answer = api.get(path)
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html")
    html = answer.text
    assert not re.search(r"(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}", html, re.IGNORECASE), html
    references = [a or b for a, b in REFERENCE.findall(html)]
    assert len(references) >= 2, html  # the script and the icon at least
    for reference in references:
        assert not urlsplit(reference).netloc, reference
        served = api.get(reference)
        assert served.status_code == 200, reference
        assert len(served.content) > 0
    assert "/openapi.json" in references or "openapi.json" in html


def test_the_assets_are_what_the_pages_need(api: httpx.Client) -> None:
    script = api.get("/docs-assets/swagger-ui-bundle.js")
    assert script.status_code == 200 and "SwaggerUIBundle" in script.text
    assert "javascript" in script.headers["content-type"]
    assert api.get("/docs-assets/swagger-ui.css").headers["content-type"].startswith("text/css")
    assert api.get("/docs-assets/no-such-file.js").status_code == 404
