#!/usr/bin/env bash
# The README's run command on a fresh machine: installs, builds and starts everything.
set -euo pipefail
cd "$(dirname "$0")/.."
# the entry pages are pre-rendered in Chromium's headless shell (platform/src/prerender/render.ts)
command -v chromium-headless-shell >/dev/null 2>&1 || bash scripts/apt.sh chromium-headless-shell
npm install --prefer-offline --no-audit --no-fund --loglevel=error
node --import tsx platform/src/stack/start.ts "$@"
