#!/usr/bin/env bash
# Fails when the vendored Redoc bundle (and its licence) served by GET /docs differ from the files of
# the redoc package pinned in infra/package.json, as npm installed it in infra/node_modules, or when
# functions/platform/assets holds a redoc file that is not one of them (a leftover of another
# version). Redoc 3 ships its bundle's third-party notices inside the bundle, and no separate file.
#
# Usage: infra/check_vendored.sh   (after `npm ci --ignore-scripts` or `npm install` in infra/)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
package="$root/infra/node_modules/redoc"
assets="$root/functions/platform/assets"

pinned=$(node -p 'require(process.argv[1]).dependencies.redoc' "$root/infra/package.json")
if [[ ! -f $package/package.json ]]; then
  echo "check_vendored: $package is missing: run npm install --ignore-scripts in infra/" >&2
  exit 1
fi
installed=$(node -p 'require(process.argv[1]).version' "$package/package.json")
if [[ $installed != "$pinned" ]]; then
  echo "check_vendored: infra/node_modules holds redoc $installed, infra/package.json pins $pinned" >&2
  exit 1
fi

status=0
# vendored file <- file of the npm package
while read -r vendored original; do
  if ! cmp -- "$assets/$vendored" "$package/$original"; then
    echo "check_vendored: functions/platform/assets/$vendored differs from redoc $pinned's $original" >&2
    status=1
  fi
done <<'FILES'
redoc.standalone.js bundles/redoc.standalone.js
redoc.LICENSE LICENSE
FILES
for file in "$assets"/redoc*; do
  case ${file##*/} in
    redoc.standalone.js | redoc.LICENSE) ;;
    *)
      echo "check_vendored: functions/platform/assets/${file##*/} is not a file of redoc $pinned" >&2
      status=1
      ;;
  esac
done
if [[ $status -eq 0 ]]; then
  echo "check_vendored: functions/platform/assets matches redoc $pinned"
fi
exit "$status"
