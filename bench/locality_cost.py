"""What reading each user's stored locality costs a recall: `python bench/locality_cost.py [--store URL]`.

Every recall reads the user's stored locality from the store (never a cache: another process may have
just set it). This measures, in one run and interleaved, a recall's time with the read as shipped and
with it answered from memory (the store's method replaced by a constant), on one user's memory of
`--memories` remembered notes (hash embedder, cache off). The difference is the read's cost; the
ratio is what is recorded (these shared machines are noisy: compare within one run)."""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path
from time import perf_counter

from hindsight import Memory, Settings
from hindsight.embedding.hashing import HashEmbedder

QUERIES = (
    "what did I say yesterday about the car",
    "上周五我说的快递",
    "the dentist last month",
    "wifi password",
)


def _recall_ms(memory: Memory, rounds: int) -> list[float]:
    times = []
    for index in range(rounds):
        started = perf_counter()
        memory.recall("u", QUERIES[index % len(QUERIES)], now="2026-12-06T01:00:00", count_hits=False)
        times.append((perf_counter() - started) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--store", default=None, help="a store URL (default: a fresh SQLite home)")
    parser.add_argument("--memories", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=400)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        where = {"store": args.store} if args.store else {}
        settings = Settings(home=Path(home), embedder="hash", recall_cache_ttl_s=0, **where)
        with Memory(settings=settings, embedder=HashEmbedder(), background=False) as memory:
            for n in range(args.memories):
                memory.remember("u", f"note {n}: the car is parked on level {n % 9}, bay {n}")
            memory.process_queue()
            memory.set_locality("u", "Asia/Shanghai")
            records = memory.backend.records
            scope = records.scopes()[0]
            stored = records.locality_of(scope)
            shipped = records.locality_of
            reads = []
            for _ in range(2000):
                started = perf_counter()
                shipped(scope)
                reads.append((perf_counter() - started) * 1000)
            _recall_ms(memory, 50)  # warm
            with_read: list[float] = []
            from_memory: list[float] = []
            for _ in range(4):  # interleaved: A B A B
                records.locality_of = shipped  # type: ignore[method-assign]
                with_read += _recall_ms(memory, args.rounds // 4)
                records.locality_of = lambda scope: stored  # type: ignore[method-assign]
                from_memory += _recall_ms(memory, args.rounds // 4)
            records.locality_of = shipped  # type: ignore[method-assign]
    read_p50 = statistics.median(reads)
    a, b = statistics.median(with_read), statistics.median(from_memory)
    store = "postgresql" if args.store else "sqlite"
    print(f"store: {store}; {args.memories} memories; {args.rounds} recalls each way, interleaved")
    print(f"locality_of alone: p50 {read_p50 * 1000:.0f} us")
    print(f"recall p50: with the read {a:.2f} ms, answered from memory {b:.2f} ms; ratio {a / b:.3f}")


if __name__ == "__main__":
    main()
