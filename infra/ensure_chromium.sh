#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium (infra/docs_page_check.mjs drives it).
# Idempotent: nothing happens when it is already installed; the package lists are refreshed
# only when a first install attempt fails (stale or missing lists). Needs root (apt-get).
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y chromium; then
  apt-get update
  apt-get install -y chromium
fi
test -x /usr/bin/chromium
