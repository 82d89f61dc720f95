#!/usr/bin/env bash
# CI: the Compose stack for real. Builds the Hindsight image (Dockerfile) on a local Debian base,
# brings up compose.yaml through .ci/compose.ci.yaml (which swaps the official PostgreSQL + pgvector
# and Redis images for ones built here from Debian 13's packages, and leaves Qdrant out: no Qdrant
# server can be had here), waits for every health check, runs .ci/compose_smoke.py through the
# published ports, and tears everything down whatever the outcome.
#
#   bash .ci/compose_smoke.sh            # what .ci/run calls after the test suite
#
# No image registry is reachable: base images are Debian root file systems made by mmdebstrap from
# the machine's own apt sources (the tar is cached in $WORK between steps of one run). The engine
# runs as a private dockerd (its own data root, exec root, pid file and socket under $WORK), stopped
# by its pid at the end; the docker0 link it leaves is deleted. HINDSIGHT_COMPOSE_KEEP=1 keeps the
# engine's data root (images, build cache) for the next run, for working on this script.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
WORK=${HINDSIGHT_COMPOSE_WORK:-/tmp/hindsight-ci-compose}
SUITE=trixie
PROJECT=hindsight-ci
PORT_1=${HINDSIGHT_CI_PORT_1:-18765}
PORT_2=${HINDSIGHT_CI_PORT_2:-18766}
AGENT_PORT=${HINDSIGHT_CI_AGENT_PORT:-18000}
SUDO=$([ "$(id -u)" = 0 ] && echo "" || echo sudo)
PYTHON=${PYTHON:-python3}
# Compose builds through the engine API (not whichever docker CLI is first on PATH).
export COMPOSE_DOCKER_CLI_BUILD=0 DOCKER_BUILDKIT=0
started_at=$(date +%s)

say() { printf '[compose %3ss] %s\n' "$(($(date +%s) - started_at))" "$*"; }

install_engine() {
  local need=()
  command -v dockerd >/dev/null 2>&1 || need+=(docker.io)
  command -v docker-compose >/dev/null 2>&1 || need+=(docker-compose)
  command -v mmdebstrap >/dev/null 2>&1 || need+=(mmdebstrap)
  [ ${#need[@]} = 0 ] && return 0
  say "installing ${need[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
}

start_dockerd() {
  mkdir -p "$WORK/data" "$WORK/exec"
  $SUDO dockerd --data-root "$WORK/data" --exec-root "$WORK/exec" --pidfile "$WORK/dockerd.pid" \
    -H "unix://$WORK/docker.sock" >"$WORK/dockerd.log" 2>&1 &
  export DOCKER_HOST="unix://$WORK/docker.sock"
  for _ in $(seq 100); do "$DOCKER" version >/dev/null 2>&1 && return 0; sleep 0.2; done
  tail -20 "$WORK/dockerd.log" >&2
  echo "dockerd did not start" >&2
  return 1
}

cleanup() {
  local status=$?
  set +e
  if [ -n "${DOCKER_HOST:-}" ] && [ -S "$WORK/docker.sock" ]; then
    if [ "$status" != 0 ]; then
      say "failed: the stack's state and the last log lines of each service"
      compose ps
      compose logs --no-color --tail=40
    fi
    compose --profile agent down -v --remove-orphans -t 10 >/dev/null 2>&1
  fi
  if [ -f "$WORK/dockerd.pid" ]; then
    local pid
    pid=$(cat "$WORK/dockerd.pid")
    $SUDO kill "$pid" 2>/dev/null
    for _ in $(seq 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -0 "$pid" 2>/dev/null && $SUDO kill -9 "$pid" 2>/dev/null
  fi
  ip link show docker0 >/dev/null 2>&1 && $SUDO ip link delete docker0
  if [ "${HINDSIGHT_COMPOSE_KEEP:-}" != 1 ]; then
    $SUDO rm -rf "$WORK/data" "$WORK/exec"
  fi
  rm -f "$WORK/ci.env"
  say "engine stopped, exit $status"
  exit "$status"
}

compose() {
  docker-compose -p "$PROJECT" --env-file "$WORK/ci.env" -f compose.yaml -f .ci/compose.ci.yaml "$@"
}

base_image() {
  # A minimal Debian root file system from the machine's own apt sources (the suite changed to
  # trixie, which packages PostgreSQL 17 + pgvector, Redis and Python 3.13), with the machine's
  # local CA certificates so that HTTPS from inside builds passes its TLS-inspecting proxy.
  if ! "$DOCKER" image inspect "localhost/debian:$SUITE" >/dev/null 2>&1; then
    if [ ! -s "$WORK/rootfs-$SUITE.tar" ]; then
      say "building the $SUITE root file system (mmdebstrap)"
      sed -e "s/^Suites: bookworm bookworm-updates/Suites: $SUITE $SUITE-updates/" \
        -e "s/^Suites: bookworm-security/Suites: $SUITE-security/" \
        /etc/apt/sources.list.d/debian.sources >"$WORK/$SUITE.sources"
      grep -q "^Suites: $SUITE" "$WORK/$SUITE.sources"
      $SUDO mmdebstrap --quiet --format=tar --variant=minbase --include=ca-certificates \
        --customize-hook='if ls /usr/local/share/ca-certificates/*.crt >/dev/null 2>&1; then cp /usr/local/share/ca-certificates/*.crt "$1/usr/local/share/ca-certificates/"; fi; chroot "$1" update-ca-certificates >/dev/null 2>&1' \
        "$SUITE" "$WORK/rootfs-$SUITE.tar.tmp" "$WORK/$SUITE.sources"
      mv "$WORK/rootfs-$SUITE.tar.tmp" "$WORK/rootfs-$SUITE.tar"
    fi
    "$DOCKER" import "$WORK/rootfs-$SUITE.tar" "localhost/debian:$SUITE" >/dev/null
  fi
}

write_env() {
  # The stack's .env for CI (compose.yaml refuses to start without the keys and the password).
  local key_a key_b operator password
  key_a=$("$PYTHON" -c 'import secrets; print(secrets.token_hex(20))')
  key_b=$("$PYTHON" -c 'import secrets; print(secrets.token_hex(20))')
  operator=$("$PYTHON" -c 'import secrets; print(secrets.token_hex(20))')
  password=$("$PYTHON" -c 'import secrets; print(secrets.token_hex(16))')
  umask 077
  cat >"$WORK/ci.env" <<EOF
HINDSIGHT_API_KEYS=$key_a,$key_b=acme
HINDSIGHT_OPERATOR_KEY=$operator
POSTGRES_PASSWORD=$password
HINDSIGHT_BIND=127.0.0.1
HINDSIGHT_PORT_1=$PORT_1
HINDSIGHT_PORT_2=$PORT_2
HINDSIGHT_IMAGE=localhost/hindsight-memory:ci
HINDSIGHT_BASE_IMAGE=localhost/python:3-$SUITE
HINDSIGHT_VECTORS=
COMPOSE_PROFILES=
HINDSIGHT_AGENT_API_KEY=$operator-agent
HINDSIGHT_AGENT_MEMORY_API_KEY=$key_a
HINDSIGHT_AGENT_PORT=$AGENT_PORT
HINDSIGHT_AGENT_LLM_BASE_URL=http://127.0.0.1:9/v1
EOF
  umask 022
  SMOKE_KEY=$key_a
  SMOKE_TENANT_KEY=$key_b
}

DOCKER=/usr/bin/docker
install_engine
[ -x "$DOCKER" ] || DOCKER=$(command -v docker)
mkdir -p "$WORK"
trap cleanup EXIT
say "starting dockerd ($WORK)"
start_dockerd

write_env
say "docker-compose config accepts compose.yaml and the CI override"
compose config -q
docker-compose -p "$PROJECT" --env-file "$WORK/ci.env" -f compose.yaml config -q
say "the stack refuses to start without its keys (.env.example as it is)"
if refusal=$(docker-compose -p "$PROJECT" --env-file .env.example -f compose.yaml config -q 2>&1); then
  echo "compose.yaml accepted .env.example's empty HINDSIGHT_API_KEYS and POSTGRES_PASSWORD" >&2
  exit 1
fi
grep -q "is not set - cp .env.example .env" <<<"$refusal" || { echo "unexpected refusal: $refusal" >&2; exit 1; }

t0=$(date +%s)
base_image
say "building the images: a Python base, then Hindsight (Dockerfile), PostgreSQL + pgvector, Redis"
"$DOCKER" build -q -t "localhost/python:3-$SUITE" -f .ci/compose/python.Dockerfile .ci/compose >/dev/null
compose build -q
t1=$(date +%s)
image_bytes=$("$DOCKER" image inspect -f '{{.Size}}' localhost/hindsight-memory:ci)
say "images built in $((t1 - t0)) s; the Hindsight image is $((image_bytes / 1000000)) MB"

say "up -d: waiting for every health check"
"$PYTHON" .ci/compose_smoke.py \
  --compose "docker-compose -p $PROJECT --env-file $WORK/ci.env -f compose.yaml -f .ci/compose.ci.yaml" \
  --docker "$DOCKER" --api-1 "http://127.0.0.1:$PORT_1" --api-2 "http://127.0.0.1:$PORT_2" \
  --agent "http://127.0.0.1:$AGENT_PORT" \
  --key "$SMOKE_KEY" --tenant-key "$SMOKE_TENANT_KEY" --image-bytes "$image_bytes" \
  --build-s "$((t1 - t0))" --report "$WORK/report.json"
say "the Compose smoke test passed"
