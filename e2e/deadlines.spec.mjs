// Issue 29, items 10, 16 and 18, as a supplier, a journalist and an English reader meet
// them: every tender card shows its submission deadline and the time left; "accepting
// bids now" and the nearest deadline first work with and without JavaScript; the
// exports offer a workbook and a CSV for comma-decimal spreadsheets; English list cards
// name CPV codes and product characteristics in English.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, open, upstream } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

const CYRILLIC = /[\u0400-\u04ff]/;

/** The cards' deadline values: [text of the date, its note]. */
const deadlines = (page) =>
  page.$$eval('.tender-card', (cards) =>
    cards.map((card) => {
      const dd = [...card.querySelectorAll('dt')].find((dt) => /Подання пропозицій до|Bids due/.test(dt.textContent))?.nextElementSibling;
      return dd ? [dd.querySelector('time')?.getAttribute('datetime') ?? '', dd.querySelector('.deadline-note')?.textContent ?? ''] : null;
    }),
  );

test('every tender card with a tender period shows its deadline, and the time left or that it passed', async () => {
  const { context, page, problems } = await open(browser, '/tenders?status%5B0%5D=active.tendering');
  try {
    const found = await deadlines(page);
    assert.ok(found.length > 0);
    const now = Date.now();
    for (const d of found) {
      assert.ok(d, 'an active.tendering tender has a tender period, and its card the deadline');
      const [at, note] = d;
      assert.ok(!Number.isNaN(Date.parse(at)), at);
      assert.equal(note, Date.parse(at) > now ? note : 'строк минув', `${at}: ${note}`);
      if (Date.parse(at) > now) assert.match(note, /^залишилось /);
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

for (const javaScriptEnabled of [true, false]) {
  test(`"accepting bids now" and the nearest deadline first (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async () => {
    const { context, page } = await open(browser, '/tenders', { javaScriptEnabled });
    try {
      await page.check('input[name="acceptingBids"]');
      await page.selectOption('select[name="sortOrder"]', 'tenderPeriodEnd.asc');
      await Promise.all([page.waitForURL(/acceptingBids=true/), page.click('.search-options button[type="submit"]')]);
      await page.waitForLoadState('load');
      if (javaScriptEnabled) await page.waitForFunction(() => document.querySelector('input[name="acceptingBids"]')?.checked === true);
      const url = new URL(page.url());
      assert.equal(url.searchParams.get('acceptingBids'), 'true');
      assert.equal(url.searchParams.get('sortOrder'), 'tenderPeriodEnd.asc');
      // The page shows what the upstream answers for the same request, in its order.
      const expected = await upstream('/api/tenders?acceptingBids=true&sortOrder=tenderPeriodEnd.asc&perPage=10');
      const ids = await page.$$eval('.tender-card .tender-id', (els) => els.map((e) => e.textContent.trim()));
      assert.deepEqual(ids, expected['hydra:member'].map((t) => t.tenderID));
      const now = Date.now();
      const ends = expected['hydra:member'].map((t) => Date.parse(t.tenderPeriod.endDate));
      assert.ok(ends.every((end) => end > now - 60_000), 'every result still takes bids');
      assert.deepEqual([...ends].sort((a, b) => a - b), ends, 'the nearest deadline first');
      for (const [, note] of await deadlines(page)) assert.match(note, /^залишилось /);
    } finally {
      await context.close();
    }
  });
}

test('a search offers its result as XLSX, CSV and semicolon CSV, each a real file', async () => {
  const { context, page } = await open(browser, '/contracts?status%5B0%5D=active');
  try {
    const hrefs = await page.$$eval('.machine-links a[download]', (as) => as.map((a) => a.getAttribute('href')));
    for (const ext of ['.xlsx', '.csv', '.semicolon.csv', '.ocds.json']) {
      assert.ok(hrefs.some((h) => new URL(h, 'http://x').pathname === `/contracts${ext}`), `${ext} in ${hrefs}`);
    }
    const xlsx = await fetch(`${BASE}/contracts.xlsx?status%5B0%5D=active`);
    assert.equal(xlsx.status, 200);
    const bytes = new Uint8Array(await xlsx.arrayBuffer());
    assert.deepEqual([...bytes.slice(0, 2)], [0x50, 0x4b], 'a ZIP container');
    const semicolon = await (await fetch(`${BASE}/contracts.semicolon.csv?status%5B0%5D=active`)).text();
    const header = semicolon.split('\r\n')[0];
    assert.ok(header.split(';').length > 10 && !header.includes(','), header);
  } finally {
    await context.close();
  }
});

test('English list cards name CPV codes and product characteristics in English', async () => {
  const { context, page, problems } = await open(browser, '/en/tenders');
  try {
    const cpv = await page.$$eval('.tender-card dt', (dts) =>
      dts.filter((dt) => dt.textContent.startsWith('CPV')).map((dt) => dt.nextElementSibling.textContent));
    assert.ok(cpv.length > 0);
    // Each code the classifier names in English is named so; the others keep the record's words.
    const codes = [...new Set(cpv.map((line) => line.split(' ')[0]))];
    const named = await upstream(`/api/classifications?scheme=classification&perPage=100&${codes.map((c) => `searchId[]=${c}`).join('&')}`);
    const english = new Map(named['hydra:member'].filter((m) => m.name_en).map((m) => [m.id, m.name_en]));
    assert.ok(english.size > 0);
    for (const line of cpv) {
      const name = english.get(line.split(' ')[0]);
      if (name) assert.equal(line, `${line.split(' ')[0]} ${name}`);
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
  const market = await open(browser, '/en/market/products');
  try {
    const names = await market.page.$$eval('.product-card-facts dt', (dts) => dts.map((dt) => dt.textContent));
    assert.ok(names.length > 0);
    for (const name of names) assert.doesNotMatch(name, CYRILLIC, name);
    assert.deepEqual(market.problems, []);
  } finally {
    await market.context.close();
  }
});
