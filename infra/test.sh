#!/usr/bin/env bash
# Worktop's test command: installs its Python tools, starts moto (the AWS emulator), runs the Rust
# lints and the whole test suite against it, lints template.yaml (cfn-lint, `sam validate --lint`),
# and smoke-tests the `identity` function through the Lambda runtime path with `cargo lambda watch`. Stops everything it started.
#
#   infra/test.sh [ARGS...]                 ARGS go to `cargo test --workspace` (e.g. a test name filter)
#   infra/test.sh --module NAME [NAME...]   one module's API tests on SQLite and on moto, nothing else
#                                           (names: infra/test.sh --module help)
#
# Every run ends with a table of its phases' seconds (tools, lint, build, tests per store, ...).
#
# Environment: WORKTOP_VENV (virtualenv, default $REPO/.venv), WORKTOP_SKIP_LINT=1 (skip cargo fmt,
# clippy and infra/same_features.py), WORKTOP_SKIP_SMOKE=1 (skip the Lambda smoke test),
# WORKTOP_SKIP_SCHEMATHESIS=1 (skip the schemathesis run, infra/schemathesis.sh), WORKTOP_SKIP_FAULTS=1
# (skip the fault phase), WORKTOP_FAULT_SEED=N (replay a fault phase's stream), WORKTOP_MOTO_COUNT=N
# (moto servers the main test run spreads its tests over, default 2), CARGO_TARGET_DIR (as usual).
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$REPO"
# shellcheck source=infra/lib.sh
source "$REPO/infra/lib.sh"

# --module NAME...: the API test files of each module (tests/api), as libtest name filters. A file
# that tests no one module (lists, batch, contract, ...) runs in the whole suite only.
declare -A MODULE_TESTS=(
  [identity]="users:: sessions:: account_security:: activity:: api_keys:: auth_cache:: oauth:: policies:: profile:: custom_fields:: jobs::"
  [crm]="crm::"
  [inventory]="inventory:: transfer::"
  [accounting]="accounting::"
  [sales]="sales::"
  [projects]="projects:: project_work::"
  [support]="support::"
  [hr]="hr:: hr_staff:: hr_time::"
  [platform]="sandbox:: white_label:: billing:: served_files::"
  [v1]="v1:: contacts:: webhooks::"
)
MODULE_FILTERS=()
if [[ ${1:-} == --module ]]; then
  shift
  modules=$(printf '%s\n' "${!MODULE_TESTS[@]}" | sort | tr '\n' ' ')
  if (($# == 0)) || [[ $1 == help ]]; then
    echo "infra/test.sh --module NAME[,NAME...]: one module's API tests on both stores; the modules: $modules"
    exit 0
  fi
  # shellcheck disable=SC2068 # "crm,accounting" is two names
  for name in ${@//,/ }; do
    [[ -n ${MODULE_TESTS[$name]:-} ]] || die "no module '$name'; the modules: $modules"
    read -ra filters <<<"${MODULE_TESTS[$name]}"
    MODULE_FILTERS+=("${filters[@]}")
  done
  set --
fi
module_mode() { ((${#MODULE_FILTERS[@]} > 0)); }

VENV=${WORKTOP_VENV:-$REPO/.venv}
work_dir_with_cleanup worktop-test

for tool in python3 cargo curl setsid sha256sum; do
  command -v "$tool" >/dev/null || die "$tool is required"
done

# ---------------------------------------------------------------------------- 1. tools
phase "tools (Python)"
ensure_venv

# ---------------------------------------------------------------------------- 2. template lint
if ! module_mode; then
  phase "template lint"
  # Cheap, so first. `--` ends -a's list (it takes several values and would swallow the file name).
  log "cfn-lint template.yaml"
  cfn_lint -- template.yaml
  cfn_lint -a cfn_lint_serverless.rules -- template.yaml
  # SAM's own validation with its linter, as a user runs it before `sam build`.
  log "sam validate --lint"
  sam validate --lint --template-file template.yaml --region us-east-1
fi

# ---------------------------------------------------------------------------- 3. moto
# moto applies one call at a time and the DynamoDB tests wait on it most of their time (it used one
# core while the test binary used a tenth of the other), so the main test run spreads its tests
# over WORKTOP_MOTO_COUNT of them (WORKTOP_AWS_POOL; each test keeps one, tests/api/harness.rs).
# The first is AWS_ENDPOINT_URL, for everything else.
phase "emulators (moto, localstripe)"
MOTO_COUNT=${WORKTOP_MOTO_COUNT:-2}
MOTO_URLS=()
for ((moto = 0; moto < MOTO_COUNT; moto++)); do
  port=$(free_port)
  log "starting moto on 127.0.0.1:$port"
  start_bg moto "$WORK_TMP/moto-$moto.log" "$PY" "$REPO/infra/moto_serial.py" 127.0.0.1 "$port"
  wait_http "http://127.0.0.1:$port/moto-api/" 60 "$BG_LAST_PGID"
  MOTO_URLS+=("http://127.0.0.1:$port")
  ((moto > 0)) || MOTO_PORT=$port
done

export AWS_ENDPOINT_URL="http://127.0.0.1:$MOTO_PORT"
export AWS_REGION=us-east-1 AWS_DEFAULT_REGION=us-east-1
export AWS_ACCESS_KEY_ID=testing AWS_SECRET_ACCESS_KEY=testing
unset AWS_SESSION_TOKEN AWS_PROFILE
# The DynamoDB variants of the tests fail instead of skipping when this is set.
export WORKTOP_REQUIRE_AWS=1

# ---------------------------------------------------------------------------- 3b. localstripe
# The Stripe API emulator white-label billing is tested against (tests/api/billing.rs).
STRIPE_PORT=$(free_port)
log "starting localstripe on 127.0.0.1:$STRIPE_PORT"
# In memory and from scratch: localstripe's own state file is one fixed path shared by every run.
start_bg localstripe "$WORK_TMP/localstripe.log" "$PY" "$REPO/infra/localstripe_in_memory.py" --port "$STRIPE_PORT"
wait_tcp "$STRIPE_PORT" 60 "$BG_LAST_PGID"
export STRIPE_API_BASE="http://127.0.0.1:$STRIPE_PORT"
# The billing tests fail instead of skipping when this is set.
export WORKTOP_REQUIRE_STRIPE=1

# ---------------------------------------------------------------------------- 3c. an SMTP server
# Mail sent through SMTP (SMTP_URL) lands in a maildir the tests read (tests/api/signup.rs).
SMTP_PORT=$(free_port)
log "starting aiosmtpd on 127.0.0.1:$SMTP_PORT"
start_bg aiosmtpd "$WORK_TMP/aiosmtpd.log" "$PY" -m aiosmtpd -n -l "127.0.0.1:$SMTP_PORT" \
  -c aiosmtpd.handlers.Mailbox "$WORK_TMP/maildir"
wait_tcp "$SMTP_PORT" 30 "$BG_LAST_PGID"
export WORKTOP_SMTP_URL="smtp://127.0.0.1:$SMTP_PORT" WORKTOP_SMTP_MAILDIR="$WORK_TMP/maildir"
# The SMTP test fails instead of skipping when this is set.
export WORKTOP_REQUIRE_SMTP=1

# ---------------------------------------------------------------------------- 4. Rust
# Only the main run spreads its tests over the motos: the fault phase's go through the proxy.
AWS_POOL=$(IFS=,; echo "${MOTO_URLS[*]}")
if module_mode; then
  phase "build (the api test binary)"
  cargo test -p monolith --test api --no-run
  phase "tests: ${MODULE_FILTERS[*]} (SQLite and DynamoDB)"
  WORKTOP_AWS_POOL=$AWS_POOL cargo test -p monolith --test api -- "${MODULE_FILTERS[@]}" | tee "$WORK_TMP/cargo-test.out"
  print_phase_times
  sum_test_results "$WORK_TMP/cargo-test.out"
  echo "test.sh: the module tests passed"
  exit 0
fi

if [[ ${WORKTOP_SKIP_LINT:-0} != 1 ]]; then
  phase "lint (fmt, clippy, same_features)"
  log "cargo fmt --all --check"
  cargo fmt --all --check
  log "cargo clippy --workspace --all-targets -- -D warnings"
  cargo clippy --workspace --all-targets -- -D warnings
  log "infra/same_features.py: one feature set for the test run and the other builds"
  "$PY" "$REPO/infra/same_features.py"
else
  log "WORKTOP_SKIP_LINT=1: skipping cargo fmt, clippy and infra/same_features.py"
fi

# The webhook tests leave one real delivery here for an independent verifier (below).
export WORKTOP_WEBHOOK_SAMPLE="$WORK_TMP/webhook-sample.json"
# ... and the served OpenAPI document, for `openapi-spec-validator`.
export WORKTOP_OPENAPI_OUT="$WORK_TMP/openapi.json"
phase "build (cargo test --no-run)"
cargo test --workspace --no-run "$@"
if (($# > 0)); then
  phase "tests: cargo test --workspace $*"
  WORKTOP_AWS_POOL=$AWS_POOL cargo test --workspace "$@" | tee "$WORK_TMP/cargo-test.out"
else
  # The DynamoDB variants (every test with "dynamodb" in its name) apart from the rest, so each
  # store's time shows in the phase table (the doc tests, which have none, run in the first).
  phase "tests: all but the DynamoDB variants"
  WORKTOP_AWS_POOL=$AWS_POOL cargo test --workspace -- --skip dynamodb | tee "$WORK_TMP/cargo-test.out"
  phase "tests: the DynamoDB variants (moto)"
  WORKTOP_AWS_POOL=$AWS_POOL cargo test --workspace --tests -- dynamodb --test-threads "${WORKTOP_DYNAMODB_TEST_THREADS:-2}" |
    tee "$WORK_TMP/cargo-test-dynamodb.out"
fi

# ---------------------------------------------------------------------------- 4b. faults
# What production AWS does every day, between the server and moto (infra/fault_proxy.py):
# throttling, 500s, slow answers, connections dropped before and after a call reached moto. The
# DynamoDB variants of the modules on the write path run again, unchanged, with 3% of calls
# faulted; then the fault tests (tests/api/faults.rs) raise the rate to 25% under concurrent
# writes and check the store. The seed is printed; WORKTOP_FAULT_SEED=N replays its fault stream.
# WORKTOP_SKIP_FAULTS=1 skips the phase (so does a filtered run).
FAULT_SUITE=(contacts::dynamodb crm::dynamodb batch::dynamodb sessions::dynamodb webhooks::dynamodb
  api_keys::dynamodb references::dynamodb lists::dynamodb v1::dynamodb cloud_delivery transfer::dynamodb
  costs::dynamodb faults::)
if [[ ${WORKTOP_SKIP_FAULTS:-0} != 1 ]] && (($# == 0)); then
  phase "faults (DynamoDB write paths through the proxy)"
  FAULT_PORT=$(free_port)
  FAULT_SEED=${WORKTOP_FAULT_SEED:-$(((RANDOM << 15) | RANDOM))}
  log "faults: infra/fault_proxy.py on 127.0.0.1:$FAULT_PORT in front of moto, 3% of calls, seed $FAULT_SEED"
  start_bg fault-proxy "$WORK_TMP/fault-proxy.log" "$PY" "$REPO/infra/fault_proxy.py" "$FAULT_PORT" "$MOTO_PORT" 0.03 "$FAULT_SEED"
  FAULT_PGID=$BG_LAST_PGID
  wait_tcp "$FAULT_PORT" 30 "$FAULT_PGID"
  FAULT_URL="http://127.0.0.1:$FAULT_PORT"
  # WORKTOP_AWS_DIRECT_URL: moto without the proxy, for what stands in for AWS's own part (the
  # Lambda poller of tests/api/cloud_delivery.rs), not for our code.
  AWS_ENDPOINT_URL=$FAULT_URL WORKTOP_FAULT_PROXY=$FAULT_URL WORKTOP_REQUIRE_FAULTS=1 \
    WORKTOP_AWS_DIRECT_URL="http://127.0.0.1:$MOTO_PORT" \
    cargo test --workspace --test api -- "${FAULT_SUITE[@]}" | tee "$WORK_TMP/cargo-test-faults.out" ||
    die "faults: the suite failed under injected faults, seed $FAULT_SEED (replay: WORKTOP_FAULT_SEED=$FAULT_SEED infra/test.sh)"
  log "faults: injected $(curl -sS "$FAULT_URL/fault-proxy/stats")"
  stop_bg "$FAULT_PGID"
fi
TEST_SUMMARY=$(sum_test_results "$WORK_TMP"/cargo-test*.out)
phase "webhook sample, OpenAPI validation"

# A delivered payload must verify with the PyPI `standardwebhooks` library, not just our own code.
if [[ -s $WORKTOP_WEBHOOK_SAMPLE ]]; then
  log "verifying a delivered webhook with standardwebhooks"
  "$PY" "$REPO/infra/verify_webhook.py" "$WORKTOP_WEBHOOK_SAMPLE"
elif (($# == 0)); then
  die "the webhook tests left no delivered sample to verify"
fi

# The OpenAPI document /api/openapi.json serves must be valid OpenAPI 3.0.3.
if [[ -s $WORKTOP_OPENAPI_OUT ]]; then
  log "openapi-spec-validator on /api/openapi.json"
  "$VENV/bin/openapi-spec-validator" "$WORKTOP_OPENAPI_OUT"
  # As client tooling sees it: no error from Redocly's or Spectral's rule sets, and orval's
  # TypeScript client type-checks under tsc --strict (infra/generators, its tools pinned).
  log "generators: Redocly, Spectral, orval and tsc --strict (infra/generators/check.sh)"
  "$REPO/infra/generators/check.sh" "$WORKTOP_OPENAPI_OUT" >&2 ||
    die "generators: a linter reported an error or orval's client does not type-check (reports: infra/generators/out/)"
  # A stable contract: the served document against the one last released (docs/changelog.md's
  # latest version, docs/openapi.json at that commit); a breaking change fails unless the
  # changelog's Unreleased section names it with its migration (infra/contract, tested first).
  log "contract: the breaking-change check's own test (infra/contract/test.sh)"
  "$REPO/infra/contract/test.sh" >"$WORK_TMP/contract-test.log" 2>&1 ||
    die "contract: the breaking-change check's test failed (log: $WORK_TMP/contract-test.log)"
  log "contract: breaking changes since the released contract (infra/contract/check.sh)"
  "$REPO/infra/contract/baseline.sh" "$WORK_TMP/openapi-released.json" "$REPO"
  "$REPO/infra/contract/check.sh" "$WORK_TMP/openapi-released.json" "$WORKTOP_OPENAPI_OUT" \
    "$REPO/docs/changelog.md" >&2 ||
    die "contract: a breaking change is not in docs/changelog.md (see docs/api-conventions.md#compatibility-and-deprecation)"
elif (($# == 0)); then
  die "the contract tests left no OpenAPI document to validate"
fi

# ---------------------------------------------------------------------------- OAuth flow (authlib)
# The OAuth 2.0 dance with a stock client library (authlib, infra/requirements.txt) against a local
# server: a browser's consent, code + PKCE S256, an API call, refresh rotation, revocation, reuse
# detection, a connector's code without PKCE.
phase "OAuth flow (authlib)"
log "oauth: cargo build -p monolith"
cargo build -q -p monolith
OAUTH_PORT=$(free_port)
OAUTH_EMAIL=oauth@example.com
OAUTH_PASSWORD=$(random_string 24)
mkdir -p "$WORK_TMP/oauth-data"
start_bg "monolith (oauth)" "$WORK_TMP/monolith-oauth.log" env -u AWS_LAMBDA_RUNTIME_API -u AWS_ENDPOINT_URL \
  STORE=embedded "DATA_DIR=$WORK_TMP/oauth-data" "PORT=$OAUTH_PORT" "ADMIN_EMAIL=$OAUTH_EMAIL" \
  "ADMIN_PASSWORD=$OAUTH_PASSWORD" RUST_LOG=warn "${CARGO_TARGET_DIR:-$REPO/target}/debug/monolith"
OAUTH_PGID=$BG_LAST_PGID
wait_http "http://127.0.0.1:$OAUTH_PORT/.well-known/oauth-authorization-server" 60 "$OAUTH_PGID"
# The consent is given in headless Chromium (the dashboard check's consent step).
ensure_node_tools
"$REPO/infra/ensure_chromium.sh" >/dev/null
log "oauth: infra/oauth_flow.py (authlib, the consent in Chromium) against 127.0.0.1:$OAUTH_PORT"
SCREENSHOT_DIR="$WORK_TMP/dashboard-shots" \
  "$PY" "$REPO/infra/oauth_flow.py" "http://127.0.0.1:$OAUTH_PORT" "$OAUTH_EMAIL" "$OAUTH_PASSWORD" ||
  die "oauth: the authlib flow failed (server log: $WORK_TMP/monolith-oauth.log)"

# ---------------------------------------------------------------------------- developer tools
# What an integrator picks up first: the Postman collection the server serves, run whole by
# newman on a fresh server of its own (the collection makes what it needs and ends what it makes),
# with a login and then with an API key, every assertion passing (infra/postman_run.sh).
phase "Postman collection (newman)"
ensure_node_tools
BASE_URL="http://127.0.0.1:$OAUTH_PORT"
PM_PORT=$(free_port) PM_DOH_PORT=$(free_port)
PM_EMAIL=newman@example.com PM_PASSWORD=$(random_string 24) PM_STRIPE_SECRET=whsec_$(random_string 24)
mkdir -p "$WORK_TMP/postman-data"
start_bg doh-stub-postman "$WORK_TMP/doh-postman.log" "$PY" "$REPO/infra/doh_stub.py" "$PM_DOH_PORT"
PM_DOH_PGID=$BG_LAST_PGID
wait_tcp "$PM_DOH_PORT" 30 "$PM_DOH_PGID"
start_bg "monolith (postman)" "$WORK_TMP/monolith-postman.log" env -u AWS_LAMBDA_RUNTIME_API -u AWS_ENDPOINT_URL \
  STORE=embedded "DATA_DIR=$WORK_TMP/postman-data" "PORT=$PM_PORT" "ADMIN_EMAIL=$PM_EMAIL" "ADMIN_PASSWORD=$PM_PASSWORD" \
  RUST_LOG=warn WEBHOOK_ALLOW_PRIVATE=true "DNS_OVER_HTTPS_URL=http://127.0.0.1:$PM_DOH_PORT/dns-query" \
  STRIPE_SECRET_KEY=sk_test_worktop "STRIPE_WEBHOOK_SECRET=$PM_STRIPE_SECRET" "${CARGO_TARGET_DIR:-$REPO/target}/debug/monolith"
PM_PGID=$BG_LAST_PGID
wait_http "http://127.0.0.1:$PM_PORT/api/postman.json" 60 "$PM_PGID"
POSTMAN_STRIPE_WEBHOOK_SECRET=$PM_STRIPE_SECRET "$REPO/infra/postman_run.sh" "http://127.0.0.1:$PM_PORT" \
  "$PM_EMAIL" "$PM_PASSWORD" "$WORK_TMP/postman" ||
  die "postman: the collection did not run whole (logs: $WORK_TMP/postman; server log: $WORK_TMP/monolith-postman.log)"
stop_bg "$PM_PGID"
stop_bg "$PM_DOH_PGID"
# A client generated from the served document (openapi-python-client) logs in, creates, pages by
# cursor, updates by version and reads a 422's field errors through its typed models.
phase "generated Python client"
log "python client: openapi-python-client against $BASE_URL"
"$REPO/infra/python_client.sh" "$VENV" "$BASE_URL" "$OAUTH_EMAIL" "$OAUTH_PASSWORD" "$WORK_TMP/python-client"
# The SDKs we ship (sdks/): their generated code is the served document's (stale fails), they
# build strictly, their unit tests pass and each getting-started example runs against the server.
phase "SDKs (TypeScript, Python)"
log "sdks: sdks/check.sh against $BASE_URL"
"$REPO/sdks/check.sh" "$WORK_TMP/python-client/openapi.json" "$BASE_URL" "$OAUTH_EMAIL" "$OAUTH_PASSWORD" >&2 ||
  die "sdks: a check failed (logs: sdks/.check/; regenerate with sdks/generate.sh when the document changed)"
# The no-code platforms' packages we ship (integrations/): the Zapier app through its appTester
# suite and the n8n node through workflows a real n8n runs, each against a fresh server with an
# owner's live key: every action and search read back, each trigger's signed delivery end to end,
# the OAuth 2.0 connection (integrations/*/check.sh).
phase "no-code integrations (Zapier, n8n)"
INT_PORT=$(free_port) INT_EMAIL=integrations@example.com INT_PASSWORD=$(random_string 24)
mkdir -p "$WORK_TMP/integrations-data"
start_bg "monolith (integrations)" "$WORK_TMP/monolith-integrations.log" env -u AWS_LAMBDA_RUNTIME_API -u AWS_ENDPOINT_URL \
  STORE=embedded "DATA_DIR=$WORK_TMP/integrations-data" "PORT=$INT_PORT" "ADMIN_EMAIL=$INT_EMAIL" \
  "ADMIN_PASSWORD=$INT_PASSWORD" RUST_LOG=warn WEBHOOK_ALLOW_PRIVATE=true "PUBLIC_BASE_URL=http://127.0.0.1:$INT_PORT" \
  "${CARGO_TARGET_DIR:-$REPO/target}/debug/monolith"
INT_PGID=$BG_LAST_PGID
INT_BASE="http://127.0.0.1:$INT_PORT"
wait_http "$INT_BASE/.well-known/oauth-authorization-server" 60 "$INT_PGID"
INT_KEY=$(INT_BASE=$INT_BASE INT_EMAIL=$INT_EMAIL INT_PASSWORD=$INT_PASSWORD "$PY" - <<'EOF'
import json, os, urllib.request

def post(path, body, token=None):
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(os.environ["INT_BASE"] + path, json.dumps(body).encode(), headers)
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.load(answer)

session = post("/api/login", {"email": os.environ["INT_EMAIL"], "password": os.environ["INT_PASSWORD"]})["token"]
print(post("/api/v1/settings/api-keys", {"name": "integrations", "mode": "live"}, session)["key"])
EOF
) || die "integrations: could not make a live key (server log: $WORK_TMP/monolith-integrations.log)"
log "integrations: integrations/zapier/check.sh against $INT_BASE"
"$REPO/integrations/zapier/check.sh" "$INT_BASE" "$INT_KEY" >"$WORK_TMP/zapier-check.log" 2>&1 ||
  { tail -n 80 "$WORK_TMP/zapier-check.log" >&2; die "integrations: the Zapier app's tests failed (log: $WORK_TMP/zapier-check.log)"; }
grep -E '^\s+[0-9]+ (passing|pending|failing)' "$WORK_TMP/zapier-check.log" >&2 || true
log "integrations: integrations/n8n/check.sh against $INT_BASE"
"$REPO/integrations/n8n/check.sh" "$INT_BASE" "$INT_KEY" >&2 ||
  die "integrations: the n8n node's tests failed (logs: integrations/n8n/.check/)"
stop_bg "$INT_PGID"
# The MCP server (POST /mcp) with stock clients, on each store: the official Python SDK, the OAuth
# flow an MCP client runs (discovery, dynamic registration, consent with PKCE, revocation), and on
# the embedded store the MCP conformance suite (infra/mcp/check.sh).
phase "MCP clients (Python SDK, OAuth, conformance)"
run_mcp_check() {
  local name=$1 extra=$2
  shift 2
  local port email password pgid
  port=$(free_port) email=mcp-$name@example.com password=$(random_string 24)
  mkdir -p "$WORK_TMP/mcp-$name-data"
  start_bg "monolith (mcp, $name)" "$WORK_TMP/monolith-mcp-$name.log" env -u AWS_LAMBDA_RUNTIME_API "$@" \
    "DATA_DIR=$WORK_TMP/mcp-$name-data" "PORT=$port" "ADMIN_EMAIL=$email" "ADMIN_PASSWORD=$password" RUST_LOG=warn \
    "${CARGO_TARGET_DIR:-$REPO/target}/debug/monolith"
  pgid=$BG_LAST_PGID
  wait_http "http://127.0.0.1:$port/.well-known/oauth-protected-resource" 120 "$pgid"
  log "mcp ($name): infra/mcp/check.sh against 127.0.0.1:$port"
  PY=$PY WORK=$WORK_TMP/mcp-$name "$REPO/infra/mcp/check.sh" "http://127.0.0.1:$port" "$email" "$password" $extra >&2 ||
    die "mcp ($name): a check failed (server log: $WORK_TMP/monolith-mcp-$name.log)"
  stop_bg "$pgid"
}
ensure_node_tools
run_mcp_check embedded --conformance -u AWS_ENDPOINT_URL STORE=embedded
run_mcp_check dynamodb "" STORE=dynamodb DYNAMODB_CREATE_TABLES=true RECORDS_TABLE=mcp-records \
  RATELIMITS_TABLE=mcp-ratelimits FILES_BUCKET=mcp-files "JWT_SECRET=$(random_string 48)" \
  "WORKTOP_SECRETS_KEY=$(python3 -c 'import secrets; print(secrets.token_hex(32))')"
# The API reference page (GET /docs) in headless Chromium (Debian's): it renders every module's
# tag and the guide, with no console error and nothing from another origin; the screenshot is
# the one kept in docs/. The Redoc bundle it serves must be the pinned npm package's.
phase "reference page (Chromium)"
"$REPO/infra/check_vendored.sh"
"$REPO/infra/ensure_chromium.sh" >/dev/null
log "docs page: headless Chromium over $BASE_URL/docs"
node "$REPO/infra/docs_page_check.mjs" "$BASE_URL" "$WORK_TMP/reference-page.png" ||
  die "docs page: the check failed (server log: $WORK_TMP/monolith-oauth.log)"
stop_bg "$OAUTH_PGID"
# ---------------------------------------------------------------------------- end OAuth flow

# The dashboard (GET /) in the same Chromium, on a server of its own for each store: sign up, follow the mailed
# verification link from the mail folder, log in, make a key and use it, a webhook's test
# delivery in its log and its resend, revoke the key; then the signed-up workspace's trial ends
# (its clock moved on through CLOCK_OFFSET_FILE) and it subscribes on localstripe's checkout page,
# cancels, resumes, and its subscription ends; every page under its policy, passing axe-core,
# with no console error (infra/dashboard_check.mjs). The server bills through localstripe and
# sends Stripe's return to its own origin (PUBLIC_BASE_URL), where the session is.
phase "dashboard (Chromium)"
ensure_node_tools
# run_dashboard_check NAME MAIL_DIR SHOTS [SERVER ENV...]: the check against a fresh server of its
# own (the store and mail transport the ENV names), reading its mail from MAIL_DIR, screenshots to
# SHOTS (or none: "").
run_dashboard_check() {
  local name=$1 mail_dir=$2 shots=$3
  shift 3
  local port email password secret clock data pgid
  port=$(free_port) email=dashboard-$name@example.com password=$(random_string 24)
  secret=whsec_$(random_string 24) clock=$WORK_TMP/dashboard-$name-clock data=$WORK_TMP/dashboard-$name-data
  echo 0 >"$clock"
  mkdir -p "$data"
  # ENV first: `env` takes its -u options before any assignment.
  start_bg "monolith (dashboard, $name)" "$WORK_TMP/monolith-dashboard-$name.log" env -u AWS_LAMBDA_RUNTIME_API "$@" \
    "DATA_DIR=$data" "PORT=$port" "ADMIN_EMAIL=$email" "ADMIN_PASSWORD=$password" RUST_LOG=warn WEBHOOK_ALLOW_PRIVATE=true \
    STRIPE_SECRET_KEY=sk_test_worktop "STRIPE_API_BASE=$STRIPE_API_BASE" "STRIPE_WEBHOOK_SECRET=$secret" \
    "PUBLIC_BASE_URL=http://127.0.0.1:$port" "CLOCK_OFFSET_FILE=$clock" \
    "${CARGO_TARGET_DIR:-$REPO/target}/debug/monolith"
  pgid=$BG_LAST_PGID
  wait_http "http://127.0.0.1:$port/" 120 "$pgid"
  # localstripe's events (checkout completed, subscription updated and deleted) to this server.
  curl -fsS -u sk_test_worktop: -X POST "$STRIPE_API_BASE/_config/webhooks/dashboard-$name" \
    -d "url=http://127.0.0.1:$port/api/wl/webhook-callback" -d "secret=$secret" >/dev/null ||
    die "dashboard ($name): localstripe did not take the webhook endpoint"
  log "dashboard ($name): infra/dashboard_check.mjs against 127.0.0.1:$port"
  ADMIN_EMAIL=$email ADMIN_PASSWORD=$password MAIL_DIR=$mail_dir \
    CLOCK_FILE=$clock STRIPE_API_BASE=$STRIPE_API_BASE STRIPE_SECRET_KEY=sk_test_worktop \
    node "$REPO/infra/dashboard_check.mjs" "http://127.0.0.1:$port" ${shots:+"$shots"} ||
    die "dashboard ($name): the check failed (screenshots: ${shots:-none}; server log: $WORK_TMP/monolith-dashboard-$name.log; localstripe log: $WORK_TMP/localstripe.log)"
  stop_bg "$pgid"
}
# The embedded store, mail to the data directory's mail folder.
run_dashboard_check embedded "$WORK_TMP/dashboard-embedded-data/mail" "$WORK_TMP/dashboard-shots" \
  -u AWS_ENDPOINT_URL STORE=embedded
# DynamoDB and S3 (moto, tables of its own), mail through SMTP to the test's aiosmtpd.
run_dashboard_check dynamodb "$WORKTOP_SMTP_MAILDIR/new" "" \
  STORE=dynamodb DYNAMODB_CREATE_TABLES=true RECORDS_TABLE=dashboard-records RATELIMITS_TABLE=dashboard-ratelimits \
  FILES_BUCKET=dashboard-files "JWT_SECRET=$(random_string 48)" "WORKTOP_SECRETS_KEY=$(python3 -c 'import secrets; print(secrets.token_hex(32))')" \
  "SMTP_URL=$WORKTOP_SMTP_URL"
# docs/screenshots/ is refreshed with WORKTOP_DASHBOARD_SHOTS=docs/screenshots.
if [[ -n ${WORKTOP_DASHBOARD_SHOTS:-} ]]; then
  mkdir -p "$WORKTOP_DASHBOARD_SHOTS" && cp "$WORK_TMP"/dashboard-shots/*.png "$WORKTOP_DASHBOARD_SHOTS"/
fi

# The document must also tell the truth about the server's answers: schemathesis fuzzes every
# operation of a local server against it (WORKTOP_SKIP_SCHEMATHESIS=1 skips it).
phase "schemathesis"
WORKTOP_VENV="$VENV" "$REPO/infra/schemathesis.sh"

# ---------------------------------------------------------------------------- 5. Lambda smoke test
if [[ ${WORKTOP_SKIP_SMOKE:-0} != 1 ]]; then
  phase "Lambda smoke test"
  SMOKE_EMAIL=smoke@example.com
  SMOKE_PASSWORD=$(random_string 24)
  SMOKE_ENV=(
    STORE=dynamodb
    DYNAMODB_CREATE_TABLES=true
    RECORDS_TABLE=smoke-records
    RATELIMITS_TABLE=smoke-ratelimits
    FILES_BUCKET=smoke-files
    "JWT_SECRET=$(random_string 48)"
    "DATA_DIR=$WORK_TMP/data"
  )
  mkdir -p "$WORK_TMP/data"
  LOGIN_JSON=$("$PY" -c 'import json, sys; print(json.dumps({"email": sys.argv[1], "password": sys.argv[2]}))' \
    "$SMOKE_EMAIL" "$SMOKE_PASSWORD")
  BODY=$WORK_TMP/body.json

  # Build every binary first, in the foreground, so neither start below waits on the compiler.
  log "smoke: cargo build -p monolith -p scheduler -p outbox-relay -p webhook-delivery --bins, and the identity and crm functions"
  cargo build -q -p monolith -p scheduler -p outbox-relay -p webhook-delivery --bins
  # Each function alone, as `cargo lambda watch -p <its crate>` runs it below.
  cargo build -q -p identity-function
  cargo build -q -p crm-function
  # Alone, as `cargo lambda watch -p scheduler` runs it: its features resolve apart from the
  # workspace's, so a change to `shared` would otherwise compile during the 120 s invocation below.
  cargo build -q -p scheduler --bin scheduler

  # (a) The local server creates the tables in moto and the first workspace with its admin.
  MONO_PORT=$(free_port)
  log "smoke: monolith on 127.0.0.1:$MONO_PORT against moto (creates tables and the admin)"
  start_bg monolith "$WORK_TMP/monolith.log" env -u AWS_LAMBDA_RUNTIME_API "${SMOKE_ENV[@]}" \
    "PORT=$MONO_PORT" "ADMIN_EMAIL=$SMOKE_EMAIL" "ADMIN_PASSWORD=$SMOKE_PASSWORD" RUST_LOG=info \
    cargo run -q -p monolith
  MONO_PGID=$BG_LAST_PGID
  status=000
  deadline=$((SECONDS + 120))
  while ((SECONDS < deadline)); do
    status=$(post_json "http://127.0.0.1:$MONO_PORT/api/login" "$LOGIN_JSON" "$BODY" --max-time 10)
    [[ $status == 200 ]] && break
    bg_alive "$MONO_PGID" || die "smoke: the monolith exited before login answered 200"
    sleep 1
  done
  [[ $status == 200 ]] || die "smoke: monolith POST /api/login answered $status: $(head -c 500 "$BODY" 2>/dev/null)"
  json_field "$BODY" token >/dev/null || die "smoke: monolith login answer has no token: $(head -c 500 "$BODY")"
  stop_bg "$MONO_PGID"
  log "smoke: monolith login ok; stopped"

  # (b) The identity function through the Lambda runtime path. `cargo lambda watch` (cargo-lambda
  # 1.9.2, checked by hand) emulates the Lambda control plane on -A/-P and runs the function with
  # `cargo run --package identity-function --bin identity` on the first invocation (plain host build: no zig,
  # no cargo-watch; --ignore-changes turns off the file watcher). The function inherits this
  # process's environment (AWS_ENDPOINT_URL, AWS_REGION, ... and the vars given to `env` here)
  # plus `--env-var K=V` / `--env-file` ones and AWS_LAMBDA_RUNTIME_API and friends. RUST_LOG goes
  # by --env-var only: in cargo-lambda's own environment it would make cargo-lambda log verbosely too.
  # cargo-lambda puts the function in a process group of its own (stop_bg handles that) and stops
  # it when it gets SIGTERM.
  # An HTTP (lambda_http) function is reached at http://ADDR:PORT/lambda-url/<binary>/<path>: the
  # request arrives as a Function URL (API Gateway v2 payload) event, and the `/lambda-url/<binary>`
  # prefix is stripped, so the router sees `/api/login`. A path without the prefix goes to the
  # default binary `_`, and an unknown name answers 404 "Missing function".
  WATCH_PORT=$(free_port)
  log "smoke: cargo lambda watch (identity) on 127.0.0.1:$WATCH_PORT"
  start_bg "cargo lambda watch" "$WORK_TMP/lambda-watch.log" \
    env -u PORT -u ADMIN_EMAIL -u ADMIN_PASSWORD -u RUST_LOG "${SMOKE_ENV[@]}" \
    cargo lambda watch --ignore-changes -p identity-function --bin identity -A 127.0.0.1 -P "$WATCH_PORT" \
    --env-var RUST_LOG=info
  WATCH_PGID=$BG_LAST_PGID
  wait_tcp "$WATCH_PORT" 60 "$WATCH_PGID"
  LAMBDA_BASE="http://127.0.0.1:$WATCH_PORT/lambda-url/identity"

  status=000
  deadline=$((SECONDS + 120))
  while ((SECONDS < deadline)); do
    status=$(post_json "$LAMBDA_BASE/api/login" "$LOGIN_JSON" "$BODY")
    [[ $status == 200 ]] && break
    bg_alive "$WATCH_PGID" || die "smoke: cargo lambda watch exited"
    sleep 2
  done
  [[ $status == 200 ]] || die "smoke: Lambda POST /api/login answered $status: $(head -c 500 "$BODY" 2>/dev/null)"
  TOKEN=$(json_field "$BODY" token) || die "smoke: Lambda login answer has no token: $(head -c 500 "$BODY")"

  # The token works on an authenticated route of the same function (JWT_SECRET and the session
  # store reached the Lambda process).
  status=$(curl -sS -o "$BODY" -w '%{http_code}' --max-time 60 -H 'Accept: application/json' \
    -H "Authorization: Bearer $TOKEN" "$LAMBDA_BASE/api/user" 2>/dev/null || true)
  [[ $status == 200 ]] || die "smoke: Lambda GET /api/user with the token answered $status: $(head -c 500 "$BODY" 2>/dev/null)"

  # An answer above a KiB travels gzip-compressed on the Lambda path too (the runtime sends the
  # bytes base64-encoded, the function URL decodes them): the roles, read back as JSON.
  status=$(curl -sS -o "$BODY.gz" -D "$BODY.headers" -w '%{http_code}' --max-time 60 -H 'Accept: application/json' \
    -H 'Accept-Encoding: gzip' -H "Authorization: Bearer $TOKEN" "$LAMBDA_BASE/api/roles" 2>/dev/null || true)
  [[ $status == 200 ]] || die "smoke: Lambda GET /api/roles answered $status"
  grep -qi '^content-encoding: gzip' "$BODY.headers" ||
    die "smoke: Lambda GET /api/roles with Accept-Encoding: gzip came uncompressed: $(cat "$BODY.headers")"
  "$PY" -c 'import gzip, json, sys; assert json.loads(gzip.open(sys.argv[1]).read())["data"]' "$BODY.gz" ||
    die "smoke: Lambda GET /api/roles, gunzipped, is not the roles"
  stop_bg "$WATCH_PGID"
  log "smoke: identity via cargo lambda watch: login, /api/user and a compressed /api/roles ok"

  # (b2) The crm function the same way: the identity function's token creates a lead, which lands
  # in the default pipeline the first start wrote.
  WATCH_PORT=$(free_port)
  log "smoke: cargo lambda watch (crm) on 127.0.0.1:$WATCH_PORT"
  start_bg "cargo lambda watch (crm)" "$WORK_TMP/lambda-watch-crm.log" \
    env -u PORT -u ADMIN_EMAIL -u ADMIN_PASSWORD -u RUST_LOG "${SMOKE_ENV[@]}" \
    cargo lambda watch --ignore-changes -p crm-function --bin crm -A 127.0.0.1 -P "$WATCH_PORT" \
    --env-var RUST_LOG=info
  WATCH_PGID=$BG_LAST_PGID
  wait_tcp "$WATCH_PORT" 60 "$WATCH_PGID"
  status=000
  deadline=$((SECONDS + 120))
  while ((SECONDS < deadline)); do
    status=$(post_json "http://127.0.0.1:$WATCH_PORT/lambda-url/crm/api/lead/create" \
      '{"name":"Smoke lead","email":"lead@example.com"}' "$BODY" -H "Authorization: Bearer $TOKEN")
    [[ $status == 201 ]] && break
    bg_alive "$WATCH_PGID" || die "smoke: cargo lambda watch (crm) exited"
    sleep 2
  done
  [[ $status == 201 ]] || die "smoke: Lambda POST /api/lead/create answered $status: $(head -c 500 "$BODY" 2>/dev/null)"
  "$PY" -c 'import json, sys; sys.exit(json.load(open(sys.argv[1]))["stage_id"] != 1)' "$BODY" ||
    die "smoke: the lead is not in the first stage: $(head -c 500 "$BODY")"
  stop_bg "$WATCH_PGID"
  log "smoke: crm via cargo lambda watch: a lead created in the default pipeline"

  # (c) The scheduler function through the Lambda runtime path: an EventBridge-style event in, a
  # report of every job out. `cargo lambda watch` also serves the Lambda Invoke API.
  WATCH_PORT=$(free_port)
  log "smoke: cargo lambda watch (scheduler) on 127.0.0.1:$WATCH_PORT"
  start_bg "cargo lambda watch (scheduler)" "$WORK_TMP/lambda-watch-scheduler.log" \
    env -u PORT -u ADMIN_EMAIL -u ADMIN_PASSWORD -u RUST_LOG "${SMOKE_ENV[@]}" \
    cargo lambda watch --ignore-changes -p scheduler --bin scheduler -A 127.0.0.1 -P "$WATCH_PORT" \
    --env-var RUST_LOG=info
  WATCH_PGID=$BG_LAST_PGID
  wait_tcp "$WATCH_PORT" 60 "$WATCH_PGID"
  status=$(curl -sS -o "$BODY" -w '%{http_code}' --max-time 120 -X POST \
    -d '{"source": "aws.scheduler", "detail-type": "Scheduled Event"}' \
    "http://127.0.0.1:$WATCH_PORT/2015-03-31/functions/scheduler/invocations" 2>/dev/null || true)
  [[ $status == 200 ]] || die "smoke: scheduler invocation answered $status: $(head -c 500 "$BODY" 2>/dev/null)"
  "$PY" - "$BODY" <<'PY' || die "smoke: scheduler report is not all ok: $(head -c 500 "$BODY")"
import json, sys
report = json.load(open(sys.argv[1]))
assert report["jobs"] and all(job["ok"] for job in report["jobs"]), report
PY
  stop_bg "$WATCH_PGID"
  log "smoke: scheduler via cargo lambda watch: every job ran"

  # (d) The two cloud webhook functions through the Lambda runtime path, on a queue in moto.
  QUEUE_URL=$("$PY" -c 'import boto3, os; print(boto3.client("sqs", endpoint_url=os.environ["AWS_ENDPOINT_URL"]).create_queue(QueueName="smoke-webhooks")["QueueUrl"])')
  # outbox-relay: a stream batch with an outbox insert and an unrelated insert queues one message.
  cat >"$WORK_TMP/stream-event.json" <<'JSON'
{"Records": [
 {"eventID": "1", "eventName": "INSERT", "eventVersion": "1.1", "eventSource": "aws:dynamodb", "awsRegion": "us-east-1",
  "eventSourceARN": "arn:aws:dynamodb:us-east-1:123456789012:table/Records/stream/2026-01-01T00:00:00.000",
  "dynamodb": {"ApproximateCreationDateTime": 1795320000, "SequenceNumber": "1", "SizeBytes": 100, "StreamViewType": "NEW_IMAGE",
   "Keys": {"pk": {"S": "G#outbox#0"}, "sk": {"S": "msg_smoke"}},
   "NewImage": {"pk": {"S": "G#outbox#0"}, "sk": {"S": "msg_smoke"}, "data": {"M": {"tenant": {"N": "1"},
     "event": {"M": {"id": {"S": "msg_smoke"}, "type": {"S": "webhook.test"}, "timestamp": {"S": "2026-01-01T00:00:00Z"}, "data": {"M": {}}}}}}}}},
 {"eventID": "2", "eventName": "INSERT", "eventVersion": "1.1", "eventSource": "aws:dynamodb", "awsRegion": "us-east-1",
  "eventSourceARN": "arn:aws:dynamodb:us-east-1:123456789012:table/Records/stream/2026-01-01T00:00:00.000",
  "dynamodb": {"ApproximateCreationDateTime": 1795320000, "SequenceNumber": "2", "SizeBytes": 100, "StreamViewType": "NEW_IMAGE",
   "Keys": {"pk": {"S": "T#1#user"}, "sk": {"S": "1"}}, "NewImage": {"pk": {"S": "T#1#user"}, "sk": {"S": "1"}, "data": {"M": {}}}}}
]}
JSON
  for fn in outbox-relay webhook-delivery; do
    WATCH_PORT=$(free_port)
    log "smoke: cargo lambda watch ($fn) on 127.0.0.1:$WATCH_PORT"
    start_bg "cargo lambda watch ($fn)" "$WORK_TMP/lambda-watch-$fn.log" \
      env -u PORT -u ADMIN_EMAIL -u ADMIN_PASSWORD -u RUST_LOG "${SMOKE_ENV[@]}" WEBHOOK_QUEUE_URL="$QUEUE_URL" \
      cargo lambda watch --ignore-changes -p "$fn" --bin "$fn" -A 127.0.0.1 -P "$WATCH_PORT" --env-var RUST_LOG=info
    WATCH_PGID=$BG_LAST_PGID
    wait_tcp "$WATCH_PORT" 60 "$WATCH_PGID"
    if [[ $fn == outbox-relay ]]; then
      event="@$WORK_TMP/stream-event.json"
    else
      # One unreadable message: the answer must name it as a partial batch failure.
      event='{"Records": [{"messageId": "smoke-1", "receiptHandle": "r", "body": "{not json", "attributes": {}, "messageAttributes": {}, "md5OfBody": "x", "eventSource": "aws:sqs", "eventSourceARN": "arn:aws:sqs:us-east-1:123456789012:smoke-webhooks", "awsRegion": "us-east-1"}]}'
    fi
    status=$(curl -sS -o "$BODY" -w '%{http_code}' --max-time 120 -X POST --data "$event" \
      "http://127.0.0.1:$WATCH_PORT/2015-03-31/functions/$fn/invocations" 2>/dev/null || true)
    [[ $status == 200 ]] || die "smoke: $fn invocation answered $status: $(head -c 500 "$BODY" 2>/dev/null)"
    stop_bg "$WATCH_PGID"
  done
  "$PY" - "$BODY" "$QUEUE_URL" <<'PY' || die "smoke: the cloud webhook functions did not answer as expected: $(head -c 500 "$BODY")"
import json, os, sys
import boto3
failures = json.load(open(sys.argv[1]))["batchItemFailures"]
assert [f["itemIdentifier"] for f in failures] == ["smoke-1"], failures
sqs = boto3.client("sqs", endpoint_url=os.environ["AWS_ENDPOINT_URL"])
messages = sqs.receive_message(QueueUrl=sys.argv[2], MaxNumberOfMessages=10).get("Messages", [])
assert [json.loads(m["Body"])["kind"] for m in messages] == ["event"], messages
PY
  log "smoke: outbox-relay queued the outbox entry; webhook-delivery reported the bad message"
else
  log "WORKTOP_SKIP_SMOKE=1: skipping the Lambda smoke test"
fi

print_phase_times
echo "$TEST_SUMMARY"
echo "test.sh: all checks passed"
