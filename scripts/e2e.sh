#!/usr/bin/env bash
# Starts the release portal on a free port, runs the browser specs against it
# in Debian's Chromium, and stops it again.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${E2E_PORT:-18080}
log=$(mktemp)
# The API-documentation tenders, plans and contracts (every method and status) join the real
# data when present: ../shared/data beside the project, or the `data` folder PORTAL_SHARED_DATA
# names (UPSTREAM_EXTRA_<KIND>_DIR for the upstream, API_DOC_<KIND> for the browser specs).
# Under CI their absence is an error, not a skip.
shared_data=${PORTAL_SHARED_DATA:-$(cd .. && pwd)/shared/data}
for kind in tenders plans contracts; do
  docs_dir=$shared_data/openprocurement-api/$kind
  if [[ -d $docs_dir ]]; then
    export "UPSTREAM_EXTRA_${kind^^}_DIR=$docs_dir" "API_DOC_${kind^^}=$docs_dir"
  elif [[ -n ${CI:-} ]]; then
    echo "e2e: shared data missing: $docs_dir is not a folder (CI is set, so this fails instead of skipping); provide ../shared/data beside the project or set PORTAL_SHARED_DATA to the shared data folder" >&2
    exit 1
  fi
done
# Development mode (the specs read the e-mail outbox) and the cabinet on.
UPSTREAM_DEV=1 PORTAL_CLIENT_FEATURES_CABINET=true UPSTREAM_PORT=${E2E_UPSTREAM_PORT:-18081} PORT=$port \
  ./target/release/portal >"$log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true' EXIT
uport=${E2E_UPSTREAM_PORT:-18081}
for _ in $(seq 1 150); do
  curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && curl -fs "http://127.0.0.1:$uport/health" >/dev/null && break
  kill -0 $pid 2>/dev/null || { cat "$log"; exit 1; }
  sleep 0.2
done
UPSTREAM_URL="http://127.0.0.1:$uport" BASE_URL="http://127.0.0.1:$port" node --test --test-concurrency=1 ${E2E_SPECS:-e2e/*.spec.mjs}
# Every login of the specs went through this portal: no token may have reached its log
# (a JWT starts with the base64 of `{"`, `eyJ`).
if grep -qE 'eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}' "$log"; then
  echo "e2e: a token was written to the portal's log:" >&2
  grep -nE 'eyJ[A-Za-z0-9_-]{8,}\.' "$log" | head -3 >&2
  exit 1
fi
