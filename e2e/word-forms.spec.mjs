// Search that reads Ukrainian, in real Chromium against the real data (issue 28): on
// /tenders, /plans, /contracts and /market/products an inflected query (a genitive, a
// plural) finds the same first page as its dictionary form, with JavaScript on and off,
// and the words it matched are marked; relevance is the order of a keyword search, shown
// by the sort field, and another order can be chosen; an ЄДРПОУ typed as the keyword
// finds its buyer's tenders.
//
// What it assumes of the data: some of the query pairs below occur in each register (each
// register takes the first pair whose dictionary form finds at least three records, as
// the upstream counts them), and the upstream reduces both forms of a pair to the same
// dictionary form, so they are one query to its index and rank alike. No count is fixed.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BASE, launch, upstream } from './browser.mjs';

const uk = JSON.parse(readFileSync(new URL('../locales/uk/dzo.json', import.meta.url), 'utf8'));

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/**
 * Query pairs as people type them and as a dictionary has them, with the stems every
 * marked word starts with (a marked word is a form of a word of the query).
 */
const DOCUMENT_PAIRS = [
  { typed: 'капітального ремонту', lemma: 'капітальний ремонт', stems: ['капітальн', 'ремонт'] },
  { typed: 'дизельного палива', lemma: 'дизельне паливо', stems: ['дизельн', 'палив'] },
  { typed: 'ремонту', lemma: 'ремонт', stems: ['ремонт'] },
  { typed: 'шкіл', lemma: 'школа', stems: ['шк'] },
];
const PRODUCT_PAIRS = [
  { typed: 'паперу офісного', lemma: 'папір офісний', stems: ['папір', 'папер', 'офісн'] },
  { typed: 'ручки кулькові', lemma: 'ручка кулькова', stems: ['ручк', 'кульков'] },
  { typed: 'шприців', lemma: 'шприц', stems: ['шприц'] },
];

/** How each search page shows its results, and how its form is filled and sent. */
const REGISTER_PAGE = {
  keyword: '#keyword',
  submit: '.tender-list .search-row button[type="submit"]',
  results: '.tender-results',
  ids: (page) => page.$$eval('.tender-results .tender-card-title a', (as) => as.map((a) => decodeURIComponent(a.getAttribute('href').split('/').pop()))),
  relevance: uk.tenderList.sortOrders.relevance,
};
/** Each search page: its upstream search, the id its cards link a record by (`key`), its query pairs. */
const PAGES = {
  '/tenders': { ...REGISTER_PAGE, api: '/api/tenders', key: (m) => m.tenderID ?? m.id, pairs: DOCUMENT_PAIRS },
  '/plans': { ...REGISTER_PAGE, api: '/api/plans', key: (m) => m.planID ?? m.id, pairs: DOCUMENT_PAIRS },
  '/contracts': { ...REGISTER_PAGE, api: '/api/contracts', key: (m) => m.contractID ?? m.id, pairs: DOCUMENT_PAIRS },
  '/market/products': {
    keyword: '#market-keyword',
    submit: '.market-filters .search-row button[type="submit"]',
    results: 'ul.catalogue',
    ids: (page) => page.$$eval('ul.catalogue .product-card-title a', (as) => as.map((a) => a.getAttribute('href').split('/').pop())),
    relevance: uk.market.sort.relevance,
    api: '/api/products',
    key: (m) => m.id,
    pairs: PRODUCT_PAIRS,
  },
};

/** The first pair whose dictionary form finds at least three records of `api`. */
async function pairFor(api, pairs) {
  for (const pair of pairs) {
    const found = await upstream(`${api}?keyword=${encodeURIComponent(pair.lemma)}&perPage=1`);
    if (found['hydra:totalItems'] >= 3) return pair;
  }
  throw new Error(`${api}: none of ${pairs.map((p) => p.lemma).join(', ')} finds three records`);
}

/**
 * Searches `keyword` from the form of `path` as a visitor would, with JavaScript on or
 * off, and answers the first page's ids, the words marked on it, the sort field's chosen
 * option and the console's problems; `keep` leaves the page open for more.
 */
async function search(path, keyword, { javaScriptEnabled, keep = false }) {
  const at = PAGES[path];
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.goto(BASE + path);
  if (javaScriptEnabled) await page.waitForSelector('html[data-hydrated="true"]');
  await page.fill(at.keyword, keyword);
  const sent = [page.waitForURL((url) => url.searchParams.get('keyword') === keyword), page.click(at.submit)];
  if (javaScriptEnabled) sent.push(page.waitForResponse((r) => r.url().includes('/__data')));
  await Promise.all(sent);
  // The new location has rendered once its form (keyed by the query) shows the keyword as its default.
  await page.waitForFunction(([field, k]) => document.querySelector(field)?.getAttribute('value') === k, [at.keyword, keyword]);
  await page.waitForSelector(at.results);
  const result = {
    ids: await at.ids(page),
    marks: await page.$$eval(`${at.results} mark`, (ms) => ms.map((m) => m.textContent)),
    sort: await page.$eval('select[name="sortOrder"]', (s) => ({ value: s.value, label: s.selectedOptions[0]?.textContent })),
    url: new URL(page.url()),
    problems,
  };
  if (keep) return { ...result, page, context };
  await context.close();
  return result;
}

/** Every mark is a form of a word of the query: it starts with one of the pair's stems. */
function assertMarked(marks, pair, what) {
  assert.ok(marks.length > 0, `${what}: words are marked`);
  for (const mark of marks) {
    // As the analysis reads it: one apostrophe, and Latin look-alikes typed for Cyrillic
    // letters (`капiтальний` with a Latin i) read as the Cyrillic ones.
    const twins = { a: 'а', c: 'с', e: 'е', i: 'і', o: 'о', p: 'р', x: 'х', y: 'у', k: 'к', m: 'м', t: 'т', h: 'н', b: 'в' };
    let word = mark.toLowerCase().replace(/['’ʼ`]/g, "'");
    if (/[\u0400-\u04ff]/.test(word)) word = word.replace(/[acehikmopbtxy]/g, (c) => twins[c]);
    assert.ok(pair.stems.some((stem) => word.startsWith(stem)), `${what}: <mark>${mark}</mark> is a form of «${pair.typed}»`);
  }
}

for (const path of Object.keys(PAGES)) {
  test(`${path}: an inflected query finds what its dictionary form finds, with and without JavaScript`, async () => {
    const at = PAGES[path];
    const pair = await pairFor(at.api, at.pairs);
    const lemma = await search(path, pair.lemma, { javaScriptEnabled: true });
    const typed = await search(path, pair.typed, { javaScriptEnabled: true });
    const offline = await search(path, pair.typed, { javaScriptEnabled: false });
    assert.ok(lemma.ids.length > 0, `«${pair.lemma}» finds records`);
    assert.deepEqual(typed.ids, lemma.ids, `«${pair.typed}» finds the first page of «${pair.lemma}»`);
    assert.deepEqual(offline.ids, lemma.ids, `«${pair.typed}» without JavaScript`);
    // The first page is the upstream's in relevance order: the portal asks for it.
    const expected = (await upstream(`${at.api}?keyword=${encodeURIComponent(pair.typed)}&perPage=${lemma.ids.length}&sortOrder=relevance`))['hydra:member'];
    assert.deepEqual(lemma.ids, expected.map(at.key), `${path}: the upstream's first page in relevance order`);
    // The matched words are marked, by the server too.
    assertMarked(typed.marks, pair, `${path} with JavaScript`);
    assertMarked(offline.marks, pair, `${path} without JavaScript`);
    // Relevance is the order of a keyword search, and the URL need not say so.
    for (const r of [lemma, typed, offline]) {
      assert.deepEqual(r.sort, { value: '', label: at.relevance }, `${path}: the sort field shows relevance`);
      assert.equal(r.url.searchParams.get('sortOrder') || null, null, `${path}: no order in ${r.url.search}`);
    }
    assert.deepEqual([...lemma.problems, ...typed.problems], []);
  });
}

test('relevance can be changed to another order, which the URL then names', async () => {
  for (const [path, other] of [['/tenders', 'dateCreated.desc'], ['/market/products', 'value.asc']]) {
    const at = PAGES[path];
    const pair = await pairFor(at.api, at.pairs);
    const { page, context, problems } = await search(path, pair.lemma, { javaScriptEnabled: true, keep: true });
    await page.selectOption('select[name="sortOrder"]', other);
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('sortOrder') === other),
      page.waitForResponse((r) => r.url().includes('/__data')),
      page.click('.search-options button[type="submit"]'),
    ]);
    // The page shows the upstream's first page in that order once the new location has rendered.
    const perPage = path === '/tenders' ? 10 : 24;
    const members = (await upstream(`${at.api}?keyword=${encodeURIComponent(pair.lemma)}&perPage=${perPage}&sortOrder=${other}`))['hydra:member'];
    const ids = members.map(at.key);
    const links = path === '/tenders' ? '.tender-results .tender-card-title a' : 'ul.catalogue .product-card-title a';
    await page
      .waitForFunction(
        ([selector, expected]) => JSON.stringify([...document.querySelectorAll(selector)].map((a) => decodeURIComponent(a.getAttribute('href').split('/').pop()))) === JSON.stringify(expected),
        [links, ids],
        { timeout: 10_000 },
      )
      .catch(() => undefined);
    assert.deepEqual(await at.ids(page), ids, `${path}: the results in ${other} order`);
    assert.equal(await page.$eval('select[name="sortOrder"]', (s) => s.value), other, `${path}: the sort field shows ${other}`);
    // Relevance is still offered, as the default: choosing it again leaves the order out of the URL.
    assert.equal(await page.$eval('select[name="sortOrder"] option[value=""]', (o) => o.textContent), at.relevance);
    await page.selectOption('select[name="sortOrder"]', '');
    await Promise.all([page.waitForURL((url) => !url.searchParams.has('sortOrder')), page.click('.search-options button[type="submit"]')]);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test("an ЄДРПОУ typed as the keyword finds its buyer's tenders", async () => {
  // A buyer's code (from the upstream, as the first tenders have it) that is no tender's
  // supplier, so every record the code finds is one of this buyer's.
  const tenders = (await upstream('/api/tenders?perPage=20'))['hydra:member'];
  let code = null;
  for (const t of tenders) {
    const id = t.procuringEntity?.identifier?.id?.trim();
    if (!/^\d{8}$/.test(id ?? '')) continue;
    if ((await upstream(`/api/tenders?supplier[0]=${id}&perPage=1`))['hydra:totalItems'] === 0) {
      code = id;
      break;
    }
  }
  assert.ok(code, 'a buyer code among the newest tenders');
  const found = await search('/tenders', code, { javaScriptEnabled: true, keep: true });
  const { page, context } = found;
  assert.ok(found.ids.length > 0, `${code} finds tenders`);
  // What the upstream answers for that keyword: every record's procuring entity or buyer has the code.
  const members = (await upstream(`/api/tenders?keyword=${code}&perPage=${found.ids.length}&sortOrder=relevance`))['hydra:member'];
  assert.deepEqual(found.ids, members.map(PAGES['/tenders'].key), 'the page shows what the upstream found');
  for (const m of members) {
    const codes = [m.procuringEntity, ...(m.buyers ?? [])].map((o) => o?.identifier?.id?.trim());
    assert.ok(codes.includes(code), `${m.tenderID}: its buyer is ${code} (${codes.join(', ')})`);
  }
  // On the page, each card names the buyer with its code and links the buyer's page.
  const cards = await page.$$eval('.tender-results .tender-card', (els) => els.map((el) => ({ text: el.textContent, buyers: [...el.querySelectorAll('a[href^="/buyers/"]')].map((a) => a.getAttribute('href')) })));
  const byProcuringEntity = members.filter((m) => m.procuringEntity?.identifier?.id?.trim() === code).length;
  assert.equal(cards.filter((c) => c.buyers.includes(`/buyers/${code}`) && c.text.includes(code)).length, byProcuringEntity);
  // And the buyer's page is offered above the results.
  assert.equal(await page.getAttribute('.organisation-offer a[href^="/buyers/"]', 'href'), `/buyers/${code}`);
  assert.deepEqual(found.problems, []);
  await context.close();
});
