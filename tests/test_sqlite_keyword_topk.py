"""The SQLite keyword route ranks only FTS5's own top matches and joins only those to their records;
its answers must be exactly those of joining every match (the way it worked before), whatever the
validity filter drops and however scores tie."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from hindsight import Settings
from hindsight.state.local import LruCache
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
        answers = {
            (i, j, k): backend.keywords.search_keyword(at, terms, k)
            for i, at in enumerate(filters)
            for j, terms in enumerate(queries)
            for k in (1, 5, 40)
        }
        _every_match_joined(monkeypatch)
        for (i, j, k), answer in answers.items():
            expected = backend.keywords.search_keyword(filters[i], queries[j], k)
            assert answer == expected, (filters[i], queries[j], k)
        assert any(len(answer) == 40 for answer in answers.values())  # the cases are not all tiny
    finally:
        backend.close()
