"""Embedding behind the writes (embedding/behind.py): with no background loop, a user's records are
embedded in batches while the next writes are planned — the oldest first, always the same batches —
and whoever embeds the rest waits for them first; with a loop, or an external worker, nothing is
embedded here."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import numpy as np

from hindsight import Memory, Settings
from hindsight.core import BEHIND_BATCH
from hindsight.embedding.hashing import HashEmbedder
from hindsight.models import Scope
from tests.stored import unembedded

T0 = datetime(2026, 5, 4, 9, 0)


def _turns(mem: Memory, user: str, count: int) -> None:
    for index in range(count):
        mem.observe(
            user,
            "s",
            "user",
            f"Note {index}: the shed's key number {index} hangs on hook {index % 7}",
            (T0 + timedelta(minutes=index)).isoformat(),
            turn_id=f"{user}-{index}",
        )


def _settle(mem: Memory, user: str) -> None:
    behind = mem.core.core.behind
    assert behind is not None
    behind.settle(Scope("default", user))


def test_a_full_batch_is_embedded_behind_the_writes(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path, embedder="hash")
    with Memory(settings=settings, embedder=HashEmbedder(), background=False) as mem:
        _turns(mem, "u", BEHIND_BATCH + 5)
        _settle(mem, "u")
        written = mem.records("u")
        assert BEHIND_BATCH < len(written) < 2 * BEHIND_BATCH
        # The first batch of what the user wrote (the oldest records) has its vectors before the
        # session ends; what came after it waits (fewer than a batch).
        waiting = unembedded(mem)
        assert len(waiting) == len(written) - BEHIND_BATCH
        oldest_waiting = min(record.created_at for record in waiting)
        embedded = [record for record in written if record.id not in {w.id for w in waiting}]
        assert max(record.created_at for record in embedded) <= oldest_waiting
        mem.end_session("u", "s", (T0 + timedelta(hours=1)).isoformat())
        assert unembedded(mem) == []
        answer = mem.recall("u", "which hook holds key number 3", top_k=3)
        assert answer.hits


def test_every_record_ends_embedded_as_when_the_session_embeds_them_all(tmp_path: Path) -> None:
    """Behind the writes, or all at the session's end (an external worker's setup: nothing embedded
    behind): the same records get the same vectors."""

    def embedded(home: Path, worker: str) -> dict[str, np.ndarray]:
        settings = Settings(home=home, embedder="hash", worker=worker)
        with Memory(settings=settings, embedder=HashEmbedder(), background=False) as mem:
            assert (mem.core.core.behind is not None) == (worker == "inline")
            _turns(mem, "v", 2 * BEHIND_BATCH + 3)
            mem.end_session("v", "s", (T0 + timedelta(hours=1)).isoformat())
            assert unembedded(mem) == []
            records = mem.records("v")
            found = mem.backend.vectors.vectors_of(Scope("default", "v"), [r.id for r in records])
            assert set(found) == {record.id for record in records}
            # Keyed by what a record is (a summary's id is new at every run).
            return {f"{r.kind}:{r.text}": np.asarray(found[r.id]) for r in records}

    behind = embedded(tmp_path / "behind", "inline")
    at_the_end = embedded(tmp_path / "end", "external")
    assert behind.keys() == at_the_end.keys()
    assert all(np.array_equal(behind[key], at_the_end[key]) for key in behind)


def test_a_memory_with_a_loop_leaves_the_embedding_to_it(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path, embedder="hash", tick_s=3600)
    with Memory(settings=settings, embedder=HashEmbedder(), background=True) as mem:
        assert mem.core.core.behind is None


class _FailsOnce(HashEmbedder):
    """Its first batch fails (a bug, not a HindsightError); every later one works."""

    def __init__(self) -> None:
        super().__init__()
        self.failed = False

    def embed_passages(self, texts):  # type: ignore[no-untyped-def]
        if not self.failed:
            self.failed = True
            raise RuntimeError("boom")
        return super().embed_passages(texts)


def test_a_batch_that_fails_behind_the_writes_waits_for_the_next_embedding(tmp_path: Path) -> None:
    embedder = _FailsOnce()
    settings = Settings(home=tmp_path, embedder="hash")
    with Memory(settings=settings, embedder=embedder, background=False) as mem:
        _turns(mem, "w", BEHIND_BATCH + 2)  # no write fails
        _settle(mem, "w")
        assert embedder.failed
        assert len(unembedded(mem)) == len(mem.records("w"))  # nothing lost, all still waiting
        mem.end_session("w", "s", (T0 + timedelta(hours=1)).isoformat())
        assert unembedded(mem) == []
