#!/usr/bin/env bash
# Tests check.sh and baseline.sh. check.sh runs on the small OpenAPI documents of test/ (base.json,
# and one document per kind of change, made by test/make_fixtures.js) with the changelogs of test/;
# baseline.sh runs in a throwaway git repository. Prints each case, then `N passed, N failed`, and
# exits 1 when a case had the wrong outcome. About 15 s (after the first install).
#
# Usage: infra/contract/test.sh
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
fx=$here/test
tmp=$(mktemp -d "${TMPDIR:-/tmp}/contract-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

ok() {
  echo "ok   - $1"
  passed=$((passed + 1))
}
bad() {
  echo "FAIL - $1"
  sed 's/^/       | /' "$tmp/out" "$tmp/err"
  failed=$((failed + 1))
}

# check WANT_EXIT NEW_JSON CHANGELOG WHAT [TEXT...]: check.sh BASE=base.json must exit WANT_EXIT
# and print (stdout) each TEXT.
check() {
  local want=$1 new=$2 changelog=$3 what=$4 rc=0 text
  shift 4
  "$here/check.sh" "$fx/base.json" "$fx/$new.json" "$fx/$changelog.md" >"$tmp/out" 2>"$tmp/err" || rc=$?
  if [[ $rc != "$want" ]]; then
    bad "$what: exit $rc, expected $want ($new.json, $changelog.md)"
    return
  fi
  for text in "$@"; do
    if ! grep -qF -- "$text" "$tmp/out"; then
      bad "$what: output lacks: $text"
      return
    fi
  done
  ok "$what (exit $rc)"
}

# A non-breaking change passes silently: exit 0, one line on stdout, nothing on stderr.
check_silent() {
  local new=$1 what=$2 rc=0
  "$here/check.sh" "$fx/base.json" "$fx/$new.json" "$fx/changelog-empty.md" >"$tmp/out" 2>"$tmp/err" || rc=$?
  if [[ $rc == 0 && $(wc -l <"$tmp/out") == 1 && ! -s $tmp/err ]] &&
    grep -qx 'contract: no breaking changes (.*)' "$tmp/out"; then
    ok "$what (exit 0: $(cat "$tmp/out"))"
  else
    bad "$what: expected exit 0 and the one line 'contract: no breaking changes (...)', got exit $rc"
  fi
}

# (The first run installs the pinned packages when needed: its npm output goes to stderr.)
if "$here/check.sh" "$fx/base.json" "$fx/base.json" "$fx/changelog-empty.md" >"$tmp/out" 2>"$tmp/err" &&
  grep -q '^contract: no breaking changes' "$tmp/out"; then
  ok "the same document passes: $(cat "$tmp/out")"
else
  bad "the same document passes"
fi

echo "-- check.sh: the breaking changes the issue names fail until acknowledged"
check 1 removed-response-field changelog-empty "a removed response field fails" \
  "GET /api/things: cannot remove response property 'created_at'" \
  "POST /api/things: cannot remove response property 'created_at'" \
  "GET /api/things/{id}: cannot remove response property 'created_at'" \
  "contract: FAILED: 3 of 3 operations"
check 1 new-required-request-field changelog-empty "a new required request field fails" \
  "POST /api/things: cannot add a required request property 'owner_id'"
check 0 removed-response-field changelog-acknowledged \
  "the removed field passes once Unreleased/Breaking lists its operations with a Migration: line" \
  "contract: 3 breaking changes in 3 operations, all acknowledged"
check 0 new-required-request-field changelog-acknowledged \
  "the new required field passes once listed there with a **Migration**: line" \
  "contract: 1 breaking changes in 1 operations, all acknowledged"
check 1 removed-response-field changelog-no-migration "the removed field listed without a Migration line still fails" \
  "without a \"Migration:\" line: GET /api/things, GET /api/things/{id}, POST /api/things"
check 1 new-required-request-field changelog-no-migration "the new required field listed without a Migration line still fails" \
  "without a \"Migration:\" line: POST /api/things"
check 1 removed-response-field changelog-wrong-section "listed under Unreleased/Changed instead of Breaking: fails" \
  "GET /api/things/{id}: cannot remove response property 'created_at'"
check 1 new-required-request-field changelog-wrong-section "listed under a released version's Breaking: fails" \
  "POST /api/things: cannot add a required request property 'owner_id'"
check 1 removed-operation changelog-acknowledged "an acknowledgement of other operations does not cover this one" \
  "DELETE /api/things/{id}: cannot remove an operation"

echo "-- check.sh: the other breaking kinds fail"
check 1 removed-operation changelog-empty "a removed operation fails" \
  "DELETE /api/things/{id}: cannot remove an operation"
check 1 narrowed-enum changelog-empty "a narrowed enum fails" \
  "GET /api/things: cannot remove enum option '-created_at' from query parameter 'sort'"
check 1 changed-type changelog-empty "a changed request field type fails" \
  "POST /api/things: expected request body property 'note' not to be narrowed"
check 1 changed-status changelog-empty "a changed (removed) status code fails" \
  "POST /api/things: must not remove response status code 201"
check 1 removed-field-named-description changelog-empty "a removed response field called description fails" \
  "GET /api/things/{id}: cannot remove response property 'description'"

echo "-- check.sh: non-breaking changes pass silently"
check_silent added-optional-field "an added optional request field and a new response field pass"
check_silent added-operation "a new operation passes"
check_silent changed-prose "changed descriptions, summary and example pass (and are not diffed)"
grep -q '(4 operations compared, 0 changed)' "$tmp/out" || bad "changed prose: expected 0 changed operations"

echo "-- baseline.sh: the released contract from git history"
repo=$tmp/repo
# commit FILE=CONTENT...: one commit with those files (CONTENT "-" removes FILE).
commit() {
  local spec
  for spec in "$@"; do
    if [[ ${spec#*=} == - ]]; then git -C "$repo" rm -q "${spec%%=*}"; else
      mkdir -p "$repo/$(dirname "${spec%%=*}")"
      printf '%s\n' "${spec#*=}" >"$repo/${spec%%=*}"
      git -C "$repo" add "${spec%%=*}"
    fi
  done
  git -C "$repo" -c user.name=t -c user.email=t@t commit -qm "commit $*"
}
# baseline WANT_EXIT WANT_CONTENT WHAT [STDERR_TEXT]
baseline() {
  local want=$1 content=$2 what=$3 text=${4:-} rc=0
  rm -f "$tmp/base.json"
  "$here/baseline.sh" "$tmp/base.json" "$repo" >"$tmp/out" 2>"$tmp/err" || rc=$?
  if [[ $rc != "$want" ]]; then
    bad "$what: exit $rc, expected $want"
  elif [[ $want == 0 && $(cat "$tmp/base.json") != "$content" ]]; then
    bad "$what: wrote '$(cat "$tmp/base.json")', expected '$content'"
  elif [[ -n $text ]] && ! grep -qF -- "$text" "$tmp/err"; then
    bad "$what: stderr lacks: $text"
  else
    ok "$what (exit $rc: $(cat "$tmp/err"))"
  fi
}
git init -q "$repo"
commit "README=x"
baseline 2 "" "no committed docs/openapi.json: exit 2" "no baseline"
commit "docs/changelog.md=# Changelog
## Unreleased" "docs/openapi.json=v0"
baseline 0 v0 "no released version yet: HEAD's docs/openapi.json, said on stderr" "falling back to HEAD"
commit "docs/changelog.md=# Changelog
## Unreleased
## 1.0.0 (2026-12-06)" "docs/openapi.json=v1"
commit "docs/openapi.json=v1.1-wip"
commit "docs/changelog.md=# Changelog
## Unreleased
- a change
## 1.0.0 (2026-12-06)
- the first" "docs/openapi.json=v1.1-wip2"
baseline 0 v1 "the contract of the commit that dated 1.0.0, not later edits" "dated 1.0.0"
commit "docs/changelog.md=# Changelog
## Unreleased
## 1.1.0 (2026-12-20)
- a change
## 1.0.0 (2026-12-06)
- the first" "docs/openapi.json=v1.1"
commit "docs/openapi.json=v1.2-wip"
baseline 0 v1.1 "a later release moves the baseline" "dated 1.1.0"
commit "docs/changelog.md=# Changelog
## Unreleased
## 1.2.0 (2026-12-30)" "docs/openapi.json=-"
commit "docs/openapi.json=v2-wip"
baseline 0 v2-wip "the release commit has no docs/openapi.json: HEAD's, said on stderr" "has no docs/openapi.json"

echo "$passed passed, $failed failed"
((failed == 0))
