"""The SQLite keyword route ranks in process memory (stores/sparse.py) and filters only its best
few; FTS5's route ranks only its own top matches. On a store of one user both must answer exactly
what FTS5 gives when every match is joined to its record and sorted (the way it worked first),
whatever the validity filter drops and however scores tie."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from hindsight import Settings
from hindsight.state.local import LruCache
from hindsight.stores import sparse
from hindsight.stores.base import Change
from hindsight.stores.registry import open_backend
from hindsight.stores.sqlite import keywords

from .conformance.kit import NOW, T0, rec, where

WORDS = ["espresso", "tea", "milk", "sugar", "bread", "order", "parcel", "train", "hotel", "budget"]


def _every_match_joined(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(keywords, "MOST_CANDIDATES", 0)  # straight to joining every match


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_top_candidates_give_what_joining_every_match_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    rng = random.Random(seed)
    settings = Settings(home=tmp_path, embedder="hash")
    backend = open_backend(settings, LruCache(8))
    try:
        records = []
        for n in range(400):
            # Few words over a small vocabulary: many matches per query and many equal scores.
            text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 4)))
            closed = rng.random() < 0.6  # most of the best-ranked are no longer valid at NOW
            records.append(
                rec(
                    f"r{n:03d}",
                    text,
                    tier=rng.choice(("short", "long")),
                    valid_until=T0 + timedelta(days=1) if closed else None,
                )
            )
        backend.records.apply(Change(add=tuple(records)))
        # Rewriting a record re-indexes it: its FTS5 row comes after every other, while its write
        # order (seq) stays - so FTS5's order among equal scores is not the write order.
        rewritten = rng.sample(records, 150)
        backend.records.apply(Change(update=tuple(replace(r, text=r.text + ".") for r in rewritten)))
        filters = [where(), where(tiers=("long",)), where(at=T0 + timedelta(hours=1)), where(at=NOW)]
        queries = [[rng.choice(WORDS) for _ in range(rng.randint(1, 3))] for _ in range(12)]
        monkeypatch.setattr(keywords, "FIRST_CANDIDATES", 3)  # many rounds of widening
        monkeypatch.setattr(sparse, "FIRST_CANDIDATES", 3)
        keyword_index = backend.keywords
        assert isinstance(keyword_index, keywords.SQLiteKeywords)
        cases = [(i, j, k) for i in range(len(filters)) for j in range(len(queries)) for k in (1, 5, 40)]
        in_memory = {(i, j, k): keyword_index.search_keyword(filters[i], queries[j], k) for i, j, k in cases}
        fts_top = {(i, j, k): keyword_index._search_fts(filters[i], queries[j], k) for i, j, k in cases}
        _every_match_joined(monkeypatch)
        for i, j, k in cases:
            expected = keyword_index._search_fts(filters[i], queries[j], k)
            assert fts_top[i, j, k] == expected, (filters[i], queries[j], k)
            assert in_memory[i, j, k] == expected, (filters[i], queries[j], k)
        assert any(len(answer) == 40 for answer in in_memory.values())  # the cases are not all tiny
    finally:
        backend.close()
