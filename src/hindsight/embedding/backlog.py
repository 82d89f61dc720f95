"""The embedding backlog: records stored without a vector yet, embedded in batches.

Writes store a record first and embed it after (one model call per batch is what keeps ingest at
the embedder's own speed). Whoever has time embeds the backlog: the background loop, a recall for
its own user (so what was written anywhere is found by meaning at the next recall), `remember`
for its own record. Two processes embedding the same record write the same vector twice; nothing
is lost or wrong, only work repeated, so the loop takes a lock for the shared backlog.
"""

from __future__ import annotations

import threading

from hindsight.embedding.base import Embedder
from hindsight.embedding.context import AloneVectors, embed_records
from hindsight.models import Scope
from hindsight.reindex import record_embedding_model
from hindsight.stores.base import RecordStore, VectorIndex


class EmbeddingBacklog:
    def __init__(
        self,
        records: RecordStore,
        vectors: VectorIndex,
        embedder: Embedder,
        batch: int,
        context_chars: int,
        context_weight: float = 0.0,
    ) -> None:
        self._records = records
        self._vectors = vectors
        self._embedder = embedder
        self._batch = batch
        self._context_chars = context_chars
        self._context_weight = context_weight
        self._alone = AloneVectors()
        self._lock = threading.Lock()

    def embed(self, scope: Scope | None = None, limit: int | None = None) -> int:
        """Embed waiting records (of one user, or anyone's), oldest first, at most `limit` (None:
        until none is left); returns how many were embedded."""
        done = 0
        dim = 0
        # One batch at a time in this process: two threads would embed the same batch.
        with self._lock:
            while limit is None or done < limit:
                size = self._batch if limit is None else min(self._batch, limit - done)
                batch = self._vectors.pending(size, scope)
                if not batch:
                    break
                vectors = embed_records(
                    self._records,
                    self._embedder,
                    batch,
                    self._context_chars,
                    self._context_weight,
                    self._alone,
                )
                # Versions as read: a record rewritten while its vector was computed keeps waiting.
                self._vectors.set_vectors(
                    [record.id for record in batch],
                    vectors,
                    self._embedder.model_id,
                    versions=[record.version for record in batch],
                )
                done += len(batch)
                dim = int(vectors.shape[1])
                if len(batch) < size:
                    break
        if done:
            record_embedding_model(self._records, self._embedder.model_id, dim)
        return done

    def waiting(self, scope: Scope | None = None) -> bool:
        return bool(self._vectors.pending(1, scope))
