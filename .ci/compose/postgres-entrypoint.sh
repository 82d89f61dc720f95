#!/bin/sh
# The official postgres image's first-start behaviour, reduced to what the stack uses: an empty
# data folder is initialised with POSTGRES_USER (a superuser) / POSTGRES_PASSWORD and POSTGRES_DB,
# password authentication over TCP, then the server runs in the foreground on every address.
set -eu
: "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo "postgres: POSTGRES_PASSWORD is required to initialise the database" >&2
    exit 1
  fi
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  # UTF8, as the official image (LANG en_US.utf8): in a locale-less container initdb would pick
  # SQL_ASCII, whose text psycopg hands back as bytes.
  initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$pwfile" -A scram-sha-256 --auth-local=trust \
    --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  # A temporary server on the socket only (no TCP), as the official image does, so that a health
  # check over TCP does not pass before the database exists.
  pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -k /var/run/postgresql" -w start >/dev/null
  if [ "$POSTGRES_DB" != postgres ]; then
    psql -h /var/run/postgresql -U "$POSTGRES_USER" -d postgres -qAt -c "CREATE DATABASE \"$POSTGRES_DB\"" >/dev/null
  fi
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo "postgres: initialised $PGDATA (user $POSTGRES_USER, database $POSTGRES_DB)"
fi
if [ "${1:-}" = postgres ]; then
  shift
  exec postgres -D "$PGDATA" -c listen_addresses='*' -k /var/run/postgresql "$@"
fi
exec "$@"
