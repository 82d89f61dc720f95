#!/usr/bin/env bash
# Reproduces every number in BENCHMARKS.md: each embedder on each shared bench file, with the
# default fusion and the single routes, plus the embedder alone on the same texts (--baseline).
# Usage: bash bench/run_all.sh [EMBEDDER ...]   (default: e5 use minilm); results in bench/results/.
set -euo pipefail
cd "$(dirname "$0")/.."
data=${BENCH_DATA:-../shared/bench}
mkdir -p bench/results
embedders=("$@")
[ ${#embedders[@]} -gt 0 ] || embedders=(e5 use minilm)
for embedder in "${embedders[@]}"; do
  for file in locomo-dev madial-zh madial-en; do
    hindsight --embedder "$embedder" bench "$data/$file.jsonl" --k 5,10,20 --baseline --no-progress \
      --profile default,semantic_only,keyword_only,rrf \
      --json-out "bench/results/$embedder-$file.json" | tee "bench/results/$embedder-$file.md"
  done
done
