"""A search right after a write, on a user of the scale bench's store (`bench/scale_sqlite.py
load`): one record added and given a vector, then one search, `--writes` times; the time of the
search after each write and of the one after it (nothing changed). `--route vector` (the default)
searches by a vector; `--route keyword` by words drawn as the scale bench draws them, the record
written holding such words too. It writes into the store: run it on a copy.

    python bench/after_write.py --home /tmp/scale-copy --user n10000 [--route keyword]
"""

from __future__ import annotations

import argparse
import statistics
import time
from datetime import datetime
from pathlib import Path

import numpy as np

from hindsight import Settings
from hindsight.models import TIERS, MemoryRecord, Scope
from hindsight.state.local import LruCache
from hindsight.stores.base import Change, RecordFilter
from hindsight.stores.registry import open_backend

T = datetime(2026, 6, 1)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--home", type=Path, required=True)
    parser.add_argument("--user", default="n10000")
    parser.add_argument("--writes", type=int, default=20)
    parser.add_argument("--route", choices=("vector", "keyword"), default="vector")
    args = parser.parse_args()
    backend = open_backend(Settings(home=args.home, embedder="hash"), LruCache(8))
    scope = Scope("default", args.user)
    where = RecordFilter(scope=scope, valid_at=datetime(2028, 6, 1), tiers=TIERS)
    rng = np.random.default_rng(2)

    def unit() -> np.ndarray:
        vector = rng.standard_normal(384).astype(np.float32)
        return vector / np.linalg.norm(vector)

    def words(count: int) -> list[str]:  # the scale bench's vocabulary (Zipf over 5,000 words)
        return [f"w{min(int(r) - 1, 4999)}" for r in rng.zipf(1.3, size=count)]

    def search() -> None:
        if args.route == "vector":
            backend.vectors.search_vector(where, unit(), 20)
        else:
            backend.keywords.search_keyword(where, words(4), 20)

    search()
    after, next_ = [], []
    try:
        for n in range(args.writes):
            record = MemoryRecord(
                id=f"w-{args.user}-{n}-{time.time_ns()}", user_id=args.user, tenant="default", tier="short",
                kind="fact", text=" ".join(["written", *words(8)]), created_at=T, event_time=T, valid_from=T,
            )  # fmt: skip
            backend.records.apply(Change(add=(record,)))
            backend.vectors.set_vectors([record.id], unit()[None, :], "bench")
            for times in (after, next_):
                started = time.perf_counter()
                search()
                times.append((time.perf_counter() - started) * 1000)
    finally:
        backend.close()
    print(
        f"{args.user}, {args.route}: search after a write p50 {statistics.median(after):.1f} ms "
        f"(max {max(after):.1f}); "
        f"the next search p50 {statistics.median(next_):.2f} ms"
    )


if __name__ == "__main__":
    main()
