#!/usr/bin/env bash
# The deployment, checked the way a user deploys (docs/deploy.md): `sam build` of every
# function of template.yaml, then, for each built function, its zip size and its init time (from
# its process start to its first poll of the Lambda runtime API, against moto, median of 3 runs:
# infra/lambda_init_time.py). Prints a Markdown table for docs/deploy.md.
#
#   infra/deploy-check.sh
#
# Not part of infra/test.sh: it builds every function in release (LTO), which takes long here.
# It builds for this machine's architecture: the template deploys arm64, and building that here
# needs the aarch64 target (`rustup target add aarch64-unknown-linux-gnu`; cargo-lambda links with
# zig), so the check builds a copy of the template whose architecture is the host's. The build
# runs in the repository (`target/`, as `sam build` does for a user); CARGO_TARGET_DIR is ignored.
#
# Environment: WORKTOP_VENV (virtualenv, default $REPO/.venv; aws-sam-cli goes in $WORKTOP_VENV-sam).
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$REPO"
# shellcheck source=infra/lib.sh
source "$REPO/infra/lib.sh"

VENV=${WORKTOP_VENV:-$REPO/.venv}
work_dir_with_cleanup worktop-deploy-check

ensure_venv # cargo-lambda (with zig) and moto
case $(uname -m) in
  x86_64) ARCH=x86_64 ;;
  aarch64 | arm64) ARCH=arm64 ;;
  *) die "no Lambda architecture for $(uname -m)" ;;
esac
sed "s/^    Architectures: \[arm64\]$/    Architectures: [$ARCH]/" template.yaml >"$WORK_TMP/template.yaml"
grep -q "^    Architectures: \[$ARCH\]$" "$WORK_TMP/template.yaml" || die "template.yaml's Globals name no architecture"

log "sam build --beta-features (every function, release, $ARCH)"
build_start=$SECONDS
# rust-cargolambda builds in the source tree and copies target/lambda/<binary>/bootstrap from it.
unset CARGO_TARGET_DIR
sam build --beta-features --template-file "$WORK_TMP/template.yaml" --base-dir "$REPO" --build-dir "$WORK_TMP/build"
log "sam build took $((SECONDS - build_start)) s"

MOTO_PORT=$(free_port)
start_bg moto "$WORK_TMP/moto.log" "$PY" "$REPO/infra/moto_serial.py" 127.0.0.1 "$MOTO_PORT"
wait_http "http://127.0.0.1:$MOTO_PORT/moto-api/" 60 "$BG_LAST_PGID"
export AWS_ENDPOINT_URL="http://127.0.0.1:$MOTO_PORT" AWS_REGION=us-east-1 AWS_DEFAULT_REGION=us-east-1
export AWS_ACCESS_KEY_ID=testing AWS_SECRET_ACCESS_KEY=testing
queue() { "$PY" -c 'import boto3, os, sys; print(boto3.client("sqs", endpoint_url=os.environ["AWS_ENDPOINT_URL"]).create_queue(QueueName=sys.argv[1])["QueueUrl"])' "$1"; }
export STORE=dynamodb RECORDS_TABLE=check-records RATELIMITS_TABLE=check-ratelimits FILES_BUCKET=check-files
JWT_SECRET=$(random_string 48)
WORKTOP_SECRETS_KEY=$(random_string 64 | sha256sum | cut -d' ' -f1)
WEBHOOK_QUEUE_URL=$(queue check-webhooks)
TRANSFER_QUEUE_URL=$(queue check-transfers)
export JWT_SECRET WORKTOP_SECRETS_KEY WEBHOOK_QUEUE_URL TRANSFER_QUEUE_URL RUST_LOG=warn

# The tables and the bucket, as the stack would have them: one untimed start that creates them.
DYNAMODB_CREATE_TABLES=true "$PY" "$REPO/infra/lambda_init_time.py" "$WORK_TMP/build/IdentityFunction/bootstrap" 1 >/dev/null

printf '| function | bootstrap | zip | init (ms, median of 3) |\n|---|---:|---:|---:|\n'
for dir in "$WORK_TMP"/build/*Function; do
  bootstrap=$dir/bootstrap
  [[ -x $bootstrap ]] || die "$dir has no bootstrap"
  name=$(basename "$dir")
  sizes=$("$PY" - "$bootstrap" <<'PY'
import io, os, sys, zipfile
path = sys.argv[1]
buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
    archive.write(path, "bootstrap")
print(f"{os.path.getsize(path) / 2**20:.1f} MiB | {len(buffer.getvalue()) / 2**20:.1f} MiB")
PY
  )
  init=$("$PY" "$REPO/infra/lambda_init_time.py" "$bootstrap" 3)
  printf '| %s | %s | %s |\n' "${name%Function}" "$sizes" "$init"
done
log "deploy-check: every function built and started"
