// Buyer and supplier pages: from a tender, a click on its buyer opens the buyer's page,
// whose totals by year equal the sums of the upstream's search answers (every page of
// `/api/tenders?organizer[0]=…` and `/api/contracts?organizer[0]=…`, added up here, apart
// from the page) and its aggregation answers; without JavaScript the server's HTML has the
// charts and their tables; an identifier no record names is a 404.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BASE, launch, open, upstream } from './browser.mjs';

const uk = JSON.parse(readFileSync(new URL('../locales/uk/dzo.json', import.meta.url), 'utf8'));
let browser;
let tender;

/** Every member of a search, page by page. */
async function all(path) {
  const members = [];
  for (let page = 1; ; page++) {
    const answer = await upstream(`${path}&perPage=100&page=${page}`);
    members.push(...answer['hydra:member']);
    if (page >= answer['hydra:view'].lastPage) return members;
  }
}

const kyivYear = (iso) => new Intl.DateTimeFormat('en', { timeZone: 'Europe/Kyiv', year: 'numeric' }).format(new Date(iso));

/** Count and UAH sum by year, from the records' own fields. */
function byYear(records, date, value) {
  const years = new Map();
  for (const r of records) {
    const year = kyivYear(date(r));
    const y = years.get(year) ?? { count: 0, sum: 0 };
    y.count += 1;
    y.sum += value(r)?.amount ?? 0;
    years.set(year, y);
  }
  return years;
}

/** `1 234 567,89 грн` → 1234567.89; '' → 0. */
const amount = (text) => Number(text.replace(/[^\d,]/g, '').replace(',', '.') || 0);
const cents = (n) => Math.round(n * 100);

before(async () => {
  // A tender whose buyer has a few dozen tenders: enough to sum, few enough to page through.
  const counts = await upstream('/api/aggregate/tenders?by=buyer&limit=200');
  const buyer = counts.groups.find((g) => g.count >= 5 && g.count <= 120);
  assert.ok(buyer, 'a buyer with 5 to 120 tenders');
  const newest = await upstream(`/api/tenders?organizer[0]=${buyer.key}&perPage=1`);
  tender = newest['hydra:member'][0];
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

test('a click on the buyer of a tender opens its page, whose totals are the API sums', async () => {
  const id = tender.procuringEntity.identifier.id.trim();
  const { context, page, problems } = await open(browser, `/tenders/${encodeURIComponent(tender.tenderID)}`);
  const link = page.locator('#organizer .organizer-name a');
  await link.click();
  await page.waitForURL(`${BASE}/buyers/${id}`);
  await page.getByRole('heading', { level: 2, name: uk.organisation.years.title }).waitFor();
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), tender.procuringEntity.name);

  const table = page.locator('#years table');
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  const total = await table.locator('tfoot tr').evaluate((tr) => [...tr.children].map((c) => c.textContent));

  const tenders = byYear(await all(`/api/tenders?organizer[0]=${id}`), (t) => t.dateCreated, (t) => t.value);
  const contracts = byYear(await all(`/api/contracts?organizer[0]=${id}`), (c) => c.dateSigned ?? c.dateCreated, (c) => c.value);
  const years = [...new Set([...tenders.keys(), ...contracts.keys()])].sort();
  assert.deepEqual(rows.map((r) => r[0]), years);
  for (const [year, tendered, tenderValue, signed, contractValue] of rows) {
    assert.equal(Number(tendered.replace(/\D/g, '')), tenders.get(year)?.count ?? 0, `${year}: tenders`);
    assert.equal(cents(amount(tenderValue)), cents(tenders.get(year)?.sum ?? 0), `${year}: expected value`);
    assert.equal(Number(signed.replace(/\D/g, '')), contracts.get(year)?.count ?? 0, `${year}: contracts`);
    assert.equal(cents(amount(contractValue)), cents(contracts.get(year)?.sum ?? 0), `${year}: contract value`);
  }
  // The totals are the aggregation's too.
  const aggregate = await upstream(`/api/aggregate/tenders?organizer[0]=${id}&by=year`);
  assert.equal(Number(total[1].replace(/\D/g, '')), aggregate.count);
  assert.equal(cents(amount(total[2])), cents(aggregate.value.UAH ?? 0));
  const sum = [...tenders.values()].reduce((n, y) => n + y.sum, 0);
  assert.equal(cents(aggregate.value.UAH ?? 0), cents(sum));
  assert.deepEqual(problems, []);
  await context.close();
});

test('without JavaScript the page has its charts and tables, and links its records', async () => {
  const id = tender.procuringEntity.identifier.id.trim();
  const { context, page, response } = await open(browser, `/buyers/${id}`, { javaScriptEnabled: false });
  assert.equal(response.status(), 200);
  const html = await response.text();
  for (const section of ['years', 'methods', 'divisions']) {
    const start = html.indexOf(`<section id="${section}"`);
    assert.ok(start > 0, section);
    const part = html.slice(start, html.indexOf('</section>', start));
    assert.match(part, /<div class="org-chart[^"]*" aria-hidden="true"/, section);
    assert.match(part, /<table class="org-table">/, section);
  }
  assert.ok(await page.locator(`#newest-tenders a[href="/tenders/${tender.tenderID}"]`).count());
  await context.close();
});

test('a supplier page lists the buyers it won from; unknown identifiers are 404', async () => {
  const suppliers = await upstream('/api/aggregate/contracts?by=supplier&limit=1');
  const supplier = suppliers.groups[0];
  const { context, page, response } = await open(browser, `/suppliers/${supplier.key}`, { javaScriptEnabled: false });
  assert.equal(response.status(), 200);
  const buyers = await upstream(`/api/aggregate/contracts?supplier[0]=${supplier.key}&by=buyer&limit=20`);
  assert.equal(await page.locator('#buyers tbody tr').count(), buyers.groups.length);
  assert.ok(await page.locator(`#buyers a[href="/buyers/${buyers.groups[0].key}"]`).count());
  await context.close();
  for (const path of ['/buyers/00000000', '/suppliers/0000000000', '/buyers/a%20b', '/en/buyers/00000001']) {
    const r = await fetch(BASE + path);
    assert.equal(r.status, 404, path);
  }
});
