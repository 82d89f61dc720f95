"""The embedding backlog racing a write: a record whose text changes while its vector is computed
must not keep the vector of its old text (it would be found by meaning for what it no longer says,
and never embedded again). The vector is stored only if the record is still as it was read; else
the record stays in the backlog and the next round embeds its new text."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import numpy as np
import pytest

from hindsight.embedding.backlog import EmbeddingBacklog
from hindsight.embedding.hashing import HashEmbedder
from hindsight.reindex import reindex_store
from hindsight.stores.registry import Backend

from .backends import Site
from .kit import ALICE, MODEL, add, current, rec, record_ids, update, where


class RacingEmbedder(HashEmbedder):
    """Runs `race` (another process's write) while it computes its first batch."""

    def __init__(self, race: Callable[[], None]) -> None:
        super().__init__(dim=64)
        self._race: Callable[[], None] | None = race

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:  # type: ignore[override]
        if self._race is not None:
            race, self._race = self._race, None
            race()
        return super().embed_passages(texts)


def _vector_of(text: str) -> np.ndarray:
    return HashEmbedder(dim=64).embed_passages([text])[0]


@pytest.fixture
def pair(site: Site) -> tuple[Backend, Backend]:
    embedding, writer = site.open(), site.open()
    add(embedding, rec("a", "old words about tea"), rec("b", "untouched words"))
    return embedding, writer


def _rewrite(writer: Backend) -> Callable[[], None]:
    return lambda: update(writer, replace(current(writer, "a"), text="new words about coffee"))


def test_the_backlog_stores_no_vector_for_a_text_changed_meanwhile(pair: tuple[Backend, Backend]) -> None:
    embedding, writer = pair
    backlog = EmbeddingBacklog(embedding.records, embedding.vectors, RacingEmbedder(_rewrite(writer)), 8, 0)
    backlog.embed(ALICE)
    assert record_ids(embedding.vectors.pending(10)) == ["a"], "left in the backlog, with its new text"
    assert embedding.vectors.vectors_of(ALICE, ["b"])["b"] == pytest.approx(_vector_of("untouched words"))
    backlog.embed(ALICE)
    assert embedding.vectors.vectors_of(ALICE, ["a"])["a"] == pytest.approx(
        _vector_of("new words about coffee")
    )
    assert embedding.vectors.pending(10) == []


def test_a_reindex_stores_no_vector_for_a_text_changed_meanwhile(pair: tuple[Backend, Backend]) -> None:
    embedding, writer = pair
    embedder = RacingEmbedder(_rewrite(writer))
    report = reindex_store(embedding.records, embedding.vectors, embedder, batch=8, context_chars=0)
    assert report.model_id == embedder.model_id
    assert embedding.vectors.stale(embedder.model_id) == []
    assert embedding.vectors.vectors_of(ALICE, ["a"])["a"] == pytest.approx(
        _vector_of("new words about coffee")
    )


def test_set_vectors_with_versions_skips_records_changed_since_they_were_read(backend: Backend) -> None:
    add(backend, rec("a"), rec("b"))
    read = [current(backend, "a"), current(backend, "b")]
    backend.records.add_hits({"b": (1, read[1].created_at)})
    unit = np.eye(4, dtype=np.float32)[:2]
    backend.vectors.set_vectors(["a", "b"], unit, MODEL, versions=[r.version for r in read])
    assert set(backend.vectors.vectors_of(ALICE, ["a", "b"])) == {"a"}
    assert record_ids(backend.vectors.pending(10)) == ["b"]
    assert [rid for rid, _ in backend.vectors.search_vector(where(), unit[0], 5)] == ["a"]
