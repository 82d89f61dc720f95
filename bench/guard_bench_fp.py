"""How many items of the shared bench files the write guard refuses: `python bench/guard_bench_fp.py
FILE.jsonl ... [--show]`. They are ordinary conversation and diary lines: every refusal is a lost
memory (and lost evidence), or a line missing from the question's working memory. Counted per
haystack, since the learned layer saw some haystacks' items as benign examples in training
(bench/train_guard.py) and not the others."""

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
            texts = [item["text"] for item in haystack["items"]]
            texts += [line for question in haystack["questions"] for line in question.get("context", [])]
            for text in texts:
                verdict = guard.check_safety(text)
                if not verdict.stored:
                    reasons[verdict.reason] += 1
                    if show:
                        print(f"  {verdict.reason[:50]:50s} {text[:150]!r}")
            refused = sum(reasons.values())
            print(
                f"{haystack['id']}: {refused} of {len(texts)} items and question-context lines refused "
                f"{dict(reasons)}"
            )


if __name__ == "__main__":
    main()
