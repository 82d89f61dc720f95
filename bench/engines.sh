#!/usr/bin/env bash
# The bench files on every engine combination (BENCHMARKS.md, "Engines"). Needs the services of
# .ci/services.sh (HINDSIGHT_TEST_POSTGRES_URL, HINDSIGHT_TEST_REDIS_URL). Query and passage vectors
# come from one embedding cache filled by a first run, so every combination sees the same vectors
# and its ingest rate and recall latency are the store's own (embedding excluded). Each file goes
# into a store of its own (a new schema, Redis prefix, Qdrant folder), as `hindsight bench` gives
# each file a new SQLite file.
#   ONLY="postgresql postgresql+redis" bash bench/engines.sh     # a subset
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-bench/results/engines}
WORK=${WORK:-$(mktemp -d)}
FILES=(locomo-dev madial-zh madial-en)
CACHE=$WORK/embed-cache.npz
mkdir -p "$OUT"
pg=${HINDSIGHT_TEST_POSTGRES_URL:?start .ci/services.sh first}
redis=${HINDSIGHT_TEST_REDIS_URL:?start .ci/services.sh first}
sep() { case "$1" in *\?*) echo "&";; *) echo "?";; esac; }
schema() { psql "$pg" -qAt -c "DROP SCHEMA IF EXISTS $1 CASCADE" >/dev/null; echo "$pg$(sep "$pg")schema=$1"; }

[ -f "$CACHE" ] || HINDSIGHT_HOME=$WORK/warm hindsight bench "${FILES[@]/#/../shared/bench/}" \
  --embed-cache "$CACHE" --no-progress >/dev/null  # fills the cache (not reported)
only=" ${ONLY:-sqlite postgresql postgresql+redis postgresql-hnsw-m16 postgresql-hnsw-m12 postgresql+qdrant} "

run() {  # name, then settings (STORE, STATE, VECTORS are filled in per file)
  local name=$1; shift
  case "$only" in *" $name "*) ;; *) return 0;; esac
  : >"$OUT/$name.txt"
  for file in "${FILES[@]}"; do
    local tag=${file//-/_} settings=()
    for setting in "$@"; do
      case "$setting" in
        STORE=pg) settings+=("HINDSIGHT_STORE=$(schema "b_${name//[^a-z0-9]/_}_$tag")") ;;
        STATE=redis) settings+=("HINDSIGHT_STATE=$redis$(sep "$redis")prefix=b-$name-$tag-$$") ;;
        VECTORS=qdrant) rm -rf "$WORK/qdrant-$name-$tag"; settings+=("HINDSIGHT_VECTORS=qdrant://$WORK/qdrant-$name-$tag") ;;
        *) settings+=("$setting") ;;
      esac
    done
    echo "== $name $file: ${settings[*]}" | tee -a "$OUT/$name.txt"
    env HINDSIGHT_HOME="$WORK/$name-$tag" "${settings[@]}" hindsight bench "../shared/bench/$file.jsonl" \
      --embed-cache "$CACHE" --no-progress --json-out "$OUT/$name-$file.json" | tee -a "$OUT/$name.txt"
  done
}

run sqlite
run postgresql STORE=pg
run postgresql+redis STORE=pg STATE=redis
# The HNSW index instead of the exact scan (every user indexed), at two settings: the recall it costs.
run postgresql-hnsw-m16 STORE=pg HINDSIGHT_VECTOR_EXACT_BELOW=0 HINDSIGHT_HNSW_M=16 HINDSIGHT_HNSW_EF_CONSTRUCTION=64 HINDSIGHT_HNSW_EF_SEARCH=100
run postgresql-hnsw-m12 STORE=pg HINDSIGHT_VECTOR_EXACT_BELOW=0 HINDSIGHT_HNSW_M=12 HINDSIGHT_HNSW_EF_CONSTRUCTION=48 HINDSIGHT_HNSW_EF_SEARCH=40
run postgresql+qdrant STORE=pg VECTORS=qdrant
echo "load: $(uptime)"
