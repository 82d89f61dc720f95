"""Time-range accuracy on the issue-16 corpus: `python bench/time_eval.py [tune|test|tune3|test3] [--show]`.
With no part named, the tuning parts (bench/corpus_parts.py); a test part is read only when named.

Each case is a query, its "now" and the range it names (start and end dates, end exclusive) — or
none, when the query names no time. A case is right when `timeparse.parse_range` returns exactly
that range (or nothing). The conventions (what "上个月初", "the first week of July", "最近" mean)
are in README.md's table. `tune3` / `test3` are a second author's 260 cases (split before any
tuning; tests/corpora/README.md). `--show` lists the wrong cases of the tuning parts only (tune,
tune3): the held-out parts print their figure alone.

A case may say where the user lives (`"region": "AU"`, the `region-*` parts): it is passed to the
parser. `--no-region` reads every case as if no region were given (the parser before regions)."""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from datetime import datetime
from pathlib import Path

from corpus_parts import tuning_parts

from hindsight.recall.timeparse import parse_range

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "corpora" / "time"
PARTS = tuple(sorted(path.stem for path in CORPUS.glob("*.jsonl")))
TUNING = tuple(part for part in PARTS if part.startswith("tune"))
"""The tuning parts (the region parts are named `region-tune*` / `region-test*`)."""


def evaluate(part: str, show: bool, regions: bool = True) -> float:
    cases = [json.loads(line) for line in (CORPUS / f"{part}.jsonl").open(encoding="utf-8")]
    by: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    wrong: list[str] = []
    for case in cases:
        region = case.get("region") if regions else None
        found = parse_range(case["query"], datetime.fromisoformat(case["now"]), region)
        got = (found.start.date().isoformat(), found.end.date().isoformat()) if found else (None, None)
        right = got == (case["start"], case["end"])
        by[case["lang"]][0] += right
        by[case["lang"]][1] += 1
        if not right:
            wrong.append(
                f"  {case['now'][:10]} {case.get('region', '')} {case['query']!r}: want "
                f"{case['start']}..{case['end']}, got {got}"
            )
    total = sum(r for r, _ in by.values()), sum(n for _, n in by.values())
    print(
        f"== {part}: ranges right {total[0]}/{total[1]} = {total[0] / total[1]:.3f}  "
        + ", ".join(f"{lang} {r}/{n}" for lang, (r, n) in sorted(by.items()))
    )
    if show and (part in TUNING or part.startswith("region-tune")):
        print("\n".join(wrong))
    return total[0] / total[1]


if __name__ == "__main__":
    names = [arg for arg in sys.argv[1:] if not arg.startswith("--")] or tuning_parts(CORPUS)
    unknown = [name for name in names if name not in PARTS]
    if unknown:
        sys.exit(f"unknown part(s) {unknown}: choose from {', '.join(PARTS)}")
    for name in names:
        evaluate(name, "--show" in sys.argv, regions="--no-region" not in sys.argv)
