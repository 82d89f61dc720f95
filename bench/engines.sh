#!/usr/bin/env bash
# The bench files on every engine combination (BENCHMARKS.md, "Engines"). Needs the services of
# .ci/services.sh (HINDSIGHT_TEST_POSTGRES_URL, HINDSIGHT_TEST_REDIS_URL). Query and passage vectors
# come from one embedding cache filled by a first run, so every combination sees the same vectors
# and its ingest rate and recall latency are the store's own (embedding excluded).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-bench/results/engines}
WORK=${WORK:-$(mktemp -d)}
FILES=(../shared/bench/locomo-dev.jsonl ../shared/bench/madial-zh.jsonl ../shared/bench/madial-en.jsonl)
CACHE=$WORK/embed-cache.npz
mkdir -p "$OUT"
pg=${HINDSIGHT_TEST_POSTGRES_URL:?start .ci/services.sh first}
redis=${HINDSIGHT_TEST_REDIS_URL:?start .ci/services.sh first}
sep() { case "$1" in *\?*) echo "&";; *) echo "?";; esac; }
schema() { psql "$pg" -qAt -c "DROP SCHEMA IF EXISTS $1 CASCADE" >/dev/null; echo "$pg$(sep "$pg")schema=$1"; }


# Fill the cache (not reported).
[ -f "$CACHE" ] || HINDSIGHT_HOME=$WORK/warm hindsight bench "${FILES[@]}" --embed-cache "$CACHE" --no-progress >/dev/null
only=" ${ONLY:-sqlite postgresql postgresql+redis postgresql+qdrant postgresql-hnsw-m16 postgresql-hnsw-m12} "
run() {  # name, then env assignments
  local name=$1; shift
  case "$only" in *" $name "*) ;; *) return 0;; esac
  echo "== $name: $*"
  env "$@" hindsight bench "${FILES[@]}" --embed-cache "$CACHE" --no-progress --json-out "$OUT/$name.json" \
    | tee "$OUT/$name.txt"
}
run sqlite HINDSIGHT_HOME="$WORK/sqlite"
run postgresql HINDSIGHT_HOME="$WORK/pg" HINDSIGHT_STORE="$(schema bench_pg)"
run postgresql+redis HINDSIGHT_HOME="$WORK/pgr" HINDSIGHT_STORE="$(schema bench_pgr)" \
  HINDSIGHT_STATE="$redis$(sep "$redis")prefix=bench-$$"
run postgresql+qdrant HINDSIGHT_HOME="$WORK/pgq" HINDSIGHT_STORE="$(schema bench_pgq)" \
  HINDSIGHT_VECTORS="qdrant://$WORK/qdrant"
# The HNSW index instead of the exact scan, at two settings: the recall it costs.
run postgresql-hnsw-m16 HINDSIGHT_HOME="$WORK/h16" HINDSIGHT_STORE="$(schema bench_h16)" \
  HINDSIGHT_VECTOR_EXACT_BELOW=0 HINDSIGHT_HNSW_M=16 HINDSIGHT_HNSW_EF_CONSTRUCTION=64 HINDSIGHT_HNSW_EF_SEARCH=100
run postgresql-hnsw-m12 HINDSIGHT_HOME="$WORK/h12" HINDSIGHT_STORE="$(schema bench_h12)" \
  HINDSIGHT_VECTOR_EXACT_BELOW=0 HINDSIGHT_HNSW_M=12 HINDSIGHT_HNSW_EF_CONSTRUCTION=48 HINDSIGHT_HNSW_EF_SEARCH=40
echo "load: $(uptime)"
