"""How many items of the shared bench files the write guard refuses: `python bench/guard_bench_fp.py
FILE.jsonl ... [--show]`. They are ordinary conversation and diary lines: every refusal is a lost
memory (and lost evidence). Counted per haystack, since the learned layer saw some haystacks'
items as benign examples in training (bench/train_guard.py) and not the others."""

from __future__ import annotations

import json
import sys
from collections import Counter

from hindsight.write import guard


def main() -> None:
    show = "--show" in sys.argv
    for path in [arg for arg in sys.argv[1:] if not arg.startswith("--")]:
        with open(path, encoding="utf-8") as lines:
            haystacks = [json.loads(line) for line in lines]
        for haystack in haystacks:
            reasons: Counter[str] = Counter()
            for item in haystack["items"]:
                verdict = guard.check_safety(item["text"])
                if not verdict.stored:
                    reasons[verdict.reason] += 1
                    if show:
                        print(f"  {verdict.reason[:50]:50s} {item['text'][:150]!r}")
            refused = sum(reasons.values())
            print(f"{haystack['id']}: {refused} of {len(haystack['items'])} items refused {dict(reasons)}")


if __name__ == "__main__":
    main()
