#!/usr/bin/env bash
# Starts (start DIR PORT) or stops (stop DIR) a throwaway PostgreSQL cluster on loopback for tests.
# Uses Debian's server binaries; as root the server runs as the postgres user.
set -euo pipefail
cmd=${1:?start|stop}; dir=${2:?data dir}; port=${3:-55432}
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bindir" ] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "$cmd" in
  start)
    mkdir -p "$dir"; [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_pg "$bindir/initdb" -D "$dir/data" -U postgres -A trust --no-sync >/dev/null
    as_pg "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c full_page_writes=off -c synchronous_commit=off" start >/dev/null
    as_pg "$bindir/createdb" -h 127.0.0.1 -p "$port" -U postgres backoffice_test
    echo "postgres://postgres@127.0.0.1:$port/backoffice_test"
    ;;
  stop)
    as_pg "$bindir/pg_ctl" -D "$dir/data" -m fast stop >/dev/null || true
    ;;
esac
