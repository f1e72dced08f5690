#!/usr/bin/env bash
# Fuzzes the local server against its own OpenAPI document with schemathesis (pinned in
# infra/requirements.txt): every operation, every phase (examples, coverage, fuzzing, stateful),
# with the checks that hold the document to what the server really answers, in two shards side
# by side (below), each with a server of its own. Called by
# infra/test.sh after the cargo tests; runs on its own too:
#
#   infra/schemathesis.sh [EXTRA SCHEMATHESIS ARGS...]
#
# Environment: WORKTOP_VENV (virtualenv, default $REPO/.venv), WORKTOP_SKIP_SCHEMATHESIS=1 (skip),
# WORKTOP_SCHEMATHESIS_EXAMPLES (test cases per operation and phase, default 10), CARGO_TARGET_DIR.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$REPO"
# shellcheck source=infra/lib.sh
source "$REPO/infra/lib.sh"

if [[ ${WORKTOP_SKIP_SCHEMATHESIS:-0} == 1 ]]; then
  log "WORKTOP_SKIP_SCHEMATHESIS=1: skipping schemathesis"
  exit 0
fi

VENV=${WORKTOP_VENV:-$REPO/.venv}
work_dir_with_cleanup worktop-schemathesis

ensure_venv

log "schemathesis: cargo build -p monolith"
cargo build -q -p monolith
TARGET_DIR=${CARGO_TARGET_DIR:-$REPO/target}

# Two shards side by side, split by path, each this script again with a server and workspace of
# its own: one schemathesis process and its server wait on each other, and kept one of the two
# cores busy (the machine was 47% idle). A resource's operations share their path's start, so
# each stays in one shard with the operations whose answers feed its ids.
SHARD_PATHS='^/(\.well-known|api/[a-p])'
SHARD=${WORKTOP_SCHEMATHESIS_SHARD:-}
if [[ -z $SHARD ]]; then
  started=$SECONDS
  WORKTOP_SCHEMATHESIS_SHARD="1 (paths /api/a... to /api/p...)" \
    "$REPO/infra/schemathesis.sh" --include-path-regex "$SHARD_PATHS" "$@" >"$WORK_TMP/shard-1.log" 2>&1 &
  first=$!
  WORKTOP_SCHEMATHESIS_SHARD="2 (the other paths)" \
    "$REPO/infra/schemathesis.sh" --exclude-path-regex "$SHARD_PATHS" "$@" >"$WORK_TMP/shard-2.log" 2>&1 &
  second=$!
  first_rc=0 second_rc=0
  wait "$first" || first_rc=$?
  wait "$second" || second_rc=$?
  cat "$WORK_TMP/shard-1.log" "$WORK_TMP/shard-2.log" >&2
  log "schemathesis: both shards finished in $((SECONDS - started))s (exit $first_rc and $second_rc)"
  ((first_rc == 0 && second_rc == 0)) || die "schemathesis found failures (the shards' output above)"
  exit 0
fi

PORT=$(free_port)
BASE="http://127.0.0.1:$PORT"
ADMIN_EMAIL=fuzz@example.com
ADMIN_PASSWORD=$(random_string 24)
mkdir -p "$WORK_TMP/data"
# Custom domains are checked through DNS over HTTPS: a local resolver that knows no records.
DOH_PORT=$(free_port)
start_bg doh-stub "$WORK_TMP/doh.log" "$PY" "$REPO/infra/doh_stub.py" "$DOH_PORT"
wait_tcp "$DOH_PORT" 30 "$BG_LAST_PGID"
log "schemathesis: monolith on 127.0.0.1:$PORT (embedded store in $WORK_TMP/data)"
# Rate limits off: the fuzzer sends far more than a plan's hourly allowance. The webhook worker
# may reach loopback: the fuzzer registers webhooks, and they must fail quietly, not be refused.
start_bg monolith "$WORK_TMP/monolith.log" env -u AWS_LAMBDA_RUNTIME_API -u AWS_ENDPOINT_URL \
  STORE=embedded "DATA_DIR=$WORK_TMP/data" "PORT=$PORT" "ADMIN_EMAIL=$ADMIN_EMAIL" \
  "ADMIN_PASSWORD=$ADMIN_PASSWORD" RATE_LIMITS=off RUST_LOG=warn \
  "DNS_OVER_HTTPS_URL=http://127.0.0.1:$DOH_PORT/dns-query" "$TARGET_DIR/debug/monolith"
MONO_PGID=$BG_LAST_PGID
wait_http "$BASE/api/openapi.json" 60 "$MONO_PGID"

BODY=$WORK_TMP/body.json
LOGIN_JSON=$("$PY" -c 'import json, sys; print(json.dumps({"email": sys.argv[1], "password": sys.argv[2]}))' \
  "$ADMIN_EMAIL" "$ADMIN_PASSWORD")
status=$(post_json "$BASE/api/login" "$LOGIN_JSON" "$BODY")
[[ $status == 200 ]] || die "schemathesis: POST /api/login answered $status: $(head -c 500 "$BODY")"
TOKEN=$(json_field "$BODY" token) || die "schemathesis: the login answer has no token"

# create_key NAME: prints the new API key's id and secret, space-separated.
create_key() {
  local status
  status=$(post_json "$BASE/api/v1/settings/api-keys" "{\"name\": \"$1\"}" "$BODY" -H "Authorization: Bearer $TOKEN")
  [[ $status == 201 || $status == 200 ]] ||
    die "schemathesis: creating API key $1 answered $status: $(head -c 500 "$BODY")"
  "$PY" -c 'import json, sys; d = json.load(open(sys.argv[1])); print(d["id"], d["key"])' "$BODY"
}
read -r _ KEY < <(create_key schemathesis)
# A second key of the same owner, only for DELETE /api/v1/settings/api-keys/{id} (see the config).
read -r DECOY_ID _ < <(create_key schemathesis-decoy)
export WORKTOP_DECOY_KEY_ID=$DECOY_ID

# Sessions of their own for the two routes that end or rotate the session they are called with
# (with the fuzzer's API key they can only answer 422 `not_a_session`).
session() {
  local status
  status=$(post_json "$BASE/api/login" "$LOGIN_JSON" "$BODY")
  [[ $status == 200 ]] || die "schemathesis: POST /api/login answered $status: $(head -c 500 "$BODY")"
  json_field "$BODY" token || die "schemathesis: the login answer has no token"
}
WORKTOP_LOGOUT_SESSION=$(session)
WORKTOP_REFRESH_SESSION=$(session)
WORKTOP_AUTHORIZE_SESSION=$(session)
export WORKTOP_LOGOUT_SESSION WORKTOP_REFRESH_SESSION WORKTOP_AUTHORIZE_SESSION

# Operation-specific settings. Every operation runs; none is excluded.
# - DELETE /api/v1/settings/api-keys/{id} revokes a key of the caller's. Were it to draw the
#   fuzzer's own key's id, every later request would answer 401 and test nothing; so its `id` is
#   pinned to the decoy key's (200 once, then 404: both documented), and it gets positive data
#   only: with `id` pinned, schemathesis's out-of-range ids never reach the server, yet it would
#   count the answers to the pinned one as "invalid data accepted".
# - POST /api/logout and POST /api/refresh end or rotate the session they are called with: each
#   gets a login session of its own (afterwards 401, documented), never the fuzzer's key.
# - DELETE /api/delete-account and POST /api/change-password are session-only: with the fuzzer's
#   API key they answer 403 (documented) and cannot touch the owner or the key.
# - positive_data_acceptance also accepts 422 (the documented `validation_failed`, naming the
#   field) on the operations below, and only there, because what they refuse is not a property of
#   the request a schema can state:
#   * the body names other records by id (a pipeline, stage, lead, deal, user, product, warehouse,
#     tax, bank account, GL category, vendor, customer, invoice, opportunity) and that record does
#     not exist in this workspace, is a service where stock is meant (or a product on a service
#     invoice), the stage is not one of the pipeline's, an invoice is not the party's or not open,
#     or a transfer names one account twice; a stock adjustment or transfer must not take a
#     warehouse below zero;
#   * a manual journal entry's debits must equal its credits, and each line is a debit or a
#     credit, not both (a rule across lines and fields);
#   * a webhook URL must resolve to a public address (DNS, at request time);
#   * a user's, contact's, customer's or vendor's e-mail, a product's sku must be unused in the
#     workspace (the documents' examples share their addresses); an upsert's body is its create's;
#   * a shift's end differs from its start and its break is shorter than it; a holiday's
#     `end_date` is not before its `date`; an employee's designation is of its department;
#   * the HR self-service routes (`/api/hrm/leave-request`, `get-leaves`, `get-leaves-types`, and
#     `leave-balances` without `employee_id`) need the caller to be an employee (422
#     `not_an_employee` for the fuzzer's owner), and leave must fit the dates and the allowance;
#   * attendance names an employee, has one record per day, and has clock times unless absent
#     (none when absent); the clock and history routes need the caller to be an employee; an
#     IP allow-list entry must be an address or a network; a payroll's period is at most 31 days
#     with named lines, and its payment's bank account must exist in accounting; the other HR
#     records name employees, departments, designations, document types and documents, keep
#     their dates in order, and a resignation, termination, promotion or transfer needs an
#     employee still employed (an acknowledgment one not yet made, of the employee's own document);
#   * a sub-tenant's owner e-mail must have no account yet and its plan must exist; a logo must be
#     an image; a domain is verified only once its TXT record is published (the fuzzed server's
#     resolver knows none); an integration's or SMTP's first save needs its fields and secret;
#   * an OAuth client's redirect URIs must parse as URLs with a real host and port, and consent
#     must name a client of this workspace and one of its registered redirect URIs;
#   * billing needs the payment provider configured (the fuzzed server has none: 422
#     `billing_not_configured`) and a connected account before its status (404);
#   * a ticket needs `name` and `email` unless `user_id` names the user who asks, and a reply's
#     `from_email` must be the ticket's own address;
#   * an uploaded photo must really be a PNG, JPEG, GIF or WebP image (its bytes are checked);
#   * a verification or reset token must be one a mail carried (and not used yet); a sign-up's
#     password must not be a common one nor the address or name, and its address must be one a
#     mail can reach;
#   * a custom field's options, reference kind and default follow its type (options only for a
#     select or multi-select, a reference kind only for a reference, a default of the type's
#     shape and among the options), its kind must take custom fields and its key be unused there;
#     a record's `custom_fields` may only name fields the workspace defined, which the generic
#     document cannot list (on the contacts' create and update, beside the kinds already above).
#   * an upload route ignores extra text parts, but schemathesis names some with control
#     characters, which leave the part header unreadable (`file`: "failed to read headers").
#   Every other check (negative data included) still runs on them.
cat >"$WORK_TMP/schemathesis.toml" <<'TOML'
[[operations]]
include-name = [
  "POST /api/lead/create", "POST /api/lead/update/{id}", "POST /api/lead/lead-create-update",
  "POST /api/lead/convert-to-deal/{id}", "POST /api/lead/home", "POST /api/lead/leadboard",
  "POST /api/lead/lead-stages", "POST /api/lead/lead-stage-update",
  "POST /api/lead/lead-stage-create-update", "POST /api/lead-task/create",
  "POST /api/lead-call/store", "POST /api/lead-call/update/{call_id}",
  "POST /api/deal-call/update/{call_id}", "POST /api/deal/create", "POST /api/deal/update/{id}",
  "POST /api/deal-task/create", "POST /api/deal-call/store", "PATCH /api/v1/deals/{id}",
  "POST /api/lead-stage/create", "POST /api/deal-stage/create", "POST /api/label/create",
  "POST /api/v1/widgets", "PATCH /api/v1/widgets/{id}", "POST /api/widget/lead",
  "POST /api/lead/add-label/{id}", "POST /api/deal/add-label/{id}",
  "POST /api/lead/assign-products/{lead_id}", "POST /api/deal/assign-products/{deal_id}",
  "POST /api/lead-source/store/{lead_id}", "POST /api/deal-source/store/{deal_id}",
  "POST /api/lead-user/store/{lead_id}", "POST /api/deal-user/store/{deal_id}",
  "POST /api/deal-client/store/{deal_id}",
  "POST /api/v1/webhooks", "PATCH /api/v1/webhooks/{id}",
  "POST /api/user/store", "POST /api/user/update/{id}", "POST /api/edit-profile",
  "POST /api/upload-photos", "POST /api/lead-file/store/{lead_id}",
  "POST /api/deal-file/store/{deal_id}",
  "POST /api/product/create", "POST /api/product/update/{id}", "POST /api/product-stock/add",
  "POST /api/transfer/create", "POST /api/stock-adjustment/create", "POST /api/pos/create",
  "POST /api/bank-transfers/create", "POST /api/journal-entries/create", "POST /api/expenses/create", "POST /api/expenses/update/{id}",
  "POST /api/revenues/create", "POST /api/revenues/update/{id}",
  "POST /api/purchase-invoice/create", "POST /api/purchase-invoice/update/{invoice_id}",
  "POST /api/purchase-invoice/post/{invoice_id}", "POST /api/purchase-return/create",
  "POST /api/debit-notes/apply/{id}", "POST /api/vendor-payments/create",
  "POST /api/sales-invoice/create", "POST /api/sales-invoice/update/{invoice_id}",
  "POST /api/sales-invoice/post/{invoice_id}", "POST /api/customer-payments/create",
  "POST /api/sales-invoice-return/create", "POST /api/credit-notes/apply/{id}",
  "POST /api/sales-proposal/create", "POST /api/sales-proposal/update/{proposal_id}",
  "POST /api/sales/opportunitity/store", "POST /api/sales/opportunities/update/{id}",
  "POST /api/sales/meeting/store", "POST /api/sales/meeting/update/{id}",
  "POST /api/sales/quotes/store", "POST /api/sales/quotes/update/{id}",
  "POST /api/sales/sales-order/store", "POST /api/sales/sales-order/update/{id}",
  "POST /api/sales/agents/store", "POST /api/sales/get-warehouse-products",
  "POST /api/agents/{agent}/commissions/pay", "POST /api/v1/invoices",
  "POST /api/projects/create", "POST /api/project/update/{id}", "POST /api/v1/projects",
  "POST /api/project/client/invite", "DELETE /api/project/client/delete/{id}",
  "DELETE /api/project/member/delete/{id}", "POST /api/project/task-stage/order",
  "POST /api/project/bug-stage/order", "POST /api/project/{id}/task/create",
  "POST /api/project/{id}/task/update/{task_id}", "POST /api/project/task-subtask/create/{task_id}",
  "POST /api/project/task-subtask/update/{subtask_id}", "POST /api/project/task/{task_id}/comment/create",
  "POST /api/project/milestone/create", "POST /api/project/milestone/update/{id}",
  "POST /api/project/bug/create/{project_id}", "POST /api/project/{project_id}/bug/update/{bug_id}",
  "POST /api/project/file/create", "POST /api/lite/project-file-upload", "POST /api/add-tracker",
  "POST /api/lite/project-create-update", "POST /api/lite/task-create-update",
  "POST /api/lite/task-stage-update", "POST /api/lite/task-list",
  "POST /api/tax/create", "POST /api/tax/update/{id}",
  "POST /api/support-ticket/ticket/store", "POST /api/support-ticket/ticket/update/{ticket_id}",
  "POST /api/support-ticket/ticket/add-reply/{ticket_id}",
  "POST /api/support-ticket/ticket/reply/{reply_id}/attachment",
  "POST /api/support-ticket/knowledge/store", "POST /api/support-ticket/knowledge/update/{knowledge_id}",
  "POST /api/departments/create", "POST /api/departments/update/{id}",
  "POST /api/designations/create", "POST /api/designations/update/{id}",
  "POST /api/shifts/create", "POST /api/shifts/update/{id}",
  "POST /api/holidays/create", "POST /api/holidays/update/{id}",
  "POST /api/employee/create", "POST /api/employee/update/{id}",
  "POST /api/leave-application/create", "POST /api/hrm/leave-request", "GET /api/hrm/get-leaves",
  "GET /api/hrm/get-leaves-types", "GET /api/leave-balances",
  "POST /api/attendance/create", "POST /api/attendance/update/{attendance_id}",
  "POST /api/hrm/clock-in-out", "POST /api/hrm/attendence-history", "POST /api/hrm/settings",
  "POST /api/payrolls/create", "POST /api/payrolls/update/{payroll_id}",
  "POST /api/payrolls/{payroll_id}/pay",
  "POST /api/announcements/create", "POST /api/announcements/update/{id}", "POST /api/hrm/events",
  "POST /api/events/update/{id}", "POST /api/awards/create", "POST /api/awards/update/{id}",
  "POST /api/warnings/create", "POST /api/complaints/create", "POST /api/hrm-documents/create",
  "POST /api/hrm-documents/update/{id}", "POST /api/acknowledgments/create",
  "POST /api/promotions/create", "POST /api/promotions/update/{id}",
  "POST /api/employee-transfers/create", "POST /api/employee-transfers/update/{id}",
  "POST /api/resignations/create", "POST /api/resignations/update/{id}",
  "POST /api/terminations/create", "POST /api/terminations/update/{id}",
  "POST /api/wl/checkout", "POST /api/wl/connect/onboard", "GET /api/wl/connect/status",
  "POST /api/wl/plans/create", "POST /api/wl/plans/update/{id}", "POST /api/wl/tenants",
  "POST /api/wl/tenants/{id}/plan", "POST /api/wl/tenants/{id}/branding/logo",
  "POST /api/wl/tenants/{id}/domain/verify", "POST /api/wl/tenants/{id}/smtp",
  "POST /api/social-post", "POST /api/todo-sync", "POST /api/sms-gateway",
  "POST /api/oauth/clients", "POST /api/custom-fields", "PATCH /api/custom-fields/{id}",
  "POST /api/v1/contacts", "PATCH /api/v1/contacts/{id}", "POST /api/v1/contacts/upsert",
  "POST /api/customers/create", "POST /api/customers/update/{id}", "POST /api/v1/customers",
  "PUT /api/v1/customers/{id}", "POST /api/v1/customers/upsert", "POST /api/vendors/create",
  "POST /api/vendors/update/{id}", "POST /api/vendors/upsert", "POST /api/product/upsert",
  "POST /api/verify-email", "POST /api/reset-password", "POST /api/signup",
  "POST /api/billing/checkout", "GET /api/billing/invoices",
]
checks.positive_data_acceptance.expected-statuses = ["2xx", "401", "403", "404", "409", "422", "429"]

# A batch (shared::resource::batch) refuses a malformed body whole (422), but an item that is
# well-formed and still refused (a required field missing, a value out of bounds, a record that
# is not there) fails alone: 207 with that item's error, which is how the fuzzer's invalid item
# is rejected. An atomic batch with a refused item is 422, and the fuzzer cannot know which ids
# exist: 422 is accepted for valid data too.
[[operations]]
include-path-regex = "/batch/(create|update|delete)$"
checks.negative_data_rejection.expected-statuses = ["207", "400", "401", "403", "404", "405", "406", "409", "415", "422", "428", "429"]
checks.positive_data_acceptance.expected-statuses = ["2xx", "401", "403", "404", "409", "422", "429"]

# An import's file is the fuzzer's random bytes, valid as the schema describes it but without
# the header row naming the resource's required fields (or with a mapping that is not the JSON
# object it must be): 422 for data the schema allows. An export's `custom_fields` filter names
# the workspace's own fields (422 for one it does not have, or one not marked filterable), and can
# be 409 while its index is built; its `sort` is one of the values the schema lists.
[[operations]]
include-path-regex = "/(import|export)$"
checks.positive_data_acceptance.expected-statuses = ["2xx", "401", "403", "404", "409", "422", "429"]

# The payment provider's callback is authenticated by its Stripe-Signature alone: a body the
# fuzzer makes carries none, so every answer is the documented 400 `invalid_signature`.
[[operations]]
include-name = "POST /api/wl/webhook-callback"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400"]

# Dynamic client registration answers refused metadata with 400 (RFC 7591 §3.2.2), and a
# redirect URI is refused for what no pattern states (userinfo, a fragment, a wildcard host).
[[operations]]
include-name = "POST /api/oauth/register"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "429"]

[[operations]]
include-name = "DELETE /api/v1/settings/api-keys/{id}"
parameters = { "path.id" = "${WORKTOP_DECOY_KEY_ID}" }
generation.mode = "positive"

[[operations]]
include-name = "POST /api/logout"
headers = { Authorization = "Bearer ${WORKTOP_LOGOUT_SESSION}" }

[[operations]]
include-name = "POST /api/refresh"
headers = { Authorization = "Bearer ${WORKTOP_REFRESH_SESSION}" }

# OAuth consent is the logged-in user's call (a session only): with the fuzzer's API key it could
# only answer 403. Its body must name a client of this workspace and a registered redirect URI
# (see the 422 list above), which the fuzzer cannot know: 422 is accepted too.
[[operations]]
include-name = "POST /api/oauth/authorize"
headers = { Authorization = "Bearer ${WORKTOP_AUTHORIZE_SESSION}" }
checks.positive_data_acceptance.expected-statuses = ["2xx", "401", "403", "404", "409", "422", "429"]

# The authorization endpoint is a browser's: it never answers an error body. A faulty request goes
# to the consent page, which shows the fault, or back to the client's redirect URI with `error`:
# a 302 either way, for invalid data too (docs/oauth.md).
[[operations]]
include-name = "GET /api/oauth/authorize"
checks.negative_data_rejection.expected-statuses = ["302"]
TOML

EXAMPLES=${WORKTOP_SCHEMATHESIS_EXAMPLES:-10}
# One worker: with two, Hypothesis's lambda-source cache (not thread-safe) raised a KeyError inside
# the tool once in CI ("FlakyFailure ... AST_LAMBDAS_CACHE"), failing a run the server had passed.
log "schemathesis: shard $SHARD: run over its operations, all phases, $EXAMPLES examples each"
started=$SECONDS
rc=0
# filter_too_much is a generator health check, not a check of the API: a patch whose clearable
# text fields are nullable and patterned (`\S`) made Hypothesis discard many drafts of
# /api/expenses/batch/update and stop the run; the examples it does send are checked as before.
# infra/schemathesis_hooks.py: generated queries carry no made-up `cursor` (see its docstring).
(cd "$WORK_TMP" && PYTHONPATH="$REPO/infra" SCHEMATHESIS_HOOKS=schemathesis_hooks "$VENV/bin/schemathesis" --config-file "$WORK_TMP/schemathesis.toml" --no-color run \
  "$BASE/api/openapi.json" \
  --header "Authorization: Bearer $KEY" \
  --phases examples,coverage,fuzzing,stateful \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance,negative_data_rejection,positive_data_acceptance \
  --max-examples "$EXAMPLES" \
  --suppress-health-check filter_too_much \
  --workers 1 \
  --request-timeout 30 \
  --generation-database none \
  --seed 20261123 \
  --report junit --report-dir "$WORK_TMP/report" \
  "$@") || rc=$?
log "schemathesis: shard $SHARD: finished in $((SECONDS - started))s (exit $rc)"
((rc == 0)) || die "schemathesis found failures (report: $WORK_TMP/report)"
