// Issue 34, as a journalist meets it: a tender's red flags on its page, with their
// evidence linked to the record; the "red flags" filter on /tenders, with JavaScript on
// and off and across a reload; a buyer's shares in the server's HTML.
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

/** The first real tender the search answers for `query` that passes `keep`. */
async function tenderWith(query, keep = () => true) {
  const answer = await upstream(`/api/tenders?${query}&perPage=100`);
  const found = answer['hydra:member'].find(keep);
  assert.ok(found, `a tender for ${query}`);
  return found;
}

test('a real tender with one bid shows R018 with its evidence, in the server HTML and after hydration', async () => {
  const tender = await tenderWith('redFlag[]=R018', (t) => t.numberOfBids === 1 && t.redFlags.includes('R018'));
  const path = `/tenders/${tender.tenderID}`;
  const html = await (await fetch(BASE + path)).text();
  assert.match(html, /<section id="redFlags"/);
  assert.match(html, /R018 · Одна пропозиція/);
  const { context, page, problems } = await open(browser, path);
  try {
    const item = page.locator('#red-flag-r018');
    await item.waitFor();
    const text = await item.textContent();
    assert.match(text, /[Оо]тримано 1 пропозицію у (відкритій|вибірковій) процедурі/);
    assert.equal(await item.locator('a[href="/info/red-flags#r018"]').count(), 1);
    // The link to the bid lands on its row.
    const bidLink = item.locator('a[href^="#bid-"]');
    if (await bidLink.count()) {
      const target = (await bidLink.first().getAttribute('href')).slice(1);
      assert.equal(await page.locator(`[id="${target}"]`).count(), 1, target);
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a tender whose lowest bid was disqualified shows R036 and links the disqualification', async () => {
  const tender = await tenderWith('redFlag[]=R036');
  const { context, page, problems } = await open(browser, `/tenders/${tender.tenderID}`);
  try {
    const item = page.locator('#red-flag-r036');
    await item.waitFor();
    assert.match(await item.textContent(), /Найнижчу пропозицію \(.+\) дискваліфіковано/);
    const award = item.locator('a[href^="#award-"]').first();
    const target = (await award.getAttribute('href')).slice(1);
    const row = page.locator(`[id="${target}"]`);
    assert.equal(await row.count(), 1, target);
    // The disqualification's row says so: the award is unsuccessful.
    const record = await upstream(`/api/tenders/${tender.id}`);
    const disqualified = record.awards.find((a) => `award-${a.id}` === target);
    assert.ok(disqualified, target);
    await award.click();
    await page.waitForFunction((id) => location.hash === `#${id}`, target);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

for (const javaScriptEnabled of [true, false]) {
  test(`the red-flag filter narrows /tenders and survives a reload (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async () => {
    const expected = await upstream('/api/tenders?redFlag[]=R036');
    const all = await upstream('/api/tenders');
    assert.ok(expected['hydra:totalItems'] > 0 && expected['hydra:totalItems'] < all['hydra:totalItems']);
    const { context, page } = await open(browser, '/tenders', { javaScriptEnabled });
    try {
      await page.locator('details.filters').evaluate((d) => d.setAttribute('open', ''));
      await page.check('input[name="redFlag"][value="R036"]');
      await Promise.all([page.waitForURL(/redFlag/), page.click('.search-row button[type="submit"]')]);
      await page.waitForLoadState('load');
      const url = new URL(page.url());
      assert.deepEqual([...url.searchParams.entries()].filter(([k]) => k.startsWith('redFlag')).map(([, v]) => v), ['R036']);
      const ids = () => page.$$eval('.tender-card .tender-id', (els) => els.map((e) => e.textContent.trim()));
      const want = expected['hydra:member'].map((t) => t.tenderID);
      if (javaScriptEnabled) await page.waitForFunction((n) => document.querySelectorAll('.tender-card').length === n, want.length);
      assert.deepEqual(await ids(), want);
      await page.reload({ waitUntil: 'load' });
      assert.deepEqual(await ids(), want);
      assert.equal(await page.isChecked('input[name="redFlag"][value="R036"]'), true);
    } finally {
      await context.close();
    }
  });
}

test("a buyer's red-flag shares are in the server's HTML, against the tenders of its methods", async () => {
  // The buyer with the most flagged tenders.
  const flagged = await upstream('/api/aggregate/tenders?redFlag[]=any&by=buyer&limit=1');
  const buyer = flagged.groups[0].key;
  const own = await upstream(`/api/aggregate/tenders?organizer[]=${encodeURIComponent(buyer)}&by=redFlag`);
  const html = await (await fetch(`${BASE}/buyers/${encodeURIComponent(buyer)}`)).text();
  const section = html.slice(html.indexOf('<section id="red-flags"'), html.indexOf('</section>', html.indexOf('<section id="red-flags"')));
  assert.ok(section.length > 0, 'the section is in the HTML');
  assert.match(section, /<div class="org-chart[^"]*" aria-hidden="true"/);
  // Every indicator computed for its tenders is a row, with its count and a link to the search.
  for (const g of own.groups.filter((g) => g.key !== 'any')) {
    assert.ok(section.includes(`/info/red-flags#${g.key.toLowerCase()}`), g.key);
    if (g.count > 0) assert.ok(section.includes(`redFlag%5B0%5D=${g.key}`), `${g.key} links the search`);
  }
  // Two series: this buyer and all tenders of its methods.
  assert.match(section, /org-bar-1/);
  // The search it links to finds the buyer's flagged tenders.
  const link = section.match(/href="(\/tenders\?[^"]*redFlag%5B0%5D=R\d{3}[^"]*)"/)[1].replace(/&amp;/g, '&');
  const code = link.match(/redFlag%5B0%5D=(R\d{3})/)[1];
  const listed = await (await fetch(BASE + link)).text();
  const count = own.groups.find((g) => g.key === code).count;
  assert.equal((listed.match(/class="tender-card/g) ?? []).length, Math.min(10, count), link);
});

test('the filter reaches the Atom feed and the exports', async () => {
  const expected = await upstream('/api/tenders?redFlag[]=R036&perPage=100');
  const ids = new Set(expected['hydra:member'].map((t) => t.tenderID));
  const html = await (await fetch(`${BASE}/tenders?redFlag%5B0%5D=R036`)).text();
  const hrefOf = (type) => html.match(new RegExp(`<a href="([^"]+)" type="${type.replace(/[+.]/g, '\\$&')}"`))?.[1]?.replace(/&amp;/g, '&');
  const feed = hrefOf('application/atom+xml');
  const csv = hrefOf('text/csv');
  assert.ok(feed?.includes('redFlag') && csv?.includes('redFlag'), `${feed} ${csv}`);
  const atom = await (await fetch(new URL(feed, BASE))).text();
  const entries = [...atom.matchAll(/<entry\b[\s\S]*?<\/entry>/g)].map((m) => m[0]);
  assert.ok(entries.length > 0);
  for (const entry of entries) assert.ok([...ids].some((id) => entry.includes(id)), entry.slice(0, 200));
  // The export lists exactly the filtered tenders (all of them: fewer than 100 here).
  assert.ok(expected['hydra:totalItems'] <= 100, 'one page of the API holds them all');
  const text = await (await fetch(new URL(csv, BASE))).text();
  const listed = new Set(text.match(/UA-\d{4}-\d{2}-\d{2}-\d{6}-[a-z]{1,2}(\.\d{1,2})?/g));
  assert.deepEqual([...listed].sort(), [...ids].sort());
});

test("a tender's OCDS package carries the red flags its page shows", async () => {
  const flagged = await tenderWith('redFlag[]=R036', (t) => t.redFlags.includes('R036'));
  const clean = await tenderWith('status=complete', (t) => Array.isArray(t.redFlags) && t.redFlags.length === 0);
  for (const tender of [flagged, clean]) {
    const response = await fetch(`${BASE}/tenders/${tender.tenderID}.ocds.json`);
    assert.equal(response.status, 200, tender.tenderID);
    const doc = await response.json();
    assert.ok(doc.extensions.some((url) => url.endsWith('/docs/ocds/red-flags/extension.json')));
    const release = doc.releases[0];
    // The server's assessment of the full record, the same as the search member's codes.
    assert.deepEqual((release.tender.redFlags ?? []).map((f) => f.code), tender.redFlags, tender.tenderID);
    for (const flag of release.tender.redFlags ?? []) assert.match(flag.methodology, new RegExp(`/info/red-flags#${flag.code.toLowerCase()}$`));
  }
});
