#!/usr/bin/env bash
# The breaking-change check of the OpenAPI contract: compares NEW_JSON with BASE_JSON (the released
# contract: baseline.sh writes it) using Optic's breaking-changes rules (diff.js says how), prints
# each breaking change as `METHOD /path: what`, and fails when CHANGELOG_MD does not acknowledge one:
# under `## Unreleased` / `### Breaking`, a bullet naming the operation as `METHOD /path` (in
# backticks) with a line starting `Migration:` (or `**Migration**:`). README.md has an example.
# Installs the pinned packages (`npm ci --ignore-scripts`) when node_modules is missing or was
# installed from another lock.
#
# Usage: infra/contract/check.sh BASE_JSON NEW_JSON CHANGELOG_MD
# Exit: 0 no breaking change, or each acknowledged (one summary line); 1 a breaking change not
# acknowledged; 2 bad arguments or a document the tool cannot read.
set -euo pipefail

if [[ $# -ne 3 || ! -f $1 || ! -f $2 || ! -f $3 ]]; then
  echo "usage: $0 BASE_JSON NEW_JSON CHANGELOG_MD (three existing files)" >&2
  exit 2
fi
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# node_modules remembers the lock it was installed from: another one means the pins moved.
lock_sha=$(sha256sum "$here/package-lock.json" | cut -d' ' -f1)
if [[ $(cat "$here/node_modules/.worktop-lock-sha" 2>/dev/null) != "$lock_sha" ]]; then
  (cd "$here" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error >&2)
  echo "$lock_sha" >"$here/node_modules/.worktop-lock-sha"
fi
exec node "$here/diff.js" "$1" "$2" "$3"
