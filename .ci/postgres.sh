#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the tests and prints its URL.
#
#   eval "$(bash .ci/postgres.sh start DIR)"   # exports PITWALL_TEST_POSTGRES
#   bash .ci/postgres.sh stop DIR
#
# The cluster lives in DIR (created, owned by the user that runs the
# server), listens only on a unix socket in DIR (no TCP port to clash with),
# trusts local connections, and has a database "pitwall". PostgreSQL
# refuses to run as root: as root the server runs as the "postgres" user
# (Debian's package creates it).
set -euo pipefail
cmd=${1:?start or stop}
dir=${2:?directory}
bin=${PG_BIN:-}
if [[ -z "$bin" ]]; then
  for d in /usr/lib/postgresql/*/bin; do [[ -x "$d/initdb" ]] && bin=$d; done
fi
[[ -x "$bin/initdb" ]] || { echo "postgres.sh: no PostgreSQL server binaries (apt-get install postgresql)" >&2; exit 1; }
as=()
if [[ $(id -u) -eq 0 ]]; then as=(runuser -u postgres --); fi
port=${PG_PORT:-5439}
case "$cmd" in
start)
  mkdir -p "$dir"
  [[ $(id -u) -eq 0 ]] && chown postgres: "$dir"
  if [[ ! -f "$dir/data/PG_VERSION" ]]; then
    "${as[@]}" "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
  fi
  "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses='' -c unix_socket_directories='$dir' -p $port -c fsync=on -c max_connections=200" start >/dev/null \
    || { cat "$dir/server.log" >&2; exit 1; }
  "${as[@]}" "$bin/psql" -h "$dir" -p "$port" -U postgres -d postgres -qAtc \
    "SELECT 1 FROM pg_database WHERE datname = 'pitwall'" | grep -q 1 \
    || "${as[@]}" "$bin/createdb" -h "$dir" -p "$port" -U postgres pitwall
  echo "export PITWALL_TEST_POSTGRES='postgres://postgres@/pitwall?host=$dir&port=$port&sslmode=disable'"
  ;;
stop)
  "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
  ;;
*) echo "postgres.sh: start or stop" >&2; exit 2 ;;
esac
