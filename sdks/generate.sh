#!/usr/bin/env bash
# Regenerates the generated parts of both SDKs from one OpenAPI document:
#   typescript/src/generated/schema.ts  (openapi-typescript, pinned in typescript/package.json)
#   typescript/src/generated/events.ts  (typescript/scripts/generate-events.mjs, from x-webhooks)
#   python/worktop/generated/           (openapi-python-client, pinned in python/requirements.txt)
#   python/worktop/generated/events.py  (python/scripts/generate_events.py, from x-webhooks)
# The hand-written layers (typescript/src/*.ts, python/worktop/*.py) are never touched.
#
# Deterministic: the same document gives byte-identical files (both generators write no dates;
# ruff runs with --isolated so no configuration file around the output changes its formatting,
# and the generators write into a scratch directory first so the destination cannot either).
#
# Usage: sdks/generate.sh OPENAPI_JSON
#   OPENAPI_JSON: a saved copy of the document GET /api/openapi.json serves.
#   WORKTOP_SDK_OUT=DIR writes DIR/typescript/... and DIR/python/... instead of into sdks/
#   (check.sh uses it to compare a fresh generation with the committed one).
# Installs its own pinned tools when missing: typescript/node_modules (npm ci --ignore-scripts)
# and the virtualenv sdks/.venv (WORKTOP_SDK_VENV to use another).
set -euo pipefail

if [[ $# -ne 1 || ! -f $1 ]]; then
  echo "usage: $0 OPENAPI_JSON" >&2
  exit 2
fi
doc=$(realpath "$1")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=${WORKTOP_SDK_OUT:-$here}
mkdir -p "$out"
out=$(realpath "$out")

# shellcheck source=tools.sh
source "$here/tools.sh"
ensure_node_tools
ensure_venv

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# --- TypeScript: one file of types (paths, components, operations) that openapi-fetch reads.
# --default-non-nullable false: a property with a `default` stays optional unless `required` says
# otherwise (openapi-typescript 7 makes it required by default, which in a request body forces the
# caller to send a field the server defaults, e.g. `email` of VersionedContactPatch).
"$here/typescript/node_modules/.bin/openapi-typescript" "$doc" -o "$scratch/schema.ts" --default-non-nullable false \
  >"$scratch/openapi-typescript.log" 2>&1 || {
  cat "$scratch/openapi-typescript.log" >&2
  echo "generate: openapi-typescript failed on $doc" >&2
  exit 1
}
# The webhook events (x-webhooks): each event type and its data's schema, as types over schema.ts.
node "$here/typescript/scripts/generate-events.mjs" "$doc" "$scratch/events.ts"
mkdir -p "$out/typescript/src/generated"
cp "$scratch/schema.ts" "$scratch/events.ts" "$out/typescript/src/generated/"

# --- Python: a package of models and one module per operation, nested as worktop.generated
# (its imports are relative, so it works under any parent package).
python_out="$scratch/python-generated"
# Its reading of a nullable reference loses the null: python/scripts/nullable_refs.py says why.
"$venv/bin/python" "$here/python/scripts/nullable_refs.py" "$doc" "$scratch/python-openapi.json"
(
  # The generator runs its post-hooks (ruff) from PATH.
  export PATH="$venv/bin:$PATH"
  cd "$scratch"
  openapi-python-client generate --path "$scratch/python-openapi.json" --config "$here/python/openapi-python-client.json" \
    --meta none --output-path "$python_out" --fail-on-warning >"$scratch/opc.log" 2>&1
) || {
  cat "$scratch/opc.log" >&2
  echo "generate: openapi-python-client failed on $doc" >&2
  exit 1
}
# Any warning means part of the API was left out of the client: fail rather than ship it.
if grep -qiE 'warning|error|skipping|unable to|not supported|unsupported' "$scratch/opc.log"; then
  cat "$scratch/opc.log" >&2
  echo "generate: openapi-python-client reported problems with $doc" >&2
  exit 1
fi
# The webhook events: each event type and its data's model class (the models must exist first).
"$venv/bin/python" "$here/python/scripts/generate_events.py" "$doc" "$python_out"
(cd "$scratch" && "$venv/bin/ruff" check --fix-only --extend-select=I --isolated --no-cache --quiet "$python_out/events.py" &&
  "$venv/bin/ruff" format --isolated --no-cache --quiet "$python_out/events.py")
find "$python_out" \( -name .ruff_cache -o -name __pycache__ \) -prune -exec rm -rf {} +
mkdir -p "$out/python/worktop"
rm -rf "$out/python/worktop/generated"
cp -R "$python_out" "$out/python/worktop/generated"

echo "generate: typescript/src/generated/schema.ts ($(wc -l <"$out/typescript/src/generated/schema.ts") lines) and events.ts," \
  "python/worktop/generated ($(find "$out/python/worktop/generated" -name '*.py' | wc -l) modules) from $doc"
