#!/usr/bin/env bash
# Runs the Postman collection the server serves (GET /api/postman.json) whole with newman, twice:
# with a login (EMAIL and PASSWORD), then with an API key it creates for the run. Prints newman's
# summary of each run and the failed assertions; exits non-zero on any failed assertion or script.
# Usage: infra/postman_run.sh BASE_URL EMAIL PASSWORD WORKDIR
#
# The collection registers a webhook and a sub-tenant's mail host, and takes a payment provider's
# event; on a local server these need (set in the server's environment, as infra/test.sh does):
#   WEBHOOK_ALLOW_PRIVATE=true, with POSTMAN_WEBHOOK_URL and POSTMAN_SMTP_HOST on loopback
#     (defaults: http://127.0.0.1:9/worktop-webhooks and 127.0.0.1; unset, the collection's own
#     defaults want public DNS);
#   STRIPE_WEBHOOK_SECRET, passed here as POSTMAN_STRIPE_WEBHOOK_SECRET (unset: the collection
#     expects the callback to be refused, as the route documents);
#   STRIPE_SECRET_KEY with STRIPE_API_BASE (localstripe) and DNS_OVER_HTTPS_URL (infra/doh_stub.py)
#     for the billing and custom-domain routes; without them the collection takes the answers the
#     routes document for a deployment without them (422 billing_not_configured, ...).
set -euo pipefail

if (($# != 4)); then
  echo "usage: $0 BASE_URL EMAIL PASSWORD WORKDIR" >&2
  exit 2
fi
base_url=${1%/} email=$2 password=$3 workdir=$4
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
newman="$here/node_modules/.bin/newman"
[[ -x $newman ]] || {
  echo "$0: $newman is missing: npm ci --prefix infra --ignore-scripts" >&2
  exit 2
}
mkdir -p "$workdir"

log() { printf '%s\n' "${0##*/}: $*" >&2; }

collection="$workdir/postman.json"
curl -sS --fail --max-time 60 -o "$collection" "$base_url/api/postman.json" || {
  log "GET $base_url/api/postman.json failed"
  exit 1
}

extra=(
  --env-var "webhookUrl=${POSTMAN_WEBHOOK_URL:-http://127.0.0.1:9/worktop-webhooks}"
  --env-var "smtpHost=${POSTMAN_SMTP_HOST:-127.0.0.1}"
)
if [[ -n ${POSTMAN_STRIPE_WEBHOOK_SECRET:-} ]]; then
  extra+=(--env-var "stripeWebhookSecret=$POSTMAN_STRIPE_WEBHOOK_SECRET")
fi

# run NAME [NEWMAN ARGS...]: one whole run; prints its summary and failures, returns non-zero on any.
run() {
  local name=$1 rc=0
  shift
  log "newman: the whole collection against $base_url ($name)"
  "$newman" run "$collection" --color off --timeout-request 120000 \
    --env-var "baseUrl=$base_url" "${extra[@]}" "$@" \
    --reporters cli,json --reporter-json-export "$workdir/newman-$name.json" \
    >"$workdir/newman-$name.log" 2>&1 || rc=$?
  grep -E '^\s*│ *(requests|test-scripts|prerequest-scripts|assertions) ' "$workdir/newman-$name.log" >&2 || true
  python3 - "$workdir/newman-$name.json" "$name" <<'EOF' || rc=1
import json, sys

report, name = sys.argv[1], sys.argv[2]
with open(report, encoding="utf-8") as f:
    run = json.load(f)["run"]
stats = run["stats"]
failed = stats["assertions"]["failed"] + stats["testScripts"]["failed"] + stats["prerequestScripts"]["failed"]
failed += stats["requests"]["failed"]
for failure in run["failures"][:40]:
    error = failure.get("error", {})
    source = failure.get("source", {}).get("name", "?")
    print(f"  {source}: {error.get('test') or error.get('name')}: {str(error.get('message'))[:400]}", file=sys.stderr)
print(f"postman ({name}): {stats['requests']['total']} requests, {stats['assertions']['total']} assertions, "
      f"{failed} failed", file=sys.stderr)
sys.exit(1 if failed or not stats["requests"]["total"] else 0)
EOF
  return "$rc"
}

status=0
run login --env-var "email=$email" --env-var "password=$password" || status=1

# The same collection with an API key of the same user, made for this run.
body="$workdir/api-key.json"
login=$(python3 -c 'import json, sys; print(json.dumps({"email": sys.argv[1], "password": sys.argv[2]}))' "$email" "$password")
curl -sS --fail --max-time 60 -o "$body" -H 'Content-Type: application/json' -d "$login" "$base_url/api/login" || {
  log "POST /api/login failed"
  exit 1
}
token=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["token"])' "$body")
curl -sS --fail --max-time 60 -o "$body" -H 'Content-Type: application/json' -H "Authorization: Bearer $token" \
  -d '{"name": "newman"}' "$base_url/api/v1/settings/api-keys" || {
  log "POST /api/v1/settings/api-keys failed"
  exit 1
}
key=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["key"])' "$body")
run api-key --env-var "token=$key" || status=1

((status == 0)) || log "FAILED: the collection did not run whole (logs: $workdir/newman-*.log)"
exit "$status"
