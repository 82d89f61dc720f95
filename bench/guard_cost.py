"""What the write guard costs a text, two source trees side by side:
`python bench/guard_cost.py TREE_A TREE_B [--rounds N] [--bench-dir ../shared/bench]`.

Each round runs each tree in a fresh process (PYTHONPATH=TREE/src), alternating A B A B, so the two are
compared as a ratio measured in one run on this shared machine. A process warms the guard up (the
layer's encoder and weights, the patterns' first use), then times `guard.check` in CPU time over
  ordinary — 1,500 bench items (every second item of madial-en, LoCoMo dev and madial-zh), the turns a
             write path sees most;
  tuning   — 2,000 lines of the guard's tuning corpus (every fifth), poison and useful inputs;
each text once, and reports ms a text and how many of the ordinary texts the learned layer embedded (the
words decide the others alone)."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_ONE_PROCESS = r"""
import json, sys, time
from hindsight.write import guard, intent
bench_dir, corpus = sys.argv[1], sys.argv[2]
ordinary = []
for name in ("madial-en.jsonl", "locomo-dev.jsonl", "madial-zh.jsonl"):
    with open(f"{bench_dir}/{name}", encoding="utf-8") as handle:
        for line in handle:
            ordinary += [item["text"] for item in json.loads(line)["items"]]
ordinary = ordinary[:3000:2]
with open(corpus, encoding="utf-8") as handle:
    tuning = [json.loads(line)["text"] for line in handle if line.strip()][::5][:2000]
guard.warm_up()
guard.check("warm up: my sister lives in Perth now and the cat is fine")
model = intent.model()
bound = 3.0 * model.threshold - 2.0
embedded = sum(float(model.words([guard.learned_input(text)])[0]) >= bound for text in ordinary)
result = {"threshold": model.threshold, "embedded": embedded / len(ordinary)}
for name, texts in (("ordinary", ordinary), ("tuning", tuning)):
    started = time.process_time()
    for text in texts:
        guard.check(text)
    result[name] = (time.process_time() - started) / len(texts) * 1e3
print(json.dumps(result))
"""


def measure(tree: Path, bench_dir: Path) -> dict[str, float]:
    corpus = ROOT / "tests" / "corpora" / "guard" / "tune.jsonl"
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    done = subprocess.run(
        [sys.executable, "-c", _ONE_PROCESS, str(bench_dir), str(corpus)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("trees", nargs=2, type=Path, help="two source trees (each with src/hindsight)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--bench-dir", type=Path, default=ROOT.parent / "shared" / "bench")
    args = parser.parse_args()
    for round_number in range(1, args.rounds + 1):
        for label, tree in zip("AB", args.trees, strict=True):
            got = measure(tree.resolve(), args.bench_dir.resolve())
            print(
                f"round {round_number} {label} ({tree}): threshold {got['threshold']:.3f}, "
                f"ordinary {got['ordinary']:.2f} ms a text ({got['embedded']:.0%} embedded), "
                f"tuning {got['tuning']:.2f} ms a text",
                flush=True,
            )


if __name__ == "__main__":
    main()
