# shellcheck shell=bash
# Sourced by generate.sh and check.sh: installs the pinned tools when they are missing or their
# pins changed, so both scripts work from a clean clone.
#   ensure_node_tools: typescript/node_modules from package-lock.json (npm ci --ignore-scripts).
#   ensure_venv: the virtualenv $venv (WORKTOP_SDK_VENV, default sdks/.venv) from
#                python/requirements.txt (every package pinned exactly).
# Each keeps a stamp (the lock file's sha256) so a changed pin reinstalls.

venv=${WORKTOP_SDK_VENV:-$here/.venv}

_sha() { sha256sum "$1" | cut -d' ' -f1; }

ensure_node_tools() {
  local dir=$here/typescript stamp=$here/typescript/node_modules/.worktop-lock-sha
  if [[ ! -f $stamp || $(cat "$stamp") != "$(_sha "$dir/package-lock.json")" ]]; then
    echo "tools: npm ci --ignore-scripts in typescript/" >&2
    (cd "$dir" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2)
    _sha "$dir/package-lock.json" >"$stamp"
  fi
}

ensure_venv() {
  local req=$here/python/requirements.txt stamp=$venv/.worktop-requirements-sha
  if [[ ! -x $venv/bin/python ]]; then
    echo "tools: python3 -m venv $venv" >&2
    python3 -m venv "$venv"
  fi
  if [[ ! -f $stamp || $(cat "$stamp") != "$(_sha "$req")" ]]; then
    echo "tools: pip install -r python/requirements.txt into $venv" >&2
    "$venv/bin/python" -m pip install --disable-pip-version-check --no-input -q -r "$req" >&2
    _sha "$req" >"$stamp"
  fi
}
