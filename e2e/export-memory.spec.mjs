// Exports stream with flat memory: a portal of its own over the real tenders and 20,000
// generated ones exports the whole 10,000-record window as CSV and as OCDS, read slowly
// and quickly, while its resident memory (portal and embedded upstream: one process) is
// sampled. Prints time to first byte, total time, size and peak RSS of each.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startPortal } from './portal.mjs';

const PORT = 18480;
let portal;
before(async () => {
  portal = await startPortal(
    { PORT: String(PORT), UPSTREAM_PORT: '18481', UPSTREAM_GENERATED_TENDERS: '20000', RUST_LOG: 'warn' },
    { timeoutMs: 120_000 },
  );
});
after(() => portal?.stop());

const rssMiB = () => {
  const line = readFileSync(`/proc/${portal.pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) / 1024;
};

/** Downloads `path`, pausing `pauseMs` between chunks (a slow client), sampling RSS. */
async function download(path, pauseMs) {
  let peak = rssMiB();
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB())), 50);
  const started = performance.now();
  const response = await fetch(`${portal.base}${path}`, { headers: { 'accept-encoding': 'identity' } });
  const reader = response.body.getReader();
  let firstByte;
  let bytes = 0;
  let tail = new Uint8Array();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    firstByte ??= performance.now() - started;
    bytes += value.length;
    tail = value.slice(-64);
    if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
  }
  clearInterval(sampler);
  peak = Math.max(peak, rssMiB());
  return { status: response.status, firstByte, total: performance.now() - started, bytes, peak, tail: new TextDecoder().decode(tail) };
}

test('exports of 10,000 records stream with the RSS growing by less than 50 MB', async () => {
  // Warm up: the pages and isolates every export uses.
  for (const path of ['/tenders', '/tenders.csv?keyword=zzzzqqq', '/tenders.atom']) await (await fetch(portal.base + path)).arrayBuffer();
  const found = await (await fetch('http://127.0.0.1:18481/api/tenders?perPage=1')).json();
  assert.ok(found['hydra:totalItems'] > 10_000, `${found['hydra:totalItems']} tenders`);
  const rows = [];
  for (const [path, pauseMs] of [['/tenders.csv', 0], ['/tenders.ocds.json', 0], ['/tenders.csv', 2]]) {
    const before = rssMiB();
    const run = await download(path, pauseMs);
    assert.equal(run.status, 200, path);
    const growth = run.peak - before;
    rows.push(`${path}${pauseMs ? ' (slow reader)' : ''}: ${(run.bytes / 1048576).toFixed(1)} MiB, first byte ${run.firstByte.toFixed(0)} ms, total ${(run.total / 1000).toFixed(2)} s, RSS ${before.toFixed(1)} → peak ${run.peak.toFixed(1)} MiB (+${growth.toFixed(1)})`);
    assert.ok(growth < 50, `${path}: RSS grew ${growth.toFixed(1)} MiB`);
    if (path.endsWith('.ocds.json')) assert.ok(run.tail.trimEnd().endsWith(']}'), 'the package is closed');
  }
  console.log(rows.join('\n'));
});
