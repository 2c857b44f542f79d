// The keyword search's notices in real Chromium against the real data (issue 45): a
// Russian keyword is searched as the Ukrainian words it means and the page says so, in a
// real form, with a link to the search as typed; a typo's correction names a real word;
// a real word absent from the data is never "corrected" into another. With JavaScript on
// and off, the same notice.
//
// What it assumes of the data: the Russian queries below mean words some tenders hold
// (each test takes the first query the upstream reads as Russian and finds records
// for); the upstream's own answer (`search.translated`, `search.corrected`) is what the
// page must show. No count is fixed.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BASE, launch, upstream } from './browser.mjs';

const uk = JSON.parse(readFileSync(new URL('../locales/uk/dzo.json', import.meta.url), 'utf8'));
const fill = (template, values) => template.replace(/\{\{(\w+)\}\}/g, (_, k) => values[k]);

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

const RUSSIAN = ['ремонт крыши', 'моющие средства', 'уголь', 'бумага', 'уборка помещений', 'топливо'];

/** The first query the upstream reads as Russian and finds tenders for, with its answer. */
async function russianQuery() {
  for (const keyword of RUSSIAN) {
    const answer = await upstream(`/api/tenders?keyword=${encodeURIComponent(keyword)}&perPage=10`);
    if (answer.search?.translated && answer['hydra:totalItems'] > 0) return { keyword, answer };
  }
  return null;
}

/** The notice on the search page of `keyword`, with JavaScript on or off. */
async function notice(keyword, javaScriptEnabled) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(`${BASE}/tenders?keyword=${encodeURIComponent(keyword)}`);
  if (javaScriptEnabled) await page.waitForSelector('html[data-hydrated="true"]');
  const shown = await page.$('.search-corrected');
  const text = shown ? (await shown.textContent()).replace(/\s+/g, ' ').trim() : null;
  const exact = shown ? await shown.$eval('a', (a) => a.getAttribute('href')) : null;
  const results = await page.$$eval('.tender-results > li', (items) => items.length);
  await context.close();
  return { text, exact, results };
}

test('a Russian keyword is searched in Ukrainian, and the page says what it searched', async () => {
  const found = await russianQuery();
  assert.ok(found, `one of ${RUSSIAN.join(', ')} is read as Russian and finds tenders`);
  const { keyword, answer } = found;
  const translated = answer.search.translated;
  assert.notEqual(translated, keyword);
  const expected = fill(uk.search.translated, { translated, keyword });
  for (const javaScriptEnabled of [false, true]) {
    const shown = await notice(keyword, javaScriptEnabled);
    assert.ok(shown.text?.includes(expected), `${javaScriptEnabled}: ${shown.text} has ${expected}`);
    assert.ok(shown.results > 0, 'with the Ukrainian words’ results');
    assert.ok(shown.exact.includes('exact=1'), 'and a way to the search as typed');
  }
  // The search as typed reads no Russian: no notice.
  const exact = await upstream(`/api/tenders?keyword=${encodeURIComponent(keyword)}&exact=true&perPage=1`);
  assert.equal(exact.search?.translated, undefined);
});

test("a typo's correction names a real word, and a real word is never corrected", async () => {
  // A known word of the data with one letter swapped: the notice names real words only.
  const typo = 'ремнот покрівлі';
  const answer = await upstream(`/api/tenders?keyword=${encodeURIComponent(typo)}&perPage=1`);
  if (answer.search?.corrected) {
    const shown = await notice(typo, false);
    assert.ok(shown.text.includes(fill(uk.search.corrected, { corrected: answer.search.corrected })));
    for (const word of answer.search.corrected.split(/\s+/)) {
      // Each word of the correction is a word of the upstream's dictionary: it finds
      // records as typed, with no correction of its own.
      const alone = await upstream(`/api/tenders?keyword=${encodeURIComponent(word)}&exact=true&perPage=1`);
      assert.ok(alone['hydra:totalItems'] > 0, `${word} is a word the records hold`);
    }
  }
  // «батути»: a real word; whatever the data holds, it is no typo of another word.
  const real = await upstream(`/api/tenders?keyword=${encodeURIComponent('батути')}&perPage=1`);
  assert.equal(real.search?.corrected, undefined);
  assert.equal((await notice('батути', false)).text, null);
});
