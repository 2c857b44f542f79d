// Structured data and share cards of every route of routes.json, in both languages, as the
// running portal (BASE_URL) serves them to a crawler: every JSON-LD block parses and uses
// only schema.org types and properties, each where schema.org allows it (schemaorg.mjs,
// against the vocabulary of a schema.org release); every 200 page but the home has its
// trail (BreadcrumbList), the home describes the site's operator (Organization) and the
// site with its search (WebSite, SearchAction); error pages describe nothing; and every
// page has its share card (Open Graph, Twitter) with absolute addresses, og:url its
// canonical link, and the card's image answers as a 1200×630 PNG. And in Chromium, a
// client-side navigation leaves the head the new page's: links, no share card or JSON-LD
// of the page before.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, open } from './browser.mjs';
import { isA, nodesOf, schemaProblems } from './schemaorg.mjs';

const BASE = process.env.BASE_URL;
const routes = JSON.parse(readFileSync(new URL('./routes.json', import.meta.url), 'utf8'));
const prefixed = (language, path) => (language === 'en' ? (path === '/' ? '/en' : `/en${path}`) : path);

const unescape = (s) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const attrs = (tag) => Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1], unescape(m[2])]));

/** The head of a page as the server sends it: its JSON-LD blocks (text), `<meta>` contents by name or property, canonical. */
async function headOf(path) {
  const response = await fetch(BASE + path, { redirect: 'manual' });
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = {};
  for (const m of head.matchAll(/<meta [^>]*>/g)) {
    const a = attrs(m[0]);
    const key = a.property ?? a.name;
    // `portal:*` metas name what the boot script loads (several module preloads), not the page.
    if (key && !key.startsWith('portal:')) {
      assert.ok(!(key in meta), `${path}: one ${key}`);
      meta[key] = a.content;
    }
  }
  const canonical = head.match(/<link rel="canonical" href="([^"]*)">/)?.[1];
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return { status: response.status, meta, canonical: canonical && unescape(canonical), jsonLd };
}

/** An image of the share card or the logo: answered by the portal under test at the same path. */
async function png(url, what) {
  const response = await fetch(new URL(new URL(url).pathname, BASE));
  assert.equal(response.status, 200, `${what}: ${url}`);
  assert.equal(response.headers.get('content-type'), 'image/png', `${what}: ${url}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG', `${what}: a PNG`);
  // IHDR: width and height, big-endian, at bytes 16 and 20.
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const SHARE = [
  'og:title', 'og:description', 'og:url', 'og:type', 'og:locale', 'og:locale:alternate', 'og:site_name',
  'og:image', 'og:image:width', 'og:image:height', 'og:image:alt',
  'twitter:card', 'twitter:title', 'twitter:description', 'twitter:image',
];

for (const language of ['uk', 'en']) {
  test(`every route has valid structured data and a share card (${language})`, async () => {
    const images = new Set();
    let pages = 0;
    for (const route of routes) {
      if (route.status >= 300 && route.status < 400) continue; // their targets are routes too
      const path = prefixed(language, route.path);
      const { status, meta, canonical, jsonLd } = await headOf(path);
      assert.equal(status, route.status, path);
      pages++;

      // The share card, whatever the status.
      for (const key of SHARE) assert.ok(meta[key], `${path}: ${key}`);
      assert.match(canonical, /^https?:\/\//, `${path}: an absolute canonical link`);
      assert.equal(meta['og:url'], canonical, `${path}: og:url is the canonical link`);
      assert.equal(meta['og:type'], 'website', path);
      assert.equal(meta['og:locale'], language === 'uk' ? 'uk_UA' : 'en_US', path);
      assert.equal(meta['og:locale:alternate'], language === 'uk' ? 'en_US' : 'uk_UA', path);
      assert.equal(meta['twitter:card'], 'summary_large_image', path);
      assert.equal(meta['og:title'], meta['twitter:title'], path);
      assert.equal(meta['og:description'], meta.description, path);
      assert.equal(meta['twitter:description'], meta.description, path);
      assert.equal(meta['twitter:image'], meta['og:image'], path);
      assert.match(meta['og:image'], /^https?:\/\/[^/]+\/assets\/[\w.-]+\.png$/, `${path}: an absolute og:image`);
      assert.equal(new URL(meta['og:image']).origin, new URL(canonical).origin, `${path}: the image is the site's`);
      images.add(meta['og:image']);

      // The JSON-LD: none on error pages.
      if (status !== 200) {
        assert.deepEqual(jsonLd, [], `${path}: an error page describes nothing`);
        continue;
      }
      assert.equal(jsonLd.length, 1, `${path}: one JSON-LD block`);
      const doc = JSON.parse(jsonLd[0]);
      assert.equal(doc['@context'], 'https://schema.org', path);
      assert.deepEqual(schemaProblems(doc), [], `${path}: schema.org types and properties only`);
      const nodes = nodesOf(doc);
      const trail = nodes.find((n) => isA(n, 'BreadcrumbList'));
      if (route.path === '/') {
        assert.equal(trail, undefined, `${path}: the home has no trail`);
        const operator = nodes.find((n) => n['@type'] === 'Organization');
        assert.ok(operator?.name && operator.url, `${path}: the Organization`);
        if (operator.logo) assert.deepEqual(await png(operator.logo, 'the logo'), { width: 512, height: 512 });
        const site = nodes.find((n) => n['@type'] === 'WebSite');
        assert.ok(site, `${path}: the WebSite`);
        const search = nodes.find((n) => n['@type'] === 'SearchAction');
        assert.ok(search, `${path}: the SearchAction`);
        assert.equal(site.potentialAction, search, `${path}: the site's search`);
        assert.ok(search.target.urlTemplate.startsWith(new URL(canonical).origin), search.target.urlTemplate);
        assert.match(search.target.urlTemplate, /\/tenders\?keyword=\{search_term_string\}$/);
        assert.equal(search['query-input'], 'required name=search_term_string');
      } else {
        assert.ok(trail, `${path}: a BreadcrumbList`);
        const items = trail.itemListElement;
        assert.ok(items.length >= 2, `${path}: a trail of two steps or more`);
        assert.deepEqual(items.map((i) => i.position), items.map((_, i) => i + 1), path);
        for (const item of items) {
          assert.ok(item.name, `${path}: a named step`);
          assert.match(item.item, /^https?:\/\//, `${path}: an absolute step`);
          if (language === 'en') assert.ok(new URL(item.item).pathname.startsWith('/en'), `${path}: ${item.item} in English`);
        }
      }
    }
    assert.ok(pages > 20, 'the routes were visited');
    for (const image of images) assert.deepEqual(await png(image, 'the share card'), { width: 1200, height: 630 });
  });
}

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

test("a client-side navigation makes the head the new page's", async () => {
  const { page, context, problems } = await open(browser, '/tenders');
  const head = () =>
    page.evaluate(() => {
      const attr = (selector, name) => document.head.querySelector(selector)?.getAttribute(name) ?? null;
      return {
        title: document.title,
        description: attr('meta[name="description"]', 'content'),
        canonical: attr('link[rel="canonical"]', 'href'),
        ogTitle: attr('meta[property="og:title"]', 'content'),
        ogDescription: attr('meta[property="og:description"]', 'content'),
        ogUrl: attr('meta[property="og:url"]', 'content'),
        twitterTitle: attr('meta[name="twitter:title"]', 'content'),
        ogImage: document.head.querySelectorAll('meta[property="og:image"]').length,
        links: [...document.head.querySelectorAll('link[rel="alternate"][type]')].map((l) => [l.type, l.href]),
        jsonLd: document.head.querySelectorAll('script[type="application/ld+json"]').length,
      };
    });
  const before = await head();
  assert.deepEqual(before.links.map(([type]) => type), ['application/atom+xml'], 'the search links its feed');
  assert.equal(before.jsonLd, 1);
  await page.evaluate(() => (window.__samePage = true));
  const link = page.locator('main a[href^="/tenders/UA-"]').first();
  const href = await link.getAttribute('href');
  await link.click();
  await page.waitForFunction((path) => document.head.querySelector('link[rel="canonical"]')?.href.endsWith(path), href);
  assert.equal(await page.evaluate(() => window.__samePage), true, 'a client-side navigation');
  const now = await head();
  assert.ok(now.canonical.endsWith(href), now.canonical);
  assert.notEqual(now.title, before.title);
  assert.notEqual(now.description, before.description);
  // The share card is the server's (link previews read its HTML): the previous page's is
  // dropped, never left describing another page.
  assert.deepEqual([now.ogTitle, now.ogDescription, now.ogUrl, now.twitterTitle, now.ogImage], [null, null, null, null, 0]);
  // Its OCDS JSON and the feed of its own changes (issue 44), never the search's feed.
  assert.deepEqual(now.links.map(([type]) => type).sort(), ['application/atom+xml', 'application/json'], 'the tender links its OCDS JSON and its changes');
  assert.ok(now.links.find(([type]) => type === 'application/json')[1].endsWith(`${href}.ocds.json`), String(now.links));
  assert.ok(now.links.find(([type]) => type === 'application/atom+xml')[1].endsWith(`${href}.atom`), String(now.links));
  assert.equal(now.jsonLd, 0, 'no JSON-LD of the page before');
  assert.deepEqual(problems, []);
  await context.close();
});
