#!/usr/bin/env bash
# The steps are functions run through step(): shellcheck cannot see them called.
# shellcheck disable=SC2317
# Checks the n8n nodes (n8n-nodes-worktop) against a running Worktop server, inside a real n8n:
#   1. tools:  the package's pinned dev tools (npm ci --ignore-scripts; again only when
#              package-lock.json changed, by a stamp holding its sha256);
#   2. n8n:    the pinned n8n of test/runner (its own lock file), installed once outside the tree
#              in WORKTOP_N8N_CACHE (default ~/.cache/worktop-n8n/<lock sha>), kept across clones;
#   3. build:  tsc builds the package (dist/) and the tests (test-dist/); npm pack makes the
#              tarball a user would install;
#   4. n8n up: a fresh n8n (its own folder and SQLite database) on 127.0.0.1 with the packed
#              nodes installed as a community package (~/.n8n/nodes), an owner and an n8n API key;
#   5. tests:  node --test: each operation runs as a workflow n8n executes (a Webhook node in front,
#              answering with the Worktop node's items), read back from the server and compared;
#              the credential test through n8n's own endpoint; the trigger subscribing on
#              activation, a real signed delivery running the workflow, a forged one refused, the
#              subscription deleted on deactivation; the OAuth 2.0 credential connected through
#              n8n's callback (a code with PKCE) and used by a workflow.
# One summary line per step; exits 1 when any failed. Logs: integrations/n8n/.check/.
# The server must deliver webhooks to 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE=true).
#
# Usage: integrations/n8n/check.sh BASE_URL API_KEY
# API_KEY: a live key (wt_live_...) of an owner or admin: the suite makes records, webhooks, a user
# (who approves the OAuth consent) and an OAuth app. A sandbox key (wt_test_...) runs everything
# but the OAuth test, which it skips (OAuth is live-only).
# Optional: N8N_PORT and N8N_BROKER_PORT (default: free ports), WORKTOP_N8N_CACHE, and TESTS
# (test file names to run, e.g. TESTS="contact trigger"; default all).
set -uo pipefail

if [[ $# -ne 2 ]]; then
  echo "usage: $0 BASE_URL API_KEY" >&2
  exit 2
fi
base_url=${1%/}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
logs=$here/.check
rm -rf "$logs"
mkdir -p "$logs"
# The key reaches the tests through a file only this user reads, never a command line or a log.
secrets=$logs/.secrets
(umask 077 && printf '%s' "$2" >"$secrets.worktop-key")

_sha() { sha256sum "$1" | cut -d' ' -f1; }
free_port() {
  node -e 'const s = require("net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'
}

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

# --- 1. the package's tools ---------------------------------------------------------------------
tools() {
  local stamp=$here/node_modules/.worktop-lock-sha
  if [[ ! -f $stamp || $(cat "$stamp") != "$(_sha "$here/package-lock.json")" ]]; then
    echo "npm ci --ignore-scripts"
    (cd "$here" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error) || return 1
    _sha "$here/package-lock.json" >"$stamp"
  else
    echo "node_modules matches package-lock.json"
  fi
}
step "tools (npm ci)" "$logs/tools.log" tools

# --- 2. n8n itself ------------------------------------------------------------------------------
runner_sha=$(_sha "$here/test/runner/package-lock.json")
n8n_home=${WORKTOP_N8N_CACHE:-$HOME/.cache/worktop-n8n}/${runner_sha:0:16}
n8n_bin=$n8n_home/node_modules/n8n/bin/n8n
install_n8n() {
  if [[ -f $n8n_home/.installed ]]; then
    echo "n8n is installed in $n8n_home"
    return 0
  fi
  rm -rf "$n8n_home" && mkdir -p "$n8n_home" &&
    cp "$here/test/runner/package.json" "$here/test/runner/package-lock.json" "$n8n_home/" || return 1
  # No install scripts: they fetch prebuilt binaries from hosts this machine does not reach.
  # n8n's one native need, SQLite, is built from its bundled source against the local Node
  # headers instead. (package.json's override pins xlsx to the registry's copy: n8n names a
  # tarball URL off the registry.)
  (cd "$n8n_home" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error) &&
    (cd "$n8n_home" && npm_config_nodedir=$(dirname "$(dirname "$(command -v node)")") \
      npm rebuild sqlite3 --foreground-scripts --loglevel=error) &&
    touch "$n8n_home/.installed"
}
detail="n8n $(node -p 'require(process.argv[1]).dependencies.n8n' "$here/test/runner/package.json")"
step "n8n (install once, cached)" "$logs/n8n-install.log" install_n8n

# --- 3. build -----------------------------------------------------------------------------------
build() {
  cd "$here" && npm run build --silent &&
    ./node_modules/.bin/tsc -p tsconfig.test.json &&
    npm pack --silent --pack-destination "$logs" >"$logs/pack-name.txt" &&
    echo "packed $(cat "$logs/pack-name.txt")"
}
step "build (tsc: package and tests; npm pack)" "$logs/build.log" build

# --- 4. a fresh n8n with the package ------------------------------------------------------------
n8n_port=${N8N_PORT:-$(free_port)}
broker_port=${N8N_BROKER_PORT:-$(free_port)}
n8n_url=http://127.0.0.1:$n8n_port
n8n_folder=$(mktemp -d)
n8n_pid=
stop_n8n() {
  if [[ -n $n8n_pid ]] && kill -0 "$n8n_pid" 2>/dev/null; then
    kill -TERM -- "-$n8n_pid" 2>/dev/null
    for _ in $(seq 1 40); do kill -0 "$n8n_pid" 2>/dev/null || break; sleep 0.25; done
    kill -KILL -- "-$n8n_pid" 2>/dev/null
  fi
  n8n_pid=
  rm -rf "$n8n_folder"
}
trap 'stop_n8n; rm -f "$secrets".*' EXIT

start_n8n() {
  [[ -x $n8n_bin ]] || { echo "n8n is not installed"; return 1; }
  # The community-package folder n8n loads at start (what "npm install" in ~/.n8n/nodes makes).
  local package=$n8n_folder/.n8n/nodes/node_modules/n8n-nodes-worktop
  mkdir -p "$package" && tar -xzf "$logs/$(cat "$logs/pack-name.txt")" -C "$package" --strip-components=1 ||
    return 1
  # setsid: n8n and its task runner in a process group of their own, stopped together.
  N8N_USER_FOLDER=$n8n_folder N8N_PORT=$n8n_port N8N_LISTEN_ADDRESS=127.0.0.1 \
    N8N_RUNNERS_BROKER_PORT=$broker_port N8N_RUNNERS_BROKER_LISTEN_ADDRESS=127.0.0.1 \
    WEBHOOK_URL=$n8n_url/ N8N_ENCRYPTION_KEY=$(node -p 'require("crypto").randomBytes(24).toString("hex")') \
    N8N_DIAGNOSTICS_ENABLED=false N8N_VERSION_NOTIFICATIONS_ENABLED=false N8N_TEMPLATES_ENABLED=false \
    N8N_PERSONALIZATION_ENABLED=false N8N_SECURE_COOKIE=false N8N_LOG_LEVEL=${N8N_LOG_LEVEL:-warn} \
    N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS=false DB_TYPE=sqlite N8N_DISABLED_MODULES=insights \
    setsid node "$n8n_bin" start >"$logs/n8n.log" 2>&1 &
  n8n_pid=$!
  local deadline=$((SECONDS + 120))
  # Readiness answers during the database migrations, and the REST API first answers "starting
  # up" as text: ready is when its settings come as JSON.
  until curl -fsS --max-time 2 "$n8n_url/rest/settings" 2>/dev/null | grep -q '"data"'; do
    kill -0 "$n8n_pid" 2>/dev/null || { echo "n8n exited (log: .check/n8n.log)"; return 1; }
    ((SECONDS < deadline)) || { echo "n8n was not ready within 120 s"; return 1; }
    sleep 0.5
  done
  echo "n8n ready on $n8n_url"
  N8N_URL=$n8n_url SECRETS=$secrets node "$here/test-dist/test/support/setupN8n.js"
}
# Run in this shell (not step's subshell) so the trap knows n8n's pid.
echo "== n8n up" >&2
start=$SECONDS
if start_n8n >"$logs/n8n-up.log" 2>&1; then
  summary+=("ok    n8n up (fresh instance, package installed, owner and API key) ($((SECONDS - start)) s)")
  n8n_up=1
else
  summary+=("FAIL  n8n up ($((SECONDS - start)) s)  (logs: .check/n8n-up.log, .check/n8n.log)")
  tail -n 40 "$logs/n8n-up.log" "$logs/n8n.log" | sed 's/^/    /' >&2
  status=1
  n8n_up=
fi

# --- 5. the suite -------------------------------------------------------------------------------
tests() {
  cd "$here" || return 1
  local files=(test-dist/test/*.test.js) name
  if [[ -n ${TESTS:-} ]]; then
    files=()
    for name in $TESTS; do files+=("test-dist/test/$name.test.js"); done
  fi
  BASE_URL=$base_url N8N_URL=$n8n_url SECRETS=$secrets node --test --test-concurrency=1 "${files[@]}"
}
if [[ -n $n8n_up ]]; then
  step "tests (node --test, workflows run by n8n against $base_url)" "$logs/tests.log" tests
  summary[-1]+=" $(grep -E '^# (tests|pass|fail|skipped) ' "$logs/tests.log" | tr -d '#' | tr '\n' ' ')"
fi

stop_n8n
echo
printf '%s\n' "${summary[@]}"
exit "$status"
