#!/usr/bin/env bash
# The steps are functions run through step(): shellcheck cannot see them called.
# shellcheck disable=SC2317
# Checks both SDKs against a document and a running server:
#   1. fresh:    the committed generated code is what generate.sh makes from OPENAPI_JSON
#                (regenerated into a scratch directory and compared; a diff summary when stale);
#   2. ts build: tsc --strict builds the TypeScript package (src/ to dist/, with declarations),
#                then its tests and examples;
#   3. py types: mypy --strict on the Python package (generated code included), its tests and
#                examples; and a wheel builds;
#   4. ts tests / py tests: the unit tests (webhook vectors and typed events, idempotency keys,
#                retries, errors, paging; node's test runner and pytest, with local fake servers);
#   5. examples: each getting-started example against BASE_URL, once logged in with EMAIL and
#                PASSWORD and once with a sandbox API key (wt_test_...) made for the run and
#                revoked after it.
# Every step runs; one summary line each; exits 1 when any failed. Logs: sdks/.check/.
# Installs its pinned tools when missing (npm ci --ignore-scripts; the virtualenv sdks/.venv).
#
# Usage: sdks/check.sh OPENAPI_JSON BASE_URL EMAIL PASSWORD
set -uo pipefail

if [[ $# -ne 4 || ! -f $1 ]]; then
  echo "usage: $0 OPENAPI_JSON BASE_URL EMAIL PASSWORD" >&2
  exit 2
fi
doc=$(realpath "$1")
base_url=${2%/}
email=$3
password=$4
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
logs=$here/.check
rm -rf "$logs"
mkdir -p "$logs"

# shellcheck source=tools.sh
source "$here/tools.sh"

status=0
summary=()
# step NAME LOG COMMAND...: runs COMMAND with its output in LOG; one summary line.
step() {
  local name=$1 log=$2
  shift 2
  local start=$SECONDS
  echo "== $name" >&2
  if ("$@") >"$log" 2>&1; then
    summary+=("ok    $name ($((SECONDS - start)) s)${detail:+: $detail}")
  else
    summary+=("FAIL  $name ($((SECONDS - start)) s)${detail:+: $detail}  (log: ${log#"$here"/})")
    tail -n 40 "$log" | sed 's/^/    /' >&2
    status=1
  fi
  detail=
}
detail=

tools() {
  ensure_node_tools && ensure_venv
}
step "tools (npm ci, venv)" "$logs/tools.log" tools

# --- 1. the generated code is fresh -------------------------------------------------------------
fresh() {
  local scratch rc=0
  scratch=$(mktemp -d)
  WORKTOP_SDK_OUT=$scratch "$here/generate.sh" "$doc" || { rm -rf "$scratch"; return 1; }
  local pair list
  for pair in "typescript/src/generated" "python/worktop/generated"; do
    list=$logs/fresh-${pair%%/*}.txt
    if ! diff -r -q -x __pycache__ "$here/$pair" "$scratch/$pair" >"$list" 2>&1; then
      rc=1
      echo "stale: $pair differs from a fresh generation in $(wc -l <"$list") file(s)" \
        "($(diff -r -u -x __pycache__ "$here/$pair" "$scratch/$pair" | diffstat_lines)):"
      sed "s|$scratch/|(fresh) |g; s|$here/|(committed) |g" "$list" | head -n 20
    fi
  done
  rm -rf "$scratch"
  ((rc == 0)) || echo "run: sdks/generate.sh $doc"
  return "$rc"
}
diffstat_lines() {
  awk '/^\+[^+]/ {a++} /^-[^-]/ {d++} END {printf "%d line(s) added, %d removed", a, d}'
}
detail="typescript/src/generated, python/worktop/generated"
step "fresh (generated code matches $(basename "$doc"))" "$logs/fresh.log" fresh

# --- 2. TypeScript builds under tsc --strict ---------------------------------------------------
ts=$here/typescript
ts_build() {
  cd "$ts" && rm -rf dist &&
    ./node_modules/.bin/tsc -p tsconfig.json &&
    ./node_modules/.bin/tsc -p tsconfig.test.json
}
step "ts build (tsc --strict: src, tests, examples)" "$logs/ts-build.log" ts_build

# --- 3. Python types and wheel -----------------------------------------------------------------
py=$here/python
py_types() {
  cd "$py" && "$venv/bin/mypy" --strict --cache-dir "$here/.cache/mypy"
}
step "py types (mypy --strict: worktop incl. generated, tests, examples)" "$logs/py-types.log" py_types

py_wheel() {
  "$venv/bin/python" -m pip wheel --disable-pip-version-check --no-deps -q -w "$logs/wheel" "$py" &&
    ls "$logs"/wheel/worktop-*.whl
}
step "py wheel (pip wheel)" "$logs/py-wheel.log" py_wheel

# --- 4. unit tests -----------------------------------------------------------------------------
ts_tests() {
  cd "$ts" && PYTHON=$venv/bin/python node --test dist/test/*.test.js
}
step "ts tests (node --test)" "$logs/ts-tests.log" ts_tests
summary[-1]+=" $(grep -E '^# (pass|fail) ' "$logs/ts-tests.log" | tr -d '#' | tr '\n' ' ')"

py_tests() {
  cd "$py" && "$venv/bin/python" -m pytest -q -p no:cacheprovider
}
step "py tests (pytest)" "$logs/py-tests.log" py_tests
summary[-1]+=" $(grep -E '(passed|failed)' "$logs/py-tests.log" | tail -n 1)"

# --- 5. the getting-started examples against the server ------------------------------------------
# A sandbox key for the key-authenticated runs, made with a login and revoked at the end.
secrets=$logs/.secrets
make_key() {
  local session answer key
  session=$(curl -fsS --max-time 30 -X POST "$base_url/api/login" -H 'Content-Type: application/json' \
    -d "$(EMAIL=$email PASSWORD=$password "$venv/bin/python" -c 'import json,os; print(json.dumps({"email": os.environ["EMAIL"], "password": os.environ["PASSWORD"]}))')" |
    "$venv/bin/python" -c 'import json,sys; print(json.load(sys.stdin)["token"])') || return 1
  answer=$(curl -fsS --max-time 30 -X POST "$base_url/api/v1/settings/api-keys" -H "Authorization: Bearer $session" \
    -H 'Content-Type: application/json' -d '{"name": "sdks/check.sh", "mode": "test"}') || return 1
  key=$("$venv/bin/python" -c 'import json,sys; print(json.load(sys.stdin)["key"])' <<<"$answer")
  (
    umask 077
    printf 'session=%s\nkey=%s\nkey_id=%s\n' "$session" "$key" \
      "$("$venv/bin/python" -c 'import json,sys; print(json.load(sys.stdin)["id"])' <<<"$answer")" >"$secrets"
  )
  [[ $key == wt_test_* ]] && echo "made sandbox key ${key:0:12}..."
}
step "api key (a wt_test_ key for the examples)" "$logs/api-key.log" make_key
session=$(sed -n 's/^session=//p' "$secrets" 2>/dev/null)
key=$(sed -n 's/^key=//p' "$secrets" 2>/dev/null)
key_id=$(sed -n 's/^key_id=//p' "$secrets" 2>/dev/null)
rm -f "$secrets"

ts_example() {
  cd "$ts" && env -u WORKTOP_TOKEN BASE_URL="$base_url" EMAIL="$email" PASSWORD="$password" node dist/examples/getting_started.js &&
    if [[ -n $key ]]; then env -u EMAIL -u PASSWORD BASE_URL="$base_url" WORKTOP_TOKEN="$key" node dist/examples/getting_started.js; fi
}
detail="login${key:+ and wt_test_ key}"
step "ts example against $base_url" "$logs/ts-example.log" ts_example

py_example() {
  cd "$py" && env -u WORKTOP_TOKEN PYTHONPATH="$py" BASE_URL="$base_url" EMAIL="$email" PASSWORD="$password" "$venv/bin/python" examples/getting_started.py &&
    if [[ -n $key ]]; then env -u EMAIL -u PASSWORD PYTHONPATH="$py" BASE_URL="$base_url" WORKTOP_TOKEN="$key" "$venv/bin/python" examples/getting_started.py; fi
}
detail="login${key:+ and wt_test_ key}"
step "py example against $base_url" "$logs/py-example.log" py_example

if [[ -n $key_id && -n $session ]]; then
  curl -fsS --max-time 30 -o /dev/null -X DELETE "$base_url/api/v1/settings/api-keys/$key_id" \
    -H "Authorization: Bearer $session" || echo "note: could not revoke the check's API key $key_id" >&2
fi

echo
printf '%s\n' "${summary[@]}"
exit "$status"
