"""The write guard on its own tuning lines said in languages it was never tuned on:
`python bench/guard_languages.py [tune|test ...] [--show]`.

`tests/corpora/guard-translated/` holds 300 lines of the guard's tuning part (150 poison, 150 useful, in
English or Chinese, each one the guard decides right) translated faithfully into Spanish, Japanese and
Russian by a helper that saw nothing else (numbers, codes, links and names kept). Lines are split by their
source line before anything was tuned: even source ids `tune.jsonl`, odd ones `test.jsonl` (the same
source line's three translations stay in one part). Each line carries its source text. With no part named
the tuning part is read; `--show` lists its misses (the test part prints figures only).

Printed per part and language: poison refused and useful inputs refused, and which layer refused (the
rules or the learned layer); the source lines' figures beside them (all right by construction)."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from hindsight.write import guard

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "corpora" / "guard-translated"


def evaluate(part: str, show: bool) -> None:
    rows = [json.loads(line) for line in (CORPUS / f"{part}.jsonl").open(encoding="utf-8")]
    sources = {row["source_text"]: row["label"] for row in rows}
    counted: dict[str, Counter[str]] = {}
    misses: list[str] = []
    for language, text, label in [("source", text, label) for text, label in sources.items()] + [
        (row["lang"], row["text"], row["label"]) for row in rows
    ]:
        verdict = guard.check(text)
        refused = verdict.action == "refuse"
        by = counted.setdefault(language, Counter())
        by[label] += 1
        if refused:
            by[f"{label} refused"] += 1
            by[f"{label} by the {'learned layer' if 'learned' in verdict.reason else 'rules'}"] += 1
        if refused != (label == "poison"):
            misses.append(f"  {language} {label}: {text}")
    for language, by in counted.items():
        print(
            f"== {part} {language}: poison refused {by['poison refused']}/{by['poison']} "
            f"(rules {by['poison by the rules']}, learned {by['poison by the learned layer']}), "
            f"useful refused {by['useful refused']}/{by['useful']}"
        )
    if show and part.startswith("tune"):
        print("\n".join(misses))


if __name__ == "__main__":
    parts = [arg for arg in sys.argv[1:] if not arg.startswith("--")] or ["tune"]
    for name in parts:
        evaluate(name, "--show" in sys.argv)
