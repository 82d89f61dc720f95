#!/usr/bin/env bash
# Start (or stop) the engines the tests run against, on loopback, for CI and for a developer:
#   PostgreSQL 15 + pgvector and Redis (Debian 12's packages; pgvector is built from Debian's own
#   trixie source package, since bookworm does not package it).
#   bash .ci/services.sh start   # prints the export lines the tests read
#   bash .ci/services.sh stop
#   bash .ci/services.sh pg-restart | redis-stop | redis-start   (the fault tests use these)
# Run as root (it installs packages and runs the servers as the postgres user).
set -euo pipefail
PGPORT=${HINDSIGHT_TEST_PGPORT:-55432}
REDIS_PORT=${HINDSIGHT_TEST_REDIS_PORT:-56379}
WORK=${HINDSIGHT_TEST_SERVICES_DIR:-/tmp/hindsight-ci-services}
PGBIN=/usr/lib/postgresql/15/bin
SUDO=$([ "$(id -u)" = 0 ] && echo "" || echo sudo)

install_engines() {
  export DEBIAN_FRONTEND=noninteractive
  local need=0
  [ -x "$PGBIN/postgres" ] || need=1
  [ -x "$PGBIN/pg_config" ] || need=1
  command -v redis-server >/dev/null 2>&1 || need=1
  [ -f /usr/lib/postgresql/15/lib/vector.so ] || need=1
  [ "$need" = 1 ] || return 0
  # deb-src for trixie, derived from the machine's own sources (no mirror named here).
  if [ ! -f /etc/apt/sources.list.d/trixie-src.sources ]; then
    awk 'BEGIN{RS="";ORS="\n"} NR==1' /etc/apt/sources.list.d/debian.sources \
      | sed -e 's/^Types: .*/Types: deb-src/' -e 's/^Suites: .*/Suites: trixie/' \
      | $SUDO tee /etc/apt/sources.list.d/trixie-src.sources >/dev/null
  fi
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq postgresql-15 postgresql-server-dev-15 redis-server dpkg-dev >/dev/null
  if [ ! -f /usr/lib/postgresql/15/lib/vector.so ]; then
    local src="$WORK/pgvector-src"
    rm -rf "$src"; mkdir -p "$src"; chmod 777 "$src"
    (cd "$src" && apt-get source -qq --download-only pgvector && tar xf pgvector_*.orig.tar.* && cd pgvector-*/ \
      && make -s -j2 PG_CONFIG=$PGBIN/pg_config OPTFLAGS="" with_llvm=no \
      && $SUDO make -s install PG_CONFIG=$PGBIN/pg_config with_llvm=no)
  fi
}

start() {
  install_engines
  mkdir -p "$WORK"; chmod 755 "$WORK"
  stop >/dev/null 2>&1 || true
  rm -rf "$WORK/pgdata" "$WORK/pgsock"; mkdir -p "$WORK/pgdata" "$WORK/pgsock"
  chown postgres:postgres "$WORK/pgdata" "$WORK/pgsock"
  su postgres -c "$PGBIN/initdb -D $WORK/pgdata -A trust -U postgres" >/dev/null
  # A test server: fsync off (the OS keeps what was written; synchronous_commit stays on, so a
  # server killed mid-burst keeps every acknowledged commit), for fast DDL between cases.
  su postgres -c "$PGBIN/pg_ctl -D $WORK/pgdata -l $WORK/pgdata/server.log -w -o '-p $PGPORT -k $WORK/pgsock -c listen_addresses=127.0.0.1 -c max_connections=300 -c shared_buffers=256MB -c fsync=off -c full_page_writes=off' start" >/dev/null
  psql -h 127.0.0.1 -p "$PGPORT" -U postgres -qAt -c "CREATE DATABASE hindsight_test" >/dev/null
  psql -h 127.0.0.1 -p "$PGPORT" -U postgres -d hindsight_test -qAt -c "CREATE EXTENSION IF NOT EXISTS vector" >/dev/null
  redis_start
  echo "export HINDSIGHT_TEST_POSTGRES_URL=postgresql://postgres@127.0.0.1:$PGPORT/hindsight_test"
  echo "export HINDSIGHT_TEST_REDIS_URL=redis://127.0.0.1:$REDIS_PORT/0"
  # Where they run: the fault tests restart them with this script (pg-restart, redis-stop/start).
  echo "export HINDSIGHT_TEST_SERVICES_DIR=$WORK HINDSIGHT_TEST_PGPORT=$PGPORT HINDSIGHT_TEST_REDIS_PORT=$REDIS_PORT"
}

redis_start() {
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --daemonize yes --save '' --appendonly no \
    --dir "$WORK" --pidfile "$WORK/redis.pid" --logfile "$WORK/redis.log"
  for _ in $(seq 50); do redis-cli -p "$REDIS_PORT" ping 2>/dev/null | grep -q PONG && break; sleep 0.1; done
  redis-cli -p "$REDIS_PORT" ping | grep -q PONG
}

redis_stop() {
  if [ -f "$WORK/redis.pid" ]; then
    local pid; pid=$(cat "$WORK/redis.pid")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    rm -f "$WORK/redis.pid"
  fi
}

pg_restart() {  # a crash (immediate stop: no checkpoint), then a start that replays the WAL
  su postgres -c "$PGBIN/pg_ctl -D $WORK/pgdata -m immediate -w restart -l $WORK/pgdata/server.log" >/dev/null
}

stop() {
  if [ -f "$WORK/pgdata/postmaster.pid" ]; then
    su postgres -c "$PGBIN/pg_ctl -D $WORK/pgdata -m fast -w stop" >/dev/null || true
  fi
  redis_stop
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  pg-restart) pg_restart ;;
  redis-stop) redis_stop ;;
  redis-start) mkdir -p "$WORK"; redis_start ;;
  *) echo "usage: $0 start|stop|pg-restart|redis-stop|redis-start" >&2; exit 2 ;;
esac
