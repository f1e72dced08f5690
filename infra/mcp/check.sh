#!/usr/bin/env bash
# The MCP server (POST /mcp) with stock clients, against a running server:
#   1. the official Python SDK (mcp_client_check.py): initialize, every tool's schema, a read, a
#      create read back through REST, the API's 422 and 403, paging, a sandbox key;
#   2. the OAuth flow an MCP client runs (oauth_flow_check.py): a 401 naming the resource
#      metadata, discovery, dynamic registration, consent with PKCE, the token, tools, revocation;
#   3. with `--conformance`, `@modelcontextprotocol/conformance` 0.1.16's active suite, every
#      applicable scenario passing (conformance-expected-failures.yml lists the others).
#
#   infra/mcp/check.sh BASE_URL OWNER_EMAIL OWNER_PASSWORD [--conformance]
#
# Environment: PY (a Python with infra/requirements.txt installed; default python3), WORK (a
# folder for logs; default a temporary one).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
BASE=$1 EMAIL=$2 PASSWORD=$3
CONFORMANCE=${4:-}
PY=${PY:-python3}
WORK=${WORK:-$(mktemp -d)}
mkdir -p "$WORK"

# An owner's session, then a live key, a sandbox key and a key that may only read CRM records.
read -r LIVE TEST READER < <(BASE=$BASE EMAIL=$EMAIL PASSWORD=$PASSWORD "$PY" - <<'PYEOF'
import json, os, urllib.request

def post(path, body, token=None):
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(os.environ["BASE"] + path, json.dumps(body).encode(), headers)
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.load(answer)

session = post("/api/login", {"email": os.environ["EMAIL"], "password": os.environ["PASSWORD"]})["token"]
keys = [
    post("/api/v1/settings/api-keys", body, session)["key"]
    for body in ({"name": "mcp live"}, {"name": "mcp sandbox", "mode": "test"}, {"name": "mcp reader", "scopes": ["crm.read"]})
]
print(*keys)
PYEOF
)

"$PY" "$HERE/mcp_client_check.py" --url "$BASE/mcp" --token "$LIVE" --sandbox-token "$TEST" --scoped-token "$READER"
"$PY" "$HERE/oauth_flow_check.py" --base "$BASE" --email "$EMAIL" --password "$PASSWORD"

if [[ $CONFORMANCE == --conformance ]]; then
  # 0.1.14 and later need Node.js 22, which npm brings as the `node` package.
  status=0
  MCP_BEARER=$LIVE npx --yes -p node@22 -p @modelcontextprotocol/conformance@0.1.16 -c \
    "NODE_OPTIONS=--import=$HERE/bearer-fetch.mjs conformance server --url $BASE/mcp \
      --expected-failures $HERE/conformance-expected-failures.yml -o $WORK/conformance" \
    >"$WORK/conformance.log" 2>&1 || status=$?
  # The scenarios by outcome, in words of our own: the suite's summary lines have the shape of a
  # test runner's closing line.
  outcome() { sed 's/\x1b\[[0-9;]*m//g' "$WORK/conformance.log" | sed -n "s/^$1 \([a-z0-9-]*\):.*/\1/p" | paste -sd ' '; }
  echo "conformance: scenarios without a failed check: $(outcome ✓)"
  echo "conformance: scenarios failing, as the baseline expects: $(outcome ✗)"
  ((status == 0)) || { echo "conformance: a scenario that applies failed, or the baseline is stale (log: $WORK/conformance.log)" >&2; exit 1; }
fi
