"""The HTTP API: `hindsight serve`. A thin FastAPI adapter over TenantMemory.

Every route but /health needs an API key when keys are configured (HINDSIGHT_API_KEYS); the key
picks the tenant, so a request can only ever reach its own tenant's memory. Every error is a JSON
body {"error", "detail"} with the right status; nothing a client sees holds a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import BaseRoute, Mount, Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from hindsight import __version__
from hindsight.errors import (
    EmbedderUnavailable,
    EmbeddingMismatch,
    HindsightError,
    InvalidInput,
    NotFound,
    StoreUnavailable,
    WriteDeferred,
    WriteRejected,
)
from hindsight.memory import AsyncMemory
from hindsight.server import schemas
from hindsight.server.auth import KeyRing, Unauthorized, presented_key
from hindsight.server.console import create_console
from hindsight.server.hosts import CheckHost, allowed_hosts
from hindsight.server.mcp import McpHttp, create_mcp_http
from hindsight.settings import Settings
from hindsight.tenancy import TenantMemory

log = logging.getLogger("hindsight.server")

OPEN_PATHS = frozenset({"/health"})
"""Reachable without a key. Mounted surfaces (/console, /mcp) check keys themselves."""
SELF_AUTHENTICATED = ("/console", "/mcp")

_STATUS: list[tuple[type[HindsightError], int]] = [
    (Unauthorized, 401),
    (NotFound, 404),
    (WriteRejected, 422),
    (InvalidInput, 422),
    (WriteDeferred, 202),
    (EmbeddingMismatch, 503),
    (StoreUnavailable, 503),
    (EmbedderUnavailable, 503),
]


def status_of(exc: HindsightError) -> int:
    return next((status for kind, status in _STATUS if isinstance(exc, kind)), 400)


def error(status: int, kind: str, detail: str) -> JSONResponse:
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    return JSONResponse({"error": kind, "detail": detail}, status_code=status, headers=headers)


class LimitBody:
    """Refuse bodies over `limit` bytes with 413: by Content-Length up front, and for a body sent
    without one (chunked) by reading it, at most `limit` bytes, before the app sees it."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await error(413, "request too large", f"the body limit is {self.limit} bytes")(
                scope, receive, send
            )
            return
        if declared is not None or scope.get("method") in {"GET", "HEAD", "DELETE", "OPTIONS"}:
            await self.app(scope, receive, send)
            return
        # No Content-Length (a chunked body): read it up to the limit first, then replay it.
        messages: list[Message] = []
        seen = 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break
            seen += len(message.get("body", b""))
            if seen > self.limit:
                await error(413, "request too large", f"the body limit is {self.limit} bytes")(
                    scope, receive, send
                )
                return
            if not message.get("more_body", False):
                break
        replay = iter(messages)

        async def replayed() -> Message:
            return next(replay, None) or await receive()

        await self.app(scope, replayed, send)


class Metrics:
    """Prometheus metrics in a registry of this app's own (several apps may live in one process)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter(
            "hindsight_http_requests", "HTTP requests", ["method", "route", "status"], registry=self.registry
        )
        self.seconds = Histogram(
            "hindsight_http_request_seconds",
            "HTTP request latency",
            ["route"],
            buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10),
            registry=self.registry,
        )
        self.maintain_runs = Counter(
            "hindsight_maintain_runs", "Scheduled lifecycle runs", ["outcome"], registry=self.registry
        )
        self.ready = Gauge(
            "hindsight_ready", "1 when the store and embedder are loaded", registry=self.registry
        )


def create_app(settings: Settings | None = None, core: AsyncMemory | None = None) -> FastAPI:
    """The API on `core`, or on a memory opened from `settings` now and closed at shutdown."""
    settings = settings or (core.settings if core is not None else Settings())
    keys = KeyRing.parse(settings.api_keys)
    metrics = Metrics()
    owned = core is None
    memory = core if core is not None else AsyncMemory(settings=settings)
    state: dict[str, Any] = {"core": memory, "ready": False}

    mcp = _McpEndpoint(memory, keys, settings.max_request_bytes)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # Load the model now, so the first request is not the one that pays for it.
        await asyncio.to_thread(memory.embedder.embed_query, "warm up")
        async with mcp.running(), _serving(memory, settings, metrics, state, owned):
            yield

    app = FastAPI(
        title="Hindsight",
        version=__version__,
        description="Memory for LLM agents: working, short-term and long-term memory, recalled by meaning, "
        "entity, keyword and time. Send `Authorization: Bearer KEY` when the server has keys.",
        lifespan=lifespan,
        responses={
            401: {"model": schemas.ErrorOut, "description": "No or unknown API key"},
            422: {"model": schemas.ErrorOut, "description": "Invalid input"},
        },
    )
    app.state.hindsight = state
    app.state.keys = keys
    app.add_middleware(LimitBody, limit=settings.max_request_bytes)
    # Added last, so it runs first: a request to a host this server does not answer to goes no further.
    app.add_middleware(CheckHost, allowed=allowed_hosts(settings.allowed_hosts, keys.required))

    def view(request: Request) -> TenantMemory:
        return TenantMemory(memory, request.state.tenant)

    @app.middleware("http")
    async def authenticate_and_measure(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        started = time.perf_counter()
        path = request.url.path
        if path not in OPEN_PATHS and not path.startswith(SELF_AUTHENTICATED):
            try:
                request.state.tenant = keys.tenant_for(presented_key(request.headers))
            except Unauthorized as exc:
                response: Response = error(401, "unauthorized", str(exc))
                _measure(metrics, request, response.status_code, started)
                return response
        try:
            response = await call_next(request)
        except Exception:  # a bug: log it whole, tell the client nothing about the internals
            log.exception("unhandled error on %s %s", request.method, path)
            response = error(500, "internal error", "the server failed on this request; it has been logged")
        _measure(metrics, request, response.status_code, started)
        return response

    @app.exception_handler(HindsightError)
    async def hindsight_error(_request: Request, exc: HindsightError) -> JSONResponse:
        status = status_of(exc)
        kinds = {
            202: "accepted",
            401: "unauthorized",
            404: "not found",
            422: "invalid input",
            503: "unavailable",
        }
        return error(status, kinds.get(status, "bad request"), str(exc))

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        for problem in exc.errors()[:10]:
            where = ".".join(str(part) for part in problem.get("loc", ()) if part != "body") or "body"
            problems.append(f"{where}: {problem.get('msg', 'invalid')}")
        return error(422, "invalid input", "; ".join(problems))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return error(exc.status_code, "http error", str(exc.detail))

    # -- probes and metrics ----------------------------------------------------------------------

    @app.get("/health", tags=["probes"], summary="Liveness: the process answers")
    async def health() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/ready", tags=["probes"], summary="Readiness: store open and embedding model loaded")
    async def ready() -> JSONResponse:
        if not state["ready"]:
            return error(503, "unavailable", "starting: the store or the embedding model is not loaded yet")
        return JSONResponse({"status": "ready", "embedder": state["core"].embedder.model_id})

    @app.get("/metrics", tags=["probes"], summary="Prometheus metrics", response_class=PlainTextResponse)
    async def prometheus() -> Response:
        return Response(generate_latest(metrics.registry), media_type=CONTENT_TYPE_LATEST)

    # -- writing -----------------------------------------------------------------------------------

    @app.post("/v1/observe", tags=["write"], summary="One turn of a conversation")
    async def observe(body: schemas.ObserveIn, request: Request) -> schemas.RecordsOut:
        records = await view(request).observe(
            body.user_id,
            body.session_id,
            body.role,
            body.text,
            body.time,
            turn_id=body.turn_id,
            persist=body.persist,
            agent_id=body.agent_id,
        )
        return schemas.RecordsOut(records=[schemas.RecordOut.of(r) for r in records])

    @app.post("/v1/end_session", tags=["write"], summary="Close a session: write what is pending")
    async def end_session(body: schemas.EndSessionIn, request: Request) -> schemas.RecordsOut:
        records = await view(request).end_session(body.user_id, body.session_id, body.time)
        return schemas.RecordsOut(records=[schemas.RecordOut.of(r) for r in records])

    @app.post("/v1/remember", tags=["write"], summary="Store one memory directly", status_code=201)
    async def remember(body: schemas.RememberIn, request: Request) -> schemas.RecordOut:
        record = await view(request).remember(
            body.user_id,
            body.text,
            body.tier,
            body.kind,
            body.entities,
            body.importance,
            body.time,
            body.source_ids,
            agent_id=body.agent_id,
            session_id=body.session_id,
        )
        return schemas.RecordOut.of(record)

    # -- reading -----------------------------------------------------------------------------------

    @app.post("/v1/recall", tags=["read"], summary="Recall by meaning, entity, keyword and time")
    async def recall(body: schemas.RecallIn, request: Request) -> schemas.RecallOut:
        answer = await view(request).recall(
            body.user_id,
            body.query,
            body.session_id,
            body.top_k,
            body.tier,
            body.now,
            body.as_of,
            body.profile,
            body.token_budget,
        )
        return schemas.RecallOut.of(answer, body.explain)

    @app.get("/v1/memories/{record_id}", tags=["read"], summary="One memory")
    async def get(record_id: str, request: Request) -> schemas.RecordOut:
        return schemas.RecordOut.of(await view(request).get(record_id))

    @app.get("/v1/users", tags=["read"], summary="The tenant's users")
    async def users(request: Request) -> schemas.UsersOut:
        return schemas.UsersOut(users=await view(request).users())

    @app.get("/v1/users/{user_id}/memories", tags=["read"], summary="A user's valid memories, newest first")
    async def memories(
        user_id: str,
        request: Request,
        tier: schemas.TierName | None = None,
        kind: schemas.KindName | None = None,
        limit: int = Query(default=100, ge=1, le=10_000),
    ) -> schemas.RecordsOut:
        records = await view(request).memories(user_id, tier, kind, limit)
        return schemas.RecordsOut(records=[schemas.RecordOut.of(r) for r in records])

    @app.get("/v1/dump", tags=["read"], summary="Everything remembered, human-readable, as JSON")
    async def dump(
        request: Request, user_id: str | None = Query(default=None, min_length=1)
    ) -> schemas.DumpOut:
        return schemas.DumpOut(dump=await view(request).dump(user_id))

    @app.get("/v1/stats", tags=["read"], summary="Counts per tier and kind, refusals, queue")
    async def stats(request: Request) -> schemas.StatsOut:
        return schemas.StatsOut.of(await view(request).stats())

    @app.get("/v1/log", tags=["read"], summary="The guard and lifecycle log (reasons and text hashes)")
    async def write_log(
        request: Request, user_id: str | None = Query(default=None, min_length=1)
    ) -> list[schemas.LogEntryOut]:
        return [schemas.LogEntryOut.of(entry) for entry in await view(request).write_log(user_id)]

    @app.get("/v1/dead-letters", tags=["read"], summary="Writes that failed every retry (no text)")
    async def dead_letters(request: Request) -> list[schemas.DeadLetterOut]:
        memory = view(request)
        return [
            schemas.DeadLetterOut(
                id=entry.id,
                op=entry.op,
                user_id=memory.outer(str(entry.payload.get("user_id", ""))),
                session_id=str(entry.payload["session_id"]) if entry.payload.get("session_id") else None,
                attempts=entry.attempts,
                created_at=entry.created_at.isoformat(),
                last_error=entry.last_error,
            )
            for entry in await memory.dead_letters()
        ]

    @app.post("/v1/dead-letters/{entry_id}/retry", tags=["change"], summary="Send a dead letter back")
    async def retry(entry_id: int, request: Request) -> schemas.RetriedOut:
        return schemas.RetriedOut(requeued=await view(request).retry(entry_id))

    @app.get("/debug/dump", tags=["read"], summary="Human-readable dump", response_class=PlainTextResponse)
    async def debug_dump(request: Request, user_id: str | None = Query(default=None, min_length=1)) -> str:
        return await view(request).dump(user_id)

    # -- changing ----------------------------------------------------------------------------------

    @app.delete("/v1/memories/{record_id}", tags=["change"], summary="Forget one memory for good")
    async def forget(record_id: str, request: Request) -> schemas.RecordOut:
        return schemas.RecordOut.of(await view(request).forget(record_id))

    @app.post("/v1/memories/{record_id}/promote", tags=["change"], summary="Move to long-term memory")
    async def promote(record_id: str, request: Request) -> schemas.RecordOut:
        return schemas.RecordOut.of(await view(request).promote(record_id))

    @app.post("/v1/memories/{record_id}/demote", tags=["change"], summary="Move to short-term memory")
    async def demote(record_id: str, request: Request) -> schemas.RecordOut:
        return schemas.RecordOut.of(await view(request).demote(record_id))

    @app.post(
        "/v1/maintain", tags=["change"], summary="Run the lifecycle now (the server also runs it hourly)"
    )
    async def maintain(body: schemas.MaintainIn, request: Request) -> schemas.MaintainOut:
        return schemas.MaintainOut.of(await view(request).maintain(body.now, body.user_id))

    app.router.routes.extend(mcp.routes("/mcp"))
    app.mount("/console", create_console(memory, keys))
    return app


@contextlib.asynccontextmanager
async def _serving(
    memory: AsyncMemory, settings: Settings, metrics: Metrics, state: dict[str, Any], owned: bool
) -> AsyncIterator[None]:
    state["ready"] = True
    metrics.ready.set(1)
    scheduler = (
        asyncio.create_task(_maintain_forever(memory, settings.maintain_every_s, metrics))
        if settings.maintain_every_s > 0
        else None
    )
    try:
        yield
    finally:
        state["ready"] = False
        metrics.ready.set(0)
        if scheduler is not None:
            scheduler.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await scheduler
        if owned:
            await memory.close()


class _McpEndpoint:
    """The MCP endpoint, rebuilt each time the app starts: the SDK's session manager runs once
    per instance, and an app can be started more than once (tests, reloads)."""

    def __init__(self, memory: AsyncMemory, keys: KeyRing, max_request_bytes: int) -> None:
        self.memory, self.keys, self.max_request_bytes = memory, keys, max_request_bytes
        self.current: McpHttp | None = None

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        self.current = create_mcp_http(self.memory, self.keys, max_request_bytes=self.max_request_bytes)
        async with self.current.lifespan():
            yield

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.current is None:
            await error(503, "unavailable", "the MCP endpoint is not running yet")(scope, receive, send)
            return
        await self.current.app(scope, receive, send)

    def routes(self, path: str) -> list[BaseRoute]:
        return [Route(path, self), Mount(path, app=self)]


def _measure(metrics: Metrics, request: Request, status: int, started: float) -> None:
    route = request.scope.get("route")
    name = getattr(route, "path", None) or (
        "mounted" if request.url.path.startswith(SELF_AUTHENTICATED) else "unmatched"
    )
    metrics.requests.labels(request.method, name, str(status)).inc()
    metrics.seconds.labels(name).observe(time.perf_counter() - started)


async def _maintain_forever(memory: AsyncMemory, every_s: float, metrics: Metrics) -> None:
    """The lifecycle on a schedule, at the clock's now (all tenants: the core sees every user)."""
    while True:
        await asyncio.sleep(every_s)
        try:
            await memory.maintain()
            metrics.maintain_runs.labels("ok").inc()
        except Exception:
            log.exception("scheduled maintain failed")
            metrics.maintain_runs.labels("failed").inc()


def serve(settings: Settings, host: str, port: int) -> None:
    import uvicorn

    uvicorn.run(create_app(settings), host=host, port=port, log_level="info", proxy_headers=False)
