"""parse_range's cost per query on the time corpus's tuning parts (tune + tune3), two checkouts timed round by
round in turn (the machine's load falls on both): `python bench/time_speed.py OLD_timeparse.py
[NEW_timeparse.py] [--rounds 15]`. A timeparse.py names its checkout's src/ (the parser is a package since
the split, hindsight.recall.time); NEW defaults to this checkout's. Each checkout runs in a process of its
own, warmed first, and times one pass a round when told. Prints the fastest and the median round, in µs per
query."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpora" / "time"


def cases() -> list[tuple[str, datetime]]:
    return [
        (case["query"], datetime.fromisoformat(case["now"]))
        for part in ("tune", "tune3")
        for case in map(json.loads, (CORPUS / f"{part}.jsonl").open(encoding="utf-8"))
    ]


def worker(src: str) -> None:
    """Times one pass over the cases each time a line comes in on stdin; prints µs per query."""
    sys.path.insert(0, src)
    from hindsight.recall import timeparse

    if not str(Path(timeparse.__file__).resolve()).startswith(str(Path(src).resolve())):
        raise SystemExit(f"{timeparse.__file__} is not in {src} (an installed copy came first)")
    parse_range = timeparse.parse_range

    queries = cases()
    for query, now in queries:  # warm: the first calls fill the regular expressions' caches
        parse_range(query, now)
    print("ready", flush=True)
    for _ in sys.stdin:
        start = time.perf_counter()
        for query, now in queries:
            parse_range(query, now)
        print((time.perf_counter() - start) / len(queries) * 1e6, flush=True)


def main(argv: list[str]) -> None:
    if argv[:1] == ["--worker"]:
        worker(argv[1])
        return
    rounds = int(argv[argv.index("--rounds") + 1]) if "--rounds" in argv else 15
    paths = [arg for arg in argv if arg.endswith(".py")]
    paths = (
        paths if len(paths) == 2 else [*paths, str(ROOT / "src" / "hindsight" / "recall" / "timeparse.py")]
    )
    workers = {
        path: subprocess.Popen(
            [sys.executable, __file__, "--worker", str(Path(path).resolve().parents[2])],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for path in paths
    }
    for process in workers.values():
        assert process.stdout is not None and process.stdout.readline().strip() == "ready"
    times: dict[str, list[float]] = {path: [] for path in paths}
    for _ in range(rounds):
        for path, process in workers.items():
            assert process.stdin is not None and process.stdout is not None
            process.stdin.write("\n")
            process.stdin.flush()
            times[path].append(float(process.stdout.readline()))
    for process in workers.values():
        assert process.stdin is not None
        process.stdin.close()
        process.wait()
    count = len(cases())
    for path, spent in times.items():
        print(f"{path}: fastest {min(spent):.1f} µs/query, median {statistics.median(spent):.1f} "
              f"({rounds} rounds of {count} queries)")  # fmt: skip


if __name__ == "__main__":
    main(sys.argv[1:])
