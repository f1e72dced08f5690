#!/usr/bin/env bash
# Writes the released contract, the BASE_JSON of check.sh: docs/openapi.json as of the last commit
# that changed a released version header of docs/changelog.md (a line `## <semver> (<YYYY-MM-DD>)`),
# found in git history alone (no tags or remotes needed; CI's checkout has neither). When there is
# no such commit, or that commit has no docs/openapi.json, it writes the committed
# docs/openapi.json of HEAD instead and says so on stderr.
#
# Usage: infra/contract/baseline.sh OUT_JSON [REPO_DIR]
#   REPO_DIR: the git work tree to read (default: the repository holding this script).
# Exit: 0 written; 2 no committed docs/openapi.json at all (or bad arguments).
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 ]]; then
  echo "usage: $0 OUT_JSON [REPO_DIR]" >&2
  exit 2
fi
out=$1
repo=${2:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && git rev-parse --show-toplevel)}
doc=docs/openapi.json
changelog=docs/changelog.md
say() { echo "baseline: $*" >&2; }

# -G: commits whose diff adds or removes a matching line (git compiles it as an extended regex).
commit=$(git -C "$repo" log -1 --format=%H -G '^## [0-9]+\.[0-9]+\.[0-9]+ ' -- "$changelog")
tmp=$(mktemp "${out}.XXXXXX")
trap 'rm -f "$tmp"' EXIT
if [[ -n $commit ]] && git -C "$repo" show "$commit:$doc" >"$tmp" 2>/dev/null; then
  version=$(git -C "$repo" show --format= "$commit" -- "$changelog" |
    sed -nE 's/^\+## ([0-9]+\.[0-9]+\.[0-9]+[^ ]*) .*/\1/p' | head -1)
  what="last changed a version header"
  [[ -n $version ]] && what="dated $version"
  say "$doc at ${commit:0:12} ($(git -C "$repo" show -s --format=%s "$commit" | cut -c1-60)), the commit that $what"
else
  if [[ -z $commit ]]; then
    why="no commit changed a version header (## X.Y.Z (date)) of $changelog"
    [[ $(git -C "$repo" rev-parse --is-shallow-repository) == true ]] && why+=" in this shallow clone"
  else
    why="${commit:0:12}, the last commit that changed a version header of $changelog, has no $doc"
  fi
  if ! git -C "$repo" show "HEAD:$doc" >"$tmp" 2>/dev/null; then
    say "$why, and HEAD has no committed $doc either: no baseline"
    exit 2
  fi
  say "$why: falling back to HEAD's committed $doc ($(git -C "$repo" rev-parse --short=12 HEAD))"
fi
mv "$tmp" "$out"
trap - EXIT
