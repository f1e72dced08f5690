#!/usr/bin/env bash
# Each Lambda function's build on its own, as `sam build` makes it (`cargo build --release --bin
# <function>`: the release profile's fat LTO and strip), with its wall time, its bootstrap's
# size and its zip's: the figures of docs/deploy.md's table, without a full `sam build` (which
# builds every function again in a copy of the repository, and starts none of them faster).
#
#   infra/lambda_sizes.sh [function ...]     every `Binary` of template.yaml unless named
#   PROFILE=dev infra/lambda_sizes.sh crm     another profile: a quick try of the script (a debug
#                                             binary's size says nothing of the bundle's)
#
# The module crates every function shares are built first, as a row of their own, so that each
# function's row is what it adds: its own code and its link. Not part of the test command: in
# release, on two cores, the whole table takes about an hour.
set -euo pipefail
cd "$(dirname "$0")/.."

profile=${PROFILE:-release}
case "$profile" in
  dev) out=debug ;;
  *) out=$profile ;;
esac
target=${CARGO_TARGET_DIR:-target}

functions=("$@")
if [ ${#functions[@]} -eq 0 ]; then
  mapfile -t functions < <(sed -n 's/^ *Binary: *//p' template.yaml)
fi

mib() { python3 -c 'import sys; print(f"{int(sys.argv[1]) / 2**20:.1f}")' "$1"; }

# The bootstrap's size and its zip's (deflated, as `sam deploy` uploads it), in bytes.
sizes() {
  python3 - "$1" <<'PY'
import io, os, sys, zipfile
path = sys.argv[1]
buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
    archive.write(path, "bootstrap")
print(os.path.getsize(path), len(buffer.getvalue()))
PY
}

printf 'profile %s, %s, %s cores\n\n' "$profile" "$(uname -m)" "$(nproc)"
printf '| function | build (s) | bootstrap (MiB) | zip (MiB) |\n|---|---:|---:|---:|\n'
start=$SECONDS
cargo build -q --profile "$profile" -p modules
printf '| (the module crates, shared) | %d | | |\n' $((SECONDS - start))
for function in "${functions[@]}"; do
  start=$SECONDS
  cargo build -q --profile "$profile" --bin "$function"
  seconds=$((SECONDS - start))
  read -r bootstrap zipped < <(sizes "$target/$out/$function")
  printf '| %s | %d | %s | %s |\n' "$function" "$seconds" "$(mib "$bootstrap")" "$(mib "$zipped")"
done
