#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL cluster (Debian's postgresql package),
# with DATABASE_URL set; the cluster is removed afterwards. Usage: with-postgres.sh CMD...
# The port is PG_TEST_PORT (default 55432) or, when that one is taken (another cluster of
# this script, a leftover), the next free one of the ten after it.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ]; then echo "with-postgres: PostgreSQL is not installed" >&2; exit 3; fi
first=${PG_TEST_PORT:-55432}
dir=$(mktemp -d /tmp/lm-pg-XXXXXX)
run() { if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = "0" ] && chown postgres "$dir"
trap 'run "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$dir"' EXIT
run "$bin/initdb" -D "$dir/data" -A trust -U lm --no-sync >/dev/null
port=
for p in $(seq "$first" $((first + 10))); do
  (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null && continue # taken
  if run "$bin/pg_ctl" -D "$dir/data" -o "-p $p -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" -l "$dir/log" -w start >/dev/null; then
    port=$p
    break
  fi
done
if [ -z "$port" ]; then
  echo "with-postgres: could not start PostgreSQL on ports $first-$((first + 10)); its log:" >&2
  cat "$dir/log" >&2 || true
  exit 3
fi
run "$bin/createdb" -h 127.0.0.1 -p "$port" -U lm lm_test
DATABASE_URL="postgres://lm@127.0.0.1:$port/lm_test" "$@"
