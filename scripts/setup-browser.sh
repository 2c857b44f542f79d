#!/usr/bin/env bash
# Idempotent set-up of what only the browser tests and Lighthouse need: Debian's
# Chromium, and Java for the Nu HTML checker. `make run` does without them.
set -euo pipefail
if ! command -v chromium >/dev/null 2>&1; then
  echo "installing Debian's chromium for the browser tests"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
fi
# The Nu HTML checker (e2e/html.spec.mjs, the vnu-jar package) runs on Java.
if ! command -v java >/dev/null 2>&1; then
  echo "installing Debian's Java runtime for the HTML checker"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq default-jre-headless >/dev/null
fi
