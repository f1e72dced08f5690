#!/usr/bin/env bash
# Runs the Zapier integration's tests (mocha, through zapier-platform-core's appTester) against a
# running Worktop server: the auth test, every action, search and find-or-create, each instant
# trigger end to end (webhook subscribed to a local receiver, event caused, signed delivery
# verified, perform, polling fallback, unsubscribe), the dropdowns and the custom-field inputs.
#
# The server must let webhooks reach 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE=true). The key must be a
# live key (wt_live_...) of a user who may manage users, webhooks and OAuth clients (an owner's or
# admin's key): the OAuth test registers a client and a user, and removes both after.
# Installs the pinned packages (npm ci) only when package-lock.json changed since the last install.
#
# Usage: integrations/zapier/check.sh BASE_URL API_KEY
set -euo pipefail

if [[ $# -ne 2 ]]; then
  echo "usage: $0 BASE_URL API_KEY" >&2
  exit 2
fi
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$here"

stamp=node_modules/.worktop-lock-sha
lock_sha=$(sha256sum package-lock.json | cut -d' ' -f1)
if [[ ! -f $stamp || $(cat "$stamp") != "$lock_sha" ]]; then
  echo "zapier: npm ci (package-lock.json changed)" >&2
  npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2
  echo "$lock_sha" >"$stamp"
fi

# The key goes to the tests through the environment only; nothing here prints it.
WORKTOP_BASE_URL=${1%/} WORKTOP_API_KEY=$2 ./node_modules/.bin/mocha --reporter spec
