#!/usr/bin/env bash
# Idempotent set-up of what `make bench` needs beyond the build: the Deno and Bun
# binaries (npm packages, pinned by bench/package-lock.json) and Debian's wrk.
set -euo pipefail
cd "$(dirname "$0")"

stamp=node_modules/.lock-hash
hash=$(sha256sum package-lock.json | cut -d' ' -f1)
if [[ ! -f $stamp || $(cat "$stamp") != "$hash" ]]; then
  npm ci --no-audit --no-fund --loglevel=error
  echo "$hash" > "$stamp"
fi
for tool in deno bun; do
  if ! node_modules/.bin/$tool --version >/dev/null 2>&1; then
    echo "bench/node_modules/.bin/$tool does not run; remove bench/node_modules and retry" >&2
    exit 1
  fi
done

if ! command -v wrk >/dev/null 2>&1; then
  echo "installing Debian's wrk for the load runs"
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo=sudo
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y -qq wrk >/dev/null 2>&1 || { $sudo apt-get update -qq && $sudo apt-get install -y -qq wrk >/dev/null; }
fi
for tool in taskset curl; do
  command -v $tool >/dev/null 2>&1 || { echo "make bench needs $tool" >&2; exit 1; }
done
