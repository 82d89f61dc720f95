"""Reading and writing the store under a Memory, for tests that check what is stored (or plant
what a crashed process would have left) beneath the public API."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path

from hindsight import Memory, Settings
from hindsight.models import MemoryRecord, QueueEntry, Scope, WriteLogEntry
from hindsight.state.local import LruCache
from hindsight.stores.base import Change, Claim
from hindsight.stores.registry import Backend, open_backend


def all_records(memory: Memory) -> list[MemoryRecord]:
    """Every record of every tenant, oldest first, closed versions too."""
    return list(memory.backend.records.scan())


def user_records(memory: Memory, user: str, tenant: str = "default") -> list[MemoryRecord]:
    return list(memory.backend.records.scan(Scope(tenant, user)))


def stored(memory: Memory, record_id: str) -> MemoryRecord | None:
    return memory.backend.records.get_many([record_id]).get(record_id)


def put(memory: Memory, *records: MemoryRecord) -> None:
    """Store records as they are, without the write path (and without vectors)."""
    memory.backend.records.apply(Change(add=records))


def replace_stored(memory: Memory, *records: MemoryRecord) -> None:
    memory.backend.records.apply(Change(update=records))


def log(memory: Memory, *entries: WriteLogEntry) -> None:
    memory.backend.records.apply(Change(log=entries))


def unembedded(memory: Memory, limit: int = 100) -> list[MemoryRecord]:
    return memory.backend.vectors.pending(limit)


def open_store(directory: Path) -> Backend:
    """The embedded store on `directory`/memory.db, opened as a process would (close it after)."""
    return open_backend(Settings(home=directory, embedder="hash"), LruCache(16))


def add(backend: Backend, records: Sequence[MemoryRecord]) -> None:
    backend.records.apply(Change(add=tuple(records)))


Snapshot = tuple[
    list[tuple[MemoryRecord, bytes | None]], list[WriteLogEntry], list[QueueEntry], list[QueueEntry]
]


def snapshot(memory: Memory) -> Snapshot:
    """The store's whole contents, as a backup reads them (vectors as bytes, to compare)."""
    with memory.backend.snapshots.export() as contents:
        records = [(record, None if v is None else v.tobytes()) for record, v in contents.records]
        return records, list(contents.write_log), list(contents.queue), list(contents.dead_letters)


def enqueue(
    memory: Memory, op: str, payload: dict[str, object], at: datetime, tenant: str = "default"
) -> int:
    """A write acknowledged and left unapplied (a process died before applying it)."""
    scope = Scope(str(payload.get("tenant", tenant)), str(payload.get("user_id", "")))
    return memory.backend.queue.enqueue(op, payload, scope, at)


def dead_letter(memory: Memory, op: str, payload: dict[str, object], at: datetime, error: str) -> int:
    """A write that failed for good."""
    scope = Scope(str(payload.get("tenant", "default")), str(payload.get("user_id", "")))
    lease = at + timedelta(hours=1)
    entry_id = memory.backend.queue.enqueue(op, payload, scope, at, owner="test", lease_until=lease)
    memory.backend.queue.fail(Claim(entry_id, "test"), error, None, at)
    return entry_id
