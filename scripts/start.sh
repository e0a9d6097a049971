#!/usr/bin/env bash
# The README's run command on a fresh machine: installs, builds and starts everything.
set -euo pipefail
cd "$(dirname "$0")/.."
npm install --no-audit --no-fund --loglevel=error
node scripts/start.mjs "$@"
