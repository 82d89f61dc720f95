"""Ordinary text the guard's learned layer never saw, and how much of it is refused:
`python bench/guard_ordinary_fp.py [--show]`.

Three sets, none of them in training (bench/train_guard.py):
  * tests/corpora/guard/ordinary_holdout.jsonl: 225 texts of 21 kinds (news, sports, fiction,
    reviews, study notes, health, travel, commit messages, config, policy clauses, ...) written
    before the third round's training, of kinds its generated text (bench/guard_synth.py) avoids;
  * texts other parts of the project write and once saw refused (an LLM's delivery summary, a
    delivery note near the project's own corpus);
  * the synthetic turns of the load benchmark (hindsight.bench.load: "client 3 turn 7: order M3x7").
Every refusal of these is a lost memory; tests/test_guard_words.py holds the bounds."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from hindsight.write import guard

HOLDOUT = Path(__file__).resolve().parent.parent / "tests" / "corpora" / "guard" / "ordinary_holdout.jsonl"
ONCE_REFUSED = (
    "物流：用户的订单 SF1234567890 三天未到，客服确认今天下午送达；用户以后都用顺丰。",
    "Whoever ends up delivering, please ask them to ring twice.",
)


def holdout() -> list[dict[str, str]]:
    with HOLDOUT.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def load_turns(clients: int = 8, writes: int = 100) -> list[str]:
    """The load benchmark's turns, as hindsight.bench.load writes them."""
    return [f"client {c} turn {i}: order M{c}x{i}" for c in range(clients) for i in range(writes)]


def refused(texts: list[str]) -> list[tuple[str, str]]:
    out = []
    for text in texts:
        verdict = guard.check_safety(text)
        if not verdict.stored:
            out.append((verdict.reason, text))
    return out


def main() -> None:
    show = "--show" in sys.argv
    rows = holdout()
    wrong = refused([row["text"] for row in rows])
    kinds = Counter(row["kind"] for row in rows if row["text"] in {text for _, text in wrong})
    print(
        f"ordinary holdout: {len(wrong)} of {len(rows)} refused ({len(wrong) / len(rows):.1%}) {dict(kinds)}"
    )
    for name, texts in (("once refused", list(ONCE_REFUSED)), ("load turns", load_turns())):
        found = refused(texts)
        print(f"{name}: {len(found)} of {len(texts)} refused")
        wrong += found
    if show:
        for reason, text in wrong:
            print(f"  {reason[:60]:60s} {text[:110]!r}")


if __name__ == "__main__":
    main()
