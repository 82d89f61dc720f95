"""Several processes on one memory under load (src/hindsight/bench/load.py): two `hindsight serve`
replicas and a `hindsight worker` on one SQLite store, clients writing, forgetting and reading
through both replicas at once; then again with one replica killed (SIGKILL) mid-burst. Prints one
JSON line per run: writes attempted, acknowledged, lost, duplicated, stale reads after a forget,
dead letters, 5xx answers.

    python bench/multiprocess_load.py [--clients 8] [--writes 100] [--out bench/results/issue11/load.jsonl]
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from hindsight.bench.load import run_load


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--writes", type=int, default=100, help="writes per client")
    parser.add_argument("--replicas", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None)
    options = parser.parse_args()
    lines = []
    for kill in (False, True):
        with tempfile.TemporaryDirectory(prefix="hindsight-load-") as scratch:
            report = run_load(
                Path(scratch) / "home",
                replicas=options.replicas,
                worker=True,
                clients=options.clients,
                writes=options.writes,
                kill_one=kill,
                log_dir=Path(scratch),
            )
        line = json.dumps(report.as_dict())
        print(line, flush=True)
        lines.append(line)
    if options.out is not None:
        options.out.parent.mkdir(parents=True, exist_ok=True)
        options.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
