"""`create_app`: the HTTP API assembled - middleware (host check, body limit, keys and metrics),
error handlers, the routers, the MCP endpoint at /mcp and the console at /console.

Every route but /health needs an API key when keys are configured (HINDSIGHT_API_KEYS); the key
picks the tenant, so a request can only ever reach its own tenant's memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import signal
import sys
import threading
import time
from collections.abc import AsyncIterator

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import BaseRoute, Mount, Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from hindsight import __version__
from hindsight.errors import HindsightError, InvalidInput, Unauthorized
from hindsight.memory import AsyncMemory
from hindsight.recall.budget import count_tokens
from hindsight.server.auth import KeyRing, presented_key
from hindsight.server.console import create_console
from hindsight.server.hosts import CheckHost, allowed_hosts
from hindsight.server.http import banner, changes, docs, probes, reads, schemas, writes
from hindsight.server.http.errors import error, error_of
from hindsight.server.http.limit import LimitBody
from hindsight.server.http.rates import RateLimiter
from hindsight.server.mcp import McpHttp, create_mcp_http
from hindsight.settings import Settings
from hindsight.settle import freeze_start_up_objects
from hindsight.stores.registry import one_process_only
from hindsight.write import guard

log = logging.getLogger("hindsight.server")

OPEN_PATHS = frozenset({"/health", docs.DOCS, "/openapi.json"})
"""Reachable without a key (the API reference names no data). Mounted surfaces (/console, /mcp)
check keys themselves."""
OPERATOR_PATHS = frozenset({"/metrics"})
"""The operator's, never a tenant's: every tenant's numbers (probes.operator_may_read)."""
SELF_AUTHENTICATED = ("/console", "/mcp")
ANSWERS = {
    401: "No API key, or an unknown one",
    404: "No such memory, user or queue entry in this key's tenant",
    408: "The request body did not arrive in time (HINDSIGHT_BODY_TIMEOUT_S)",
    409: "Another process changed the same memory, or holds the work: try again",
    413: "The request body is larger than HINDSIGHT_MAX_REQUEST_BYTES",
    422: "Invalid input, or a write the guard refused (the body says which and why)",
    429: "Too many requests from this key: wait the Retry-After seconds",
    503: "The store or the embedding model is unavailable (the body says which)",
    504: "The request took longer than HINDSIGHT_REQUEST_TIMEOUT_S (what it started may still finish)",
}
"""The error answers any route may give, each with the JSON error body; the reference lists them."""
UNLIMITED = frozenset({"/health", "/ready", "/metrics"})
"""Probes are never rate-limited: an orchestrator asks often."""


def create_app(settings: Settings | None = None, core: AsyncMemory | None = None) -> FastAPI:
    """The API on `core`, or on a memory opened from `settings` at start-up and closed at shutdown."""
    settings = settings or (core.settings if core is not None else Settings())
    keys = KeyRing.parse(settings.api_keys)
    metrics = probes.Metrics()
    owned = core is None
    memory = core if core is not None else AsyncMemory(settings=settings)
    mcp = _McpEndpoint(memory, keys, settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # Load the model and the tokenizer now, so the first request is not the one that pays for it.
        await asyncio.to_thread(memory.embedder.embed_query, "warm up")
        await asyncio.to_thread(guard.warm_up)  # the first write would wait for its encoder
        await asyncio.to_thread(count_tokens, "warm up")
        if app.state.freeze_start_up:  # a process of serve's own (settle.py)
            frozen = freeze_start_up_objects()
            log.info("%d start-up objects out of the garbage collector's full passes", frozen)
        async with mcp.running():
            if app.state.listening is not None:
                await _announce(app.state.listening, memory, keys, settings)
            app.state.ready = True
            metrics.ready.set(1)
            try:
                yield
            finally:
                app.state.ready = False
                metrics.ready.set(0)
                if owned:
                    await memory.close()

    app = FastAPI(
        title="Hindsight",
        version=__version__,
        description="Memory for LLM agents: working, short-term and long-term memory, recalled by meaning, "
        "entity, keyword and time. Send `Authorization: Bearer KEY` when the server has keys.",
        lifespan=lifespan,
        docs_url=None,  # docs.add_docs serves the reference without a CDN
        redoc_url=None,
        responses={
            status: {"model": schemas.ErrorOut, "description": said} for status, said in ANSWERS.items()
        },
    )
    app.state.memory = memory
    app.state.metrics = metrics
    app.state.keys = keys
    app.state.ready = False
    app.state.listening = None  # (host, port) when serve() runs it: the start-up lines are printed
    app.state.freeze_start_up = False  # serve() owns its processes: it freezes (settle.py)
    app.add_middleware(LimitBody, limit=settings.max_request_bytes, timeout_s=settings.body_timeout_s)
    rates = RateLimiter(settings.rate_per_s, settings.rate_burst)
    # Added last, so it runs first: a request to a host this server does not answer to goes no further.
    app.add_middleware(CheckHost, allowed=allowed_hosts(settings.allowed_hosts, keys.required))

    app.add_middleware(Gate, keys=keys, settings=settings, rates=rates, metrics=metrics)

    @app.exception_handler(HindsightError)
    async def hindsight_error(_request: Request, exc: HindsightError) -> JSONResponse:
        return error_of(exc)

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

    for router in (probes.router, writes.router, reads.router, reads.debug, changes.router):
        app.include_router(router)
    app.router.routes.extend(mcp.routes("/mcp"))
    app.mount("/console", create_console(memory, keys))
    docs.add_docs(app)
    return app


class Gate:
    """Who may ask and how often, how long a request may take until its answer begins, and the
    request metrics. A plain ASGI middleware: Starlette's `BaseHTTPMiddleware` (`@app.middleware`)
    hands every answer through a task group and a memory stream, a third of the event loop's time
    on a recall (Issue 17, twenty-fourth round)."""

    def __init__(
        self, app: ASGIApp, keys: KeyRing, settings: Settings, rates: RateLimiter, metrics: probes.Metrics
    ) -> None:
        self.app, self.keys, self.settings, self.rates, self.metrics = app, keys, settings, rates, metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        request = Request(scope)
        refusal = _refusal(request, self.keys, self.settings.operator_key)
        if refusal is None and request.url.path not in UNLIMITED:
            caller = presented_key(request.headers) or (request.client.host if request.client else "")
            wait = self.rates.check(caller)
            if wait > 0:
                refusal = error(429, "too many requests", f"slow down: try again in {wait:.1f} s")
                refusal.headers["Retry-After"] = str(max(1, round(wait)))
        if refusal is not None:
            await refusal(scope, receive, send)
            _measure(self.metrics, request, refusal.status_code, started)
            return
        status = 0
        limit_s = self.settings.request_timeout_s
        try:
            async with asyncio.timeout(limit_s) as deadline:

                async def sending(message: Message) -> None:
                    nonlocal status
                    if message["type"] == "http.response.start":
                        status = message["status"]
                        deadline.reschedule(None)  # the limit is on the answer's start (a stream may last)
                    await send(message)

                await self.app(scope, receive, sending)
        except TimeoutError:
            if status:
                raise
            status = 504
            await error(504, "timeout", f"the request took longer than {limit_s:g} s")(scope, receive, send)
        except Exception:  # a bug: log it whole, tell the client nothing about the internals
            log.exception("unhandled error on %s %s", request.method, request.url.path)
            if status:
                raise  # the answer has begun: nothing can replace it
            status = 500
            answer = error(500, "internal error", "the server failed on this request; it has been logged")
            await answer(scope, receive, send)
        _measure(self.metrics, request, status, started)


def _refusal(request: Request, keys: KeyRing, operator_key: str | None) -> Response | None:
    """Who may ask: /health anyone; /metrics the operator (probes.operator_may_read); the surfaces
    that check keys themselves their own way; every other route a key of a tenant, which becomes the
    request's tenant. None: go ahead."""
    path = request.url.path
    if path in OPEN_PATHS or path.startswith(SELF_AUTHENTICATED) or path.startswith(docs.ASSETS + "/"):
        return None
    if path in OPERATOR_PATHS:
        if probes.operator_may_read(request, operator_key):
            return None
        return error(403, "forbidden", probes.OPERATOR_ONLY)
    try:
        request.state.tenant = keys.tenant_for(presented_key(request.headers))
    except Unauthorized as exc:
        return error_of(exc)
    return None


class _McpEndpoint:
    """The MCP endpoint, rebuilt each time the app starts: the SDK's session manager runs once
    per instance, and an app can be started more than once (tests, reloads)."""

    def __init__(self, memory: AsyncMemory, keys: KeyRing, settings: Settings) -> None:
        self.memory, self.keys, self.settings = memory, keys, settings
        self.current: McpHttp | None = None

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        self.current = create_mcp_http(
            self.memory,
            self.keys,
            max_request_bytes=self.settings.max_request_bytes,
            stateless=self.settings.mcp_stateless,
        )
        async with self.current.lifespan():
            yield

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.current is None:
            await error(503, "unavailable", "the MCP endpoint is not running yet")(scope, receive, send)
            return
        await self.current.app(scope, receive, send)

    def routes(self, path: str) -> list[BaseRoute]:
        return [Route(path, self), Mount(path, app=self)]


def _measure(metrics: probes.Metrics, request: Request, status: int, started: float) -> None:
    route = request.scope.get("route")
    name = getattr(route, "path", None) or (
        "mounted" if request.url.path.startswith(SELF_AUTHENTICATED) else "unmatched"
    )
    metrics.measure(request.method, name, status, started)


async def _announce(
    listening: tuple[str, int], memory: AsyncMemory, keys: KeyRing, settings: Settings
) -> None:
    scopes = await memory.scopes()
    lines = banner.startup_lines(
        *listening,
        keys=keys,
        allowed_hosts=settings.allowed_hosts,
        store=memory.backend.description,
        embedder=f"{settings.embedder} ({memory.embedder.model_id})",
        tenants_with_memories=[scope.tenant for scope in scopes],
    )
    print("\n".join(lines), file=sys.stderr, flush=True)


_WORKER_SETTINGS = "HINDSIGHT_SERVE_WORKER_SETTINGS"
"""The environment variable that hands `serve`'s settings and address to its worker processes."""


def serve(settings: Settings, host: str, port: int) -> None:
    import uvicorn

    if settings.serve_workers == 1:
        app = create_app(settings)
        app.state.listening = (host, port)
        app.state.freeze_start_up = True
        uvicorn.run(app, host=host, port=port, log_level="info", proxy_headers=False)
        return
    if one_process_only(settings):
        raise InvalidInput(
            f"HINDSIGHT_STATE={settings.state} keeps working memory in one process: with "
            f"--workers {settings.serve_workers}, leave it unset (the store) or use redis://"
        )
    # uvicorn starts each worker as a fresh interpreter that builds its app by `worker_app`: the
    # settings go with it, as given (the command line's options included), in its environment.
    from uvicorn.supervisors import Multiprocess

    from hindsight.server.http.listener import ListenerConfig

    if settings.console_secret is None:  # one console for all of them (forms, sessions)
        settings = settings.model_copy(update={"console_secret": secrets.token_hex(32)})
    given = settings.model_dump(mode="json", exclude_unset=True)
    # The supervisor's pid goes with the settings: a worker that reads its parent only once it has started
    # would take a parent killed meanwhile for init, and never stop.
    handed = {"settings": given, "listening": [host, port], "supervisor": os.getpid()}
    os.environ[_WORKER_SETTINGS] = json.dumps(handed)
    config = ListenerConfig(
        f"{__name__}:worker_app",
        factory=True,
        workers=settings.serve_workers,
        host=host,
        port=port,
        log_level="info",
        proxy_headers=False,
    )
    Multiprocess(config, sockets=[config.bind_socket()]).run()


def worker_app() -> FastAPI:
    """The app of one of `serve`'s worker processes. Any worker may get any request of an MCP
    conversation, so MCP runs without sessions, as behind a load balancer."""
    handed = json.loads(os.environ[_WORKER_SETTINGS])
    settings = Settings(**handed["settings"]).model_copy(update={"mcp_stateless": True})
    app = create_app(settings)
    app.state.listening = tuple(handed["listening"])
    app.state.freeze_start_up = True
    _stop_when_orphaned(int(handed.get("supervisor", os.getppid())))
    return app


def _stop_when_orphaned(supervisor: int, every_s: float = 0.5) -> None:
    """A worker whose supervisor was killed (`kill -9`) would go on answering on the port, unseen
    by whoever restarts the server: once its parent is another process, it stops as on SIGTERM
    (the requests it is answering finish)."""

    def watch() -> None:
        while os.getppid() == supervisor:
            time.sleep(every_s)
        log.warning("serve's supervisor (pid %d) is gone: this worker stops", supervisor)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="hindsight-supervisor-watch", daemon=True).start()
