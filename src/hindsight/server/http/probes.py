"""Liveness, readiness and Prometheus metrics."""

from __future__ import annotations

import asyncio
import hmac
import time

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)

from hindsight.server.auth import presented_key
from hindsight.server.http.deps import memory_of
from hindsight.server.http.errors import error

router = APIRouter(tags=["probes"])


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
        self.ready = Gauge(
            "hindsight_ready", "1 when the store and embedder are loaded", registry=self.registry
        )

    def measure(self, method: str, route: str, status: int, started: float) -> None:
        self.requests.labels(method, route, str(status)).inc()
        self.seconds.labels(route).observe(time.perf_counter() - started)


@router.get("/health", summary="Liveness: the process answers")
async def health() -> dict[str, str]:
    return {"status": "ok"}


@router.get("/ready", summary="Readiness: store open and embedding model loaded")
async def ready(request: Request) -> JSONResponse:
    if not request.app.state.ready:
        return error(503, "unavailable", "starting: the store or the embedding model is not loaded yet")
    memory = memory_of(request)
    body: dict[str, object] = {"status": "ready", "embedder": memory.embedder.model_id}
    # A part that is down but not needed to answer (a shared cache, working memory, locks): still
    # ready, and says what is degraded.
    degraded = await asyncio.to_thread(memory.backend.degraded)
    if degraded:
        body.update(status="degraded", degraded=degraded)
    return JSONResponse(body)


OPERATOR_ONLY = (
    "/metrics shows every tenant's numbers: it answers the operator's key (HINDSIGHT_OPERATOR_KEY), "
    "or, when none is set, clients on this machine only"
)
LOOPBACK_ADDRESSES = frozenset({"127.0.0.1", "::1", "localhost"})


def operator_may_read(request: Request, operator_key: str | None) -> bool:
    presented = presented_key(request.headers)
    if operator_key:
        return presented is not None and hmac.compare_digest(presented.encode(), operator_key.encode())
    return request.client is not None and request.client.host in LOOPBACK_ADDRESSES


@router.get("/metrics", summary="Prometheus metrics (the operator's)", response_class=PlainTextResponse)
async def prometheus(request: Request) -> Response:
    metrics: Metrics = request.app.state.metrics
    return Response(generate_latest(metrics.registry), media_type=CONTENT_TYPE_LATEST)
