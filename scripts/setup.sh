#!/usr/bin/env bash
# Idempotent set-up of everything the build and tests need on a fresh machine:
# npm packages from the committed lock files. The browser tests' Chromium and Java
# are scripts/setup-browser.sh's.
set -euo pipefail
cd "$(dirname "$0")/.."

npm_ci() { # dir [npm ci flags]: install only when the lock file changed since the last install
  local dir=$1 stamp="$1/node_modules/.lock-hash" hash
  shift
  hash=$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)
  if [[ ! -f $stamp || $(cat "$stamp") != "$hash" ]]; then
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error "$@")
    echo "$hash" > "$stamp"
  fi
}
npm_ci web
# The browser specs need no package's install script (the HTTP Observatory's optional
# database driver would try to compile one; the scanner does not use it).
npm_ci e2e --ignore-scripts
