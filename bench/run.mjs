#!/usr/bin/env node
// `make bench`: SSR throughput, latency, memory and CPU of the portal against the same
// server bundle served by Node, Deno and Bun (bench/baseline/server.mjs), all fetching
// from ONE standalone upstream, each server pinned to the same CPU set, one at a time.
// Writes bench/results/latest.md (printed too) and appends to bench/results/history.md;
// the last output lines are the geometric means of portal ÷ baseline throughput at the
// highest concurrency: `ssr-throughput-ratio-bun`, `-deno`, then `ssr-throughput-ratio` (Node).
//
// Expects the release binaries, web/dist and bench/node_modules (the Makefile builds them).
// Environment: BENCH_SERVER_CPUS (1), BENCH_LOAD_CPUS (0), BENCH_ROUNDS (2), BENCH_DURATION
// (5 s per run), BENCH_WARMUP (3 s per page after each start), BENCH_CONNECTIONS (1,8,64),
// BENCH_SERVERS (portal,node,deno,bun), BENCH_FLOOR_RUNS (500), BENCH_SAMPLES (20),
// BENCH_RESULTS (bench/results: where latest.md and history.md go; set, runs.json too, which
// otherwise goes to bench/results/tmp), BENCH_MICRO_CACHE_MS (2000;
// 0 skips the runs of the portal with micro-caching on, reported as `ssr-micro-cached-ratio`),
// BENCH_COMPRESSED (0 skips the portal's runs with `Accept-Encoding: br` and `gzip`),
// BENCH_SESSION (0 skips the logged-in runs), BENCH_PRICES (0 skips the large tender page
// with and without its price lines, `features.prices`).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = process.env.BENCH_RESULTS ? resolve(process.env.BENCH_RESULTS) : join(ROOT, 'bench/results');
const TMP = join(ROOT, 'bench/results/tmp');
/** This run's logs, bodies and snapshot (removed at the end; logs stay after a failure). */
const RUN = join(TMP, `run-${process.pid}`);
const started = Date.now();

function fail(message) {
  console.error(`bench: ${message}`);
  process.exit(1);
}

// ---------------------------------------------------------------- settings
function positive(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) fail(`${name}=${raw} is not a positive number`);
  return n;
}
function cpuList(name, fallback) {
  const spec = process.env[name] || fallback;
  const out = [];
  for (const part of spec.split(',')) {
    const [a, b = a] = part.split('-').map((s) => Number(s.trim()));
    if (!Number.isInteger(a) || !Number.isInteger(b) || b < a) fail(`${name}=${spec} is not a CPU list like 1 or 0,2-3`);
    for (let i = a; i <= b; i++) out.push(i);
  }
  return { spec, cpus: out };
}

const S = {
  server: cpuList('BENCH_SERVER_CPUS', '1'),
  load: cpuList('BENCH_LOAD_CPUS', '0'),
  rounds: Math.round(positive('BENCH_ROUNDS', 2)),
  duration: Math.max(1, Math.round(positive('BENCH_DURATION', 5))),
  warmup: Math.max(1, Math.round(positive('BENCH_WARMUP', 3))),
  connections: (process.env.BENCH_CONNECTIONS || '1,8,64').split(',').map(Number),
  servers: (process.env.BENCH_SERVERS || 'portal,node,deno,bun').split(',').map((s) => s.trim()),
  floorRuns: Math.round(positive('BENCH_FLOOR_RUNS', 500)),
  samples: Math.round(positive('BENCH_SAMPLES', 20)),
  // 0 skips the micro-cached portal runs.
  microCacheMs: Math.round(Number(process.env.BENCH_MICRO_CACHE_MS ?? 2000)),
  // 0 skips the runs with compressed pages.
  compressed: process.env.BENCH_COMPRESSED !== '0',
  // 0 skips the logged-in runs.
  session: process.env.BENCH_SESSION !== '0',
  // 0 skips the runs of the large tender page with and without its price lines.
  prices: process.env.BENCH_PRICES !== '0',
};
if (S.connections.some((c) => !Number.isInteger(c) || c < 1)) fail(`BENCH_CONNECTIONS=${process.env.BENCH_CONNECTIONS}`);
const TOP = Math.max(...S.connections);
const BASELINES = ['bun', 'deno', 'node'];
for (const s of S.servers) if (s !== 'portal' && !BASELINES.includes(s)) fail(`unknown server ${s} in BENCH_SERVERS`);
if (!S.servers.includes('portal')) fail('BENCH_SERVERS must include portal');
const overlap = S.server.cpus.filter((c) => S.load.cpus.includes(c));

const PAGES = [
  { name: 'home', url: '/', status: 200 },
  {
    name: 'tenders, filtered',
    url: '/tenders?status[0]=complete&procurementMethodType[0]=belowThreshold&sortOrder=valueAmount.desc',
    status: 200,
  },
  { name: 'tender, large', url: '/tenders/UA-2026-09-10-009952-a', status: 200 },
  { name: 'en tenders', url: '/en/tenders', status: 200 },
  { name: 'plans, filtered', url: '/plans?status[0]=scheduled', status: 200 },
  { name: 'plan', url: '/plans/UA-P-2026-10-12-017053-a', status: 200 },
  { name: 'contracts, filtered', url: '/contracts?status[0]=active', status: 200 },
  { name: 'contract', url: '/contracts/UA-2026-10-12-013625-a-c1', status: 200 },
  { name: 'market', url: '/market', status: 200 },
  { name: 'category, 2 filters', url: '/market/category/33711500-0082-44667400?numberRequirements[0][requirement]=%D0%9C%D0%B0%D1%81%D0%B0%20%D0%BD%D0%B5%D1%82%D1%82%D0%BE&numberRequirements[0][minValue]=100&booleanRequirements[0][requirement]=%D0%93%D1%96%D0%BF%D0%BE%D0%B0%D0%BB%D0%B5%D1%80%D0%B3%D0%B5%D0%BD%D0%BD%D0%B8%D0%B9&booleanRequirements[0][value]=true', status: 200 },
  { name: 'product', url: '/market/products/42267be8aeffd089e05a0689d21ed2b5', status: 200 },
  { name: '404', url: '/tenders/does-not-exist', status: 404 },
];
const TENDERS = PAGES[1];
const TENDER = PAGES[2];
const BUDGET_HTML = 30 * 1024;
const BUDGET_JS = 120 * 1024;

const UPSTREAM_PORT = 19081;
const UPSTREAM = `http://127.0.0.1:${UPSTREAM_PORT}`;
const EMBEDDED_UPSTREAM = 'http://127.0.0.1:8081';
const BUILT = {
  portal: join(ROOT, 'target/release/portal'),
  upstream: join(ROOT, 'target/release/upstream'),
  floor: join(ROOT, 'target/release/render-floor'),
};
// The run uses copies of the binaries, config/, locales/ and web/dist/ taken at its start
// (the portal runs in that folder), so that edits and builds meanwhile change nothing under it.
const SNAPSHOT = join(RUN, 'snapshot');
const WEB_DIST = join(SNAPSHOT, 'web/dist');
const BIN = {
  portal: join(SNAPSHOT, 'bin/portal'),
  upstream: join(SNAPSHOT, 'bin/upstream'),
  floor: join(SNAPSHOT, 'bin/render-floor'),
  deno: join(ROOT, 'bench/node_modules/.bin/deno'),
  bun: join(ROOT, 'bench/node_modules/.bin/bun'),
};
const BASELINE = 'bench/baseline/server.mjs';

// ---------------------------------------------------------------- processes
/** Process groups (detached: their own session) and plain children still running. */
const groups = new Set();
const children = new Set();
function killEverything() {
  for (const g of groups) {
    try {
      process.kill(-g, 'SIGKILL');
    } catch {}
  }
  for (const c of children) {
    try {
      c.kill('SIGKILL');
    } catch {}
  }
}
let succeeded = false;
process.on('exit', () => {
  killEverything();
  try {
    rmSync(succeeded ? RUN : SNAPSHOT, { recursive: true, force: true });
  } catch {}
  if (!succeeded && existsSync(RUN)) console.error(`bench: logs in ${RUN}`);
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`\nbench: ${signal}: stopping every process it started`);
    process.exit(130);
  });
}

/** Runs a command to completion (tracked, so an interrupt kills it). */
function run(cmd, args, { cpus, env, cwd = ROOT } = {}) {
  const [file, argv] = cpus ? ['taskset', ['-c', cpus, cmd, ...args]] : [cmd, args];
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    const out = [];
    const err = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => err.push(d));
    child.on('error', (e) => {
      children.delete(child);
      reject(e);
    });
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve({ code: code ?? signal, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() });
    });
  });
}
async function must(cmd, args, options) {
  const r = await run(cmd, args, options);
  if (r.code !== 0) fail(`${cmd} ${args.join(' ')} failed (${r.code}): ${r.stderr.trim().slice(-2000)}`);
  return r.stdout;
}

/** Starts a long-running process in its own process group, pinned to `cpus`. */
function startGroup(name, cmd, args, env, cpus, cwd = ROOT) {
  const log = join(RUN, `${name}.log`);
  const fd = openSync(log, 'w');
  const child = spawn('taskset', ['-c', cpus, cmd, ...args], {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', fd, fd],
  });
  groups.add(child.pid);
  const proc = { name, pgid: child.pid, log, exited: null };
  child.on('exit', (code, signal) => (proc.exited = signal ?? code));
  child.on('error', (e) => (proc.exited = e.message));
  return proc;
}
const logTail = (proc) => readFileSync(proc.log, 'utf8').trim().split('\n').slice(-15).join('\n');

/** Every process of these groups with its CPU ticks, from /proc. */
function groupProcesses(pgids) {
  const out = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (pgids.includes(Number(f[2]))) out.push({ pid: Number(entry), state: f[0], ticks: Number(f[11]) + Number(f[12]) });
  }
  return out;
}
const cpuTicks = (pgids) => groupProcesses(pgids).reduce((sum, p) => sum + p.ticks, 0);
function peakRssKb(pgids) {
  let kb = 0;
  const procs = groupProcesses(pgids).filter((p) => p.state !== 'Z');
  for (const p of procs) {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${p.pid}/status`, 'utf8'));
      if (m) kb += Number(m[1]);
    } catch {}
  }
  return { kb, processes: procs.length };
}
/** Busy and total jiffies of these CPUs, from /proc/stat. */
function cpuTimes(cpus) {
  let busy = 0;
  let total = 0;
  for (const line of readFileSync('/proc/stat', 'utf8').split('\n')) {
    const m = /^cpu(\d+) (.*)$/.exec(line);
    if (!m || !cpus.includes(Number(m[1]))) continue;
    const v = m[2].trim().split(/\s+/).map(Number);
    const all = v.slice(0, 8).reduce((a, b) => a + b, 0);
    total += all;
    busy += all - v[3] - v[4];
  }
  return { busy, total };
}
const CLK_TCK = 100; // USER_HZ on Linux (getconf CLK_TCK)

async function stopGroups(pgids) {
  for (const g of pgids) {
    try {
      process.kill(-g, 'SIGTERM');
    } catch {}
  }
  const deadline = Date.now() + 5000;
  while (groupProcesses(pgids).some((p) => p.state !== 'Z') && Date.now() < deadline) await sleep(100);
  for (const g of pgids) {
    try {
      process.kill(-g, 'SIGKILL');
    } catch {}
    groups.delete(g);
  }
  while (groupProcesses(pgids).some((p) => p.state !== 'Z') && Date.now() < deadline + 3000) await sleep(100);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Waits until the server is idle again: wrk stops without waiting for the requests it
 * has in flight, and their work must not spill into the next run's time and CPU. */
async function settle(pgids) {
  const deadline = Date.now() + 15000;
  let before = cpuTicks(pgids);
  for (;;) {
    await sleep(250);
    const now = cpuTicks(pgids);
    if (now - before <= 2 || Date.now() > deadline) return;
    before = now;
  }
}

async function httpStatus(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}
async function waitReady(url, procs, seconds) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    for (const p of procs) if (p.exited !== null) fail(`${p.name} exited (${p.exited}) while starting:\n${logTail(p)}`);
    if ((await httpStatus(url)) === 200) return;
    await sleep(200);
  }
  fail(`${url} not ready after ${seconds} s:\n${procs.map(logTail).join('\n')}`);
}

// ---------------------------------------------------------------- servers
const snake = (camel) => camel.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();
/** The portal's environment: no embedded upstream, endpoints at the standalone one. */
function portalEnv() {
  // A session secret, as every portal outside development mode needs (`server.sessionSecret`).
  const env = { PORTAL_SERVER_EMBEDDED_UPSTREAM: 'false', RUST_LOG: 'warn', PORTAL_SERVER_SESSION_SECRET: 'the-benchmarks-own-session-secret-of-32-chars' };
  const config = JSON.parse(readFileSync(join(SNAPSHOT, 'config/portal.json'), 'utf8'));
  // Every request is rendered: no micro-cached pages (the baselines keep none).
  if ('htmlMicroCacheMs' in config.server) env.PORTAL_SERVER_HTML_MICRO_CACHE_MS = '0';
  for (const [key, value] of Object.entries(config.client.endpoints)) {
    if (typeof value === 'string' && value.startsWith(EMBEDDED_UPSTREAM)) {
      env[`PORTAL_CLIENT_ENDPOINTS_${snake(key)}`] = UPSTREAM + value.slice(EMBEDDED_UPSTREAM.length);
    }
  }
  return env;
}
const nServer = S.server.cpus.length;
const baselineEnv = (port) => ({
  BASELINE_PORT: String(port),
  BASELINE_UPSTREAM: UPSTREAM,
  BASELINE_ROOT: SNAPSHOT,
  BASELINE_WORKERS: String(nServer),
});
/** The portal with micro-caching on runs on its own port. */
const MICRO_CACHED_PORT = 19085;
/** A second extra portal, up beside the first: the one without price lines. */
const SECOND_EXTRA_PORT = 19086;
/** What the price lines may add to the large tender page's CPU per request (issue 47). */
const PRICES_TARGET = 0.03;
const SERVERS = {
  portal: {
    port: 19080,
    what: `\`target/release/portal\`: ${nServer} serving thread(s), one per core of its CPU set, each a current-thread tokio runtime with its own isolate`,
    start: (port) => [startGroup('portal', BIN.portal, [], { ...portalEnv(), PORT: String(port) }, S.server.spec, SNAPSHOT)],
  },
  node: {
    port: 19082,
    what: `node:http; node:cluster: a primary and ${nServer} worker(s)`,
    start: (port) => [startGroup('node', process.execPath, [BASELINE], baselineEnv(port), S.server.spec)],
  },
  deno: {
    port: 19083,
    what: `Deno.serve with reusePort: ${nServer} process(es)`,
    start: (port) =>
      S.server.cpus.map((_, i) =>
        startGroup(`deno-${i}`, BIN.deno, ['run', '-A', '--unstable-net', BASELINE], baselineEnv(port), S.server.spec),
      ),
  },
  bun: {
    port: 19084,
    what: `Bun.serve with reusePort: ${nServer} process(es)`,
    start: (port) => S.server.cpus.map((_, i) => startGroup(`bun-${i}`, BIN.bun, [BASELINE], baselineEnv(port), S.server.spec)),
  },
};

// ---------------------------------------------------------------- measurements
/** One wrk run; errors are socket errors plus responses with an unexpected status. */
async function wrk(port, page, connections, seconds, encoding, cookie) {
  const threads = Math.min(connections, S.load.cpus.length);
  const script = page.status === 200 ? ['-s', 'bench/wrk/report.lua'] : ['-s', 'bench/wrk/expect-status.lua'];
  const args = ['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`, '--timeout', '10s', ...script];
  if (encoding) args.push('-H', `Accept-Encoding: ${encoding}`);
  if (cookie) args.push('-H', `Cookie: ${cookie}`);
  args.push(`http://127.0.0.1:${port}${page.url}`);
  if (page.status !== 200) args.push('--', String(page.status));
  const out = await must('wrk', args, { cpus: S.load.spec });
  const line = out.split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (!line) fail(`wrk printed no figures:\n${out}`);
  const r = JSON.parse(line.slice('BENCH_JSON '.length));
  const socket = r.connect + r.read + r.write + r.timeout;
  const status = page.status === 200 ? r.status : r.unexpected;
  return {
    requests: r.requests,
    seconds: r.duration_us / 1e6,
    rps: r.requests / (r.duration_us / 1e6),
    p50: r.p50_us / 1000,
    p99: r.p99_us / 1000,
    errors: socket + status,
    socketErrors: socket,
    statusErrors: status,
  };
}

/** The portal's session cookies after logging in through its own form (a browser's way). */
async function logIn(port, email, password) {
  const base = `http://127.0.0.1:${port}`;
  const form = await fetch(`${base}/login`);
  const csrfCookie = (form.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const token = (await form.text()).match(/name="_csrf" value="([^"]+)"/)?.[1];
  if (!token || !csrfCookie) fail('no anti-forgery token on the login page');
  const body = new URLSearchParams({ email, password, _csrf: token });
  const answer = await fetch(`${base}/login`, { method: 'POST', body, headers: { cookie: csrfCookie }, redirect: 'manual' });
  const set = (answer.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).filter((c) => !c.endsWith('='));
  if (answer.status !== 303 || !set.some((c) => c.startsWith('portal_token='))) fail(`login for the bench failed: ${answer.status}`);
  return [csrfCookie, ...set].join('; ');
}

/** Follows a tender page's record as the logged-in visitor of `cookie`, through the page's own form. */
async function follow(port, page, cookie) {
  const base = `http://127.0.0.1:${port}`;
  const html = await (await fetch(base + page.url, { headers: { cookie } })).text();
  const form = html.match(/<form[^>]*action="([^"]*\/follow)"[^>]*>([\s\S]*?)<\/form>/);
  const field = (name) => form?.[2].match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1] ?? '';
  if (!form || !field('_csrf')) fail(`no follow form for a logged-in visitor on ${page.url}`);
  const body = new URLSearchParams({ _csrf: field('_csrf'), target: field('target'), action: 'follow', frequency: 'immediate' });
  const answer = await fetch(base + form[1], { method: 'POST', body, headers: { cookie, origin: base }, redirect: 'manual' });
  const text = await answer.text();
  if (answer.status !== 200 || !text.includes('follow-state')) fail(`following ${page.url} failed: ${answer.status}`);
}

/** One GET with curl: status, body bytes, body hash (identity unless `encoding`). */
async function get(port, url, encoding) {
  const file = join(RUN, `body-${port}.html`);
  const args = ['-gs', '-o', file, '-w', '%{http_code} %{size_download}'];
  if (encoding) args.push('-H', `Accept-Encoding: ${encoding}`);
  args.push(`http://127.0.0.1:${port}${url}`);
  const [status, size] = (await must('curl', args, { cpus: S.load.spec })).trim().split(' ').map(Number);
  const body = readFileSync(file);
  return { status, size, sha: createHash('sha256').update(body).digest('hex'), body };
}

/** Time to first and last byte of one request at a time, mean of `samples` (one warm-up dropped). */
async function timing(port, url, encoding) {
  const args = ['-gs', '-w', '%{http_code} %{time_starttransfer} %{time_total} %{size_download}\\n'];
  if (encoding) args.push('-H', `Accept-Encoding: ${encoding}`);
  for (let i = 0; i <= S.samples; i++) args.push('-o', '/dev/null', `http://127.0.0.1:${port}${url}`);
  const rows = (await must('curl', args, { cpus: S.load.spec }))
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(' ').map(Number));
  const mean = (i) => rows.reduce((s, r) => s + r[i], 0) / rows.length;
  return { status: rows[0][0], ttfb: mean(1) * 1000, ttlb: mean(2) * 1000, bytes: Math.round(mean(3)) };
}

// ---------------------------------------------------------------- formatting
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const geomean = (xs) => Math.exp(mean(xs.map(Math.log)));
const fmtRps = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const fmtMs = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const fmtRatio = (x) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');
const kib = (b) => `${(b / 1024).toFixed(1)} KiB`;
const mib = (kb) => (kb / 1024).toFixed(1);
const pct = (x) => `${(x * 100).toFixed(0)}%`;
const table = (head, rows) =>
  [`| ${head.join(' | ')} |`, `|${head.map((h, i) => (i === 0 ? '---' : '---:')).join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
const duration = (ms) => `${Math.floor(ms / 60000)} min ${Math.round((ms % 60000) / 1000)} s`;
const firstLine = (s) => s.trim().split('\n')[0];

// ---------------------------------------------------------------- main
/** True when nothing listens on 127.0.0.1:port (a bind test: another run holds its ports). */
function portFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function main() {
  const allowed = new Set(S.server.cpus.concat(S.load.cpus));
  const online = os.cpus().length;
  for (const c of allowed) if (c >= online) fail(`CPU ${c} does not exist (this machine has ${online})`);
  for (const port of [UPSTREAM_PORT, MICRO_CACHED_PORT, SECOND_EXTRA_PORT, ...S.servers.map((s) => SERVERS[s].port)]) {
    if (!(await portFree(port))) fail(`port ${port} is in use (another \`make bench\` running?)`);
  }
  mkdirSync(RUN, { recursive: true });
  const needed = { ...BUILT, deno: BIN.deno, bun: BIN.bun, manifest: join(ROOT, 'web/dist/client/manifest.json') };
  for (const [what, path] of Object.entries({ ...needed, bundle: join(ROOT, 'web/dist/server/entry-server.js') })) {
    if (!existsSync(path)) fail(`missing ${path} (${what}): run \`make bench\`, which builds and installs everything`);
  }
  rmSync(SNAPSHOT, { recursive: true, force: true });
  mkdirSync(join(SNAPSHOT, 'bin'), { recursive: true });
  for (const name of Object.keys(BUILT)) {
    copyFileSync(BUILT[name], BIN[name]);
    chmodSync(BIN[name], 0o755);
  }
  for (const dir of ['config', 'locales', 'web/dist']) cpSync(join(ROOT, dir), join(SNAPSHOT, dir), { recursive: true });

  const versions = {
    node: process.version,
    deno: firstLine(await must(BIN.deno, ['--version'])),
    bun: firstLine(await must(BIN.bun, ['--version'])),
    wrk: firstLine((await run('wrk', ['--version'])).stdout).replace(/ Copyright.*/, ''),
    curl: firstLine(await must('curl', ['--version'])).split(' ').slice(0, 2).join(' '),
    kernel: `${os.type()} ${os.release()}`,
    cpu: os.cpus()[0]?.model ?? '?',
  };
  const commit = (await run('git', ['rev-parse', '--short', 'HEAD'])).stdout.trim() || '?';
  const dirty = (await run('git', ['status', '--porcelain', '--untracked-files=no'])).stdout.trim() ? ' (with uncommitted changes)' : '';
  const loadAverage = os.loadavg().map((x) => x.toFixed(2)).join(', ');
  const runsPerServer = PAGES.length * S.connections.length;
  const estimate = S.rounds * S.servers.length * (runsPerServer * S.duration + PAGES.length * S.warmup + 5);
  console.log(
    `bench: servers ${S.servers.join(', ')} on CPU ${S.server.spec}; wrk, curl and the upstream on CPU ${S.load.spec}; ` +
      `${S.rounds} round(s) × ${runsPerServer} runs of ${S.duration} s per server; about ${duration(estimate * 1000)} of load`,
  );
  if (overlap.length) console.log(`bench: warning: server and load CPU sets overlap (${overlap.join(',')})`);

  // The one upstream every server fetches from.
  const upstream = startGroup('upstream', BIN.upstream, [], { UPSTREAM_PORT: String(UPSTREAM_PORT), UPSTREAM_USERS_DB: ':memory:', RUST_LOG: 'warn' }, S.load.spec);
  await waitReady(`${UPSTREAM}/api/tenders?perPage=1`, [upstream], 180);
  const query = TENDERS.url.slice(TENDERS.url.indexOf('?') + 1);
  const search = await (await fetch(`${UPSTREAM}/api/tenders?perPage=1&${query}`)).json();
  const found = search['hydra:totalItems'] ?? search['hydra:member']?.length ?? 0;
  if (!(found > 0) && !(search['hydra:member']?.length > 0)) fail(`the filter of ${TENDERS.url} finds no tenders`);
  console.log(`bench: upstream ready; the /tenders filter finds ${found} tender(s)`);

  // The floor: render() alone in one isolate, on a server CPU, nothing else running there.
  // Measured in every round right after the portal's runs (the machine's speed drifts:
  // a floor taken minutes away from the runs it is compared with was seen 20 % off).
  const floors = {}; // url -> [floor of each round]
  async function measureFloor(round) {
    const out = await must(BIN.floor, ['--json', '--runs', String(S.floorRuns), '--upstream', UPSTREAM, '--root', SNAPSHOT, ...PAGES.map((p) => p.url)], {
      cpus: String(S.server.cpus[0]),
    });
    for (const line of out.split('\n').filter((l) => l.startsWith('{'))) {
      const r = JSON.parse(line);
      (floors[r.url] ??= [])[round - 1] = r;
    }
    console.log(`bench: render floor, round ${round}: ${PAGES.map((p) => `${p.name} ${floors[p.url]?.[round - 1]?.median_us?.toFixed(0)} µs`).join(', ')}`);
  }

  // The load runs.
  const results = []; // {server, round, url, c, ...wrk, cpuUsPerReq, serverCpu, loadCpu}
  const rss = {}; // server -> [{kb, processes}] per round
  const pages = {}; // server -> url -> {status, size, sha}
  const slow = {}; // server -> url -> encoding -> timing
  let compressed = null;
  for (let round = 1; round <= S.rounds; round++) {
    const order = round % 2 === 1 ? S.servers : [...S.servers].reverse();
    for (const name of order) {
      const server = SERVERS[name];
      const t0 = Date.now();
      const procs = server.start(server.port);
      const pgids = procs.map((p) => p.pgid);
      await waitReady(`http://127.0.0.1:${server.port}/healthz`, procs, 120);
      if (name === 'node' && nServer > 1) await sleep(1000); // every cluster worker listening
      const startMs = Date.now() - t0;
      if (round === 1) {
        pages[name] = {};
        for (const page of PAGES) {
          const r = await get(server.port, page.url);
          pages[name][page.url] = { status: r.status, size: r.size, sha: r.sha };
          if (name === 'portal' && r.status !== page.status) fail(`the portal answers ${r.status} for ${page.url}, expected ${page.status}`);
          if (r.status !== page.status) console.log(`bench: warning: ${name} answers ${r.status} for ${page.url}`);
        }
      }
      for (const page of PAGES) await wrk(server.port, page, 8, S.warmup);
      for (const page of PAGES) {
        for (const c of S.connections) {
          await settle(pgids);
          const ticks0 = cpuTicks(pgids);
          const srv0 = cpuTimes(S.server.cpus);
          const load0 = cpuTimes(S.load.cpus);
          const r = await wrk(server.port, page, c, S.duration);
          const ticks = cpuTicks(pgids) - ticks0;
          const srv1 = cpuTimes(S.server.cpus);
          const load1 = cpuTimes(S.load.cpus);
          for (const p of procs) if (p.exited !== null) fail(`${p.name} exited (${p.exited}) under load:\n${logTail(p)}`);
          results.push({
            server: name,
            round,
            url: page.url,
            c,
            ...r,
            cpuUsPerReq: r.requests ? ((ticks / CLK_TCK) * 1e6) / r.requests : NaN,
            serverCpu: ticks / CLK_TCK / r.seconds / nServer,
            cpuBusy: (srv1.busy - srv0.busy) / Math.max(1, srv1.total - srv0.total),
            loadBusy: (load1.busy - load0.busy) / Math.max(1, load1.total - load0.total),
          });
          const last = results.at(-1);
          console.log(
            `  r${round} ${name.padEnd(6)} c=${String(c).padEnd(3)} ${page.name.padEnd(18)} ${fmtRps(last.rps).padStart(7)} req/s  ` +
              `p50 ${fmtMs(last.p50).padStart(6)} ms  p99 ${fmtMs(last.p99).padStart(6)} ms  errors ${last.errors}  ` +
              `cpu ${last.cpuUsPerReq.toFixed(0)} µs/req`,
          );
        }
      }
      (rss[name] ??= [])[round - 1] = peakRssKb(pgids);
      await settle(pgids);
      if (round === 1 && (name === 'portal' || name === 'node')) {
        slow[name] = {};
        for (const page of PAGES) {
          slow[name][page.url] = { identity: await timing(server.port, page.url) };
          if (name === 'portal') slow[name][page.url].br = await timing(server.port, page.url, 'br');
        }
        if (name === 'portal') {
          const br = await get(server.port, TENDERS.url, 'br');
          const gzip = await get(server.port, TENDERS.url, 'gzip');
          compressed = { br: br.size, gzip: gzip.size, identity: pages.portal[TENDERS.url].size };
        }
      }
      await stopGroups(pgids);
      console.log(`bench: ${name} round ${round} done (started in ${(startMs / 1000).toFixed(1)} s, peak RSS ${mib(rss[name][round - 1].kb)} MiB)`);
      if (name === 'portal') await measureFloor(round);
    }
  }
  // Per page: the median over rounds of each figure of the floor.
  const middle = (xs) => {
    const v = xs.filter(Number.isFinite).sort((a, b) => a - b);
    return v.length ? (v.length % 2 ? v[v.length >> 1] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2) : NaN;
  };
  const floor = {};
  for (const [url, rounds] of Object.entries(floors)) {
    floor[url] = { ...rounds.find(Boolean), rounds: rounds.map((r) => r?.median_us) };
    for (const key of ['median_us', 'p90_us', 'p99_us', 'whole_input_median_us']) floor[url][key] = middle(rounds.map((r) => r?.[key]));
  }
  /**
   * A portal of its own with `env` on `port` (MICRO_CACHED_PORT: the last server of a
   * round may still be letting go of it), warmed up on `warm` at 8 connections;
   * `measure(page, encoding, cookie)` is one run at the top concurrency with the portal's
   * CPU per request (and the upstream's, which answers it on the load CPUs); `stop()`.
   */
  async function startExtraPortal(name, env, { port = MICRO_CACHED_PORT, encoding, warm = PAGES } = {}) {
    // The previous extra portal may not have let go of the port yet.
    for (let i = 0; i < 100 && !(await portFree(port)); i++) await sleep(100);
    const procs = [startGroup(name, BIN.portal, [], { ...portalEnv(), ...env, PORT: String(port) }, S.server.spec, SNAPSHOT)];
    const pgids = procs.map((p) => p.pgid);
    await waitReady(`http://127.0.0.1:${port}/healthz`, procs, 120);
    for (const page of warm) await wrk(port, page, 8, S.warmup, encoding);
    const measure = async (page, encoding, cookie) => {
      await settle(pgids);
      const ticks0 = cpuTicks(pgids);
      const upstream0 = cpuTicks([upstream.pgid]);
      const r = await wrk(port, page, TOP, S.duration, encoding, cookie);
      const ticks = cpuTicks(pgids) - ticks0;
      const upstreamTicks = cpuTicks([upstream.pgid]) - upstream0;
      for (const p of procs) if (p.exited !== null) fail(`${p.name} exited (${p.exited}) under load:\n${logTail(p)}`);
      const perRequest = (t) => (r.requests ? ((t / CLK_TCK) * 1e6) / r.requests : NaN);
      return { url: page.url, ...r, cpuUsPerReq: perRequest(ticks), upstreamUsPerReq: perRequest(upstreamTicks) };
    };
    return { port, measure, stop: () => stopGroups(pgids) };
  }
  /** `startExtraPortal`, handed to `runs(port, measure)`, then stopped. */
  async function extraPortal(name, env, encoding, runs) {
    const portal = await startExtraPortal(name, env, { encoding });
    await runs(portal.port, portal.measure);
    await portal.stop();
  }
  // Micro-caching on (server.htmlMicroCacheMs): anonymous hot pages answered from memory.
  const cached = []; // {url, ...wrk, cpuUsPerReq}
  if (S.microCacheMs > 0) {
    await extraPortal('portal-cached', { PORTAL_SERVER_HTML_MICRO_CACHE_MS: String(S.microCacheMs) }, undefined, async (_, measure) => {
      for (const page of PAGES) {
        const last = await measure(page);
        cached.push(last);
        console.log(
          `  micro-cache portal c=${TOP} ${page.name.padEnd(18)} ${fmtRps(last.rps).padStart(7)} req/s  p50 ${fmtMs(last.p50).padStart(6)} ms  ` +
            `p99 ${fmtMs(last.p99).padStart(6)} ms  errors ${last.errors}  cpu ${last.cpuUsPerReq.toFixed(0)} µs/req`,
        );
      }
    });
  }
  // Compressed pages, as browsers and crawlers ask for them: the portal only (the
  // baselines never compress), micro-cache off, one run per page and encoding.
  const encoded = []; // {url, encoding, bytes, ...wrk, cpuUsPerReq}
  if (S.compressed) {
    await extraPortal('portal-compressed', {}, 'br', async (port, measure) => {
      for (const page of PAGES) {
        for (const encoding of ['br', 'gzip']) {
          const { size } = await get(port, page.url, encoding);
          const last = { encoding, bytes: size, ...(await measure(page, encoding)) };
          encoded.push(last);
          console.log(
            `  compressed portal c=${TOP} ${page.name.padEnd(18)} ${encoding.padEnd(4)} ${String(size).padStart(6)} B ${fmtRps(last.rps).padStart(7)} req/s  ` +
              `p99 ${fmtMs(last.p99).padStart(6)} ms  errors ${last.errors}  cpu ${last.cpuUsPerReq.toFixed(0)} µs/req`,
          );
        }
      }
    });
  }
  // A logged-in buyer on the filtered tender search (the portal only: the baselines have
  // no sessions), against the same page anonymous in the same process, alternating.
  const session = []; // {who, url, ...wrk, cpuUsPerReq}
  if (S.session) {
    await extraPortal('portal-session', {}, undefined, async (port, measure) => {
      const cookie = await logIn(port, 'buyer@example.com', 'buyer-password-1');
      const html = await (await fetch(`http://127.0.0.1:${port}${TENDERS.url}`, { headers: { cookie } })).text();
      if (!html.includes('"session":{"email":"buyer@example.com"')) fail('the logged-in bench page is not rendered for the session');
      // The page anonymous, then with the session's cookies, twice over.
      const alternate = async (page, [anonymous, loggedIn]) => {
        await wrk(port, page, 8, S.warmup, undefined, cookie);
        for (let i = 0; i < 2; i++) {
          for (const who of [anonymous, loggedIn]) {
            const last = { who, ...(await measure(page, undefined, who === loggedIn ? cookie : undefined)) };
            session.push(last);
            console.log(
              `  session portal c=${TOP} ${page.name} ${who.padEnd(16)} ${fmtRps(last.rps).padStart(7)} req/s  ` +
                `p99 ${fmtMs(last.p99).padStart(6)} ms  errors ${last.errors}  cpu ${last.cpuUsPerReq.toFixed(0)} µs/req`,
            );
          }
        }
      };
      await alternate(TENDERS, ['anonymous', 'buyer']);
      // The large tender for its follower (the buyer follows it through the page's own
      // form: the page then asks what changed since the last look) against the same page
      // anonymous, alternating.
      await follow(port, TENDER, cookie);
      await alternate(TENDER, ['tender anonymous', 'tender follower']);
    });
  }
  // What the price lines cost the large tender page (issue 47: at most 3 %): the page on a
  // portal with them (the default) against a portal with `features.prices` off, which asks
  // the upstream nothing in their place. Both are up at once on the server CPUs (the one
  // not measured idles), so that the runs can alternate without a restart between them:
  // with, without, twice, at the top concurrency.
  const prices = []; // {who, url, ...wrk, cpuUsPerReq, upstreamUsPerReq}
  const pricePages = {}; // who -> {lines, size}
  if (S.prices) {
    const portals = [
      ['with prices', await startExtraPortal('portal-prices', {}, { warm: [TENDER] })],
      ['without prices', await startExtraPortal('portal-no-prices', { PORTAL_CLIENT_FEATURES_PRICES: 'false' }, { port: SECOND_EXTRA_PORT, warm: [TENDER] })],
    ];
    // The comparison means something only if the page has price lines with the flag and none without.
    for (const [who, portal] of portals) {
      const { status, size, body } = await get(portal.port, TENDER.url);
      if (status !== 200) fail(`the portal ${who} answers ${status} for ${TENDER.url}`);
      pricePages[who] = { lines: (body.toString().match(/class="price-benchmark"/g) ?? []).length, size };
    }
    if (!(pricePages['with prices'].lines > 0)) fail(`${TENDER.url} shows no price line (class="price-benchmark") with features.prices on: nothing to measure`);
    if (pricePages['without prices'].lines) fail(`${TENDER.url} shows ${pricePages['without prices'].lines} price line(s) with features.prices off`);
    for (let i = 0; i < 2; i++) {
      for (const [who, portal] of portals) {
        // The upstream's share of the previous run done too: its CPU is counted per request.
        await settle([upstream.pgid]);
        const last = { who, ...(await portal.measure(TENDER)) };
        prices.push(last);
        console.log(
          `  prices portal c=${TOP} ${TENDER.name} ${who.padEnd(14)} ${fmtRps(last.rps).padStart(7)} req/s  ` +
            `p50 ${fmtMs(last.p50).padStart(6)} ms  p99 ${fmtMs(last.p99).padStart(6)} ms  errors ${last.errors}  ` +
            `cpu ${last.cpuUsPerReq.toFixed(0)} µs/req  upstream ${last.upstreamUsPerReq.toFixed(0)} µs/req`,
        );
      }
    }
    for (const [, portal] of portals) await portal.stop();
  }
  await stopGroups([upstream.pgid]);
  // With BENCH_RESULTS (a run of one's own), its raw figures go there too.
  const runsJson = process.env.BENCH_RESULTS ? join(RESULTS, 'runs.json') : join(TMP, 'runs.json');
  mkdirSync(dirname(runsJson), { recursive: true });
  writeFileSync(runsJson, JSON.stringify({ settings: S, versions, floor, pages, rss, slow, results, cached, encoded, session, prices, pricePages }, null, 1));

  // First-load JavaScript: the entry and the chunks the document preloads.
  const manifest = JSON.parse(readFileSync(join(WEB_DIST, 'client/manifest.json'), 'utf8'));
  const jsFiles = [manifest.entry, ...manifest.preload];
  const size = (p) => statSync(join(WEB_DIST, 'client', p)).size;
  const js = {
    files: jsFiles,
    raw: jsFiles.reduce((s, f) => s + size(f), 0),
    br: jsFiles.reduce((s, f) => s + size(`${f}.br`), 0),
    gzip: jsFiles.reduce((s, f) => s + size(`${f}.gz`), 0),
    css: manifest.css.reduce((s, f) => s + size(`${f}.br`), 0),
  };

  // ------------------------------------------------------------ report
  const agg = (server, url, c) => {
    const rs = results.filter((r) => r.server === server && r.url === url && r.c === c);
    if (!rs.length) return null;
    return {
      rps: mean(rs.map((r) => r.rps)),
      rpsMin: Math.min(...rs.map((r) => r.rps)),
      rpsMax: Math.max(...rs.map((r) => r.rps)),
      p50: mean(rs.map((r) => r.p50)),
      p99: mean(rs.map((r) => r.p99)),
      errors: rs.reduce((s, r) => s + r.errors, 0),
      requests: rs.reduce((s, r) => s + r.requests, 0),
      cpu: mean(rs.map((r) => r.cpuUsPerReq)),
      serverCpu: mean(rs.map((r) => r.serverCpu)),
      cpuBusy: mean(rs.map((r) => r.cpuBusy)),
      loadBusy: mean(rs.map((r) => r.loadBusy)),
    };
  };
  const baselines = BASELINES.filter((b) => S.servers.includes(b));
  const ratio = (url, c, b, key) => {
    const p = agg('portal', url, c);
    const o = agg(b, url, c);
    return p && o ? p[key] / o[key] : NaN;
  };
  const totalErrors = [...results, ...cached, ...encoded, ...prices].reduce((s, r) => s + r.errors, 0);

  const md = [];
  md.push('# SSR benchmark: the portal against Node, Deno and Bun serving the same bundle', '');
  md.push(
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit \`${commit}\`${dirty}; \`make bench\` ` +
      `(bench/run.mjs), harness time ${duration(Date.now() - started)}. Load average at start: ${loadAverage} ` +
      '(the machine is shared: figures are noisy when other work runs).',
    '',
  );
  md.push('## Set-up', '');
  md.push(
    `- **Servers under test**, one at a time, restarted every round (order reversed every other round), on CPU ${S.server.spec} (\`taskset\`):`,
  );
  for (const s of S.servers) {
    md.push(`  - **${s}**: ${s === 'portal' ? SERVERS[s].what + ', embedded upstream off, endpoints at the standalone upstream, page micro-cache off, `RUST_LOG=warn`' : `\`${BASELINE}\`, ${SERVERS[s].what}`}`);
  }
  md.push(
    '  The baselines evaluate the same server bundle (`web/dist/server/entry-server.js`) and do per request what `server/src/page/` ' +
      'and `server/src/document.rs` do: `resolve`, concurrent upstream GETs (failures written the same way), `render`, the same document shell ' +
      '(head, assets from the manifest, escaped state and translations). Answers whose fetch spec has `maxAge` are reused that long by all four. The portal\'s isolates also reuse the value they parsed of an answer whose text comes back unchanged (`renderer/src/reuse.rs`); the baselines parse every answer, and the render input, on every request. Node fetches with `node:http` and a keep-alive agent, Deno and Bun with `fetch`. ' +
      'Binaries, `config/`, `locales/` and `web/dist/` are copied at the start (under bench/results/tmp/) so edits meanwhile change nothing.',
    `- **Upstream**: one standalone \`target/release/upstream\` (real data in \`data/\`, users database in memory, \`RUST_LOG=warn\`) on ${UPSTREAM}, shared by all servers, on CPU ${S.load.spec}.`,
    `- **Load**: wrk on CPU ${S.load.spec}, threads = min(connections, ${S.load.cpus.length}), keep-alive, **no Accept-Encoding header** (identity bodies), ` +
      `\`--timeout 10s\`; after each start ${S.warmup} s of warm-up per page at 8 connections; ${S.rounds} round(s) × ${S.duration} s per run; ` +
      `concurrency ${S.connections.join(', ')}. Figures are means over rounds. Errors: socket errors, timeouts and responses with any status other than the page's (404 for the 404 page).`,
    `- **CPU per request**: utime+stime of all the server's processes (/proc) over a run ÷ requests. "srv CPU" = that time ÷ wall time ÷ ${nServer} CPU(s); ` +
      '"CPU busy" = the server CPU set busy per /proc/stat (all processes: above "srv CPU" means other work shared it); "load CPU" = the load CPU set busy (wrk + upstream + others).',
    `- **Versions**: node ${versions.node}; ${versions.deno}; bun ${versions.bun}; ${versions.wrk}; ${versions.curl}; ${versions.kernel}; ${versions.cpu}, ${online} CPUs.`,
    '',
  );

  md.push('## HTML per page (identity body bytes, round 1)', '');
  md.push(
    table(
      ['page', 'URL', 'status', ...S.servers],
      PAGES.map((page) => {
        const p = pages.portal[page.url];
        return [
          page.name,
          `\`${page.url}\``,
          String(p.status),
          ...S.servers.map((s) => {
            const r = pages[s][page.url];
            if (s === 'portal') return `${r.size}`;
            const diff = r.sha === p.sha ? 'identical' : `${(((r.size - p.size) / p.size) * 100).toFixed(2)}%`;
            return `${r.size} (${r.status === p.status ? '' : `status ${r.status}, `}${diff})`;
          }),
        ];
      }),
    ),
    '',
  );

  for (const c of S.connections) {
    md.push(`## Concurrency ${c}`, '');
    const rows = [];
    for (const page of PAGES) {
      for (const s of S.servers) {
        const a = agg(s, page.url, c);
        rows.push([
          s === S.servers[0] ? page.name : '',
          s,
          S.rounds > 1 ? `${fmtRps(a.rps)} (${fmtRps(a.rpsMin)}–${fmtRps(a.rpsMax)})` : fmtRps(a.rps),
          fmtMs(a.p50),
          fmtMs(a.p99),
          String(a.errors),
          String(pages[s][page.url].size),
          a.cpu.toFixed(0),
          pct(a.serverCpu),
          pct(a.cpuBusy),
          pct(a.loadBusy),
        ]);
      }
    }
    md.push(table(['page', 'server', 'req/s (min–max)', 'p50 ms', 'p99 ms', 'errors', 'HTML B', 'CPU µs/req', 'srv CPU', 'CPU busy', 'load CPU'], rows), '');
    md.push(`Portal ÷ baseline at concurrency ${c} (throughput: above 1 the portal serves more; p99: below 1 the portal is faster):`, '');
    const ratioRows = PAGES.map((page) => [
      page.name,
      ...baselines.flatMap((b) => [fmtRatio(ratio(page.url, c, b, 'rps')), fmtRatio(ratio(page.url, c, b, 'p99'))]),
    ]);
    ratioRows.push([
      '**geometric mean**',
      ...baselines.flatMap((b) => [
        `**${fmtRatio(geomean(PAGES.map((p) => ratio(p.url, c, b, 'rps'))))}**`,
        `**${fmtRatio(geomean(PAGES.map((p) => ratio(p.url, c, b, 'p99'))))}**`,
      ]),
    ]);
    md.push(table(['page', ...baselines.flatMap((b) => [`req/s ÷ ${b}`, `p99 ÷ ${b}`])], ratioRows), '');
  }

  md.push('## Peak RSS (sum of VmHWM of the server\'s processes at the end of each round, MiB)', '');
  md.push(
    table(
      ['server', 'processes', ...Array.from({ length: S.rounds }, (_, i) => `round ${i + 1}`)],
      S.servers.map((s) => [s, String(rss[s][0].processes), ...rss[s].map((r) => mib(r.kb))]),
    ),
    '',
  );

  md.push('## CPU per request against the render floor', '');
  md.push(
    `Floor: median of \`render()\` alone in one isolate hosted on the timing thread, as on the portal's serving threads (\`render-floor --json\`, ${S.floorRuns} runs after warm-up, CPU ${S.server.cpus[0]}), ` +
      'measured in every round right after the portal\'s runs ("floor µs": the median over rounds; "by round": each round\'s), ' +
      'the input written and rendered the server\'s way (answers the isolate parsed before are reused); "whole input": ' +
      'the same render with the whole input parsed (runs interleaved). ' +
      'The portal\'s CPU per request also pays for HTTP, `resolve`, the upstream requests and the document.',
    '',
  );
  md.push(
    table(
      ['page', 'floor µs', 'by round', 'whole input µs', ...S.connections.flatMap((c) => [`portal µs/req c=${c}`, `÷ floor`]), ...baselines.map((b) => `${b} µs/req c=${TOP}`)],
      PAGES.map((page) => {
        const f = floor[page.url]?.median_us ?? NaN;
        return [
          page.name,
          f.toFixed(0),
          (floor[page.url]?.rounds ?? []).map((x) => (x ?? NaN).toFixed(0)).join(' / '),
          (floor[page.url]?.whole_input_median_us ?? NaN).toFixed(0),
          ...S.connections.flatMap((c) => {
            const a = agg('portal', page.url, c);
            return [a.cpu.toFixed(0), fmtRatio(a.cpu / f)];
          }),
          ...baselines.map((b) => agg(b, page.url, TOP).cpu.toFixed(0)),
        ];
      }),
    ),
    '',
  );

  md.push('## Slow-link figures (one request at a time)', '');
  md.push(
    `Time to first and last byte, mean of ${S.samples} sequential requests on one keep-alive connection (curl, loopback, after the load runs of round 1). ` +
      'The portal compresses HTML when asked (`Accept-Encoding: br`); the baselines never compress.',
    '',
  );
  const slowCols = [
    ['portal', 'br'],
    ['portal', 'identity'],
    ['node', 'identity'],
  ].filter(([s]) => slow[s]);
  md.push(
    table(
      ['page', ...slowCols.map(([s, e]) => `${s} ${e}: TTFB / TTLB ms, bytes`)],
      PAGES.map((page) => [
        page.name,
        ...slowCols.map(([s, e]) => {
          const t = slow[s][page.url][e];
          return `${fmtMs(t.ttfb)} / ${fmtMs(t.ttlb)}, ${t.bytes}`;
        }),
      ]),
    ),
    '',
  );
  const stalls = slowCols.flatMap(([s, e]) =>
    PAGES.filter((page) => slow[s][page.url][e].ttlb - slow[s][page.url][e].ttfb >= 30).map((page) => `${s} ${e} ${page.name}`),
  );
  if (stalls.length) {
    md.push(
      `Note: on loopback the last byte should follow the first within a few ms; here it came ≥ 30 ms later for ${stalls.join(', ')}. ` +
        'A wait of about 40 ms is the signature of Nagle\'s algorithm holding the last small write until the client\'s delayed ACK (no TCP_NODELAY on the accepted socket).',
      '',
    );
  }
  if (session.length) {
    const avg = (list, key) => list.reduce((a, r) => a + r[key], 0) / Math.max(1, list.length);
    const of = (who) => session.filter((r) => r.who === who);
    const [anon, buyer] = [of('anonymous'), of('buyer')];
    const baseline = (name) => avg(results.filter((r) => r.server === name && r.url === TENDERS.url && r.c === TOP), 'rps');
    md.push(`## A logged-in page (portal only, c=${TOP})`, '');
    md.push(
      `A buyer logged in through the login form (session cookies sent with every request) on \`${TENDERS.url}\`, ` +
        'against the same page anonymous in the same process, alternating twice. The baselines have no sessions: ' +
        'their figure is the anonymous page from the runs above.',
      '',
    );
    md.push(
      table(
        ['who', 'req/s', 'p99 ms', 'CPU µs/req', 'errors'],
        [anon, buyer].map((list) => [list[0].who, fmtRps(avg(list, 'rps')), fmtMs(avg(list, 'p99')), avg(list, 'cpuUsPerReq').toFixed(0), String(list.reduce((a, r) => a + r.errors, 0))]),
      ),
      '',
    );
    const ratios = BASELINES.filter((b) => S.servers.includes(b)).map((b) => `÷ ${b} (anonymous) ${(avg(buyer, 'rps') / baseline(b)).toFixed(2)}`);
    const against = ratios.length ? `; logged-in throughput ${ratios.join(', ')}` : '';
    md.push(`Logged-in CPU per request ÷ anonymous: **${(avg(buyer, 'cpuUsPerReq') / avg(anon, 'cpuUsPerReq')).toFixed(2)}**${against}.`, '');
    const [tenderAnon, follower] = [of('tender anonymous'), of('tender follower')];
    if (follower.length) {
      md.push(`### What following costs a page`, '');
      md.push(
        `The same buyer follows \`${TENDER.url}\` (through the page's form): its page then also asks the users API ` +
          'whether it follows the tender and what changed since the last look. Against the same page anonymous, alternating twice.',
        '',
      );
      md.push(
        table(
          ['who', 'req/s', 'p50 ms', 'p99 ms', 'CPU µs/req', 'errors'],
          [tenderAnon, follower].map((list) => [list[0].who, fmtRps(avg(list, 'rps')), fmtMs(avg(list, 'p50')), fmtMs(avg(list, 'p99')), avg(list, 'cpuUsPerReq').toFixed(0), String(list.reduce((a, r) => a + r.errors, 0))]),
        ),
        '',
      );
      md.push(`Follower CPU per request ÷ anonymous: **${(avg(follower, 'cpuUsPerReq') / avg(tenderAnon, 'cpuUsPerReq')).toFixed(2)}**; throughput ÷ anonymous: **${(avg(follower, 'rps') / avg(tenderAnon, 'rps')).toFixed(2)}**.`, '');
    }
  }
  if (prices.length) {
    const avg = (list, key) => list.reduce((a, r) => a + r[key], 0) / Math.max(1, list.length);
    const [withLines, without] = ['with prices', 'without prices'].map((who) => prices.filter((r) => r.who === who));
    const cpu = avg(withLines, 'cpuUsPerReq') / avg(without, 'cpuUsPerReq');
    const throughput = avg(withLines, 'rps') / avg(without, 'rps');
    const mark = (ok) => (ok ? '✓' : '✗');
    md.push(`## What the price lines cost the tender page (portal only, c=${TOP})`, '');
    md.push(
      `\`${TENDER.url}\` on a portal with its price lines (\`features.prices\`, the default: the page also asks the upstream ` +
        `\`/api/prices/tenders/{id}\`, beside the tender, and renders "others paid" beside ${pricePages['with prices'].lines} item(s); ` +
        `HTML ${pricePages['with prices'].size} B) against a portal with \`PORTAL_CLIENT_FEATURES_PRICES=false\` ` +
        `(no request, no line; HTML ${pricePages['without prices'].size} B). Both up at once on CPU ${S.server.spec}, ` +
        'the one not measured idle; alternating twice. "Upstream CPU" is the upstream\'s own time per page request (on the load CPUs).',
      '',
    );
    md.push(
      table(
        ['portal', 'req/s', 'p50 ms', 'p99 ms', 'CPU µs/req', 'upstream CPU µs/req', 'errors'],
        [withLines, without].map((list) => [
          list[0].who,
          fmtRps(avg(list, 'rps')),
          fmtMs(avg(list, 'p50')),
          fmtMs(avg(list, 'p99')),
          avg(list, 'cpuUsPerReq').toFixed(0),
          avg(list, 'upstreamUsPerReq').toFixed(0),
          String(list.reduce((a, r) => a + r.errors, 0)),
        ]),
      ),
      '',
    );
    const pctOf = (x) => `${x >= 0 ? '+' : '−'}${(Math.abs(x) * 100).toFixed(1)} %`;
    md.push(
      `CPU per request with ÷ without: **${cpu.toFixed(3)}** (${pctOf(cpu - 1)}) ${mark(cpu <= 1 + PRICES_TARGET)}; ` +
        `throughput with ÷ without: **${throughput.toFixed(3)}** (${pctOf(throughput - 1)}) ${mark(throughput >= 1 - PRICES_TARGET)}. ` +
        `Target (issue 47): the lines add at most ${(PRICES_TARGET * 100).toFixed(0)} % (CPU ratio ≤ ${(1 + PRICES_TARGET).toFixed(2)}, throughput ratio ≥ ${(1 - PRICES_TARGET).toFixed(2)}).`,
      '',
    );
  }
  const verdict = (bytes, budget) => (bytes <= budget ? 'within budget' : `**over budget by ${kib(bytes - budget)}**`);
  md.push('## Sizes against budgets (1 KiB = 1024 B)', '');
  md.push(
    `- \`${TENDERS.url}\` HTML: brotli **${compressed.br} B (${kib(compressed.br)})**, gzip ${compressed.gzip} B (${kib(compressed.gzip)}), identity ${compressed.identity} B; ` +
      `budget 30 KiB (${BUDGET_HTML} B) compressed: brotli ${verdict(compressed.br, BUDGET_HTML)}, gzip ${verdict(compressed.gzip, BUDGET_HTML)}.`,
    `- First-load JavaScript (${js.files.map((f) => `\`${f}\``).join(' + ')}, from \`web/dist/client/manifest.json\`): brotli **${js.br} B (${kib(js.br)})**, ` +
      `gzip ${js.gzip} B (${kib(js.gzip)}), raw ${js.raw} B; budget 120 KiB (${BUDGET_JS} B) compressed: brotli ${verdict(js.br, BUDGET_JS)}, gzip ${verdict(js.gzip, BUDGET_JS)}. ` +
      `The stylesheet adds ${js.css} B brotli.`,
    '',
  );

  const losses = [];
  for (const c of S.connections) {
    for (const page of PAGES) {
      for (const b of baselines) {
        const t = ratio(page.url, c, b, 'rps');
        const l = ratio(page.url, c, b, 'p99');
        if (t < 1) losses.push(`${page.name}, c=${c}: ${fmtRatio(t)}× ${b}'s throughput`);
        if (l > 1) losses.push(`${page.name}, c=${c}: p99 ${fmtRatio(l)}× ${b}'s`);
      }
    }
  }
  if (cached.length) {
    md.push(`## Micro-caching on (\`server.htmlMicroCacheMs\` = ${S.microCacheMs}), concurrency ${TOP}`, '');
    md.push(
      'The same portal build with anonymous pages kept in memory per URL and `Accept-Encoding` (off in every run above). ' +
        'The baselines render every request, as above.',
      '',
    );
    const head = ['page', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'CPU µs/req', ...baselines.map((b) => `÷ ${b} req/s`)];
    md.push(`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i ? '---:' : '---')).join('|')}|`);
    for (const page of PAGES) {
      const r = cached.find((x) => x.url === page.url);
      const cells = baselines.map((b) => {
        const o = agg(b, page.url, TOP);
        return o ? fmtRatio(r.rps / o.rps) : '-';
      });
      md.push(`| ${page.name} | ${fmtRps(r.rps)} | ${fmtMs(r.p50)} | ${fmtMs(r.p99)} | ${r.errors} | ${r.cpuUsPerReq.toFixed(0)} | ${cells.join(' | ')} |`);
    }
    md.push('');
  }
  if (encoded.length) {
    const level = JSON.parse(readFileSync(join(SNAPSHOT, 'config/portal.json'), 'utf8')).server.compressionLevel;
    md.push(`## Compressed pages (\`Accept-Encoding: br\` or \`gzip\`), concurrency ${TOP}`, '');
    md.push(
      `What browsers and crawlers ask for: the portal compresses each page as it renders it (\`server.compressionLevel\` = ${level}, ` +
        'micro-cache off). The baselines never compress, so there is no ratio here: "+ µs" is the CPU per request above the portal\'s identity runs at this concurrency.',
      '',
    );
    const head = ['page', 'encoding', 'bytes', 'req/s', 'p99 ms', 'errors', 'CPU µs/req', '+ µs'];
    md.push(`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i > 1 ? '---:' : '---')).join('|')}|`);
    for (const r of encoded) {
      const page = PAGES.find((p) => p.url === r.url);
      const identity = agg('portal', r.url, TOP);
      const extra = identity ? (r.cpuUsPerReq - identity.cpu).toFixed(0) : '-';
      md.push(`| ${page.name} | ${r.encoding} | ${r.bytes} | ${fmtRps(r.rps)} | ${fmtMs(r.p99)} | ${r.errors} | ${r.cpuUsPerReq.toFixed(0)} | ${extra} |`);
    }
    md.push('');
  }
  md.push('## Where the portal loses', '');
  md.push(losses.length ? losses.map((l) => `- ${l}`).join('\n') : 'Nowhere: it has the higher throughput and the lower p99 on every page, at every concurrency, against every baseline.', '');
  md.push(`Errors over all runs: ${totalErrors}.`, '');

  const top = Object.fromEntries(baselines.map((b) => [b, geomean(PAGES.map((p) => ratio(p.url, TOP, b, 'rps'))).toFixed(2)]));
  const finals = [
    ['bun', 'ssr-throughput-ratio-bun'],
    ['deno', 'ssr-throughput-ratio-deno'],
    ['node', 'ssr-throughput-ratio'],
  ]
    .filter(([b]) => top[b])
    .map(([b, label]) => `${label} ${top[b]}`);
  if (cached.length && baselines.includes('node')) {
    const mc = geomean(cached.map((r) => r.rps / agg('node', r.url, TOP).rps)).toFixed(1);
    finals.unshift(`ssr-micro-cached-ratio ${mc}`);
  }
  md.push(`Geometric means over the pages of portal ÷ baseline throughput at concurrency ${TOP} (the first line: micro-cached portal ÷ Node):`, '', '```', ...finals, '```', '');

  const report = md.join('\n');
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, 'latest.md'), report);
  const history = join(RESULTS, 'history.md');
  if (!existsSync(history)) writeFileSync(history, '# `make bench` history\n\nOne line per run: portal ÷ baseline throughput (geometric mean over pages at the highest concurrency), sizes.\n\n');
  // The run lines come first; the table of changes (written by hand) stays last.
  const line =
    `- ${new Date().toISOString().slice(0, 10)} \`${commit}\`${dirty ? '+' : ''} · ${S.rounds}×${S.duration} s, CPU ${S.server.spec}/${S.load.spec} · ` +
    `c=${TOP} ÷bun ${top.bun ?? '-'} ÷deno ${top.deno ?? '-'} ÷node ${top.node ?? '-'} · ` +
    `/tenders br ${compressed.br} B · first-load JS br ${js.br} B · errors ${totalErrors}\n`;
  const text = readFileSync(history, 'utf8');
  const changes = text.indexOf('\n## ');
  writeFileSync(history, changes < 0 ? text + line : text.slice(0, changes).replace(/\n*$/, '\n') + line + text.slice(changes));
  console.log(`\n${report}`);
  console.log(`bench: wrote ${join(RESULTS, 'latest.md')}, appended ${join(RESULTS, 'history.md')} (harness ${duration(Date.now() - started)})`);
  if (totalErrors > 0) console.log(`bench: warning: ${totalErrors} errors during the load runs (see the tables)`);
  succeeded = true;
  console.log(finals.join('\n'));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
