// The plan and contract registers' searches against the real data in real Chromium:
// the tender search's pieces serving them (keyword, CPV, year and supplier filters that
// survive a reload, the same first page with JavaScript off).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, UPSTREAM, launch, open, upstream, openFilters } from './browser.mjs';
import { resultIds, searchResults } from './search.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

const count = async (page) => Number((await page.textContent('.result-count')).replace(/\D/g, ''));
const submit = (page, url) => Promise.all([page.waitForURL(url), page.click('.search-row button[type="submit"]')]);

test("a plan's id typed in the search opens the plan", async () => {
  const { 'hydra:member': [plan] } = await upstream('/api/plans?perPage=1&page=77');
  const { page, context, problems } = await open(browser, '/plans');
  await page.fill('#keyword', plan.planID);
  await Promise.all([page.waitForURL(`**/plans/${plan.planID}`), page.press('#keyword', 'Enter')]);
  await page.waitForSelector('h1');
  // Without JavaScript the server opens it too.
  const answer = await fetch(`${BASE}/plans?keyword=${plan.planID}`, { redirect: 'manual' });
  assert.equal(answer.status, 302);
  assert.equal(answer.headers.get('location'), `/plans/${plan.planID}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a tender's id typed in the contracts search leads to the tender's contracts", async () => {
  // Tenders of the real data with one contract and with several (contracts by their tender).
  const { 'hydra:member': contracts } = await upstream('/api/contracts?perPage=100&sortOrder=dateCreated.desc');
  const byTender = new Map();
  for (const c of contracts) byTender.set(c.tender_id, [...(byTender.get(c.tender_id) ?? []), c]);
  const tenderOf = async (n) => {
    for (const [id, list] of byTender) {
      if (id && list.length === n) {
        // A contract's tender need not be stored (the API-documentation examples).
        const tender = await fetch(`${UPSTREAM}/api/tenders/${id}`);
        if (tender.status !== 200) continue;
        const all = (await upstream(`/api/contracts?tender_id[0]=${id}&perPage=10`))['hydra:member'];
        if (all.length === n) return { tender: await tender.json(), list: all };
      }
    }
    return null;
  };
  const one = await tenderOf(1);
  assert.ok(one, 'a tender with one contract');
  // Without JavaScript: one contract is its page, never /contracts/<tender id> (a 404).
  const answer = await fetch(`${BASE}/contracts?keyword=${one.tender.tenderID}`, { redirect: 'manual' });
  if (answer.status === 302) {
    assert.equal(answer.headers.get('location'), `/contracts/${one.list[0].contractID}`);
    assert.equal((await fetch(BASE + answer.headers.get('location'))).status, 200);
  } else {
    assert.equal(answer.status, 200, 'or the list of its contracts');
  }
  const several = await tenderOf(2);
  if (several) {
    const list = await fetch(`${BASE}/contracts?keyword=${several.tender.tenderID}`, { redirect: 'manual' });
    assert.equal(list.status, 200, "several contracts: the list, not a redirect");
  }
  // With JavaScript, from the form.
  const { page, context, problems } = await open(browser, '/contracts');
  await page.fill('#keyword', one.tender.tenderID);
  await page.press('#keyword', 'Enter');
  await page.waitForLoadState('load');
  await page.waitForSelector('h1');
  assert.notEqual(new URL(page.url()).pathname, `/contracts/${one.tender.tenderID}`, page.url());
  assert.equal(await page.locator('.not-found, [data-status="404"]').count(), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a CPV filter and a year filter narrow the plans, as the upstream counts them', async () => {
  const { 'hydra:member': [plan] } = await upstream('/api/plans?perPage=1&page=5');
  const cpv = plan.classification.id;
  const { page, context, problems } = await open(browser, `/plans?classification[0]=${cpv}`);
  const all = (await upstream('/api/plans?perPage=1'))['hydra:totalItems'];
  const byCpv = await count(page);
  assert.equal(byCpv, (await upstream(`/api/plans?classification[0]=${cpv}&perPage=1`))['hydra:totalItems']);
  assert.ok(byCpv > 0 && byCpv < all, `${byCpv} < ${all}`);
  // The year's checkbox, beside its facet count.
  const years = (await upstream('/api/plans?perPage=1')).facets.planYear;
  const year = Object.keys(years).sort((a, b) => years[a] - years[b])[0];
  await page.goto(`${BASE}/plans`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await openFilters(page);
  await page.check(`input[name="planYear"][value="${year}"]`);
  await submit(page, /planYear/);
  await page.waitForFunction((n) => document.querySelector('.result-count')?.textContent.replace(/\D/g, '') === String(n), years[year]);
  assert.ok(years[year] < all);
  await page.reload();
  await page.waitForSelector('html[data-hydrated="true"]');
  assert.equal(await count(page), years[year]);
  assert.ok(await page.isChecked(`input[name="planYear"][value="${year}"]`));
  assert.deepEqual(problems, []);
  await context.close();
});

test('a supplier filter narrows the contracts and survives a reload', async () => {
  const { 'hydra:member': [contract] } = await upstream('/api/contracts?perPage=1&page=40');
  const supplier = contract.suppliers[0].identifier.id;
  const { page, context, problems } = await open(browser, '/contracts');
  const all = await count(page);
  const picker = '[data-picker="supplier"]';
  await openFilters(page);
  await page.click(`${picker} .picker-open`);
  await page.fill(`${picker} .picker-keyword`, supplier);
  // The hits are the options of the keyword combobox's listbox.
  await page.locator(`${picker} .picker-hits [role="option"]`, { hasText: supplier }).click();
  await submit(page, (url) => url.searchParams.get('supplier[0]') === supplier);
  const expected = (await upstream(`/api/contracts?supplier[0]=${supplier}&perPage=1`))['hydra:totalItems'];
  await page.waitForFunction((n) => document.querySelector('.result-count')?.textContent.replace(/\D/g, '') === String(n), expected);
  assert.ok(expected > 0 && expected < all);
  await page.reload();
  await page.waitForSelector('html[data-hydrated="true"]');
  assert.equal(await count(page), expected);
  const facts = await page.$$eval('.tender-results .tender-card-facts', (els) => els.map((e) => e.textContent));
  assert.ok(facts.length > 0 && facts.every((text) => text.includes(supplier)));
  assert.deepEqual(problems, []);
  await context.close();
});

test('each of these searches gives the same first page with JavaScript off', async () => {
  const { 'hydra:member': [contract] } = await upstream('/api/contracts?perPage=1&page=40');
  const searches = [
    ['/plans', async (page) => {
      await openFilters(page);
      await page.check('input[name="status"][value="scheduled"]');
    }],
    ['/plans', (page) => page.fill('#keyword', 'ремонт')],
    ['/contracts', (page) => page.fill('#keyword', contract.suppliers[0].identifier.legalName.split(/\s+/).find((w) => w.length > 4) ?? 'послуги')],
    ['/contracts', async (page) => {
      await openFilters(page);
      await page.check('input[name="status"][value="active"]');
    }],
  ];
  for (const [path, fill] of searches) {
    const withJs = await searchResults(browser, path, fill, { javaScriptEnabled: true });
    assert.ok(withJs.length > 0, path);
    assert.deepEqual(await searchResults(browser, path, fill, { javaScriptEnabled: false }), withJs, path);
  }
});
