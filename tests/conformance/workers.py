"""Workers for the concurrency cases: each runs in a thread or in a process of its own (started with
the `spawn` context, so it imports this module afresh and opens the store from its settings, as a
real second process does). Nothing here depends on the backend: a worker opens whatever the
settings name."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any, Protocol

from hindsight.errors import ClaimLost, WriteDeferred
from hindsight.models import MemoryRecord, QueueEntry, Scope
from hindsight.settings import Settings
from hindsight.state.local import LruCache
from hindsight.stores.base import Change, Claim
from hindsight.stores.registry import Backend, open_backend

T0 = datetime(2024, 5, 8, 13, 56, 0)
LEASE = timedelta(hours=1)
OBSERVED_TEXT = "I keep thinking about the quiet garden, part {n} of {prefix}"
"""A turn the guard stores and no trigger acts on: it stays in the open event."""


class Waiter(Protocol):
    def wait(self, timeout: float | None = None) -> int: ...


def record_for(entry: QueueEntry, owner: str) -> MemoryRecord:
    """What applying a queued entry writes: a record with a fresh id, naming its entry and who applied
    it - so an entry applied twice would show as two records."""
    return MemoryRecord(
        id=uuid.uuid4().hex,
        user_id=entry.user_id,
        tenant=entry.tenant,
        tier="short",
        kind="fact",
        text=str(entry.payload.get("text", "")),
        created_at=T0,
        event_time=T0,
        valid_from=T0,
        source_ids=(f"entry-{entry.id}",),
        agent_id=owner,
    )


def drain(
    backend: Backend,
    owner: str,
    *,
    now: datetime = T0,
    batch: int = 5,
    start: Waiter | None = None,
) -> list[int]:
    """Claim due entries a batch at a time and apply each in one Change that removes it (the outbox),
    until none is left; returns the ids this worker applied. `start` is waited on once the first batch
    is claimed, so that two workers hold claims at the same time."""
    applied: list[int] = []
    first = True
    while True:
        claimed = backend.queue.claim(owner, now, now + LEASE, batch)
        if first and start is not None:
            start.wait(60)
        first = False
        if not claimed:
            return applied
        for entry in claimed:
            try:
                backend.records.apply(Change(add=(record_for(entry, owner),), done=Claim(entry.id, owner)))
            except ClaimLost:
                continue  # another worker applies it
            applied.append(entry.id)


def drain_in_process(settings: Mapping[str, Any], owner: str, start: Waiter) -> None:
    backend = open_backend(Settings(**settings), LruCache(8))
    try:
        drain(backend, owner, start=start)
    finally:
        backend.close()


def observe_turns(
    memory: Any, user: str, session: str, prefix: str, count: int, start: Waiter | None = None
) -> list[str]:
    """Observe `count` turns of one session; returns the ids of those deferred to the queue (the
    store kept refusing their plan while another writer changed the same open event)."""
    if start is not None:
        start.wait(60)
    deferred: list[str] = []
    for n in range(count):
        turn_id = f"{prefix}-{n}"
        try:
            memory.observe(user, session, "user", OBSERVED_TEXT.format(n=n, prefix=prefix), turn_id=turn_id)
        except WriteDeferred:
            deferred.append(turn_id)
    return deferred


def observe_in_process(
    settings: Mapping[str, Any], user: str, session: str, prefix: str, count: int, start: Waiter
) -> None:
    from hindsight import Memory
    from hindsight.embedding.hashing import HashEmbedder

    with Memory(settings=Settings(**settings), embedder=HashEmbedder(), background=False) as memory:
        observe_turns(memory, user, session, prefix, count, start)


def remember_payload(scope: Scope, n: int) -> dict[str, object]:
    """A queued `remember`, as WriteService acknowledges one."""
    return {
        "record_id": uuid.uuid4().hex,
        "tenant": scope.tenant,
        "user_id": scope.user,
        "text": f"Shelf note {n}: the folder sits in the study",
        "tier": "short",
        "kind": "fact",
        "entities": {},
        "importance": None,
        "time": T0.isoformat(),
        "source_ids": [],
        "guard": {"action": "store", "reason": ""},
    }
