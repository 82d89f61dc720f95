"""parse_range's cost per query on the time corpus's tuning parts (tune + tune3), whole checkout:
`PYTHONPATH=<checkout>/src python bench/time_speed_tree.py`. Run it for two checkouts in turn (the
machine's load falls on both); prints the fastest of seven passes, in µs per query. Unlike
time_speed.py, which runs two checkouts in turn in processes of their own, this times one checkout
alone, everything a query passes through (hindsight.recall.time, holidays.py) as the checkout has it."""

from __future__ import annotations

import json
import time
from datetime import datetime
from pathlib import Path

from hindsight.recall.timeparse import parse_range

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "corpora" / "time"


def main() -> None:
    rows = [
        json.loads(line)
        for name in ("tune.jsonl", "tune3.jsonl")
        for line in (CORPUS / name).read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    queries = [(row["query"], datetime.fromisoformat(row["now"])) for row in rows]
    for query, now in queries:  # warm: the rules compile on first use
        parse_range(query, now)
    fastest = float("inf")
    for _ in range(7):
        started = time.perf_counter()
        for query, now in queries:
            parse_range(query, now)
        fastest = min(fastest, (time.perf_counter() - started) / len(queries))
    print(f"{fastest * 1e6:.1f} µs a query over {len(queries)} queries")


if __name__ == "__main__":
    main()
