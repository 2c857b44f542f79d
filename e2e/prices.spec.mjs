// What others paid per unit (issue 47) in real Chromium, checked against a brute-force
// computation over the upstream's own records: a price page with JavaScript off draws
// its chart in the server's HTML, and its figures (median, quartiles, range, fences,
// outlier counts) are those of every row behind the group, recomputed here (Hyndman and
// Fan's type 8 quantiles, as the indicators take them); a row's unit price is its tender's
// award divided by the item's quantity, recomputed from the tender; the group's CSV
// export parses and holds exactly those rows; and a tender page says, under its item,
// the others' median and count (this tender's own prices left out) and where its own
// awarded unit price stands, with JavaScript off and after hydration. The price page has
// no error for the Nu HTML checker and no violation for axe (WCAG 2.2 AA), in both languages.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { BASE, launch, open, upstream } from './browser.mjs';
import { schemaProblems } from './schemaorg.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/** The τ-quantile of sorted numbers, type 8 (the indicators' `quantile`). */
function quantile(sorted, tau) {
  const n = sorted.length;
  const h = (n + 1 / 3) * tau + 1 / 3;
  const hf = Math.trunc(h);
  if (hf <= 0 || tau === 0) return sorted[0];
  if (hf >= n || tau === 1) return sorted[n - 1];
  return sorted[hf - 1] + (h - hf) * (sorted[hf] - sorted[hf - 1]);
}

/** The distribution of `amounts`, as the upstream describes a group. */
function distribution(amounts) {
  const s = [...amounts].sort((a, b) => a - b);
  const q1 = quantile(s, 0.25);
  const q3 = quantile(s, 0.75);
  const lowerFence = q1 - 1.5 * (q3 - q1);
  const upperFence = q3 + 1.5 * (q3 - q1);
  return {
    count: s.length, min: s[0], q1, median: quantile(s, 0.5), q3, max: s[s.length - 1], lowerFence, upperFence,
    outliersHigh: s.filter((a) => a > upperFence).length, outliersLow: s.filter((a) => a < lowerFence).length,
  };
}

/** Equal within floating-point noise (a fence is one `mul_add` in Rust, two operations here). */
const near = (a, b, what) => assert.ok(Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)), `${what}: ${a} ≠ ${b}`);

const vatKey = (v) => (v === true ? 'true' : v === false ? 'false' : 'null');
const anchorOf = (g) => `${g.unit.code}-${g.currency}-${g.valueAddedTaxIncluded === true ? 'vat' : g.valueAddedTaxIncluded === false ? 'novat' : 'unknown'}`;
const groupQuery = (g) => `unit=${encodeURIComponent(g.unit.code)}&currency=${g.currency}&valueAddedTaxIncluded=${vatKey(g.valueAddedTaxIncluded)}`;

/** Every row behind a group of `digits`, newest first, page by page as an export reads them. */
async function rowsOf(digits, g) {
  const rows = [];
  for (let page = 1; ; page += 1) {
    const answer = await upstream(`/api/prices/${digits}/awards?${groupQuery(g)}&per_page=1000&page=${page}`);
    rows.push(...answer.data);
    if (answer.data.length === 0 || rows.length >= answer.total) return { rows, total: answer.total };
  }
}

/**
 * The CPV division with the most prices, and the prices of its code: the spec needs no
 * code of its own, so it holds for any snapshot that has prices.
 */
async function busiestCode() {
  const divisions = (await upstream('/api/classifications?scheme=classification&page=1&perPage=100'))['hydra:member'];
  let best = null;
  for (const d of divisions) {
    const digits = d.id.slice(0, 8);
    const answer = await upstream(`/api/prices/${digits}?recent=100`);
    if (!best || answer.total > best.answer.total) best = { digits, answer };
  }
  assert.ok(best && best.answer.total > 0, 'the upstream has unit prices');
  return best;
}

let found;
const code = async () => (found ??= await busiestCode());

/**
 * A divided price as the portal keeps it (`roundUnitPrice` in web/src/records/unitPrice.ts,
 * `round_unit_price` in the indicators): to the kopeck from one unit of currency up, else
 * to four significant digits.
 */
const roundUnitPrice = (x) => (Math.abs(x) >= 1 ? Math.round(x * 100) / 100 : x === 0 ? 0 : Number(x.toPrecision(4)));

/** The price of one unit a tender's award gives its one item, recomputed from the tender. */
function awardedUnitPrice(tender, awardId) {
  const award = (tender.awards ?? []).find((a) => a.id === awardId);
  if (!award || award.status !== 'active' || typeof award.value?.amount !== 'number') return null;
  const items = (tender.items ?? []).filter((i) => !award.lotID || i.relatedLot === award.lotID);
  if (items.length !== 1 || !(items[0].quantity > 0)) return null;
  return { amount: roundUnitPrice(award.value.amount / items[0].quantity), item: items[0], award };
}

test('a price page draws its groups in the HTML without JavaScript, and its figures are those of the rows behind them', async () => {
  const { digits, answer } = await code();
  const { page, context, response, problems } = await open(browser, `/prices/${digits}`, { javaScriptEnabled: false });
  assert.equal(response.status(), 200);
  // The largest group, and two more at most (each a full brute-force pass).
  for (const g of answer.groups.slice(0, 3)) {
    const section = page.locator(`section#${anchorOf(g)}`);
    assert.equal(await section.locator('svg.price-box rect.price-iqr').count(), 1, `${anchorOf(g)}: the box plot is in the HTML`);
    assert.ok((await section.locator('figure figcaption').textContent()).length > 0);
    const figures = await section.locator('dl.price-figures data').evaluateAll((els) => els.map((e) => Number(e.getAttribute('value'))));
    const { rows, total } = await rowsOf(digits, g);
    assert.equal(total, g.count, `${anchorOf(g)}: the export's rows are the group's`);
    assert.equal(rows.length, g.count);
    const expected = distribution(rows.map((r) => r.amount));
    const names = ['median', 'q1', 'q3', 'min', 'max', 'lowerFence', 'upperFence'];
    names.forEach((name, i) => near(figures[i], expected[name], `${anchorOf(g)} ${name}`));
    if (g.outliersMarked !== false) {
      assert.equal(figures[7], expected.outliersHigh, `${anchorOf(g)}: outliers above`);
      assert.equal(figures[8], expected.outliersLow, `${anchorOf(g)}: outliers below`);
      // Each row says whether it is beyond its group's fences: the same rows as recomputed.
      assert.equal(rows.filter((r) => r.outlier === 'high').length, expected.outliersHigh);
      assert.equal(rows.filter((r) => r.outlier === 'low').length, expected.outliersLow);
    }
    // The newest prices, newest first, outliers kept and marked.
    const shown = await section.locator('table').first().locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({ outlier: tr.classList.contains('price-outlier-row'), amount: Number(tr.querySelector('td data')?.getAttribute('value')) })),
    );
    assert.equal(shown.length, Math.min(20, g.count));
    const recent = shown;
    assert.deepEqual(recent.map((r) => r.amount), rows.slice(0, recent.length).map((r) => r.amount));
    assert.deepEqual(recent.map((r) => r.outlier), rows.slice(0, recent.length).map((r) => !!r.outlier));
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test("a row's unit price is its tender's award divided by the item's quantity", async () => {
  const { digits, answer } = await code();
  const [g] = answer.groups;
  const { rows } = await rowsOf(digits, g);
  let checked = 0;
  for (const row of rows.filter((r) => r.basis === 'divided' && r.tenderID && r.awardId)) {
    const tender = await upstream(`/api/tenders/${encodeURIComponent(row.tenderID)}`);
    const own = awardedUnitPrice(tender, row.awardId);
    if (!own) continue;
    near(own.amount, row.amount, row.tenderID);
    assert.equal(own.item.unit?.code, g.unit.code, `${row.tenderID}: the unit, by its code`);
    assert.ok(own.item.classification?.id?.startsWith(answer.prefix), `${row.tenderID}: a code under ${answer.prefix}`);
    assert.equal(own.award.value.currency ?? tender.value?.currency, g.currency);
    if ((checked += 1) >= 10) break;
  }
  assert.ok(checked > 0, 'a divided price whose tender the upstream serves');
});

test("a group's CSV export parses, and its rows are the group's, in order", async () => {
  const { digits, answer } = await code();
  const [g] = answer.groups;
  const { page, context } = await open(browser, `/prices/${digits}`, { javaScriptEnabled: false });
  const href = await page.locator(`section#${anchorOf(g)} .machine-links a[href*=".csv?"]`).first().getAttribute('href');
  await context.close();
  assert.equal(href, `/prices/${digits}.csv?${groupQuery(g)}`);
  const response = await fetch(BASE + href);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type'), /^text\/csv/);
  assert.match(response.headers.get('content-disposition'), /attachment; filename="prices-/);
  const [header, ...records] = parse((await response.text()).replace(/^\uFEFF/, ''), { relax_column_count: false });
  const { rows } = await rowsOf(digits, g);
  assert.equal(records.length, rows.length);
  const at = (name) => header.indexOf(name);
  records.forEach((r, i) => {
    assert.equal(r[at('Закупівля')], rows[i].tenderID ?? rows[i].tender ?? '', `row ${i}`);
    assert.equal(Number(r[at('Ціна за одиницю')]), rows[i].amount, `row ${i}`);
    assert.equal(r[at('Код одиниці')], g.unit.code);
    assert.equal(r[at('Валюта')], g.currency);
    assert.equal(r[at('Викид')] !== '', !!rows[i].outlier, `row ${i}`);
  });
  // The workbook of the same rows.
  const xlsx = await fetch(`${BASE}/prices/${digits}.xlsx?${groupQuery(g)}`);
  assert.equal(xlsx.status, 200);
  assert.equal(xlsx.headers.get('content-type'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  assert.equal(Buffer.from(await xlsx.arrayBuffer()).subarray(0, 2).toString(), 'PK');
});

test('a price page has its head: title, canonical, alternates and a schema.org Dataset', async () => {
  const { digits, answer } = await code();
  const { page, context } = await open(browser, `/prices/${answer.cpv}?region=`, { javaScriptEnabled: false });
  const canonical = await page.getAttribute('link[rel=canonical]', 'href');
  assert.ok(canonical.endsWith(`/prices/${digits}`), canonical);
  assert.ok((await page.getAttribute('link[rel=alternate][hreflang=en]', 'href')).endsWith(`/en/prices/${digits}`));
  assert.match(await page.title(), new RegExp(answer.cpv));
  const json = JSON.parse(await page.locator('script[type="application/ld+json"]').textContent());
  assert.deepEqual(schemaProblems(json), []);
  const dataset = (json['@graph'] ?? [json]).find((n) => n['@type'] === 'Dataset');
  assert.equal(dataset.identifier, answer.cpv);
  assert.equal(dataset.variableMeasured.length, answer.groups.length);
  await context.close();
});

test('a price page filters by a plain GET form, and answers 404 for what is no code', async () => {
  const { digits, answer } = await code();
  const g = answer.groups.at(-1);
  const { page, context } = await open(browser, `/prices/${digits}`, { javaScriptEnabled: false });
  await page.selectOption('select[name=unit]', g.unit.code);
  await Promise.all([page.waitForNavigation(), page.click('.prices-filters button[type=submit]')]);
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('unit'), g.unit.code);
  const sections = await page.locator('section.prices-group').evaluateAll((els) => els.map((e) => e.id));
  assert.ok(sections.length > 0 && sections.every((id) => id.startsWith(`${g.unit.code}-`)), sections.join());
  // A period with no prices: a page that says so.
  await page.goto(`${BASE}/prices/${digits}?dateFrom=2000-01-01&dateTo=2000-01-02`);
  assert.equal(await page.locator('section.prices-group').count(), 0);
  assert.equal(await page.locator('.prices-none').count(), 1);
  await context.close();
  assert.equal((await fetch(`${BASE}/prices/1234`)).status, 404);
  assert.equal((await fetch(`${BASE}/prices/33140000-33`)).status, 404);
});

test('a price page fits a 320 px screen', async () => {
  const { digits } = await code();
  const { page, context } = await open(browser, `/prices/${digits}`, { javaScriptEnabled: false, viewport: { width: 320, height: 640 } });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'nothing scrolls sideways');
  // The chart's text stays the page's size.
  const size = await page.locator('.price-axis').first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  assert.ok(size >= 12, `${size}px`);
  await context.close();
});

/** A tender of the busiest code whose item the upstream compares, with its own awarded price. */
async function comparedTender() {
  const { digits, answer } = await code();
  for (const g of answer.groups) {
    for (const row of g.recent) {
      if (row.basis !== 'divided' || !row.tenderID) continue;
      const prices = await upstream(`/api/prices/tenders/${encodeURIComponent(row.tenderID)}`);
      const entry = prices.items.find((e) => typeof e.own === 'number');
      if (entry) return { digits, tenderID: row.tenderID, entry };
    }
  }
  throw new Error('no tender of the busiest code with a compared item');
}

test("a tender page says under its item what others paid and where its own price stands, with JavaScript off and on", async () => {
  const { tenderID, entry } = await comparedTender();
  const tender = await upstream(`/api/tenders/${encodeURIComponent(tenderID)}`);
  // The others, brute force: the group's rows at the entry's level (its eight digits are
  // the item's own code alone; fewer, the codes under them), this tender's own left out.
  const group = { unit: entry.unit, currency: entry.currency, valueAddedTaxIncluded: entry.valueAddedTaxIncluded };
  const { rows } = await rowsOf(entry.prefix.padEnd(8, '0'), group);
  const others = rows.filter((r) => r.cpv.slice(0, 8).startsWith(entry.prefix) && r.tender !== tender.id && r.tenderID !== tender.tenderID);
  const expected = distribution(others.map((r) => r.amount));
  assert.equal(entry.count, others.length, 'the others: the group less this tender');
  near(entry.median, expected.median, 'the others\' median');
  // This tender's own price: an award of the item, divided by its quantity.
  const own = (tender.awards ?? []).map((a) => awardedUnitPrice(tender, a.id)).find((p) => p && p.item.id === entry.itemId);
  if (own) near(own.amount, entry.own, 'this tender\'s own unit price');
  assert.equal(entry.position.below, others.filter((r) => r.amount < entry.own).length);
  assert.equal(entry.position.above, others.filter((r) => r.amount > entry.own).length);

  for (const javaScriptEnabled of [false, true]) {
    const { page, context, problems } = await open(browser, `/tenders/${tenderID}`, { javaScriptEnabled });
    const line = page.locator('#items .price-benchmark');
    assert.ok((await line.count()) >= 1, `${javaScriptEnabled}: the line is there`);
    const text = (await line.first().textContent()).replace(/\s+/g, ' ');
    const two = (n) => new Intl.NumberFormat('uk-UA', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n).replace(/\s/g, ' ');
    if (entry.median >= 1) assert.ok(text.includes(`медіана ${two(entry.median)}`), text);
    assert.ok(text.includes(`(${new Intl.NumberFormat('uk-UA').format(entry.count).replace(/\s/g, ' ')} `), text);
    const href = await line.first().locator('a').getAttribute('href');
    assert.equal(href, `/prices/${entry.prefix.padEnd(8, '0')}?unit=${entry.unit.code}#${anchorOf(group)}`);
    if (entry.own >= 1) assert.ok(text.includes(`тут ${two(entry.own)}`), text);
    assert.deepEqual(problems, [], `${javaScriptEnabled}: no console error (hydration kept the line)`);
    await context.close();
  }
});

test("a supplier's product page says what buyers paid per unit beside its catalogue price", async () => {
  const products = (await upstream('/api/products?perPage=50'))['hydra:member'];
  let shown = 0;
  for (const product of products) {
    const { items: [entry] } = await upstream(`/api/prices/products/${product.id}`);
    if (!entry) continue;
    // The catalogue's price of one unit is the offer's own.
    near(entry.own, product.value.amount, `${product.id}: the catalogue price`);
    for (const javaScriptEnabled of [false, true]) {
      const { page, context, problems } = await open(browser, `/market/products/${product.id}`, { javaScriptEnabled });
      const line = page.locator('.product-price .price-benchmark');
      const text = (await line.textContent()).replace(/\s+/g, ' ');
      assert.ok(text.includes(`(${entry.count} `), text);
      assert.equal(await line.locator('a').getAttribute('href'), `/prices/${entry.prefix.padEnd(8, '0')}?unit=${entry.unit.code}#${anchorOf(entry)}`);
      assert.deepEqual(problems, [], `${javaScriptEnabled}: no console error`);
      await context.close();
    }
    if ((shown += 1) >= 2) break;
  }
  assert.ok(shown > 0, 'a product the upstream compares');
});

const require = createRequire(import.meta.url);

test('a price page is valid HTML and axe finds no violation on it, in both languages', async () => {
  const { digits } = await code();
  const paths = [`/prices/${digits}`, `/en/prices/${digits}`, '/prices/99999999'];
  // The Nu HTML checker on the server's HTML (the `vnu-jar` package, as html.spec.mjs runs it).
  const dir = mkdtempSync(join(tmpdir(), 'portal-prices-'));
  try {
    const files = [];
    for (const [i, path] of paths.entries()) {
      const response = await fetch(BASE + path);
      assert.equal(response.status, 200, path);
      files.push(join(dir, `${i}.html`));
      writeFileSync(files.at(-1), await response.text());
    }
    const args = ['-Xss8m', '-jar', String(require('vnu-jar')), '--format', 'json', '--errors-only', '--stdout', ...files];
    const report = await new Promise((resolve, reject) =>
      execFile('java', args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => (stdout.trim() ? resolve(JSON.parse(stdout)) : reject(new Error(stderr || String(error))))),
    );
    assert.deepEqual(report.messages.map((m) => `${paths[files.indexOf(m.url.replace('file:', ''))] ?? m.url}:${m.lastLine}: ${m.message}`), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // axe after hydration (its script goes in past the page's Content-Security-Policy).
  for (const path of paths.slice(0, 2)) {
    const { page, context } = await open(browser, path, { bypassCSP: true });
    await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
    const found = await page.evaluate(() =>
      window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] }, resultTypes: ['violations'] }),
    );
    assert.deepEqual(found.violations.flatMap((v) => v.nodes.map((n) => `${path}: ${v.id} ${JSON.stringify(n.target)}`)), []);
    await context.close();
  }
});
