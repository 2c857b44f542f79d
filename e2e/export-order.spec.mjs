// A search's exports follow its page (issue 46, items 8 and 16), downloaded in real
// Chromium from the page's own links: a keyword's page shows relevance order, and its CSV
// lists the same records first, in that order; the two CSV links save under two file
// names; under /en the CPV names are the classifier's English ones.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { parse as parseCsv } from 'csv-parse/sync';
import { BASE, launch, open, upstream } from './browser.mjs';
import { resultIds } from './search.mjs';

const KEYWORD = 'ремонт';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/** Clicks a download link and answers the browser's file name and the file's text. */
async function download(page, link) {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

test("a keyword search's CSVs list its records in the page's order, under two file names", async () => {
  const keyword = encodeURIComponent(KEYWORD);
  // Relevance is not the newest first here, or the order would prove nothing.
  const relevance = (await upstream(`/api/tenders?keyword=${keyword}&perPage=20&sortOrder=relevance`))['hydra:member'].map((m) => m.tenderID);
  const newest = (await upstream(`/api/tenders?keyword=${keyword}&perPage=20&sortOrder=dateCreated.desc`))['hydra:member'].map((m) => m.tenderID);
  assert.notDeepEqual(relevance, newest);

  const { page, context } = await open(browser, `/tenders?keyword=${keyword}`, { acceptDownloads: true });
  const shown = await resultIds(page);
  assert.ok(shown.length >= 10, `${shown.length} results on the page`);
  assert.deepEqual(shown, relevance.slice(0, shown.length), 'the page shows relevance order');

  const comma = await download(page, page.locator('.machine-links a[download][href*="/tenders.csv"]'));
  const semicolon = await download(page, page.locator('.machine-links a[download][href*=".semicolon.csv"]'));
  await context.close();
  assert.notEqual(comma.name, semicolon.name, 'two files, two names');
  assert.match(comma.name, /^tenders_keyword-.+\.csv$/);
  assert.match(semicolon.name, /\.semicolon\.csv$/);

  for (const [file, delimiter] of [[comma, ','], [semicolon, ';']]) {
    const rows = parseCsv(file.text.replace(/^\uFEFF/, ''), { columns: true, delimiter, skip_empty_lines: true });
    // The first column is the tender's id: the file starts with the page, in its order.
    const ids = rows.map((r) => Object.values(r)[0]);
    assert.deepEqual(ids.slice(0, shown.length), shown, `${file.name}: the page's records first, in order`);
  }
});

test('an English export names CPV codes in English', async () => {
  const response = await fetch(`${BASE}/en/tenders.csv?keyword=${encodeURIComponent(KEYWORD)}`);
  assert.equal(response.status, 200);
  const rows = parseCsv((await response.text()).replace(/^\uFEFF/, ''), { columns: true, skip_empty_lines: true }).slice(0, 100);
  const cpv = rows.map((r) => r['CPV (DK 021:2015)']).filter(Boolean);
  assert.ok(cpv.length > 10, `${cpv.length} CPV cells`);
  const codes = [...new Set(cpv.map((c) => c.split(' ')[0]))];
  const named = await upstream(`/api/classifications?scheme=classification&perPage=100&${codes.map((c) => `searchId[]=${c}`).join('&')}`);
  const english = new Map(named['hydra:member'].map((m) => [m.id, m.name_en]));
  assert.ok(english.size > 0);
  for (const cell of cpv) {
    const code = cell.split(' ')[0];
    if (english.get(code)) assert.equal(cell, `${code} ${english.get(code)}`);
  }
  assert.ok(cpv.every((c) => !/[а-яіїєґ]/i.test(c)), 'no Ukrainian names left');
});
