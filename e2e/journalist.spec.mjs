// Issue 46, items 11 and 14, as a journalist meets them in Chromium: a regional search
// filtered by a red flag names, on every card, the flags each tender raised, linked to
// the methodology's part on each; its Atom feed is titled by the search's filters, parses
// as Atom for a feed reader, and opened in the browser shows a page that says what it is
// and lists its entries (the feed's XSLT stylesheet, served by the portal).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import Parser from 'rss-parser';
import { BASE, launch, open, upstream } from './browser.mjs';

const REGION = 'Львівська область';
const SEARCH = `/tenders?redFlag%5B0%5D=R018&region%5B0%5D=${encodeURIComponent(REGION)}`;
const TITLE = `Тендери: ${REGION}, червоні прапорці: R018 · Одна пропозиція | Публічні закупівлі`;

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/** The search's first page from the upstream: the codes each tender raises, by its id. */
async function expectedFlags() {
  const answer = await upstream(`/api/tenders?redFlag[]=R018&region[]=${encodeURIComponent(REGION)}&sortOrder=dateCreated.desc&perPage=10`);
  assert.ok(answer['hydra:totalItems'] > 0, 'tenders of the region raise R018');
  return new Map(answer['hydra:member'].map((t) => [t.tenderID, t.redFlags]));
}

for (const javaScriptEnabled of [true, false]) {
  test(`each card of a search by a red flag names the flags its tender raised, linked to the methodology (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async () => {
    const expected = await expectedFlags();
    const { context, page, problems } = await open(browser, SEARCH, { javaScriptEnabled });
    try {
      const cards = await page.$$eval('.tender-card', (els) => els.map((card) => ({
        id: card.querySelector('.tender-id')?.textContent.trim(),
        row: [...card.querySelectorAll('.tender-card-facts > div')].find((d) => d.querySelector('dt')?.textContent === 'Червоні прапорці'),
      })).map(({ id, row }) => ({ id, visible: !!row })));
      assert.equal(cards.length, expected.size);
      for (const { id, visible } of cards) assert.ok(visible, `${id}: a red-flags row`);
      for (const [id, codes] of expected) {
        const card = page.locator('.tender-card', { has: page.locator('.tender-id', { hasText: id }) });
        const links = card.locator('a[href^="/info/red-flags#"]');
        // Every flag the tender raised, R018 among them, by its name, linked to its anchor.
        assert.deepEqual(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href'))), codes.map((c) => `/info/red-flags#${c.toLowerCase()}`), id);
        assert.ok(codes.includes('R018'), id);
        assert.equal(await card.locator('a[href="/info/red-flags#r018"]').textContent(), 'R018 · Одна пропозиція');
        assert.ok(await card.locator('a[href="/info/red-flags#r018"]').isVisible(), `${id}: the flag shows`);
      }
      // The link lands on the indicator's part of the methodology.
      await Promise.all([page.waitForURL(/\/info\/red-flags#r018$/), page.locator('.tender-card a[href="/info/red-flags#r018"]').first().click()]);
      await page.waitForLoadState('load');
      assert.match(await page.locator('[id="r018"]').textContent(), /R018 — Одна пропозиція/);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test("the search's feed is titled by its filters and parses as Atom, its entries naming their flags", async () => {
  const html = await (await fetch(BASE + SEARCH)).text();
  const href = html.match(/<a href="([^"]+)" type="application\/atom\+xml"/)?.[1]?.replace(/&amp;/g, '&');
  assert.ok(href?.startsWith('/tenders.atom?'), href);
  const response = await fetch(BASE + href, { headers: { accept: 'application/atom+xml, */*;q=0.1' } });
  assert.equal(response.status, 200);
  // A feed reader gets Atom's own type; a browser, the same bytes as XML, which it renders with the stylesheet.
  assert.match(response.headers.get('content-type'), /^application\/atom\+xml/);
  const browsing = await fetch(BASE + href, { headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } });
  assert.match(browsing.headers.get('content-type'), /^application\/xml/);
  assert.match(browsing.headers.get('vary'), /accept(?!-)/i);
  const text = await response.text();
  assert.match(text, /^<\?xml version="1\.0" encoding="utf-8"\?>\n<\?xml-stylesheet type="text\/xsl" href="\/feed\.xsl"\?>\n<feed /);
  // Atom categories too, which the parser reads only when asked.
  const feed = await new Parser({ customFields: { item: [['category', 'categories', { keepArray: true }]] } }).parseString(text);
  assert.equal(feed.title, TITLE);
  const expected = await expectedFlags();
  assert.ok(feed.items.length >= expected.size);
  for (const item of feed.items) {
    assert.match(item.summary ?? item.contentSnippet, /Червоні прапорці: .*R018 · Одна пропозиція/, item.link);
    assert.match(item.content, /<a href="[^"]+\/info\/red-flags#r018">R018 · Одна пропозиція<\/a>/, item.link);
  }
  for (const item of feed.items.filter((i) => expected.has(decodeURIComponent(new URL(i.link).pathname.split('/').pop())))) {
    const codes = expected.get(decodeURIComponent(new URL(item.link).pathname.split('/').pop()));
    assert.deepEqual(item.categories.map((c) => c.$.term), codes, item.link);
    for (const { $: c } of item.categories) assert.equal(c.scheme, `${new URL(feed.link).origin}/info/red-flags`);
  }
  // The stylesheet it names: served here, as XSLT.
  const xsl = await fetch(`${BASE}/feed.xsl`);
  assert.equal(xsl.status, 200);
  assert.match(xsl.headers.get('content-type'), /^application\/xslt\+xml/);
  assert.match(await xsl.text(), /<xsl:stylesheet version="1\.0"/);
});

test('the feed opened in Chromium shows a page that says what it is, how to subscribe, and lists its entries', async () => {
  const href = `/tenders.atom?redFlag%5B0%5D=R018&region%5B0%5D=${encodeURIComponent(REGION)}`;
  const feed = await new Parser().parseString(await (await fetch(BASE + href)).text());
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = [];
  // Chromium warns that XSLT is deprecated: a console warning, and a notice of its own in
  // the page whose inline styles and close button the site's policy blocks (errors the page
  // itself cannot cause: it has no inline style or handler, asserted below). Any other error is a problem.
  const banner = /^(Applying inline style|Executing inline event handler) violates the following Content Security Policy/;
  page.on('console', (m) => m.type() === 'error' && !banner.test(m.text()) && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  const loaded = [];
  page.on('response', (r) => loaded.push([new URL(r.url()).pathname, r.status()]));
  try {
    await page.goto(BASE + href, { waitUntil: 'load' });
    const heading = page.locator('h1');
    await heading.waitFor();
    assert.equal(await heading.textContent(), TITLE);
    assert.ok(await page.getByText('Це стрічка оновлень').isVisible());
    assert.ok(await page.getByRole('heading', { name: 'Як підписатися' }).isVisible());
    // The address to copy into a feed reader is the feed's own.
    assert.equal(await page.locator('.feed-address code').textContent(), feed.feedUrl);
    // Every entry, by its title linked to its page, with its facts and its flags linked to the methodology.
    const entries = page.locator('.feed-entry');
    assert.equal(await entries.count(), feed.items.length);
    assert.ok(feed.items.length > 0);
    assert.deepEqual(await entries.locator('h3 a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')])), feed.items.map((i) => [i.title, i.link]));
    const first = entries.first();
    assert.ok(await first.isVisible());
    assert.match(await first.locator('.feed-facts').textContent(), /Замовник: /);
    assert.match(await first.locator('.feed-flags a[href$="/info/red-flags#r018"]').textContent(), /^R018 · Одна пропозиція$/);
    // The summary's line of flags is not repeated as text.
    assert.doesNotMatch(await first.locator('.feed-facts').textContent(), /Червоні прапорці/);
    // Its look is the portal's stylesheet: the policy let it and the XSLT in, from the feed's origin.
    assert.equal(await page.locator('.feed-page').evaluate((el) => getComputedStyle(el).maxWidth), '960px');
    assert.deepEqual(loaded.filter(([path]) => path !== '/tenders.atom'), [['/feed.xsl', 200], ['/docs/feed.css', 200]]);
    assert.equal(await page.locator('.feed-page [style], .feed-page [onclick]').count(), 0);
    // Chromium's own notice, if it shows one, stays out of the way of the entries: at the window's foot.
    const notice = page.locator('xslt-warning-banner');
    if (await notice.count()) {
      const box = await notice.boundingBox();
      const height = page.viewportSize().height;
      assert.ok(!box || Math.abs(box.y + box.height - height) < 2, `the notice at the foot: ${JSON.stringify(box)}`);
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('in English the feed and its page are English', async () => {
  const { context, page } = await open(browser, `/en${SEARCH}`);
  let href;
  try {
    href = await page.locator('.machine-links a[type="application/atom+xml"]').getAttribute('href');
  } finally {
    await context.close();
  }
  assert.ok(href.startsWith('/en/tenders.atom?'), href);
  const text = await (await fetch(BASE + href)).text();
  assert.match(text, /<\?xml-stylesheet type="text\/xsl" href="\/en\/feed\.xsl"\?>/);
  const feed = await new Parser().parseString(text);
  assert.equal(feed.title, 'Tenders: Lviv Oblast, red flags: R018 · Single bid received | Public Procurement');
  const own = await browser.newContext();
  try {
    const view = await own.newPage();
    await view.goto(BASE + href, { waitUntil: 'load' });
    await view.locator('h1').waitFor();
    assert.equal(await view.locator('html').getAttribute('lang'), 'en');
    assert.ok(await view.getByRole('heading', { name: 'How to subscribe' }).isVisible());
    assert.match(await view.locator('.feed-flags a').first().getAttribute('href'), /\/en\/info\/red-flags#r\d{3}$/);
  } finally {
    await own.close();
  }
});
