"""A full disk, for real: SQLite's max_page_count makes the store's own file refuse to grow, and
SQLite answers exactly as it does on a full disk ("database or disk is full").

What must hold: a write the store could not take is never acknowledged; a write acknowledged
before the disk filled waits in the queue (retried, never dead-lettered, never half-stored) and
lands whole, once, when there is room again."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from hindsight import Memory, Settings
from hindsight.embedding.hashing import HashEmbedder
from hindsight.errors import StoreUnavailable, WriteDeferred

UNLIMITED = 1_073_741_823


def connection(memory: Memory) -> sqlite3.Connection:
    """The SQLite store's connection (the test reaches past the seam to fill the disk)."""
    db = memory.backend.records._db  # type: ignore[attr-defined]
    conn: sqlite3.Connection = db.conn
    return conn


def fill_the_disk(conn: sqlite3.Connection) -> None:
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages}")


def empty_the_disk(conn: sqlite3.Connection) -> None:
    conn.execute(f"PRAGMA max_page_count = {UNLIMITED}")


LONG = "Order 5521 ships to Rua Augusta 12, Lisbon, on the morning of May 3. " * 80


LEASE_S = 0.5


@pytest.fixture
def memory(tmp_path: Path) -> Any:
    # A short claim lease: a write whose failure the full disk would not even let us record is
    # retried once its claim runs out (60 s by default).
    settings = Settings(home=tmp_path, embedder="hash", queue_lease_s=LEASE_S)
    with Memory(settings=settings, embedder=HashEmbedder(), background=False) as mem:
        mem.remember("u", "a first memory")
        yield mem


def test_a_write_the_full_store_cannot_take_is_not_acknowledged(memory: Memory) -> None:
    conn = connection(memory)
    fill_the_disk(conn)
    with pytest.raises(StoreUnavailable, match="full"):
        memory.remember("u", LONG)
    waiting, dead = memory.queue()
    assert waiting == [] and dead == []  # nothing acknowledged, so nothing owed
    assert [r.text for r in memory.memories("u")] == ["a first memory"]
    empty_the_disk(conn)
    assert memory.remember("u", LONG).record.text == LONG.strip()


def test_a_write_acknowledged_before_the_disk_filled_lands_once_when_there_is_room(
    memory: Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    conn = connection(memory)
    queue = memory.backend.queue
    enqueue = queue.enqueue

    def acknowledge_then_fill(*args: Any, **kwargs: Any) -> int:
        entry_id = enqueue(*args, **kwargs)
        fill_the_disk(conn)  # the disk fills between the acknowledgement and the apply
        return entry_id

    monkeypatch.setattr(queue, "enqueue", acknowledge_then_fill)
    with pytest.raises(WriteDeferred) as deferred:
        memory.remember("u", LONG)
    monkeypatch.undo()
    assert "full" in str(deferred.value)

    # Acknowledged: waiting in the queue to be retried, not dead. Not half-stored: no record, and
    # the store's own checks find every index consistent with the records. (The full disk did not
    # even let the failed attempt be counted: the entry keeps its claim until the lease runs out.)
    waiting, dead = memory.queue()
    assert len(waiting) == 1 and dead == []
    assert [r.text for r in memory.memories("u")] == ["a first memory"]
    assert [f for f in memory.doctor(thorough=True) if f.level == "problem"] == []

    # Still full: retrying fails again, and the entry still waits.
    time.sleep(LEASE_S * 2)
    assert memory.process_queue() == 0
    assert len(memory.queue()[0]) == 1 and memory.queue()[1] == []

    empty_the_disk(conn)
    time.sleep(LEASE_S * 2)
    assert memory.process_queue() == 1
    texts = [r.text for r in memory.memories("u")]
    assert sorted(texts) == sorted(["a first memory", LONG.strip()])  # once, whole
    assert memory.queue() == ([], [])
    assert memory.recall("u", "where does order 5521 ship").hits[0].record.text == LONG.strip()
