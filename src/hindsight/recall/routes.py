"""Recall routes: each returns scored candidates (record id, score), best first.

A route is a small function over the store; the facade decides which routes run and fuse weighs
them. Scores are each route's own scale (cosine, BM25): fuse normalises them.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from hindsight.stores.base import MemoryStore, RecordFilter, Scored
from hindsight.text import query_terms


def semantic(
    store: MemoryStore, where: RecordFilter, query_vector: npt.NDArray[np.float32], k: int
) -> Scored:
    return store.search_vector(where, query_vector, k)


def keyword(store: MemoryStore, where: RecordFilter, query: str, k: int) -> Scored:
    return store.search_keyword(where, query_terms(query), k)
