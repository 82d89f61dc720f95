"""Markdown tables from `hindsight bench --json-out` files (used to write BENCHMARKS.md).

python bench/report.py bench/results/foundation/e5-locomo-dev.json bench/results/e5-locomo-dev.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def rows(path: Path) -> list[dict]:  # type: ignore[type-arg]
    return json.loads(path.read_text(encoding="utf-8"))


def quality(paths: list[Path]) -> str:
    out = [
        "| run | file | embedder | profile | ev@5 | ev@10 | ev@20 | any@10 | all@10 |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for path in paths:
        for row in rows(path):
            s = row["scores"]["all"]
            out.append(
                f"| {path.parent.name} | {row['file']} | {row['embedder']} | {row['profile']} | "
                f"{s['ev@5']:.3f} | {s['ev@10']:.3f} | {s['ev@20']:.3f} | "
                f"{s['any@10']:.3f} | {s['all@10']:.3f} |"
            )
    return "\n".join(out)


def categories(paths: list[Path], profile: str = "default") -> str:
    out = ["| run | file | category | n | ev@5 | ev@10 | ev@20 |", "|---|---|---|---|---|---|---|"]
    for path in paths:
        for row in rows(path):
            if row["profile"] != profile:
                continue
            for name, s in sorted(row["scores"].items(), key=lambda item: item[0] == "all"):
                out.append(
                    f"| {path.parent.name} | {row['file']} | {name} | {int(s['n'])} | {s['ev@5']:.3f} | "
                    f"{s['ev@10']:.3f} | {s['ev@20']:.3f} |"
                )
    return "\n".join(out)


def speed(paths: list[Path]) -> str:
    out = [
        "| run | file | embedder | items/s | records stored | records/s | embedder alone, items/s | "
        "recall p50 / p95 / p99 ms | query embedding p99 | overhead p50 / p99 |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for path in paths:
        row = rows(path)[0]
        lat = row["latency_ms"]
        ingest_s = row["items"] / row["ingest_items_per_s"]
        stored = row.get("stored_records") or row["items"]  # the foundation stored each item once
        out.append(
            f"| {path.parent.name} | {row['file']} | {row['embedder']} | {row['ingest_items_per_s']:.1f} | "
            f"{stored} | {stored / ingest_s:.1f} | {row['embedder_items_per_s']:.1f} | "
            f"{lat['recall_p50']:.1f} / {lat['recall_p95']:.1f} / {lat['recall_p99']:.1f} | "
            f"{lat['embed_p99']:.1f} | {lat['overhead_p50']:.1f} / {lat['overhead_p99']:.1f} |"
        )
    return "\n".join(out)


if __name__ == "__main__":
    files = [Path(arg) for arg in sys.argv[1:]]
    print(quality(files), "\n", categories(files), "\n", speed(files), sep="\n")
