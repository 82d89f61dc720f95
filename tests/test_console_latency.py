"""How long recalls take, as each process keeps it for the console's latency chart
(recall/timings.py): a bounded ring per tenant, fed by every recall, which the console mounted in
the same server reads."""

from __future__ import annotations

import asyncio
import re
from datetime import datetime, timedelta
from pathlib import Path

from starlette.testclient import TestClient

from hindsight import AsyncMemory, Memory, Settings
from hindsight.embedding.hashing import HashEmbedder
from hindsight.recall.timings import RecentRecalls
from hindsight.server.http import create_app

ACME_KEY = "acme-key-0123456789"
BOLT_KEY = "bolt-key-0123456789"
KEYS = f"{ACME_KEY}=acme,{BOLT_KEY}=bolt"


def test_recent_recalls_are_bounded_per_tenant_and_in_number_of_tenants() -> None:
    recent = RecentRecalls(per_tenant=3, tenants=2)
    start = datetime(2026, 11, 30, 12)
    for n in range(5):
        recent.record("a", n / 1000, at=start + timedelta(seconds=n))
    assert [t.seconds for t in recent.of("a")] == [0.002, 0.003, 0.004]  # the newest 3, oldest first
    recent.record("b", 0.5)
    recent.record("a", 0.006)  # a is used again: b is now the one recorded longest ago
    recent.record("c", 0.7, cached=True)
    assert recent.of("b") == [] and len(recent.of("a")) == 3
    assert [(t.seconds, t.cached) for t in recent.of("c")] == [(0.7, True)]
    recent.record("d", -1.0)  # a clock that went back is no negative time
    assert recent.of("d")[0].seconds == 0.0


def test_every_recall_is_timed_for_its_tenant(memory: Memory) -> None:
    memory.remember("alice", "Alice always orders oat milk")
    memory.for_tenant("acme").remember("bob", "Bob ships with DHL")
    recent = memory.core.core.recent_recalls
    assert recent.of("default") == []
    memory.recall("alice", "what milk?")
    memory.recall("alice", "what milk?")  # the same question again: from the recall cache
    memory.for_tenant("acme").recall("bob", "which carrier?")
    timings = recent.of("default")
    assert len(timings) == 2 and all(t.seconds > 0 for t in timings)
    assert [t.cached for t in timings] == [False, True]
    assert len(recent.of("acme")) == 1


def test_the_servers_console_shows_the_recalls_its_api_answered(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path / "home", embedder="hash", maintain_every_s=0, api_keys=KEYS)
    core = AsyncMemory(settings=settings, embedder=HashEmbedder())
    try:
        with TestClient(create_app(core=core)) as client:
            acme = {"Authorization": f"Bearer {ACME_KEY}"}
            stored = client.post(
                "/v1/remember", json={"user_id": "carol", "text": "Carol likes jazz"}, headers=acme
            )
            assert stored.status_code == 201
            for query in ("what music?", "which jazz?"):
                assert client.post(
                    "/v1/recall", json={"user_id": "carol", "query": query}, headers=acme
                ).is_success
            page = client.get("/console/stats", headers=acme)
            assert page.status_code == 200
            latency = page.text[page.text.index('id="figure-recall-latency"') :]
            assert "The last 2 recalls of this tenant answered by this server process" in latency
            assert len(re.findall(r"<circle [^>]*><title>", latency)) == 2
            other = client.get("/console/stats", headers={"Authorization": f"Bearer {BOLT_KEY}"})
            assert "No recall answered by this server process for this tenant yet." in other.text
    finally:
        asyncio.run(core.close())
