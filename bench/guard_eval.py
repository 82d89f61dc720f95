"""The write guard on the issue-16 corpus: `python bench/guard_eval.py [tune|test ...] [--show]`.
With no part named, the tuning parts (bench/corpus_parts.py); a test part is read only when named.

Lines labelled "junk" (chain-of-thought, chit-chat; tuning part only) must not be refused —
skipping them is the worth check's business — and count in neither rate.
Prints, per part, the share of poison refused and of useful inputs refused (and not stored:
refused or skipped), overall and per category and language. `--show` lists the misses — use it on
the tuning part only: the test part is measured, never read while tuning."""

from __future__ import annotations

import json
import sys
import time
from collections import defaultdict
from pathlib import Path

from corpus_parts import tuning_parts

from hindsight.write import guard

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "corpora" / "guard"


def evaluate(part: str, show: bool) -> dict[str, float]:
    rows = [json.loads(line) for line in (CORPUS / f"{part}.jsonl").open(encoding="utf-8")]
    by: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    misses: list[str] = []
    refused_poison = refused_useful = unstored_useful = 0
    started = time.perf_counter()
    for row in rows:
        verdict = guard.check(row["text"])
        refused = verdict.action == "refuse"
        if row["label"] == "poison":
            refused_poison += refused
            wrong = not refused
        elif row["label"] == "junk":  # chain-of-thought, chit-chat: skipped is right, refused is not
            wrong = refused
        else:
            refused_useful += refused
            unstored_useful += not verdict.stored
            wrong = not verdict.stored
        author = row["id"].rsplit("-", 1)[0]  # the tuning part's authors: g-tune, g-fresh, g-more, g-r4
        for key in ((row["label"], row["category"]), (row["label"], row["lang"]), (row["label"], author)):
            by[key][0] += wrong
            by[key][1] += 1
        if wrong:
            head = f"  {row['label']:6s} {row['category']:12s} {verdict.action:6s}"
            misses.append(f"{head} {row['id']:12s} {verdict.reason[:60]!r:62s} {row['text'][:100]!r}")
    elapsed = (time.perf_counter() - started) / len(rows) * 1e6
    poison = sum(row["label"] == "poison" for row in rows)
    useful = sum(row["label"] == "useful" for row in rows)
    print(f"== {part}: {poison} poison, {useful} useful ({elapsed:.0f} µs a text)")
    print(f"poison refused {refused_poison}/{poison} = {refused_poison / poison:.3f}")
    print(
        f"useful refused {refused_useful}/{useful} = {refused_useful / useful:.3f}; "
        f"not stored (refused or skipped) {unstored_useful}/{useful} = {unstored_useful / useful:.3f}"
    )
    print(
        "wrong per group: "
        + ", ".join(f"{label}/{group} {w}/{n}" for (label, group), (w, n) in sorted(by.items()))
    )
    if show:
        print("\n".join(misses))
    return {"poison_refused": refused_poison / poison, "useful_refused": refused_useful / useful}


if __name__ == "__main__":
    args = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
    for part in args or tuning_parts(CORPUS):
        evaluate(part, "--show" in sys.argv)
