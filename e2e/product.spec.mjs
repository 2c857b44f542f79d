// The Market product pages in real Chromium: a supplier's product and a product of the
// national catalogue, in both languages, with their head tags and a valid schema.org
// Product (an Offer only where there is a price); with JavaScript off; unknown and
// malformed ids are 404 pages; and, in a portal of its own with the characteristic
// mismatch flag on, a product that breaks its profile sends one beacon and one warning
// while one that satisfies it sends nothing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BASE, launch, open, upstream } from './browser.mjs';
import { startPortal } from './portal.mjs';

const locales = {
  uk: JSON.parse(readFileSync(new URL('../locales/uk/dzo.json', import.meta.url), 'utf8')),
  en: JSON.parse(readFileSync(new URL('../locales/en/dzo.json', import.meta.url), 'utf8')),
};

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/** The first active product of a catalogue list without images (the embedded upstream serves none). */
async function pick(list, filter = '') {
  const { 'hydra:member': members } = await upstream(`/api/${list}?perPage=50${filter}`);
  const summary = members.find((p) => !p.images?.length);
  assert.ok(summary, `a product without images in /api/${list}`);
  return upstream(`/api/${list}/${summary.id}`);
}

const prefixed = (language, path) => (language === 'en' ? `/en${path}` : path);

async function headOf(page) {
  return {
    title: await page.title(),
    description: await page.getAttribute('meta[name="description"]', 'content'),
    canonical: await page.getAttribute('link[rel="canonical"]', 'href'),
    alternates: Object.fromEntries(
      await page.$$eval('link[rel="alternate"][hreflang]', (links) => links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')])),
    ),
  };
}

/** The schema.org nodes of the page's JSON-LD scripts (a script may hold a `@graph`). */
async function jsonLdNodes(page) {
  const scripts = await page.$$eval('script[type="application/ld+json"]', (els) => els.map((e) => e.textContent));
  return scripts.map((s) => JSON.parse(s)).flatMap((doc) => {
    assert.equal(doc['@context'], 'https://schema.org');
    return doc['@graph'] ?? [doc];
  });
}

/** Every value of a JSON-LD node is a real one: no empty strings, nulls or empty lists. */
function assertNoEmpty(value, path = '$') {
  assert.ok(value !== null && value !== undefined && value !== '', `${path} is empty`);
  if (Array.isArray(value)) {
    assert.ok(value.length > 0, `${path} is an empty list`);
    value.forEach((v, i) => assertNoEmpty(v, `${path}[${i}]`));
  } else if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) assertNoEmpty(v, `${path}.${k}`);
  }
}

function assertProductJsonLd(nodes, product, language, canonical) {
  const node = nodes.find((n) => n['@type'] === 'Product');
  assert.ok(node, 'a Product node');
  assertNoEmpty(node);
  assert.equal(node.name, (language === 'en' && product.title_en) || product.title);
  assert.equal(node.url, canonical);
  assert.equal(node.gtin13, product.identifier.id);
  assert.equal(node.sku, product.identifier.id);
  assert.deepEqual(node.brand, { '@type': 'Brand', name: product.brand.name });
  assert.ok(node.category.startsWith(product.classification.id), node.category);
  if (product.value) {
    assert.equal(node.offers['@type'], 'Offer');
    assert.equal(node.offers.price, product.value.amount);
    assert.equal(node.offers.priceCurrency, product.value.currency);
    assert.equal(node.offers.availability, 'https://schema.org/InStock');
    assert.equal(node.offers.seller.identifier.value, product.supplier.identifier.id);
  } else {
    assert.equal(node.offers, undefined, 'no Offer without a price');
  }
  const trail = nodes.find((n) => n['@type'] === 'BreadcrumbList');
  assert.ok(trail, 'a BreadcrumbList');
  const items = trail.itemListElement;
  assert.deepEqual(items.map((i) => i.position), items.map((_, i) => i + 1));
  assert.equal(items.at(-1).item, canonical);
}

const KINDS = [
  ['product', 'products', '/market/products/'],
  ['prozorroProduct', 'prozorro_products', '/market/prozorro-products/'],
];

for (const [name, list, base] of KINDS) {
  test(`a ${name === 'product' ? "supplier's" : 'national-catalogue'} product page in both languages`, async () => {
    const product = await pick(list);
    const profile = await upstream(`/api/profiles/${product.relatedProfiles[0]}`);
    for (const language of ['uk', 'en']) {
      const t = locales[language];
      const path = prefixed(language, base + product.id);
      const { page, context, response, problems } = await open(browser, path);
      assert.equal(response.status(), 200, path);
      const title = (language === 'en' && product.title_en) || product.title;
      const head = await headOf(page);
      assert.ok(head.title.startsWith(title.slice(0, 60)), head.title);
      assert.ok(head.description.length > 40 && head.description.length <= 300, head.description);
      assert.equal(new URL(head.canonical).pathname, path);
      assert.equal(new URL(head.alternates.uk).pathname, base + product.id);
      assert.equal(new URL(head.alternates.en).pathname, `/en${base}${product.id}`);
      assert.equal(head.alternates['x-default'], head.alternates.uk);
      assertProductJsonLd(await jsonLdNodes(page), product, language, head.canonical);

      assert.equal((await page.getByRole('heading', { level: 1 }).textContent()).trim(), title);
      const main = await page.textContent('main');
      assert.ok(main.includes(product.classification.id), 'the CPV code');
      assert.ok(main.includes(product.identifier.id), 'the EAN');
      assert.ok(main.includes(t.enums.productStatus[product.status]), 'the status');
      if (product.value) {
        assert.ok(main.includes(product.supplier.identifier.id), "the supplier's EDRPOU");
        // Whether the price includes VAT, as the product says, and the unit it is of.
        const vat = t.unitPrice[product.value.valueAddedTaxIncluded ? 'vatIncluded' : 'vatExcluded'];
        assert.ok((await page.textContent('.product-price')).includes(vat), 'VAT');
        assert.match(await page.textContent('.product-price'), language === 'en' ? / per \S/ : / за \S/, 'the unit');
      } else {
        assert.ok(!main.includes(t.product.sections.supplier), 'no supplier section');
      }
      const crumbs = page.getByRole('navigation', { name: t.product.breadcrumbs.label });
      assert.equal(await crumbs.getByRole('link').first().getAttribute('href'), prefixed(language, '/market'));
      const categoryHref = prefixed(language, `/market/category/${product.relatedCategory}`);
      assert.ok((await page.locator(`main a[href="${categoryHref}"]`).count()) > 0, 'a link to the category');
      // Once hydrated, the page asks for the profile: its requirements join the table, its title the breadcrumbs.
      const table = page.getByRole('table', { name: t.product.characteristics.caption });
      await table.getByRole('columnheader', { name: t.product.characteristics.required }).waitFor();
      assert.equal(await table.locator('tbody tr').count(), product.requirementResponses.length);
      const profileTitle = (language === 'en' && profile.title_en) || profile.title;
      await crumbs.getByRole('link', { name: profileTitle }).waitFor();
      assert.deepEqual(problems, [], `${path}: console problems`);
      await context.close();
    }
  });
}

test('the product page works with JavaScript off', async () => {
  const product = await pick('products');
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(`${BASE}/market/products/${product.id}`);
  assert.equal(response.status(), 200);
  const t = locales.uk;
  assert.equal((await page.getByRole('heading', { level: 1 }).textContent()).trim(), product.title);
  const table = page.getByRole('table', { name: t.product.characteristics.caption });
  assert.ok((await table.locator('tbody tr').count()) >= product.requirementResponses.length);
  // The server asked for the profile once the product named it: its requirements are in the HTML.
  assert.equal(await table.locator('thead th').count(), 3, 'the requirement column without JavaScript');
  for (const [href, what] of [
    [`/market/category/${product.relatedCategory}`, 'category'],
    [`/market/profile/${product.relatedProfiles[0]}`, 'profile'],
    [`/market/${product.marketClassification}`, 'classification'],
  ]) {
    assert.ok((await page.locator(`main a[href="${href}"]`).count()) > 0, `a link to the ${what}`);
  }
  const nodes = await jsonLdNodes(page);
  assertProductJsonLd(nodes, product, 'uk', `http://127.0.0.1:8080/market/products/${product.id}`);
  // Market → classification → category → profile → product, every step named in the first HTML.
  assert.equal(nodes.find((n) => n['@type'] === 'BreadcrumbList').itemListElement.length, 5);
  await context.close();
});

test('a hidden product says so, and its offer is out of stock', async () => {
  const product = await pick('products', '&status[0]=hidden');
  const { page, context, response, problems } = await open(browser, `/market/products/${product.id}`);
  assert.equal(response.status(), 200);
  assert.ok((await page.textContent('.tender-badges')).includes(locales.uk.enums.productStatus.hidden));
  const node = (await jsonLdNodes(page)).find((n) => n['@type'] === 'Product');
  assert.equal(node.offers.availability, 'https://schema.org/OutOfStock');
  assert.deepEqual(problems, []);
  await context.close();
});

test("an image the catalogue's host cannot serve gives way to the placeholder", async () => {
  const { 'hydra:member': members } = await upstream('/api/products?perPage=50');
  const product = members.find((p) => p.images?.length);
  assert.ok(product, 'a product with an image');
  // The embedded upstream serves a drawing for every image; here its host fails them.
  const context = await browser.newContext();
  await context.route('**/static/images/**', (route) => route.fulfill({ status: 404, body: '' }));
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(`${m.type()}: ${m.text()}`));
  await page.goto(`${BASE}/market/products/${product.id}`);
  await page.waitForSelector('html[data-hydrated="true"]');
  // Once hydrated, the page shows its placeholder.
  await page.getByText(locales.uk.product.noImage).waitFor();
  assert.equal(await page.locator('.product-media img').count(), 0);
  assert.deepEqual(problems.filter((p) => !p.includes('Failed to load resource')), []);
  await context.close();
});

test('unknown and malformed product ids are 404 pages', async () => {
  const supplier = await pick('products');
  for (const path of [
    '/market/products/00000000000000000000000000000000',
    '/market/products/nonsense',
    `/market/products/${supplier.id}x`,
    '/en/market/prozorro-products/123',
    // The two catalogues are separate: a supplier's product is no national-catalogue product.
    `/market/prozorro-products/${supplier.id}`,
  ]) {
    const { context, response, page } = await open(browser, path);
    assert.equal(response.status(), 404, path);
    assert.equal(await page.locator('script[type="application/ld+json"]').count(), 0, `${path}: no JSON-LD`);
    await context.close();
  }
});

/**
 * An independent reading of SPEC's mismatch rule (the page's is `mismatch.ts`): the
 * requirements of `profile` that `product`'s responses fail.
 */
function failing(product, profile) {
  const key = (s) => String(s).trim().toLowerCase();
  const responses = new Map(product.requirementResponses.map((r) => [key(r.requirement), r]));
  const requirements = profile.criteria.flatMap((c) => c.requirementGroups.flatMap((g) => g.requirements));
  return requirements
    .filter((q) => {
      const r = responses.get(key(q.title));
      if (!r) return true;
      if (q.dataType === 'string') {
        const ok = r.values.every((v) => q.expectedValues.map(key).includes(key(v)));
        return !(ok && r.values.length >= (q.expectedMinItems ?? 0) && r.values.length <= (q.expectedMaxItems ?? Infinity));
      }
      if (q.dataType === 'boolean') return r.value !== q.expectedValue;
      if (q.expectedValue !== undefined && r.value === q.expectedValue) return false;
      if (q.minValue === undefined && q.maxValue === undefined) return q.expectedValue !== undefined;
      return !((q.minValue === undefined || r.value >= q.minValue) && (q.maxValue === undefined || r.value <= q.maxValue));
    })
    .map((q) => q.title);
}

test('with the mismatch flag on, a product that breaks its profile is reported once; one that satisfies it is not', async () => {
  // Products without images, so the only console messages are the page's own.
  const { 'hydra:member': members } = await upstream('/api/products?perPage=100&sortOrder=title.asc');
  const profiles = new Map();
  let breaking;
  let satisfying;
  for (const summary of members.filter((p) => !p.images?.length)) {
    if (breaking && satisfying) break;
    const product = await upstream(`/api/products/${summary.id}`);
    const id = product.relatedProfiles[0];
    if (!profiles.has(id)) profiles.set(id, await upstream(`/api/profiles/${id}`));
    const fails = failing(product, profiles.get(id));
    if (fails.length && !breaking) breaking = { product, fails };
    if (!fails.length && !satisfying) satisfying = product;
  }
  assert.ok(breaking && satisfying, 'a breaking and a satisfying product among the first hundred');

  const portal = await startPortal({
    PORT: '18097',
    UPSTREAM_PORT: '18098',
    RUST_LOG: 'warn',
    PORTAL_CLIENT_FEATURES_LOG_CHARACTERISTIC_MISMATCH: 'true',
  });
  try {
    for (const [product, expected] of [
      [breaking.product, breaking.fails],
      [satisfying, []],
    ]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const warnings = [];
      const others = [];
      const beacons = [];
      page.on('console', (m) => (m.type() === 'warning' ? warnings : m.type() === 'error' ? others : []).push(m.text()));
      page.on('pageerror', (e) => others.push(e.message));
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/__mismatch') beacons.push({ method: r.method(), body: r.postData() });
      });
      await page.goto(`${portal.base}/market/products/${product.id}`);
      await page.waitForSelector('html[data-hydrated="true"]');
      // The check runs once the profile is there: its column shows it arrived.
      await page.getByRole('columnheader', { name: locales.uk.product.characteristics.required }).waitFor();
      await page.waitForTimeout(500);
      if (expected.length) {
        assert.equal(beacons.length, 1, 'one beacon');
        assert.equal(beacons[0].method, 'POST');
        assert.deepEqual(JSON.parse(beacons[0].body), { productId: product.id, profileId: product.relatedProfiles[0], requirements: expected });
        assert.equal(warnings.length, 1, `one warning: ${warnings}`);
        assert.ok(warnings[0].includes(product.id));
        // The portal's endpoint takes the body the page sent (it logs it and answers 204).
        const replay = await fetch(`${portal.base}/__mismatch`, { method: 'POST', body: beacons[0].body });
        assert.equal(replay.status, 204);
        // Never shown to the visitor.
        assert.equal(await page.locator('text=/mismatch|невідповід/i').count(), 0);
      } else {
        assert.deepEqual(beacons, []);
        assert.deepEqual(warnings, []);
      }
      assert.deepEqual(others.filter((m) => !m.includes('__mismatch')), [], 'no console errors');
      await context.close();
    }
  } finally {
    await portal.stop();
  }
});
