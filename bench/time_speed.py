"""parse_range's cost per query on the time corpus's tuning parts (tune + tune3), two versions of
`timeparse.py` timed in one process, round by round in turn (the machine's load falls on both):
`python bench/time_speed.py OLD_timeparse.py [NEW_timeparse.py] [--rounds 15]`. NEW defaults to
this checkout's. Prints the fastest and the median round, in µs per query."""

from __future__ import annotations

import importlib.util
import json
import statistics
import sys
import time
from datetime import datetime
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpora" / "time"


def load(name: str, path: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def main(argv: list[str]) -> None:
    rounds = int(argv[argv.index("--rounds") + 1]) if "--rounds" in argv else 15
    paths = [arg for arg in argv if arg.endswith(".py")]
    paths = (
        paths if len(paths) == 2 else [*paths, str(ROOT / "src" / "hindsight" / "recall" / "timeparse.py")]
    )
    modules = {path: load(f"timeparse_{i}", path) for i, path in enumerate(paths)}
    cases = [
        (case["query"], datetime.fromisoformat(case["now"]))
        for part in ("tune", "tune3")
        for case in map(json.loads, (CORPUS / f"{part}.jsonl").open(encoding="utf-8"))
    ]
    times: dict[str, list[float]] = {path: [] for path in paths}
    for _ in range(rounds):
        for path, module in modules.items():
            start = time.perf_counter()
            for query, now in cases:
                module.parse_range(query, now)
            times[path].append((time.perf_counter() - start) / len(cases) * 1e6)
    for path, spent in times.items():
        print(f"{path}: fastest {min(spent):.1f} µs/query, median {statistics.median(spent):.1f} "
              f"({rounds} rounds of {len(cases)} queries)")  # fmt: skip


if __name__ == "__main__":
    main(sys.argv[1:])
