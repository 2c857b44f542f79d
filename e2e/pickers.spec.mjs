// The classifier and organisation pickers of the tender search, in real Chromium
// against the real data: a CPV code picked in the tree narrows the search and its
// label comes back after a reload; a keyword hit opens its parents in the tree; an
// organisation found by keyword is kept by its id and named after a reload.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, upstream, openFilters } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

const number = (s) => Number(s.replace(/\D/g, ''));
const cpv = '[data-picker="classification"]';

test('a CPV code picked in the tree filters the list and restores its label after reload', async () => {
  // A second-level node with results in the real data, and its parent.
  const top = (await upstream('/api/classifications?scheme=classification&page=1&perPage=10000'))['hydra:member'];
  let parent;
  let child;
  for (const node of top) {
    const kids = (await upstream(`/api/classifications?scheme=classification&page=1&perPage=10000&parentId=${node.id}`))['hydra:member'];
    for (const kid of kids) {
      const found = await upstream(`/api/tenders?classification[0]=${kid.id}&perPage=1`);
      if (found['hydra:totalItems'] > 0) {
        parent = node;
        child = { ...kid, total: found['hydra:totalItems'] };
        break;
      }
    }
    if (child) break;
  }
  assert.ok(child, 'a CPV group with tenders');

  const { page, context, problems } = await open(browser, '/tenders');
  await openFilters(page);
  await page.click(`${cpv} .picker-open`);
  const parentRow = page.locator(`${cpv} [data-node="${parent.id}"]`);
  await parentRow.locator('.picker-toggle').click();
  const childRow = page.locator(`${cpv} [data-node="${child.id}"]`);
  await childRow.locator('input[type="checkbox"]').check();
  // The pick shows up among the chosen values of the form.
  const chosen = page.locator(`${cpv} .picker-chosen input[value="${child.id}"]`);
  assert.ok(await chosen.isChecked());
  await Promise.all([
    page.waitForURL((url) => url.searchParams.get('classification[0]') === child.id),
    page.click('.search-row button[type="submit"]'),
  ]);
  await page.waitForFunction((n) => Number(document.querySelector('.result-count')?.textContent.replace(/\D/g, '')) === n, child.total);

  await page.reload();
  await page.waitForSelector('html[data-hydrated="true"]');
  assert.equal(number(await page.textContent('.result-count')), child.total);
  const label = await page.textContent(`${cpv} .picker-chosen label:has(input[value="${child.id}"]) .picker-label`);
  assert.equal(label, child.name);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a keyword hit shown in the tree opens all its parents', async () => {
  // A fourth-level code: three parents must open.
  const hits = (await upstream('/api/classifications?scheme=classification&page=1&perPage=10000&keyword=пшениця'))['hydra:member'];
  const deep = hits.find((n) => n.treeLevel >= 4);
  assert.ok(deep, 'a deep CPV node for the keyword');
  const chain = [];
  for (let id = deep.parentId; id; ) {
    const [node] = (await upstream(`/api/classifications?scheme=classification&page=1&perPage=10000&searchId[]=${id}`))['hydra:member'];
    chain.unshift(node.id);
    id = node.parentId;
  }
  assert.ok(chain.length >= 3, chain.join(' > '));

  const { page, context, problems } = await open(browser, '/tenders');
  await openFilters(page);
  await page.click(`${cpv} .picker-open`);
  await page.fill(`${cpv} .picker-keyword`, 'пшениця');
  const hit = page.locator(`${cpv} .picker-hits .picker-row`, { hasText: deep.id });
  await hit.locator('.picker-reveal').click();
  const row = page.locator(`${cpv} [data-node="${deep.id}"]`);
  await row.waitFor();
  for (const id of chain) {
    assert.equal(await page.getAttribute(`${cpv} [data-node="${id}"] .picker-toggle`, 'aria-expanded'), 'true', id);
  }
  // Siblings come in CPV order: by the number before the hyphen.
  const siblings = await page.$$eval(`${cpv} [data-node="${chain.at(-1)}"] + ul > li > .picker-row`, (rows) => rows.map((r) => r.dataset.node));
  const numbers = siblings.map((id) => Number(id.split('-')[0]));
  assert.deepEqual(numbers, [...numbers].sort((a, b) => a - b));
  assert.ok(siblings.includes(deep.id));
  assert.deepEqual(problems, []);
  await context.close();
});

test('an organizer found by keyword is kept by id and named after reload', async () => {
  const { 'hydra:member': [tender] } = await upstream('/api/tenders?perPage=1&page=321');
  const org = tender.procuringEntity.identifier.id;
  const [{ legalName }] = (await upstream(`/api/tender_identifiers?id[]=${org}`))['hydra:member'];
  const { page, context, problems } = await open(browser, '/tenders');
  const picker = '[data-picker="organizer"]';
  await openFilters(page);
  await page.click(`${picker} .picker-open`);
  await page.fill(`${picker} .picker-keyword`, org);
  // The hits are the options of the keyword combobox's listbox.
  await page.locator(`${picker} .picker-hits [role="option"]`).first().waitFor();
  await page.locator(`${picker} .picker-hits [role="option"]`, { hasText: org }).click();
  await Promise.all([
    page.waitForURL((url) => url.searchParams.get('organizer[0]') === org),
    page.click('.search-row button[type="submit"]'),
  ]);
  await page.reload();
  await page.waitForSelector('html[data-hydrated="true"]');
  const label = await page.textContent(`${picker} .picker-chosen label:has(input[value="${org}"])`);
  assert.ok(label.includes(legalName || org), label);
  const ids = await page.$$eval('.tender-results .tender-card-facts', (els) => els.map((e) => e.textContent));
  assert.ok(ids.length > 0 && ids.every((text) => text.includes(org)));
  assert.deepEqual(problems, []);
  await context.close();
});
