#!/usr/bin/env bash
# Installs the named Debian packages (as root, or through sudo): scripts/setup.sh and scripts/start.sh.
set -euo pipefail
[ $# -gt 0 ] || exit 0
if [ "$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
