"""The browser page's files, served with cache headers: the page, its scripts and its styles
are revalidated on every load (``no-cache`` with the ETag StaticFiles sends, so an unchanged
file costs a 304 and a new release is seen at once: the scripts import each other by plain
relative names, so no version can ride in their URLs); images keep for a day."""

from __future__ import annotations

import os

from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

REVALIDATE = "no-cache"
IMAGES = "public, max-age=86400"
_IMAGE_SUFFIXES = (".svg", ".png", ".ico", ".webp", ".jpg")


def cache_control(path: str) -> str:
    """The Cache-Control header for one of the page's files, by its name."""
    return IMAGES if path.lower().endswith(_IMAGE_SUFFIXES) else REVALIDATE


class PageFiles(StaticFiles):
    """StaticFiles (ETag, Last-Modified, 304 on a match) plus a Cache-Control header."""

    def file_response(
        self,
        full_path: str | os.PathLike[str],
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers["Cache-Control"] = cache_control(os.fspath(full_path))
        return response


__all__ = ["PageFiles", "cache_control"]
