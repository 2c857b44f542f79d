// Ready means ready: the portal prints `ready: <address>` (and /healthz says 200) only
// once the embedded upstream serves too, so the very first request after it gets its
// page, never the 502 of an upstream still loading.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal } from './portal.mjs';

test('a request the moment the portal says ready gets its page', async () => {
  const port = 18092;
  const portal = await startPortal({ PORT: String(port), UPSTREAM_PORT: '18093', RUST_LOG: 'warn' });
  try {
    assert.equal(portal.readyLine, `ready: http://127.0.0.1:${port}`);
    // At once, and concurrently: a data page, the search, a tender's own page and health.
    const [home, tenders, health] = await Promise.all(['/', '/tenders?status=complete', '/healthz'].map((p) => fetch(portal.base + p)));
    assert.equal(home.status, 200, 'home page right after ready');
    assert.equal(tenders.status, 200, 'search right after ready');
    assert.equal(health.status, 200, 'healthz right after ready');
    const id = /href="\/tenders\/(UA-[^"/]+)"/.exec(await home.text())?.[1];
    assert.ok(id, 'the home page lists tenders');
    assert.equal((await fetch(`${portal.base}/tenders/${id}`)).status, 200);
  } finally {
    await portal.stop();
  }
});
