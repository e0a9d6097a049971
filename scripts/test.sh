#!/usr/bin/env bash
# The README's test command on a fresh machine: installs what is missing, then runs all tests.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
node scripts/test.mjs "$@"
