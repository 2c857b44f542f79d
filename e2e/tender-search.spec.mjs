// Tender search against the real data in real Chromium: keyword, filters that
// survive a reload, the same search with JavaScript off, pagination bounds.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, open, upstream, openFilters } from './browser.mjs';
import { resultIds, searchResults } from './search.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

const count = (page) => page.textContent('.result-count');

test("a tender's id typed in the home search opens the tender", async () => {
  // Far from the first page, so the home page's own list cannot satisfy the wait.
  const { 'hydra:member': [tender] } = await upstream('/api/tenders?perPage=1&page=777');
  const { page, context, problems } = await open(browser, '/');
  await page.fill('#keyword', tender.tenderID);
  await Promise.all([page.waitForURL(`**/tenders/${tender.tenderID}`), page.press('#keyword', 'Enter')]);
  await page.waitForSelector('h1');
  // Its 32-hex id, searched without JavaScript, is found and opened by the server.
  const answer = await fetch(`${BASE}/tenders?keyword=${tender.id}`, { redirect: 'manual' });
  assert.equal(answer.status, 302);
  assert.equal(answer.headers.get('location'), `/tenders/${tender.tenderID}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('two filters narrow the count and survive a reload', async () => {
  const { page, context, problems } = await open(browser, '/tenders');
  const all = await count(page);
  await openFilters(page);
  await page.check('input[name="status"][value="complete"]');
  await page.check('input[name="procurementMethodType"][value="aboveThreshold"]');
  await Promise.all([page.waitForURL(/status%5B0%5D=complete|status\[0\]=complete/), page.click('.search-row button[type="submit"]')]);
  await page.waitForFunction((before) => document.querySelector('.result-count')?.textContent !== before, all);
  const narrowed = await count(page);
  const number = (s) => Number(s.replace(/\D/g, ''));
  assert.ok(number(narrowed) > 0 && number(narrowed) < number(all), `${narrowed} < ${all}`);
  const expected = await upstream('/api/tenders?status[0]=complete&procurementMethodType[0]=aboveThreshold&perPage=1');
  assert.equal(number(narrowed), expected['hydra:totalItems']);
  await page.reload();
  await page.waitForSelector('html[data-hydrated="true"]');
  assert.equal(await count(page), narrowed);
  assert.ok(await page.isChecked('input[name="status"][value="complete"]'));
  assert.ok(await page.isChecked('input[name="procurementMethodType"][value="aboveThreshold"]'));
  assert.deepEqual(problems, []);
  await context.close();
});

test('the same search with JavaScript disabled returns the same first page', async () => {
  const fill = async (page) => {
    await page.fill('#keyword', 'ремонт');
    await openFilters(page);
    await page.check('input[name="status"][value="complete"]');
  };
  const withJs = await searchResults(browser, '/tenders', fill, { javaScriptEnabled: true });
  const withoutJs = await searchResults(browser, '/tenders', fill, { javaScriptEnabled: false });
  assert.ok(withJs.length > 0);
  assert.deepEqual(withoutJs, withJs);
});

test('pagination links work without JavaScript and stop at the last page', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${BASE}/tenders?status=complete`);
  assert.equal(await page.locator('.pagination-prev[aria-disabled="true"]').count(), 1, 'prev disabled on page 1');
  const first = await resultIds(page);
  await Promise.all([page.waitForURL(/page=2/), page.click('.pagination-next')]);
  const second = await resultIds(page);
  assert.equal(second.length, 10);
  assert.notDeepEqual(second, first);
  const total = (await upstream('/api/tenders?status[0]=complete&perPage=1'))['hydra:totalItems'];
  const last = Math.ceil(total / 10);
  await page.goto(`${BASE}/tenders?status=complete&page=${last}`);
  assert.equal(await page.locator('.pagination-next[aria-disabled="true"]').count(), 1, 'next disabled on the last page');
  await context.close();
});

test('an unknown tender is a 404 page', async () => {
  const { response, context } = await open(browser, '/tenders/does-not-exist');
  assert.equal(response.status(), 404);
  await context.close();
});
