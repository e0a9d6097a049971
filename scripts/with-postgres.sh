#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL cluster (Debian's postgresql package),
# with DATABASE_URL set; the cluster is removed afterwards. Usage: with-postgres.sh CMD...
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ]; then echo "with-postgres: PostgreSQL is not installed" >&2; exit 3; fi
port=${PG_TEST_PORT:-55432}
dir=$(mktemp -d /tmp/lm-pg-XXXXXX)
run() { if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = "0" ] && chown postgres "$dir"
run "$bin/initdb" -D "$dir/data" -A trust -U lm --no-sync >/dev/null
run "$bin/pg_ctl" -D "$dir/data" -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" -l "$dir/log" -w start >/dev/null
trap 'run "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$dir"' EXIT
run "$bin/createdb" -h 127.0.0.1 -p "$port" -U lm lm_test
DATABASE_URL="postgres://lm@127.0.0.1:$port/lm_test" "$@"
