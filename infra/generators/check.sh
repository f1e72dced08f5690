#!/usr/bin/env bash
# Checks an OpenAPI document the way API client tooling sees it:
#   1. Redocly CLI lint, `recommended` ruleset (redocly.yaml, which says why two rules warn);
#   2. Spectral lint, `spectral:oas` (.spectral.yaml);
#   3. orval generates a TypeScript fetch client (orval.config.js) into out/client/;
#   4. tsc --strict --noEmit type-checks that client (tsconfig.json).
# Prints one summary line per tool, then exits 1 if any tool reported an error (warnings pass).
# Full reports stay in infra/generators/out/ (ignored by git). Installs the pinned packages
# (`npm ci --ignore-scripts`) when node_modules is missing or installed from another lock.
#
# Usage: infra/generators/check.sh OPENAPI_JSON
#   OPENAPI_JSON: a saved copy of the document GET /api/openapi.json serves.
set -euo pipefail

if [[ $# -ne 1 || ! -f $1 ]]; then
  echo "usage: $0 OPENAPI_JSON" >&2
  exit 2
fi
doc=$(realpath "$1")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$here"
# node_modules remembers the lock it was installed from: another one means the pins moved.
lock_sha=$(sha256sum package-lock.json | cut -d' ' -f1)
if [[ $(cat node_modules/.worktop-lock-sha 2>/dev/null) != "$lock_sha" ]]; then
  npm ci --no-audit --no-fund --ignore-scripts --loglevel=error >&2
  echo "$lock_sha" >node_modules/.worktop-lock-sha
fi
bin=$here/node_modules/.bin
out=$here/out
mkdir -p "$out"
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true

# `count FILE KIND`: "E W RULES" from a linter's JSON report (KIND redocly or spectral), or
# nothing when the report is missing or unreadable (the tool failed).
count() {
  # shellcheck disable=SC2016 # a JavaScript program, not shell
  node -e '
    const [file, kind] = process.argv.slice(1);
    const r = JSON.parse(require("fs").readFileSync(file, "utf8"));
    const list = kind === "redocly"
      ? r.problems.map((p) => [p.severity === "error" ? 0 : 1, p.ruleId])
      : r.map((p) => [p.severity, p.code]);
    const rules = {};
    for (const [sev, rule] of list) if (sev <= 1) rules[rule] = (rules[rule] || 0) + 1;
    const n = (s) => list.filter(([sev]) => sev === s).length;
    const top = Object.entries(rules).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`);
    console.log(n(0), n(1), top.join(", "));
  ' "$1" "$2" 2>/dev/null || true
}

status=0
summary=()
# `report NAME ERRORS [WARNINGS] [DETAIL]`: one summary line; an error count other than 0 (or
# none at all: the tool failed) fails the run.
report() {
  local line="$1: ${2:-failed} errors"
  [[ -n ${3:-} ]] && line+=", $3 warnings"
  [[ -n ${4:-} ]] && line+="  ($4)"
  summary+=("$line")
  [[ ${2:-} == 0 ]] || status=1
}

echo "== redocly lint (recommended)" >&2
"$bin/redocly" lint --config redocly.yaml --format json --max-problems 100000 "$doc" \
  >"$out/redocly.json" 2>"$out/redocly.log" || true
read -r e w rules <<<"$(count "$out/redocly.json" redocly)" || true
report "redocly lint (recommended)" "${e:-}" "${w:-}" "${rules:-}"

echo "== spectral lint (spectral:oas)" >&2
rm -f "$out/spectral.json"
"$bin/spectral" lint --ruleset .spectral.yaml --format json --output "$out/spectral.json" "$doc" \
  >"$out/spectral.log" 2>&1 || true
read -r e w rules <<<"$(count "$out/spectral.json" spectral)" || true
report "spectral lint (spectral:oas)" "${e:-}" "${w:-}" "${rules:-}"

echo "== orval (fetch client)" >&2
rm -rf out/client
if OPENAPI_JSON=$doc "$bin/orval" --config orval.config.js >"$out/orval.log" 2>&1; then
  report "orval (fetch client)" 0 "" "out/client: $(cat out/client/*.ts | wc -l) lines"
else
  report "orval (fetch client)" 1 "" "see out/orval.log"
fi

echo "== tsc --strict --noEmit" >&2
if [[ -d out/client ]]; then
  "$bin/tsc" --strict --noEmit --pretty false -p tsconfig.json >"$out/tsc.log" 2>&1 || true
  errors=$(grep -c 'error TS' "$out/tsc.log" || true)
  codes=$(grep -o 'error TS[0-9]*' "$out/tsc.log" | sort | uniq -c | sort -rn |
    awk '{printf "%s%s %s", sep, $3, $1; sep=", "}' || true)
  report "tsc --strict --noEmit" "$errors" "" "$codes"
else
  report "tsc --strict --noEmit" "" "" "no client to check"
fi

printf '%s\n' "${summary[@]}"
exit "$status"
