"""The vectors of recent queries, kept in process memory.

Why: an agent asks the same thing again and again (each turn's recall, a retried request, one
question asked by several tools), and embedding a query is most of a recall's time on the default
model (tens of milliseconds on a busy core, against a few for the search). A query's vector depends
only on the model and the text, never on what the store holds, so a cached one can never be stale:
no revalidation is needed, unlike every cache of stored data.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence

from hindsight.embedding.base import Embedder, Vectors


class RecentQueries:
    """An Embedder that remembers the vectors of the last `size` distinct queries (0: none)."""

    def __init__(self, inner: Embedder, size: int) -> None:
        self.inner = inner
        self.size = size
        self._vectors: OrderedDict[str, Vectors] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def model_id(self) -> str:
        return self.inner.model_id

    @property
    def dim(self) -> int:
        return self.inner.dim

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        return self.inner.embed_passages(texts)

    def embed_query(self, text: str) -> Vectors:
        if self.size <= 0:
            return self.inner.embed_query(text)
        with self._lock:
            known = self._vectors.get(text)
            if known is not None:
                self._vectors.move_to_end(text)
                return known
        # Embedded outside the lock: two threads asking the same new query both embed it, which
        # costs once what holding the lock through the model would cost every other query.
        vector = self.inner.embed_query(text)
        vector.setflags(write=False)  # shared by every caller from now on
        with self._lock:
            self._vectors[text] = vector
            self._vectors.move_to_end(text)
            while len(self._vectors) > self.size:
                self._vectors.popitem(last=False)
        return vector

    def close(self) -> None:
        close = getattr(self.inner, "close", None)
        if callable(close):
            close()
