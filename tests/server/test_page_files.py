"""The page's files over HTTP: text over about 1 KB goes gzip-compressed to a client that
accepts it, and every file carries a Cache-Control header (scripts, styles and the page are
revalidated with their ETag, so an unchanged file costs a 304; images keep for a day)."""

from __future__ import annotations

import gzip

import httpx
import pytest


@pytest.mark.parametrize("path", ["/", "/js/table.js", "/css/fivedice.css"])
def test_text_is_compressed_and_revalidated(api: httpx.Client, path: str) -> None:
    response = api.get(path, headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    assert response.headers["content-encoding"] == "gzip"
    assert response.headers["cache-control"] == "no-cache"
    assert response.headers.get("etag")
    # httpx undoes the gzip: the body is whole, and the wire carried less than it.
    assert len(response.content) > 1000
    assert int(response.headers["content-length"]) < len(response.content)


def test_compressed_body_is_the_file(api: httpx.Client) -> None:
    plain = api.get("/js/table.js", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    with api.stream("GET", "/js/table.js", headers={"Accept-Encoding": "gzip"}) as response:
        raw = b"".join(response.iter_raw())
    assert gzip.decompress(raw) == plain.content
    assert len(raw) < len(plain.content) / 2


def test_unchanged_file_is_not_sent_again(api: httpx.Client) -> None:
    first = api.get("/js/main.js")
    again = api.get("/js/main.js", headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304
    assert again.content == b""


def test_images_keep_for_a_day(api: httpx.Client) -> None:
    response = api.get("/img/favicon.svg")
    assert response.status_code == 200
    assert response.headers["cache-control"] == "public, max-age=86400"


def test_small_json_is_sent_plain(api: httpx.Client) -> None:
    response = api.get("/healthz", headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    assert "content-encoding" not in response.headers
