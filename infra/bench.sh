#!/usr/bin/env bash
# Benchmarks (figures, not pass/fail; never part of the tests):
#   1. requests per second of an authenticated cheap GET (`GET /api/user` with an API key) on the
#      local release server, with rate limiting on and off, of the public `GET /api/public/plans`
#      as the no-auth baseline, and of the resource layer: `GET /api/v1/contacts` (a page of 15 of
#      40 contacts) and `POST /api/v1/contacts` (wrk, 2 threads, 16 connections, 10 s each);
#   2. store round trips per authenticated request on SQLite and on DynamoDB (moto), counted in the
#      backends by the `the_gate_costs...` and `contacts_cost...` tests.
#
#   infra/bench.sh            (BENCH_SECONDS=10 BENCH_CONNECTIONS=16 to change the load)
#
# The release build (LTO) takes several minutes the first time. Needs wrk (Debian's package; the
# script installs it when run as root).
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$REPO"
# shellcheck source=infra/lib.sh
source "$REPO/infra/lib.sh"

VENV=${WORKTOP_VENV:-$REPO/.venv}
WORK_TMP=$(mktemp -d "${TMPDIR:-/tmp}/worktop-bench.XXXXXX")
SECONDS_PER_RUN=${BENCH_SECONDS:-10}
CONNECTIONS=${BENCH_CONNECTIONS:-16}
trap 'stop_all_bg; rm -rf "$WORK_TMP"' EXIT

if ! command -v wrk >/dev/null; then
  [[ $(id -u) == 0 ]] || die "wrk is needed: apt-get install wrk"
  log "installing wrk"
  apt-get install -y -qq wrk >/dev/null 2>&1 || { apt-get update -qq >/dev/null && apt-get install -y -qq wrk >/dev/null; }
fi
ensure_venv

log "cargo build --release -p monolith"
cargo build --release -q -p monolith
BIN=${CARGO_TARGET_DIR:-$REPO/target}/release/monolith

# One run: start a fresh server, make an API key, load it with wrk; prints "<label>: N req/s".
# With a fifth argument (a JSON body) the load is POSTs of that body.
run() {
  local label=$1 rate_limits=$2 path=$3 auth=$4 post_body=${5:-}
  local dir port body
  dir=$(mktemp -d "$WORK_TMP/data.XXXXXX")
  port=$(free_port)
  body=$WORK_TMP/body.json
  # A one-second window keeps a 20000-per-window limit from refusing anything at these rates, so
  # the figure is the limiter's cost, not the cost of answering 429.
  start_bg "server" "$WORK_TMP/server.log" env DATA_DIR="$dir" PORT="$port" RUST_LOG=warn \
    RATE_LIMITS="$rate_limits" RATE_LIMIT_WINDOW_SECONDS=1 \
    ADMIN_EMAIL=bench@example.com ADMIN_PASSWORD=bench-password-1 "$BIN"
  local pgid=$BG_LAST_PGID status=000
  for _ in $(seq 1 100); do
    status=$(post_json "http://127.0.0.1:$port/api/login" '{"email":"bench@example.com","password":"bench-password-1"}' "$body")
    [[ $status == 200 ]] && break
    sleep 0.1
  done
  [[ $status == 200 ]] || die "the server did not come up"
  local token key
  token=$(json_field "$body" token)
  post_json "http://127.0.0.1:$port/api/v1/settings/api-keys" '{"name":"bench"}' "$body" -H "Authorization: Bearer $token" >/dev/null
  key=$(json_field "$body" key)
  local header=() script=()
  [[ $auth == yes ]] && header=(-H "Authorization: Bearer $key")
  if [[ $path == /api/v1/contacts* ]]; then
    # 40 contacts, so a list answers a full page of 15.
    for n in $(seq 1 40); do
      post_json "http://127.0.0.1:$port/api/v1/contacts" "{\"name\":\"Contact $n\",\"email\":\"c$n@example.com\",\"tags\":[\"bench\"]}" \
        "$body" -H "Authorization: Bearer $key" >/dev/null
    done
  fi
  if [[ -n $post_body ]]; then
    printf 'wrk.method = "POST"\nwrk.body = %s\nwrk.headers["Content-Type"] = "application/json"\n' \
      "$("$PY" -c 'import json, sys; print(json.dumps(sys.argv[1]))' "$post_body")" >"$WORK_TMP/post.lua"
    script=(-s "$WORK_TMP/post.lua")
  fi
  wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" -H 'Accept: application/json' "${header[@]}" "${script[@]}" \
    "http://127.0.0.1:$port$path" >"$WORK_TMP/wrk.out"
  local rps errors
  rps=$(awk '/Requests\/sec/ {print $2}' "$WORK_TMP/wrk.out")
  errors=$(awk '/Non-2xx/ {print $NF}' "$WORK_TMP/wrk.out")
  printf '%-52s %10s req/s   non-2xx: %s\n' "$label" "$rps" "${errors:-0}"
  stop_bg "$pgid"
}

echo "== requests per second (local server, SQLite, $(nproc) cores shared with wrk, ${CONNECTIONS} connections)"
run "GET /api/public/plans (no auth: baseline)" on /api/public/plans no
run "GET /api/user, API key, rate limiting on" on /api/user yes
run "GET /api/user, API key, rate limiting off" off /api/user yes
run "GET /api/v1/contacts (15 of 40), API key" on "/api/v1/contacts?per_page=15" yes
run "POST /api/v1/contacts, API key" on /api/v1/contacts yes '{"name":"Ada","email":"ada@example.com","phone":"+44 1","tags":["vip"]}'

echo "== store round trips per authenticated request (counted in the backends)"
MOTO_PORT=$(free_port)
start_bg moto "$WORK_TMP/moto.log" "$PY" "$REPO/infra/moto_serial.py" 127.0.0.1 "$MOTO_PORT"
wait_http "http://127.0.0.1:$MOTO_PORT/moto-api/" 60 "$BG_LAST_PGID"
AWS_ENDPOINT_URL="http://127.0.0.1:$MOTO_PORT" AWS_REGION=us-east-1 AWS_ACCESS_KEY_ID=testing \
  AWS_SECRET_ACCESS_KEY=testing WORKTOP_REQUIRE_AWS=1 \
  cargo test -q -p monolith --test api -- costs:: --nocapture 2>&1 | grep 'round trips'

