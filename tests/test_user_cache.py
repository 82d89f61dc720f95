"""The process's cache of users' search indexes (state/local.py `LruCache`): bounded by entries and
by the bytes its values hold, the least recently used going first; a user's vector matrix and
keyword index say what they hold."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np

from hindsight import Memory, Settings
from hindsight.embedding.hashing import HashEmbedder
from hindsight.state.local import LruCache
from hindsight.stores import sparse
from hindsight.stores.exact import UserMatrix


class Block:
    def __init__(self, nbytes: int) -> None:
        self.nbytes = nbytes


def test_the_least_recently_used_go_first_by_count_and_by_bytes() -> None:
    cache = LruCache(3, max_bytes=1000)
    for key in "abc":
        cache.put(key, Block(300))
    assert cache.get("a") is not None  # "b" is now the least recently used
    cache.put("d", Block(300))  # 1,200 bytes: one must go
    assert cache.get("b") is None and all(cache.get(key) is not None for key in "acd")
    cache.put("c", Block(50))  # replaced: its old weight is given back
    assert cache.held_bytes == 650
    cache.put("e", Block(5000))  # larger than the whole budget: kept alone, the newest
    assert cache.get("e") is not None and all(cache.get(key) is None for key in "acd")
    assert cache.held_bytes == 5000
    cache.put("f", "no size")  # a value that does not say weighs nothing; the count still holds
    assert cache.get("e") is None and cache.get("f") == "no size" and cache.held_bytes == 0


def test_a_users_indexes_say_what_they_hold() -> None:
    docs = [(f"d{n}", n, Counter({"coffee": 1, f"w{n % 7}": 2})) for n in range(500)]
    index = sparse.Postings.build(docs)
    assert index.nbytes >= index.lengths.nbytes + index.table.docs.nbytes + index.ids.base.nbytes
    vector = np.ones(8, dtype=np.float32).tobytes()
    matrix = UserMatrix.read(1, [(f"r{n}", vector, "short", "fact", 0.0, None) for n in range(100)])
    assert matrix.nbytes >= matrix.matrix.nbytes + 100 * 100


def test_a_memory_keeps_many_small_users_searchable_within_its_budget(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path, embedder="hash", vector_cache_users=2, vector_cache_mb=1)
    with Memory(settings=settings, embedder=HashEmbedder(), background=False) as memory:
        for user in ("ann", "bob", "cat"):
            memory.remember(user, f"{user} keeps the spare key under the blue flowerpot")
        for user in ("ann", "bob", "cat", "ann"):  # more users than kept: read again, same answers
            hits = memory.recall(user, "where is the spare key?").hits
            assert hits and hits[0].record.text.startswith(user)
        cache = memory.core.core.vector_cache
        assert 0 < cache.held_bytes <= 2**20
