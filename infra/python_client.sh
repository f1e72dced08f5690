#!/usr/bin/env bash
# Generates a Python client from the running server's OpenAPI document and drives the API with it
# (infra/python_client_check.py): proof that a customer's generated client works, not just that the
# document validates.
# Usage: infra/python_client.sh VENV BASE_URL EMAIL PASSWORD WORKDIR
set -euo pipefail

if (($# != 5)); then
  echo "usage: $0 VENV BASE_URL EMAIL PASSWORD WORKDIR" >&2
  exit 2
fi
venv=$1 base_url=${2%/} email=$3 password=$4 workdir=$5
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# The generator's pin lives in requirements.txt like every other tool; installing the exact pin is a
# no-op when ensure_venv already did it, and keeps this script usable on its own.
pin=$(grep -E '^openapi-python-client==' "$here/requirements.txt")
"$venv/bin/python" -m pip install --disable-pip-version-check --no-input -q "$pin"
# The generator runs ruff (a venv console script) on its output: without it on PATH that is a warning.
export PATH="$venv/bin:$PATH"

# generate NAME DOCUMENT: a client package `worktop_<NAME>` (fixed names, so a change of the
# document's title cannot move the import a check uses) in $workdir/<NAME>-client.
generate() {
  local name=$1 document=$2 rc=0
  local out="$workdir/$name-client" log="$workdir/$name-generate.log" config="$workdir/$name-generator.json"
  printf '{"project_name_override": "worktop-%s", "package_name_override": "worktop_%s"}\n' \
    "${name//_/-}" "$name" >"$config"
  rm -rf "$out"
  openapi-python-client generate --path "$document" --config "$config" \
    --output-path "$out" --meta setup --fail-on-warning >"$log" 2>&1 || rc=$?
  # Any warning means a piece of the API (an operation, a response, a parameter, a model) was left
  # out of the client, which a customer would only find at run time: print them all and fail.
  if ((rc != 0)) || grep -qiE 'warning|error|skipping|unable to|not supported|unsupported' "$log"; then
    echo "python client: openapi-python-client reported problems with $document (exit $rc):" >&2
    cat "$log" >&2
    exit 1
  fi
}

mkdir -p "$workdir"
curl -fsS --max-time 30 -o "$workdir/openapi.json" "$base_url/api/openapi.json"
generate api_client "$workdir/openapi.json"
echo "python client: generated $(find "$workdir/api_client-client/worktop_api_client/api" -name '*.py' ! -name '__init__.py' | wc -l) operations"

# On PYTHONPATH rather than installed: the throw-away package stays out of the shared venv.
PYTHONPATH="$workdir/api_client-client" "$venv/bin/python" "$here/python_client_check.py" "$base_url" "$email" "$password"

# The workspace's own document (its custom fields typed): valid, and a client generated from it works.
"$venv/bin/python" "$here/python_workspace_client.py" setup "$base_url" "$email" "$password" "$workdir/workspace.json"
"$venv/bin/openapi-spec-validator" "$workdir/workspace.json"
generate workspace_client "$workdir/workspace.json"
PYTHONPATH="$workdir/workspace_client-client" "$venv/bin/python" "$here/python_workspace_client.py" check "$base_url" "$email" "$password"
