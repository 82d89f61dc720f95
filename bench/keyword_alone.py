"""The keyword route alone on one user of the scale bench's store (`bench/scale_sqlite.py load`):
the user's keyword index opened from its file in this fresh process (`Postings.load`, timed), then
`--queries` of the scale bench's queries (k 20, every document valid) in two halves, p50 / p90 /
p99 of each, and the peak RSS. Works with either file format (`.keywords`, or the `.npz` of
earlier versions), so the same command measures code before and after.

    python bench/keyword_alone.py --home /tmp/scale-sqlite --user n1000000
"""

from __future__ import annotations

import argparse
import hashlib
import resource
import statistics
import time
from pathlib import Path

import numpy as np
import scale_sqlite

from hindsight.stores.sparse import Postings, best_valid
from hindsight.stores.terms import tokens
from hindsight.text import query_terms


def _queries(count: int, size: int) -> list[list[str]]:
    """The scale bench's query texts (its own draw, the same seed as its recalls), as index terms."""
    texts = scale_sqlite._queries(np.random.default_rng(11), size, count)
    return [
        [phrase[0] for phrase in (tokens(term) for term in query_terms(text)) if len(phrase) == 1]
        for text in texts
    ]


def _at(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--home", type=Path, required=True)
    parser.add_argument("--user", default="n1000000")
    parser.add_argument("--tenant", default="default")
    parser.add_argument("--queries", type=int, default=400)
    args = parser.parse_args()
    # The file's name as the SQLite store names it (stores/sqlite/keywords.py).
    name = hashlib.sha256(f"{args.tenant}\x00{args.user}".encode()).hexdigest()[:32]
    folder = args.home / "memory.db.keywords"
    path = next((p for p in (folder / f"{name}.keywords", folder / f"{name}.npz") if p.exists()), None)
    if path is None:
        raise SystemExit(f"no keyword index file for {args.user} in {folder}: run a recall first")
    started = time.perf_counter()
    loaded = Postings.load(path)
    if loaded is None:
        raise SystemExit(f"{path} is not a keyword index this code reads")
    index = loaded[0]
    print(f"{path.suffix}: opened in {time.perf_counter() - started:.3f} s, {index.live} memories")
    queries = _queries(args.queries, index.live)
    half = len(queries) // 2
    for label, part in (("first half", queries[:half]), ("second half", queries[half:])):
        times = []
        for terms in part:
            started = time.perf_counter()
            best_valid(index, terms, 20, set)
            times.append((time.perf_counter() - started) * 1000)
        times.sort()
        print(
            f"{label}: p50 {statistics.median(times):.1f}  p90 {_at(times, 0.9):.1f}  "
            f"p99 {_at(times, 0.99):.1f}  max {times[-1]:.1f} ms"
        )
    print(f"peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB")


if __name__ == "__main__":
    main()
