// One verdict on upstream failures, on first load and after a client navigation alike:
// a failed required answer (the tender) is its error page, a failed optional one (the
// tender's monitorings) leaves a note where they would be. A portal of its own reads the
// real upstream through a stand-in that fails the paths this spec names.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { launch, upstream, UPSTREAM } from './browser.mjs';
import { startPortal } from './portal.mjs';

const uk = JSON.parse(readFileSync(new URL('../locales/uk/dzo.json', import.meta.url), 'utf8'));
const faults = new Map();
let proxy, portal, browser, optional, required;

before(async () => {
  // Two tenders of the home page (tenderIDs can repeat among the API-documentation
  // examples: two different ones): the first loses its monitorings, the second itself.
  const newest = await upstream('/api/tenders?page=1&perPage=10&sortOrder=dateCreated.desc');
  [optional, required] = [...new Set(newest['hydra:member'].map((t) => t.tenderID))];
  faults.set(`/api/tenders/${optional}/monitorings`, 500);
  faults.set(`/api/tenders/${required}`, 500);
  proxy = createServer(async (req, res) => {
    const path = req.url.split('?')[0];
    if (faults.has(path)) {
      res.writeHead(faults.get(path), { 'content-type': 'application/json' }).end('{}');
      return;
    }
    const real = await fetch(UPSTREAM + req.url);
    res.writeHead(real.status, { 'content-type': 'application/json' }).end(Buffer.from(await real.arrayBuffer()));
  });
  await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const through = `http://127.0.0.1:${proxy.address().port}`;
  portal = await startPortal({
    PORT: '18094',
    RUST_LOG: 'warn',
    PORTAL_SERVER_EMBEDDED_UPSTREAM: 'false',
    PORTAL_CLIENT_ENDPOINTS_SEARCH: through,
    PORTAL_CLIENT_ENDPOINTS_USERS: through,
    PORTAL_CLIENT_PUBLIC_ORIGIN: 'http://127.0.0.1:18094',
  });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await portal?.stop();
  proxy?.close();
});

async function visit(path) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    // The 503 document itself is reported by Chromium as a failed resource.
    if (m.text().includes('status of 503')) return;
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  const response = await page.goto(portal.base + path, { waitUntil: 'load' });
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 10000 });
  return { context, page, response, problems };
}

const monitoringsNote = (page) => page.textContent('#monitorings');

test('first load: a failed optional answer leaves a note, a failed required one is its error page', async () => {
  const ok = await visit(`/tenders/${optional}`);
  assert.equal(ok.response.status(), 200);
  assert.ok((await monitoringsNote(ok.page)).includes(uk.common.unavailable));
  assert.deepEqual(ok.problems, []);
  await ok.context.close();
  const failed = await visit(`/tenders/${required}`);
  // The portal answers 503; the page shows the code that failed, the upstream's 500, with
  // the 500 text (SPEC §2.4, §2.5).
  assert.equal(failed.response.status(), 503);
  assert.equal((await failed.page.textContent('h1')).trim(), uk.errorPage['500'].title);
  assert.equal((await failed.page.textContent('.error-code')).trim(), '500');
  assert.deepEqual(failed.problems, []);
  await failed.context.close();
});

test('client navigation: the same verdicts, without a reload', async () => {
  const { context, page, problems } = await visit('/');
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
  await page.click(`a[href="/tenders/${optional}"]`);
  await page.waitForSelector('#monitorings');
  assert.ok((await monitoringsNote(page)).includes(uk.common.unavailable));
  assert.ok(!(await page.textContent('main')).includes(uk.errorPage['500'].title));
  await page.goBack();
  await page.waitForSelector(`a[href="/tenders/${required}"]`);
  await page.click(`a[href="/tenders/${required}"]`);
  await page.waitForSelector('.error-page');
  assert.equal((await page.textContent('h1')).trim(), uk.errorPage['500'].title);
  assert.equal((await page.textContent('.error-code')).trim(), '500');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no full reload');
  assert.deepEqual(problems, []);
  await context.close();
});
