// Live data (issue 41): a record changes in the upstream's feed (the development API
// publishes the next version of a tender), and the portal's pages show the change with
// JavaScript off: the tender page its new title and when it last changed, the search
// the tender under its new words, and the search pages the line that says how current
// the data is. The tender gets its old title back at the end (a further version).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, UPSTREAM, launch, open, upstream } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

const squash = (s) => (s ?? '').replace(/\s+/g, ' ').trim();

/** Publishes a merge patch of a tender as its next version. */
async function publish(id, patch) {
  const r = await fetch(`${UPSTREAM}/dev/cdb/tenders/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(patch),
  });
  assert.equal(r.status, 200, await r.clone().text());
  return (await r.json()).data;
}

/** Polls `f` until it holds (a page may be served from the portal's short cache). */
async function eventually(f, what, ms = 5000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) assert.fail(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

test('a tender changed in the feed shows its change on its page and in the search, without JavaScript', async () => {
  // An open tender of the real snapshot, the oldest one: no other spec names it.
  const listed = await upstream('/api/tenders?status[]=active.tendering&sortOrder=dateCreated.asc&perPage=1');
  const tender = listed['hydra:member'][0];
  const before = await upstream(`/api/tenders/${tender.id}`);
  const title = `Перевірка живих даних: нова назва ${Date.now().toString(36)}`;
  const published = await publish(tender.id, { title });
  try {
    assert.ok(Date.parse(published.dateModified) > Date.parse(before.dateModified), 'a newer version');
    // The feed carries it (after the watermark).
    await eventually(async () => {
      const feed = await upstream('/cdb/api/2.5/tenders?descending=1&limit=5');
      return feed.data.some((row) => row.id === tender.id && row.dateModified === published.dateModified);
    }, 'the feed lists the new version', 4000);

    const { context, page } = await open(browser, `/tenders/${before.tenderID}`, { javaScriptEnabled: false });
    try {
      await eventually(async () => {
        await page.goto(`${BASE}/tenders/${before.tenderID}`, { waitUntil: 'load' });
        return squash(await page.textContent('h1')) === title;
      }, 'the page shows the new title');
      const summary = squash(await page.textContent('section[aria-labelledby="summary-title"]'));
      assert.match(summary, /Запис востаннє змінено/);
      const kyiv = new Intl.DateTimeFormat('uk-UA', { timeZone: 'Europe/Kyiv', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(published.dateModified));
      assert.ok(summary.includes(kyiv), `${summary} names ${kyiv}`);
      // The record page says the data is a snapshot too (a mirror: only when behind).
      assert.match(squash(await page.textContent('.tender-header .freshness')), /^Знімок даних від \d{2}\.\d{2}\.\d{4}$/);

      // The search finds it by its new words, once, and says how current its data is.
      const words = encodeURIComponent('перевірка живих даних');
      await page.goto(`${BASE}/tenders?keyword=${words}`, { waitUntil: 'load' });
      const links = await page.$$eval('.tender-results a', (as) => as.map((a) => a.getAttribute('href')));
      assert.equal(links.filter((h) => h?.includes(before.tenderID)).length >= 1, true, links.join(' '));
      const freshness = squash(await page.textContent('.freshness'));
      assert.match(freshness, /^Знімок даних від \d{2}\.\d{2}\.\d{4}$/, freshness);
      // The old status no longer finds it, if the change moved it.
      const old = await upstream(`/api/tenders?keyword=${tender.id}`);
      assert.equal(old['hydra:totalItems'], 1, 'found once');
    } finally {
      await context.close();
    }
    // English pages say it in English.
    const html = await (await fetch(`${BASE}/en/tenders`)).text();
    assert.match(html, /class="freshness[^"]*">Snapshot of \d{2}\/\d{2}\/\d{4}</);
  } finally {
    await publish(tender.id, { title: before.title });
  }
});
