#!/usr/bin/env bash
# Installs what the project needs on a fresh Debian machine: Chromium for the browser
# tests (Debian's package; no browser download), then the npm packages.
set -euo pipefail
cd "$(dirname "$0")/.."
# and PostgreSQL, so the server's suite also runs on a real PostgreSQL.
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
# and its headless shell (the same engine without the window layer), which the e2e suite and the release tool drive
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
# and HAProxy, the load balancer in front of three API instances (platform/src/stack/cluster.ts, cluster test)
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
# and nginx, whose own check (nginx -t) proves the documented production proxy configuration (docs/deploy)
[ -x /usr/sbin/nginx ] || missing+=(nginx-light)
# with its brotli module: the configuration's --brotli (the published .br copies) is checked too (platform/src/core/nginx.ts)
[ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || missing+=(libnginx-mod-http-brotli-static)
bash scripts/apt.sh "${missing[@]}"
# npm ci trips over the lock file's missing foreign-platform binaries (toolchain notes): install.
npm install --prefer-offline --no-audit --no-fund --loglevel=error
