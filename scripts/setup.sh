#!/usr/bin/env bash
# Installs what the project needs on a fresh Debian machine: Chromium for the browser
# tests (Debian's package; no browser download), then the npm packages.
set -euo pipefail
cd "$(dirname "$0")/.."
# and PostgreSQL, so the server's suite also runs on a real PostgreSQL.
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
# and HAProxy, the load balancer in front of three API instances (scripts/cluster.mjs, cluster test)
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
# and nginx, whose own check (nginx -t) proves the documented production proxy configuration (docs/deploy)
[ -x /usr/sbin/nginx ] || missing+=(nginx-light)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# npm ci trips over the lock file's missing foreign-platform binaries (toolchain notes): install.
npm install --no-audit --no-fund --loglevel=error
