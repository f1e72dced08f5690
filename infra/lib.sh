# shellcheck shell=bash
# Helpers for infra/test.sh (sourced, not run). Every process started with `start_bg` runs in a
# session of its own and is stopped, with its children, by `stop_all_bg` (test.sh's EXIT trap).

# Each line ends with the seconds since its script started: a run's log shows where its time went.
log() { printf '%s\n' "${0##*/}: $* (${SECONDS} s)" >&2; }
die() { log "FAILED: $*"; exit 1; }

# A free TCP port on 127.0.0.1 (the kernel picks it; tiny race until the caller binds it).
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# A random string of [A-Za-z0-9] of length $1.
random_string() {
  python3 -c 'import secrets, string, sys; a = string.ascii_letters + string.digits; print("".join(secrets.choice(a) for _ in range(int(sys.argv[1]))))' "$1"
}

# ---------------------------------------------------------------------------- phases
# A run's phases and their seconds, printed as a table when the run ends (passed or failed), so a
# slow phase shows in every CI log. `phase NAME` ends the phase before it and starts NAME.
PHASE_NAMES=()
PHASE_SECONDS=()
PHASE_NOW=""
PHASE_STARTED=0

phase() {
  phase_end
  PHASE_NOW=$1
  PHASE_STARTED=$SECONDS
  log "phase: $1"
}

phase_end() {
  [[ -n $PHASE_NOW ]] || return 0
  PHASE_NAMES+=("$PHASE_NOW")
  PHASE_SECONDS+=($((SECONDS - PHASE_STARTED)))
  PHASE_NOW=""
}

print_phase_times() {
  phase_end
  ((${#PHASE_NAMES[@]} > 0)) && [[ -z ${PHASES_PRINTED:-} ]] || return 0
  PHASES_PRINTED=1
  local i
  printf '\n%-44s %8s\n' "phase (${0##*/})" seconds >&2
  for ((i = 0; i < ${#PHASE_NAMES[@]}; i++)); do
    printf '%-44s %8s\n' "${PHASE_NAMES[$i]}" "${PHASE_SECONDS[$i]}" >&2
  done
  printf '%-44s %8s\n' total "$SECONDS" >&2
}

# ---------------------------------------------------------------------------- background processes
BG_NAMES=()
BG_PGIDS=()
BG_LOGS=()

# start_bg NAME LOGFILE CMD [ARGS...]: runs CMD in its own session (so its whole process tree can be
# signalled at once) with output to LOGFILE. Sets BG_LAST_PGID.
start_bg() {
  local name=$1 logfile=$2
  shift 2
  local pidfile
  pidfile=$(mktemp "${WORK_TMP:-/tmp}/pid.XXXXXX")
  # The inner shell writes its own pid ($$ = the new session's and process group's id), then execs.
  # shellcheck disable=SC2016 # expanded by the inner shell
  setsid bash -c 'echo $$ > "$0"; exec "$@"' "$pidfile" "$@" >"$logfile" 2>&1 </dev/null &
  local i
  for ((i = 0; i < 100; i++)); do
    [[ -s $pidfile ]] && break
    sleep 0.05
  done
  [[ -s $pidfile ]] || die "could not start $name"
  BG_LAST_PGID=$(<"$pidfile")
  rm -f "$pidfile"
  BG_NAMES+=("$name")
  BG_PGIDS+=("$BG_LAST_PGID")
  BG_LOGS+=("$logfile")
}

# Every process of the session PGID started (a session id is its leader's pid). Children may move
# to process groups of their own (cargo lambda watch does, for the function), but not out of it.
bg_pids() { ps -o pid=,stat= -s "$1" 2>/dev/null | awk '$2 !~ /^Z/ { print $1 }' || true; }

bg_alive() { [[ -n $(bg_pids "$1") ]]; }

# stop_bg PGID: SIGTERM to the process group, then, after up to 10 s, SIGKILL to whatever is left of
# the session.
stop_bg() {
  local pgid=$1 i pid
  bg_alive "$pgid" || return 0
  kill -TERM -- "-$pgid" 2>/dev/null || true
  for ((i = 0; i < 100; i++)); do
    bg_alive "$pgid" || return 0
    sleep 0.1
  done
  for pid in $(bg_pids "$pgid"); do
    kill -KILL "$pid" 2>/dev/null || true
  done
}

stop_all_bg() {
  local i
  for ((i = ${#BG_PGIDS[@]} - 1; i >= 0; i--)); do
    stop_bg "${BG_PGIDS[$i]}"
  done
}

print_bg_logs() {
  local i
  for ((i = 0; i < ${#BG_LOGS[@]}; i++)); do
    [[ -f ${BG_LOGS[$i]} ]] || continue
    printf '\n----- %s log (%s), last 200 lines -----\n' "${BG_NAMES[$i]}" "${BG_LOGS[$i]}" >&2
    tail -n 200 "${BG_LOGS[$i]}" >&2 || true
  done
}

# ---------------------------------------------------------------------------- waiting
# wait_http URL SECONDS PGID: until URL answers 2xx, while the process group PGID lives.
wait_http() {
  local url=$1 secs=$2 pgid=$3 deadline=$((SECONDS + $2))
  while ((SECONDS < deadline)); do
    if curl -fsS -o /dev/null --max-time 2 "$url" 2>/dev/null; then return 0; fi
    bg_alive "$pgid" || die "process serving $url exited before it answered"
    sleep 0.3
  done
  die "$url did not answer within ${secs}s"
}

# wait_tcp PORT SECONDS PGID: until 127.0.0.1:PORT accepts connections.
wait_tcp() {
  local port=$1 secs=$2 pgid=$3 deadline=$((SECONDS + $2))
  while ((SECONDS < deadline)); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then return 0; fi
    bg_alive "$pgid" || die "process for port $port exited before it listened"
    sleep 0.3
  done
  die "nothing listened on 127.0.0.1:$port within ${secs}s"
}

# post_json URL JSON BODYFILE [CURL ARGS...]: prints the HTTP status ("000" if no answer).
post_json() {
  local url=$1 json=$2 body=$3
  shift 3
  curl -sS -o "$body" -w '%{http_code}' --max-time 120 -X POST \
    -H 'Content-Type: application/json' -H 'Accept: application/json' \
    --data "$json" "$@" "$url" 2>/dev/null || true
}

# json_field FILE KEY: prints the top-level string field KEY of the JSON object in FILE; fails if
# it is missing, not a string, or empty.
json_field() {
  "$PY" - "$1" "$2" <<'EOF'
import json, sys
with open(sys.argv[1]) as f:
    doc = json.load(f)
value = doc.get(sys.argv[2]) if isinstance(doc, dict) else None
if not isinstance(value, str) or not value:
    sys.exit(1)
print(value)
EOF
}

# ---------------------------------------------------------------------------- python tools
# make_venv DIR REQUIREMENTS: creates or reuses the virtualenv DIR and installs REQUIREMENTS into
# it unless its stamp (hash of the requirements and the Python version) says that is already done.
make_venv() {
  local dir=$1 req=$2 stamp want
  if [[ -e $dir ]] && ! "$dir/bin/python" -c 'import sys' >/dev/null 2>&1; then
    [[ -f $dir/pyvenv.cfg ]] || die "$dir exists but is not a virtualenv; set WORKTOP_VENV elsewhere"
    log "recreating broken virtualenv $dir"
    rm -rf "$dir"
  fi
  if [[ ! -x $dir/bin/python ]]; then
    log "creating virtualenv $dir"
    python3 -m venv "$dir"
  fi
  stamp=$dir/.worktop-requirements.sha256
  want=$({ cat "$req"; "$dir/bin/python" -VV; } | sha256sum | cut -d' ' -f1)
  if [[ ! -f $stamp || $(<"$stamp") != "$want" ]]; then
    log "installing Python tools (${req#"$REPO/"}) into $dir"
    "$dir/bin/python" -m pip install --disable-pip-version-check --no-input -q -r "$req"
    printf '%s\n' "$want" >"$stamp"
  fi
}

# ensure_venv: makes $VENV with infra/requirements.txt. Sets PY, puts the venv's bin (moto_server,
# cfn-lint, cargo-lambda) first on PATH.
ensure_venv() {
  make_venv "$VENV" "$REPO/infra/requirements.txt"
  PY=$VENV/bin/python
  export PATH="$VENV/bin:$PATH"
}

# sam ARGS...: aws-sam-cli from its own virtualenv ($VENV-sam, infra/requirements-sam.txt; its
# pins differ from requirements.txt's), made on first use, without telemetry.
sam() {
  make_venv "$VENV-sam" "$REPO/infra/requirements-sam.txt"
  SAM_CLI_TELEMETRY=0 "$VENV-sam/bin/sam" "$@"
}

# cfn_lint ARGS...: runs cfn-lint; exit-code bits: 1 crash, 2 error (failures), 4 warning,
# 8 informational (both accepted; cfn-lint-serverless advice lands there).
cfn_lint() {
  local rc=0
  cfn-lint "$@" || rc=$?
  if ((rc & 3)); then die "cfn-lint $* exited $rc (errors)"; fi
  if ((rc != 0)); then log "cfn-lint $* exited $rc (warnings/advice only: accepted)"; fi
}

# sum_test_results FILE...: adds up libtest's "test result:" lines of `cargo test` runs into one
# plain line, "tests: N passed, N failed, N skipped" (skipped = ignored).
sum_test_results() {
  awk '/^test result: / {
      for (i = 1; i <= NF; i++) {
        n = $i + 0
        if ($(i + 1) ~ /^passed/) p += n
        if ($(i + 1) ~ /^failed/) f += n
        if ($(i + 1) ~ /^ignored/) s += n
      }
    }
    END { printf "tests: %d passed, %d failed, %d skipped\n", p, f, s }' "$@"
}

# work_dir_with_cleanup PREFIX: creates WORK_TMP and arranges that on exit every background
# process is stopped, and WORK_TMP removed on success or kept (with the processes' logs printed)
# on failure.
work_dir_with_cleanup() {
  WORK_TMP=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")
  trap _cleanup_work_dir EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
}

_cleanup_work_dir() {
  local rc=$?
  trap - EXIT INT TERM
  stop_all_bg
  print_phase_times
  if ((rc != 0)); then
    print_bg_logs
    log "FAILED (exit $rc); logs kept in $WORK_TMP"
  else
    rm -rf "$WORK_TMP"
  fi
  exit "$rc"
}

# ensure_node_tools: the pinned JavaScript tools of infra/package-lock.json (newman, redoc,
# playwright-core) into infra/node_modules; npm's own cache makes a repeat run quick.
ensure_node_tools() {
  command -v npm >/dev/null || die "npm is required (Node.js 18 or later)"
  # node_modules remembers the lock it was installed from (npm's own copy of it has another shape).
  local lock_sha stamp="$REPO/infra/node_modules/.worktop-lock-sha"
  lock_sha=$(sha256sum "$REPO/infra/package-lock.json" | cut -d' ' -f1)
  if [[ $(cat "$stamp" 2>/dev/null) != "$lock_sha" ]]; then
    log "installing JavaScript tools (infra/package-lock.json)"
    npm ci --prefix "$REPO/infra" --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null
    echo "$lock_sha" >"$stamp"
  fi
}
