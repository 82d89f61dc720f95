#!/bin/bash
# Old (b5a1e47, checked out at /tmp/landed) and new (this tree) benches side by side, on the same
# cached e5 vectors, at the same moment: the ratio is what counts on a shared machine.
# usage: run.sh ROUND [FILES...]   (default files: locomo-dev madial-zh)
out=$(cd "$(dirname "$0")" && pwd)
round=${1:-1}; shift
files=${@:-locomo-dev madial-zh}
for f in $files; do
  (cd /tmp/landed && .venv/bin/hindsight bench /work/shared/bench/$f.jsonl --k 5,10,20 --no-progress --embed-cache /tmp/cmp/e5.cache > $out/old-$f-r$round.md 2>$out/old-$f-r$round.err) &
  (cd /work/main && .venv/bin/hindsight bench /work/shared/bench/$f.jsonl --k 5,10,20 --no-progress --embed-cache /tmp/cmp/e5.cache > $out/new-$f-r$round.md 2>$out/new-$f-r$round.err) &
  wait
done
