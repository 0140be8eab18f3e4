"""The ASGI app: REST for the lobby, history and scores; one WebSocket per client for play;
operations endpoints; and the browser page's files at ``/`` when the web package has them."""

from __future__ import annotations

import gc
import logging
import math
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware

from fivedice.i18n import CATALOGS
from fivedice.rules import RuleError
from fivedice.store import STORE_FAILURES, UnknownMatch

from .apidocs import serve_api_docs
from .bots import ComputerPlayers
from .computer import strategy_players
from .context import ServerContext
from .daily_day import fix_day
from .errors import (
    STORE_UNAVAILABLE,
    STORE_UNAVAILABLE_MESSAGE,
    Refusal,
    UnknownTable,
    answer,
    invalid_request,
)
from .hub import KeepSocketSend
from .protocol import PROTOCOL_VERSION
from .routes import (
    account,
    coach,
    daily,
    echo,
    health,
    leaderboards,
    matches,
    play,
    profiles,
    quick_match,
    ratings,
    rules,
    scores,
    tables,
)
from .routes import players as player_routes
from .settings import Settings
from .webfiles import PageFiles

log = logging.getLogger("fivedice.server.app")

_HTTP_CODES = {400: "bad_request", 404: "not_found", 405: "method_not_allowed"}


def create_app(settings: Settings | None = None, players: ComputerPlayers | None = None) -> FastAPI:
    """The fivedice server as an ASGI app."""
    settings = settings or Settings.from_env()
    computer = players if players is not None else strategy_players()
    fix_day(settings.daily_date)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        ctx = await ServerContext.start(settings, computer)
        app.state.ctx = ctx
        if settings.gc_thresholds.strip():
            gc.freeze()  # modules, the app and restored tables: long-lived, never garbage
        try:
            yield
        finally:
            await ctx.stop()

    app = FastAPI(
        title="fivedice",
        summary="Online Yahtzee tables: lobby, play, history, high scores, ratings.",
        description=(
            "REST for the lobby, tables, history, high scores, leaderboards and ratings. "
            "Play goes over one WebSocket per client at `/ws/tables/{table_id}`, "
            f"protocol version {PROTOCOL_VERSION} (see docs/protocol.md)."
        ),
        version="1",
        lifespan=lifespan,
        docs_url=None,  # served from the package's own files: see apidocs
        redoc_url=None,
    )

    @app.exception_handler(Refusal)
    @app.exception_handler(RuleError)
    async def refused(_: Request, exc: Exception) -> JSONResponse:
        told = answer(exc)
        headers = None
        retry_after = getattr(exc, "retry_after", None)
        if retry_after is not None:
            headers = {"Retry-After": str(max(1, math.ceil(retry_after)))}
        return JSONResponse(told.body(), status_code=told.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def malformed(_: Request, exc: RequestValidationError) -> JSONResponse:
        # The API's own shape, {code, message}, for requests pydantic refuses too; the
        # field-by-field list stays under "detail".
        # A body that is not UTF-8 comes back as bytes in the errors: shown, not decoded.
        # JSON has no Infinity or NaN (nor 1e999, which parses as infinity): echoed as text.
        errors = jsonable_encoder(
            exc.errors(),
            custom_encoder={
                bytes: lambda raw: raw.decode("utf-8", "replace"),
                float: lambda x: x if math.isfinite(x) else str(x),
            },
        )
        params, message = invalid_request(errors)
        return JSONResponse(
            {"code": "invalid_request", "params": params, "message": message, "detail": errors},
            status_code=422,
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_refusal(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        # Starlette's own refusals (a body that is not JSON, an unknown path, a method a
        # route does not take) in the API's shape too, with their status and headers.
        # Their words are Starlette's: the catalogs word the usual ones (error.not_found, ...).
        code = _HTTP_CODES.get(exc.status_code, f"http_{exc.status_code}")
        return JSONResponse(
            {"code": code, "params": {}, "message": str(exc.detail)},
            status_code=exc.status_code,
            headers=exc.headers,
        )

    async def store_failed(_: Request, exc: Exception) -> JSONResponse:
        # The database is down or refused: the documented {code, message}, status 503 (the
        # client may try again), never a plain-text 500. A match the store does not know is
        # 404, as the routes that look matches up say.
        if isinstance(exc, UnknownMatch):
            unknown = UnknownTable(reason="not_stored", match=exc.match_id)
            return JSONResponse(answer(unknown).body(), status_code=404)
        log.warning("request failed in the store", extra={"error": repr(exc)})
        return JSONResponse(
            {"code": STORE_UNAVAILABLE, "params": {}, "message": STORE_UNAVAILABLE_MESSAGE},
            status_code=503,
            headers={"Retry-After": "1"},
        )

    for failure in STORE_FAILURES:
        app.add_exception_handler(failure, store_failed)

    app.add_middleware(KeepSocketSend)
    # Text over about 1 KB (the page's scripts and styles, JSON lists) goes compressed to a
    # client that accepts gzip; WebSocket frames are untouched.
    app.add_middleware(GZipMiddleware, minimum_size=1000)
    for module in (
        account,
        quick_match,
        tables,
        matches,
        scores,
        rules,
        leaderboards,
        ratings,
        profiles,
        player_routes,
        coach,
        daily,
        health,
        play,
    ):
        app.include_router(module.router)
    if settings.echo_endpoint:
        app.include_router(echo.router)
    _refusals_only_as_declared(app)
    serve_api_docs(app)
    # The page reads the same catalogs as the terminal game and the command line.
    app.mount("/locales", PageFiles(directory=CATALOGS), name="locales")
    if (settings.web_dir / "index.html").is_file():
        app.mount("/", PageFiles(directory=settings.web_dir, html=True), name="web")
    else:

        @app.get("/", include_in_schema=False)
        async def home() -> HTMLResponse:
            return HTMLResponse(
                "<!doctype html><title>fivedice</title><h1>fivedice server</h1>"
                '<p>The API is documented at <a href="/docs">/docs</a>; '
                "the browser page is not installed.</p>"
            )

    return app


def _refusals_only_as_declared(app: FastAPI) -> None:
    """The OpenAPI document lists the refusals each route declares (``responses=``), with
    their ``{code, message}`` body: FastAPI's own 422 (with its validation-error body) is
    dropped, since every 422 the server gives is declared where a route can give it."""
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        schema = generate()
        for item in schema.get("paths", {}).values():
            for operation in item.values():
                responses = operation.get("responses", {})
                body = responses.get("422", {}).get("content", {}).get("application/json", {})
                if "HTTPValidationError" in str(body.get("schema", {}).get("$ref", "")):
                    del responses["422"]
        for unused in ("HTTPValidationError", "ValidationError"):
            schema.get("components", {}).get("schemas", {}).pop(unused, None)
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]
