"""How long recalls take, as each process keeps it for the console's latency chart
(recall/timings.py): a bounded ring per tenant, fed by every recall."""

from __future__ import annotations

from datetime import datetime, timedelta

from hindsight import Memory
from hindsight.recall.timings import RecentRecalls


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
