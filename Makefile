# The portal: `make run` serves it at http://127.0.0.1:8080, `make test` tests it.
SHELL := /bin/bash
.DEFAULT_GOAL := help

# The v8 crate links the prebuilt archive from ../shared/v8 when that folder
# exists; elsewhere it downloads its own (these variables must then stay unset).
V8_DIR := $(abspath $(CURDIR)/../shared/v8)
ifneq ($(wildcard $(V8_DIR)/librusty_v8_release_x86_64-unknown-linux-gnu.a.gz),)
export RUSTY_V8_ARCHIVE := $(V8_DIR)/librusty_v8_release_x86_64-unknown-linux-gnu.a.gz
export RUSTY_V8_SRC_BINDING_PATH := $(V8_DIR)/src_binding_release_x86_64-unknown-linux-gnu.rs
endif

CARGO ?= cargo
PORT ?= 8080

.PHONY: help setup web build run test test-web test-rust test-e2e fuzz lint cycles check bench bench-render bench-compression bench-upstream bench-sync relevance soak lighthouse alerts clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F ':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

setup: ## install npm packages (from the lock files), the real data, the Ukrainian word forms, the Russian table, the country names
	@scripts/setup.sh
	@upstream/scripts/fetch-data.sh
	@upstream/scripts/build-lexicon.sh
	@upstream/scripts/build-russian.sh
	@upstream/scripts/build-countries.sh

web: setup ## build the server and client bundles
	cd web && node build.mjs

build: web ## build everything (release)
	$(CARGO) build --release -p server

# The saved-search alert job's key: the embedded users API of `make run` knows the job
# by it, and `make alerts` presents it. Made once, readable by its owner only.
ALERTS_KEY := data/alerts.key
$(ALERTS_KEY):
	@mkdir -p $(@D) && (umask 077 && head -c 24 /dev/urandom | base64 | tr '+/' '-_' > $@)

# `make run` shows everything the portal does: the cabinet (saved searches and their
# alerts) is on here, whatever config/portal.json ships (its flag stays as configured).
run: build $(ALERTS_KEY) ## build and serve the portal at http://127.0.0.1:$(PORT), the cabinet on
	@echo "development mode: the embedded users API keeps every e-mail (recovery codes included) at http://127.0.0.1:8081/dev/outbox"
	PORTAL_ALERTS_KEY=$$(cat $(ALERTS_KEY)) PORTAL_CLIENT_FEATURES_CABINET=true UPSTREAM_DEV=1 PORT=$(PORT) ./target/release/portal

alerts: $(ALERTS_KEY) ## mail the saved searches' alerts due now (through the users API of the portal `make run` serves)
	@test -x target/release/portal || $(MAKE) build
	PORTAL_ALERTS_KEY=$$(cat $(ALERTS_KEY)) ./target/release/portal alerts

test-web: web ## web unit tests, type check and the first-load JavaScript budget
	cd web && npx tsc --noEmit -p . && npx vitest run && node scripts/budget.mjs

test-rust: web ## Rust unit and integration tests (real bundle, real V8)
	$(CARGO) test --release --workspace

test-e2e: build ## browser tests in real Chromium against the release binary (installs Chromium when missing)
	scripts/setup-browser.sh
	scripts/e2e.sh

test: test-web test-rust test-e2e ## all tests

# The short runs of the same targets are part of `test-web` and `test-rust`.
fuzz: web ## fuzz URL → route → codec → upstream: 1,000,000 URLs each in the bundle and resolve+upstream, 100,000 whole pages (~15 min)
	cd web && FUZZ_RUNS=1000000 npx vitest run src/fuzz
	FUZZ_CASES=1000000 FUZZ_PAGES=100000 $(CARGO) test --release -p server --test http fuzz:: -- --nocapture --test-threads 1

lint: setup cycles ## formatting, lints and module cycles
	$(CARGO) fmt --all --check
	$(CARGO) clippy --release --workspace --all-targets -- -D warnings

# Each crate's modules and the web files import one another one way only (allowed web
# pairs and their reasons: scripts/cycles.mjs).
cycles: ## fail on a module import cycle in any crate or in web/src
	@for src in $(patsubst %/Cargo.toml,%/src,$(wildcard */Cargo.toml)); do node scripts/cycles.mjs rust $$src || exit 1; done
	@node scripts/cycles.mjs web web/src

check: lint test ## what CI runs

bench: web ## SSR load test: the portal against Node, Deno and Bun baselines (~22 min; bench/results/latest.md)
	$(CARGO) build --release -p server
	$(CARGO) build --release -p upstream --bin upstream
	$(CARGO) build --release -p bench --bin render-floor
	bench/setup.sh
	node bench/run.mjs

bench-render: web ## print the median time of one render inside one isolate, and of the shell around it
	$(CARGO) run --release -p bench --bin render-floor
	$(CARGO) run --release -p bench --bin shell-cost

bench-compression: ## print what compressing pages costs (needs the portal running on $(PORT))
	$(CARGO) run --release -p bench --bin compression -- http://127.0.0.1:$(PORT) / /tenders /tenders/does-not-exist

bench-upstream: setup ## print p50/p95 of tender searches over real + 1,000,000 generated tenders
	$(CARGO) run --release -p bench --bin upstream-search -- --tenders 1000000

# Not part of `test`: a mirror filling from a stand-in feed (issue 41). TENDERS sets the
# generated tenders beside the real data (default 100,000); RESTART_TENDERS the size of
# the store the restart is timed on (default 1,000,000; 0 leaves that part out).
bench-sync: setup ## print the mirror's ingest rate, search p95 while ingesting, change-to-search delay, restart time and memory
	$(CARGO) build --release -p upstream --bin upstream
	$(CARGO) build --release -p bench --bin sync-bench
	RUST_LOG=warn ./target/release/sync-bench --tenders $${TENDERS:-100000} --restart-tenders $${RESTART_TENDERS:-1000000}

relevance: setup ## print recall@100, precision@10 and nDCG@10 of the search before issue 45 and now on the relevance set (bench/results/relevance.md)
	$(CARGO) build --release -p bench --bin relevance
	RUST_LOG=warn ./target/release/relevance | tee bench/results/relevance.md

# Not part of `test`: 30 minutes of load, then abuse. The burst and the slow clients hold
# 1,700 sockets at once, past a common default of 1,024 open files: the limit is raised
# (for the portal too, which inherits it: above its own cap of 4,096 connections).
soak: build ## 30 min at 64 connections, then a 640-connection burst and 1,000 slow clients (bench/results/soak.md)
	[[ $$(ulimit -n) == unlimited || $$(ulimit -n) -ge 8192 ]] || ulimit -n 8192 || true; node bench/soak.mjs

# Not part of `test`: Lighthouse's scores need a quiet machine (about 15 minutes).
lighthouse: build ## Lighthouse (mobile, slow 4G, 4x CPU) on every page type in Debian's Chromium (bench/results/lighthouse.md)
	scripts/setup-browser.sh
	node e2e/lighthouse.mjs

clean: ## remove build outputs
	rm -rf target web/dist
