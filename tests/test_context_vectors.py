"""The turn before as a vector: each turn embedded alone, blended with its context's own vector."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

import numpy as np

from hindsight import Memory, Settings
from hindsight.embedding.base import normalize_rows
from hindsight.embedding.context import AloneVectors, embed_records
from hindsight.embedding.hashing import HashEmbedder
from hindsight.ids import turn_record_id
from hindsight.models import MemoryRecord, Scope
from tests.helpers import RecordingEmbedder

T = datetime(2026, 5, 1, 10, 0)


def _turn(rid: str, text: str, role: str, context: str | None = None, version: int = 1) -> MemoryRecord:
    return MemoryRecord(id=rid, user_id="u", tier="short", kind="turn", text=text, created_at=T,
                        event_time=T, valid_from=T, role=role, context_id=context,
                        version=version)  # fmt: skip


class _Store:
    def __init__(self, *records: MemoryRecord) -> None:
        self.records = {r.id: r for r in records}
        self.asked: list[str] = []

    def get_many(self, ids: Sequence[str]) -> dict[str, MemoryRecord]:
        self.asked += list(ids)
        return {i: self.records[i] for i in ids if i in self.records}


def test_each_turn_is_embedded_alone_and_blended_with_the_turn_before() -> None:
    question = _turn("a", "what helps you unwind?", "Melanie")
    answer = _turn("b", "running", "Caroline", context="a")
    embedder = RecordingEmbedder()
    out = embed_records(_Store(), embedder, [question, answer], 200, 0.5)  # type: ignore[arg-type]
    assert embedder.passages == ["Melanie: what helps you unwind?", "Caroline: running"]  # once each
    own_q, own_a = embedder.embed_passages(["Melanie: what helps you unwind?", "Caroline: running"])
    assert np.allclose(out[0], own_q)  # no context: its own vector
    assert np.allclose(out[1], normalize_rows(own_a + 0.5 * own_q))
    assert np.allclose(np.linalg.norm(out, axis=1), 1.0)


def test_a_context_outside_the_batch_comes_from_recent_vectors_or_is_embedded_with_it() -> None:
    question = _turn("a", "what helps you unwind?", "Melanie")
    answer = _turn("b", "running", "Caroline", context="a")
    store = _Store(question)
    embedder = RecordingEmbedder()
    recent = AloneVectors()
    first = embed_records(store, embedder, [answer], 200, 1.0, recent)  # type: ignore[arg-type]
    assert embedder.passages == ["Caroline: running", "Melanie: what helps you unwind?"]
    embedder.passages.clear()
    again = embed_records(store, embedder, [answer], 200, 1.0, recent)  # type: ignore[arg-type]
    assert embedder.passages == ["Caroline: running"]  # the context's vector was kept
    assert np.allclose(first, again)
    store.records["a"] = _turn("a", "what do you do on Sundays?", "Melanie", version=2)  # rewritten
    embedder.passages.clear()
    changed = embed_records(store, embedder, [answer], 200, 1.0, recent)  # type: ignore[arg-type]
    assert embedder.passages == ["Caroline: running", "Melanie: what do you do on Sundays?"]
    assert not np.allclose(changed, first)


def test_weight_zero_reads_the_context_as_text() -> None:
    question = _turn("a", "what helps you unwind?", "Melanie")
    answer = _turn("b", "running", "Caroline", context="a")
    embedder = RecordingEmbedder()
    embed_records(_Store(question), embedder, [answer], 10, 0.0)  # type: ignore[arg-type]
    assert embedder.passages == ["Melanie: w\nCaroline: running"]


def test_memory_with_a_context_weight_stores_blended_turn_vectors(tmp_path: Path) -> None:
    embedder = RecordingEmbedder()
    settings = Settings(home=tmp_path, embedder="hash", turn_context_weight=1.0)
    with Memory(settings=settings, embedder=embedder, background=False) as memory:
        memory.observe("u", "s", "user", "what helps you unwind?", T, turn_id="q", speaker="Melanie")
        memory.observe("u", "s", "user", "running, every morning", T, turn_id="r", speaker="Caroline")
        memory.end_session("u", "s")
        assert "Caroline: running, every morning" in embedder.passages
        assert not any("\n" in text for text in embedder.passages)
        stored = memory.backend.vectors.vectors_of(Scope("default", "u"), [turn_record_id("u", "r")])
    own_q, own_r = HashEmbedder().embed_passages(
        ["Melanie: what helps you unwind?", "Caroline: running, every morning"]
    )
    assert np.allclose(stored[turn_record_id("u", "r")], normalize_rows(own_r + own_q), atol=1e-6)
