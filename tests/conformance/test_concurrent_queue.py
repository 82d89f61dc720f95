"""Concurrent workers on one queue: every acknowledged write is applied exactly once - by two threads,
by two processes, by the real write service of two Memory objects - and the writes a dead worker had
claimed are applied once by another, after its lease or at once when it is known to be gone."""

from __future__ import annotations

import os
import socket
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta

import pytest

from hindsight import Memory
from hindsight.embedding.hashing import HashEmbedder
from hindsight.errors import ClaimLost
from hindsight.models import QueueEntry, Scope
from hindsight.stores.base import Change, Claim
from hindsight.stores.registry import Backend
from hindsight.timeutil import utcnow

from .backends import Site
from .kit import ACME_ALICE, ALICE, BOB
from .workers import LEASE, T0, Processes, drain, drain_in_process, record_for, remember_payload

N = 120
DEAD = "host:99999:dead"
SCOPES = (ALICE, BOB, ACME_ALICE)


def _fill(backend: Backend, count: int = N, **claim: object) -> list[int]:
    return [
        backend.queue.enqueue(
            "remember",
            {"user_id": SCOPES[n % 3].user, "text": f"write {n}"},
            SCOPES[n % 3],
            T0,
            **claim,  # type: ignore[arg-type]
        )
        for n in range(count)
    ]


def _applied_once(backend: Backend, entries: list[int]) -> Counter[str]:
    """Every entry applied by exactly one worker, nothing left waiting, nothing dead; returns how many
    each worker applied."""
    records = list(backend.records.scan())
    per_entry = Counter(source for record in records for source in record.source_ids)
    assert len(records) == len(entries), "one record per entry: none lost, none twice"
    assert per_entry == Counter(f"entry-{entry_id}" for entry_id in entries)
    assert backend.queue.waiting() == [], "nothing left behind"
    assert backend.queue.dead_letters() == [], "no spurious dead letters"
    for record in records:  # each write landed with its owner
        assert record.scope in SCOPES
    return Counter(record.agent_id or "" for record in records)


def test_two_threads_on_two_instances_apply_each_entry_once(site: Site) -> None:
    a, b = site.open(), site.open()
    entries = _fill(a)
    start = threading.Barrier(2)
    with ThreadPoolExecutor(2) as pool:
        done = [
            pool.submit(drain, backend, owner, start=start)
            for backend, owner in ((a, "host:1:a"), (b, "host:2:b"))
        ]
        applied = [future.result(timeout=120) for future in done]
    assert sorted(applied[0] + applied[1]) == entries and not set(applied[0]) & set(applied[1])
    by_worker = _applied_once(a, entries)
    assert set(by_worker) == {"host:1:a", "host:2:b"}, "both held claims at once, and both applied"


def test_two_processes_apply_each_entry_once(site: Site, processes: Processes) -> None:
    backend = site.open()
    entries = _fill(backend)
    owners = ("host:101:a", "host:102:b")
    applied = processes.side_by_side(drain_in_process, *((site.settings_kwargs(), owner) for owner in owners))
    assert sorted(applied[0] + applied[1]) == entries and not set(applied[0]) & set(applied[1])
    assert set(_applied_once(backend, entries)) == set(owners)


def test_the_background_work_of_two_memories_applies_each_queued_write_once(site: Site) -> None:
    """The real path: two Memory objects' background ticks (a few writes each, the embedding batch)
    drain one queue side by side."""
    settings = site.settings(embed_batch=4)
    with (
        Memory(settings=settings, embedder=HashEmbedder(), background=False) as a,
        Memory(settings=settings, embedder=HashEmbedder(), background=False) as b,
    ):
        queue = a.backend.queue
        payloads = [remember_payload(SCOPES[n % 3], n) for n in range(40)]
        for payload in payloads:
            scope = Scope(str(payload["tenant"]), str(payload["user_id"]))
            queue.enqueue("remember", payload, scope, utcnow())
        start = threading.Barrier(2)

        def work(memory: Memory) -> None:
            start.wait(60)
            for _ in range(200):  # a tick applies at most 4: bounded, however the two interleave
                memory.work()
                if not memory.backend.queue.waiting():
                    return

        with ThreadPoolExecutor(2) as pool:
            for future in [pool.submit(work, m) for m in (a, b)]:
                future.result(timeout=120)
        stored = list(a.backend.records.scan())
        assert sorted(r.id for r in stored) == sorted(str(p["record_id"]) for p in payloads)
        assert queue.waiting() == [] and queue.dead_letters() == []
        assert {r.scope for r in stored} == set(SCOPES)


# -- a worker that died holding claims ---------------------------------------------------------------


def _dead_worker(backend: Backend, count: int, lease_until: datetime, how: str) -> list[int]:
    """Entries a worker holds and will never apply: taken with its own writes (enqueued claimed, as
    the write service does), or claimed from the queue (as a draining worker does)."""
    if how == "enqueued":
        return _fill(backend, count, owner=DEAD, lease_until=lease_until)
    entries = _fill(backend, count)
    assert [e.id for e in backend.queue.claim(DEAD, T0, lease_until, count)] == entries
    return entries


@pytest.mark.parametrize("how", ["enqueued", "claimed"])
def test_a_dead_workers_claims_are_applied_once_after_their_lease(site: Site, how: str) -> None:
    a, b = site.open(), site.open()
    lease_end = T0 + timedelta(seconds=30)
    entries = _dead_worker(a, 20, lease_end, how)
    assert b.queue.claim("host:2:b", T0 + timedelta(seconds=10), T0 + LEASE, 100) == [], "still leased"
    assert drain(b, "host:2:b", now=T0 + timedelta(seconds=10)) == []
    applied = drain(b, "host:2:b", now=lease_end + timedelta(seconds=1))
    assert applied == entries
    # The dead worker was only asleep: its late write is refused, and nothing is applied twice.
    assert a.queue.waiting() == []
    asleep = QueueEntry(entries[0], "remember", {"text": "late"}, 0, T0, T0, user_id="alice")
    with pytest.raises(ClaimLost):
        a.records.apply(Change(add=(record_for(asleep, DEAD),), done=Claim(entries[0], DEAD)))
    assert set(_applied_once(b, entries)) == {"host:2:b"}


@pytest.mark.parametrize("how", ["enqueued", "claimed"])
def test_release_frees_a_gone_workers_claims_at_once(site: Site, how: str) -> None:
    a, b = site.open(), site.open()
    entries = _dead_worker(a, 20, T0 + LEASE, how)
    live = _fill(a, 5, owner="host:3:alive", lease_until=T0 + LEASE)
    assert drain(b, "host:2:b") == []
    assert b.queue.release([DEAD]) == 20
    assert drain(b, "host:2:b") == entries, "applied now, not after the lease"
    assert [e.id for e in b.queue.waiting()] == live, "a live worker's claims are left alone"


def test_a_memory_applies_what_a_gone_process_of_its_machine_acknowledged(site: Site) -> None:
    """The write service's own path: at start and in process_queue, claims of processes of this
    machine that no longer run are released and applied at once; another machine's wait for their
    lease, then the background tick applies them."""
    with Memory(settings=site.settings(), embedder=HashEmbedder(), background=False) as memory:
        queue = memory.backend.queue
        wall = utcnow()
        # This process's pid with another start time: a process that ran here and is gone.
        gone_here = f"{socket.gethostname()}:{os.getpid()}:0"
        elsewhere = "another-host:4242:1"
        mine = [remember_payload(ALICE, n) for n in range(5)]
        theirs = [remember_payload(ALICE, n) for n in range(5, 10)]
        for payloads, owner in ((mine, gone_here), (theirs, elsewhere)):
            for payload in payloads:
                queue.enqueue("remember", payload, ALICE, wall, owner=owner, lease_until=wall + LEASE)

        assert memory.process_queue() == 5
        assert {e.claimed_by for e in queue.waiting()} == {elsewhere}
        tick = memory.core.core.runner.tick(wall + LEASE + timedelta(seconds=1))
        assert tick.applied == 5
        stored = sorted(r.id for r in memory.backend.records.scan())
        assert stored == sorted(str(p["record_id"]) for p in mine + theirs)
        assert queue.waiting() == [] and queue.dead_letters() == []
