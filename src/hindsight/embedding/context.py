"""A record's vector, with the turn before it as context: read as text, or added as a vector.

A turn alone often says little ("Yes, last May"); the turn it answers says what about. Two ways
to give the vector that context:

- as text (`context_weight` 0): the turn is embedded after the first `context_chars` characters
  of the turn before it - one longer text per turn, so about twice the characters embedded;
- as a vector (`context_weight` w > 0): every turn is embedded alone, and a turn's vector is its
  own plus w times the vector of the turn before it (alone), normalised. The turn before is
  usually in the same batch (written just before); otherwise its vector is taken from a small
  cache of recent ones, or embedded with the batch.

Either way the keyword index keeps each turn's own words only (`indexing.index_text`).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence

import numpy as np

from hindsight.embedding.base import Embedder, Vectors, normalize_rows
from hindsight.indexing import embed_texts, index_text
from hindsight.models import MemoryRecord
from hindsight.stores.base import RecordStore


class AloneVectors:
    """The vectors of recently embedded records' own texts, by (id, version): a turn's context is
    usually the turn embedded just before it."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._vectors: OrderedDict[tuple[str, int], Vectors] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, record: MemoryRecord) -> Vectors | None:
        with self._lock:
            return self._vectors.get((record.id, record.version))

    def put(self, record: MemoryRecord, vector: Vectors) -> None:
        with self._lock:
            self._vectors[(record.id, record.version)] = vector
            self._vectors.move_to_end((record.id, record.version))
            while len(self._vectors) > self.size:
                self._vectors.popitem(last=False)


def embed_records(
    store: RecordStore,
    embedder: Embedder,
    records: Sequence[MemoryRecord],
    context_chars: int,
    context_weight: float = 0.0,
    alone: AloneVectors | None = None,
) -> Vectors:
    """The vectors to store for these records, in their order."""
    if context_weight <= 0:
        return embedder.embed_passages(embed_texts(store, records, context_chars))
    in_batch = {record.id: record for record in records}
    outside = [r.context_id for r in records if r.context_id and r.context_id not in in_batch]
    contexts = store.get_many(outside) if outside else {}
    known: dict[str, Vectors] = {}
    if alone is not None:
        for record in contexts.values():
            vector = alone.get(record)
            if vector is not None:
                known[record.id] = vector
    extra = [record for record in contexts.values() if record.id not in known]
    texts = [index_text(record) for record in [*records, *extra]]
    vectors = embedder.embed_passages(texts)
    for row, record in enumerate([*records, *extra]):
        known[record.id] = vectors[row]
        if alone is not None:
            alone.put(record, vectors[row])
    out = np.array(vectors[: len(records)], dtype=np.float32, copy=True)
    for row, record in enumerate(records):
        context = known.get(record.context_id) if record.context_id else None
        if context is not None:
            out[row] += context_weight * context
    return normalize_rows(out)
