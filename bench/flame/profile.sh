#!/usr/bin/env bash
# A flame graph of the portal under load on one page, and its per-request slices.
#
#   bench/flame/profile.sh NAME PATH [CONNECTIONS]     e.g. plan /plans/UA-P-2026-10-12-017053-a
#
# The release binaries must be built (`make build`; `target/release/upstream` too). The
# portal runs on CPU 1 with the embedded upstream off; a standalone upstream and wrk run
# on CPU 0. `perf` (Debian's linux-perf) samples the portal for 6 s with DWARF call
# graphs; V8 writes its JIT code's names (`--perf-basic-prof`). Writes
# bench/results/flame/NAME.svg and prints the slices (bench/flame/slices.mjs) with the
# run's CPU per request. inferno (the flame graph writer) is installed once with cargo.
set -euo pipefail
name=$1 path=$2 connections=${3:-64}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
command -v perf >/dev/null || { echo "profile.sh needs perf (Debian: linux-perf)" >&2; exit 1; }
command -v inferno-flamegraph >/dev/null || cargo install --locked inferno@0.12.8
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
UPSTREAM_PORT=19181 UPSTREAM_USERS_DB=:memory: RUST_LOG=warn taskset -c 0 target/release/upstream >"$work/upstream.log" 2>&1 &
for _ in $(seq 120); do curl -sf -o /dev/null "http://127.0.0.1:19181/api/tenders?limit=1" && break; sleep 0.5; done
env=(PORTAL_SERVER_EMBEDDED_UPSTREAM=false PORTAL_SERVER_HTML_MICRO_CACHE_MS=0 RUST_LOG=warn PORT=19182
  PORTAL_SERVER_SESSION_SECRET=the-profiles-own-session-secret-of-32-chars
  RENDERER_V8_FLAGS=--perf-basic-prof)
for key in $(node -e 'const e=require("./config/portal.json").client.endpoints; for (const [k,v] of Object.entries(e)) if (typeof v==="string" && v.startsWith("http://127.0.0.1:8081")) console.log(k+"="+v.replace("http://127.0.0.1:8081","http://127.0.0.1:19181"))'); do
  env+=("PORTAL_CLIENT_ENDPOINTS_$(echo "${key%%=*}" | sed 's/[A-Z]/_&/g' | tr a-z A-Z)=${key#*=}")
done
env "${env[@]}" taskset -c 1 target/release/portal >"$work/portal.log" 2>&1 &
portal=$!
for _ in $(seq 120); do curl -sf -o /dev/null http://127.0.0.1:19182/healthz && break; sleep 0.5; done
taskset -c 0 wrk -t1 -c"$connections" -d4s "http://127.0.0.1:19182$path" >/dev/null
before=$(awk '{print $14+$15}' /proc/$portal/stat)
taskset -c 0 perf record -F 997 --call-graph dwarf,32768 -o "$work/perf.data" -p $portal -- sleep 6 >/dev/null 2>&1 &
recorder=$!
out=$(taskset -c 0 wrk -t1 -c"$connections" -d7s "http://127.0.0.1:19182$path")
after=$(awk '{print $14+$15}' /proc/$portal/stat)
wait $recorder
requests=$(echo "$out" | awk '/requests in/ {print $1}')
ticks=$(getconf CLK_TCK)
cpu=$(( (after - before) * 1000000 / ticks / requests ))
echo "$name: $(echo "$out" | awk '/Requests\/sec/ {print $2}') req/s, $cpu µs CPU per request at $connections connections"
# inferno stops at a multi-byte character inside a JIT name: those become '?'.
perf script --no-inline -i "$work/perf.data" 2>/dev/null | LC_ALL=C sed 's/[\x80-\xff]/?/g' | inferno-collapse-perf >"$work/folded"
mkdir -p bench/results/flame
inferno-flamegraph --title "portal: $name ($path), $connections connections" --width 1600 --minwidth 1.5 "$work/folded" >"bench/results/flame/$name.svg"
node bench/flame/slices.mjs "$work/folded" "$cpu"
