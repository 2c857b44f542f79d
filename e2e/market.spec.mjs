// The Market catalogue in real Chromium: a visitor browses classification → category →
// profile by clicking and ends at a product's link; a number range and a boolean
// requirement narrow a category's products, survive a reload, and give the same first
// page with JavaScript off; grid or list survives a reload on a desktop and is ignored on
// a 375 px phone; the profile choice appends its next page, shows its empty state and logs
// a failed page; every market page has its head tags in both languages; unknown ids are
// 404 pages, on a first load and after a client navigation.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BASE, launch, open, upstream } from './browser.mjs';

const locales = {
  uk: JSON.parse(readFileSync(new URL('../locales/uk/dzo.json', import.meta.url), 'utf8')),
  en: JSON.parse(readFileSync(new URL('../locales/en/dzo.json', import.meta.url), 'utf8')),
};
/** The portal's configured public origin: canonical links and alternates are absolute on it. */
const ORIGIN = 'http://127.0.0.1:8080';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/** A page on `path` in a fresh context (hydrated when JavaScript is on), with its console problems. */
const visit = (path, options) => open(browser, path, options);

const productIds = (page) =>
  page.$$eval('ul.catalogue .product-card-title a', (as) => as.map((a) => a.getAttribute('href').split('/').pop()));
const query = (params) => Object.entries(params).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');

/** Every requirement of a list of profiles. */
const requirementsOf = (profiles) => profiles.flatMap((p) => p.criteria.flatMap((c) => c.requirementGroups.flatMap((g) => g.requirements)));

/**
 * A category whose profiles have a number and a boolean requirement, with a range of the
 * number and a value of the boolean such that the range narrows the category's products
 * and the boolean narrows them further (counts read from the upstream).
 */
async function filterCase() {
  const { 'hydra:member': categories } = await upstream('/api/categories?pagination=false');
  for (const category of categories) {
    const { 'hydra:member': profiles } = await upstream(`/api/categories/${encodeURIComponent(category.id)}/profiles?pagination=false`);
    const reqs = requirementsOf(profiles);
    const number = reqs.find((r) => r.dataType === 'number' || r.dataType === 'integer');
    const boolean = reqs.find((r) => r.dataType === 'boolean');
    if (!number || !boolean) continue;
    const base = `relatedCategoryId[0]=${encodeURIComponent(category.id)}`;
    const all = await upstream(`/api/products?${base}&perPage=100`);
    const values = [...new Set(all['hydra:member'].flatMap((p) => p.requirementResponses.filter((r) => r.requirement === number.title).map((r) => r.value)))].sort((a, b) => a - b);
    if (values.length < 3) continue;
    const [min, max] = [values[1], values[values.length - 2]];
    const range = query({ 'numberRequirements[0][requirement]': number.title, 'numberRequirements[0][minValue]': min, 'numberRequirements[0][maxValue]': max });
    const ranged = await upstream(`/api/products?${base}&${range}&perPage=1`);
    for (const value of [false, true]) {
      const bool = query({ 'booleanRequirements[0][requirement]': boolean.title, 'booleanRequirements[0][value]': value });
      const both = await upstream(`/api/products?${base}&${range}&${bool}&perPage=24`);
      const n = both['hydra:totalItems'];
      if (n > 0 && n < ranged['hydra:totalItems'] && ranged['hydra:totalItems'] < all['hydra:totalItems']) {
        return { category, profiles, number: number.title, boolean: boolean.title, min, max, value, expected: both['hydra:member'].map((p) => p.id), found: n, total: all['hydra:totalItems'] };
      }
    }
  }
  throw new Error('no category whose number and boolean requirements both narrow its products');
}

test('browsing: market → classification → category → profile by clicking, to a product card', async () => {
  const category = (await upstream('/api/categories?perPage=1'))['hydra:member'][0];
  const classification = category.marketClassification;
  const { 'hydra:member': profiles } = await upstream(`/api/categories/${encodeURIComponent(category.id)}/profiles?pagination=false`);
  const profile = profiles[0];
  const { page, context, problems } = await visit('/market');

  await page.click(`.market-tile-title a[href="/market/${classification}"]`);
  await page.waitForURL(`${BASE}/market/${classification}`);
  await page.waitForSelector('.classification-page h1');
  await page.click(`.market-tile-title a[href="/market/category/${category.id}"]`);
  await page.waitForURL(`${BASE}/market/category/${category.id}`);
  await page.waitForSelector('.category-page h1');
  assert.equal((await page.textContent('h1')).trim(), category.title);
  // The trail: Market → classification → category.
  assert.equal(await page.locator('nav.breadcrumbs li').count(), 3);

  await page.click(`#category-profiles a[href="/market/profile/${profile.id}"]`);
  await page.waitForURL(`${BASE}/market/profile/${profile.id}`);
  await page.waitForSelector('.profile-page h1');
  assert.equal((await page.textContent('h1')).trim(), profile.title);
  const trail = await page.$$eval('nav.breadcrumbs li', (lis) => lis.map((li) => li.textContent.trim()));
  assert.deepEqual(trail.slice(0, 1).concat(trail.slice(3)), ['Market', profile.title]);
  assert.equal(trail.length, 4);
  // The title follows the client navigation.
  assert.ok((await page.title()).startsWith(profile.title), await page.title());

  const expected = (await upstream(`/api/products?relatedProfileIds=${profile.id}&perPage=24`))['hydra:member'].map((p) => p.id);
  assert.deepEqual(await productIds(page), expected);
  const card = page.locator('.product-card').first();
  assert.equal(await card.locator('.product-card-title a').getAttribute('href'), `/market/products/${expected[0]}`);
  assert.ok((await card.locator('.product-card-price').textContent()).includes('грн'));
  assert.deepEqual(problems, []);
  await context.close();
});

test('a number range and a boolean requirement narrow a category\'s products, survive a reload, and work without JavaScript', async () => {
  const c = await filterCase();
  const path = `/market/category/${c.category.id}`;
  const fill = async (page) => {
    const number = page.locator(`fieldset[data-requirement="${c.number}"]`);
    await number.locator('input[name$="[minValue]"]').fill(String(c.min).replace('.', ','));
    await number.locator('input[name$="[maxValue]"]').fill(String(c.max));
    await page.locator(`fieldset[data-requirement="${c.boolean}"] select`).selectOption(String(c.value));
  };

  // With JavaScript: the form navigates without a reload.
  const js = await visit(path);
  assert.equal((await productIds(js.page)).length, Math.min(24, c.total));
  await fill(js.page);
  await Promise.all([
    js.page.waitForURL(/numberRequirements/),
    js.page.waitForResponse((r) => r.url().includes('/__data')),
    js.page.click('.requirement-form .search-options button[type="submit"]'),
  ]);
  await js.page.waitForFunction((n) => document.querySelectorAll('ul.catalogue .product-card').length === n, c.expected.length);
  assert.deepEqual(await productIds(js.page), c.expected);
  const url = js.page.url();
  const canonical = await js.page.getAttribute('link[rel="canonical"]', 'href');
  assert.equal(canonical.replace(ORIGIN, BASE), url, 'the navigation lands on the canonical address');
  const count = await js.page.textContent('.result-count');
  assert.ok(count.includes(String(c.found)), count);

  // A reload keeps the filters: the same products, the same form.
  await js.page.reload();
  await js.page.waitForSelector('html[data-hydrated="true"]');
  assert.deepEqual(await productIds(js.page), c.expected);
  assert.equal(await js.page.inputValue(`fieldset[data-requirement="${c.number}"] input[name$="[maxValue]"]`), String(c.max));
  assert.equal(await js.page.inputValue(`fieldset[data-requirement="${c.boolean}"] select`), String(c.value));
  assert.deepEqual(js.problems, []);
  await js.context.close();

  // Without JavaScript: the same form is a plain GET, and the first page is the same.
  const off = await visit(path, { javaScriptEnabled: false });
  await fill(off.page);
  await Promise.all([off.page.waitForURL(/numberRequirements/), off.page.click('.requirement-form .search-options button[type="submit"]')]);
  assert.deepEqual(await productIds(off.page), c.expected);
  assert.equal(await off.page.getAttribute('link[rel="canonical"]', 'href'), canonical);
  await off.context.close();
});

test('grid or list survives a reload on a desktop, and is ignored on a 375 px phone', async () => {
  const { page, context, problems } = await visit('/market/products', { viewport: { width: 1280, height: 900 } });
  assert.equal(await page.getAttribute('ul.catalogue', 'data-view'), 'grid');
  await page.click('button.view-toggle-list');
  assert.equal(await page.getAttribute('ul.catalogue', 'data-view'), 'list');
  assert.equal(await page.getAttribute('button.view-toggle-list', 'aria-pressed'), 'true');
  assert.equal(await page.evaluate(() => localStorage.getItem('catalogView')), 'list');
  // One card per row in the list.
  const columns = () => page.$eval('ul.catalogue', (ul) => getComputedStyle(ul).gridTemplateColumns.split(' ').length);
  assert.equal(await columns(), 1);

  await page.reload();
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.waitForSelector('ul.catalogue[data-view="list"]');
  // Other catalogue lists follow the same choice.
  await page.goto(`${BASE}/market/categories`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.waitForSelector('ul.catalogue[data-view="list"]');

  // A phone: always the grid, no toggle, and the stored choice is left as it was.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await page.waitForSelector('html[data-hydrated="true"]');
  assert.equal(await page.getAttribute('ul.catalogue', 'data-view'), 'grid');
  assert.equal(await page.$eval('.view-toggle', (el) => getComputedStyle(el).display), 'none');
  assert.equal(await page.evaluate(() => localStorage.getItem('catalogView')), 'list');
  assert.deepEqual(problems, []);
  await context.close();

  // On a phone nothing is stored, and before any script the stylesheet shows the grid.
  const phone = await visit('/market/products', { viewport: { width: 375, height: 800 } });
  assert.equal(await phone.page.evaluate(() => localStorage.getItem('catalogView')), null);
  assert.equal(await phone.page.$eval('.view-toggle', (el) => getComputedStyle(el).display), 'none');
  await phone.page.evaluate(() => document.querySelector('ul.catalogue').classList.replace('catalogue-grid', 'catalogue-list'));
  const cardWidth = await phone.page.$eval('.product-card', (el) => el.getBoundingClientRect().width);
  assert.ok(cardWidth < 375, `${cardWidth}`);
  assert.equal(await phone.page.$eval('.product-card', (el) => getComputedStyle(el).flexDirection), 'column');
  await phone.context.close();
});

test('the profile choice appends its next page, shows its empty state, and logs a failed page', async () => {
  const category = (await upstream('/api/categories?perPage=1'))['hydra:member'][0];
  const real = (await upstream('/api/profiles?perPage=45'))['hydra:member'];
  assert.equal(real.length, 45);
  const path = `/market/category/${category.id}`;
  const { page, context, problems } = await visit(path);
  const asked = [];
  // The embedded catalogue has 3–4 profiles per category: the browser's requests for the
  // category's profiles are answered with 45 real profiles, 20 a page; page 3 fails once.
  let failPage3 = true;
  await page.route(/\/api\/categories\/[^/]+\/profiles\?/, (route) => {
    const url = new URL(route.request().url());
    const n = Number(url.searchParams.get('page'));
    asked.push([url.pathname, n, Number(url.searchParams.get('perPage'))]);
    if (n === 3 && failPage3) {
      failPage3 = false;
      return route.fulfill({ status: 500, headers: { 'access-control-allow-origin': '*' }, contentType: 'application/json', body: '{"error":"boom","status":500}' });
    }
    const body = { '@type': 'hydra:Collection', 'hydra:member': real.slice((n - 1) * 20, n * 20), 'hydra:totalItems': real.length };
    return route.fulfill({ status: 200, headers: { 'access-control-allow-origin': '*' }, contentType: 'application/json', body: JSON.stringify(body) });
  });
  const dialog = page.getByRole('dialog', { name: 'Вибір профілю товара' });
  const links = dialog.locator('.profile-choices a');

  await page.click('a.profile-chooser');
  await dialog.waitFor();
  await page.waitForFunction(() => document.querySelectorAll('.profile-choices a').length === 20);
  assert.equal(await links.first().getAttribute('href'), `/market/profile/${real[0].id}`);
  await dialog.getByRole('button', { name: locales.uk.pagination.showMore_many.replace('{{count}}', '20') }).click();
  await page.waitForFunction(() => document.querySelectorAll('.profile-choices a').length === 40);
  assert.equal(await links.nth(39).getAttribute('href'), `/market/profile/${real[39].id}`);

  // Page 3 fails: logged, the list stays at 40, and 'show next 5' is there again.
  const more5 = dialog.getByRole('button', { name: locales.uk.pagination.showMore_many.replace('{{count}}', '5') });
  await more5.click();
  await dialog.locator('.profile-choices-error').waitFor();
  assert.equal(await links.count(), 40);
  assert.ok(problems.some((p) => p.startsWith('error:') && p.includes('page 3 failed to load')), problems.join('\n'));
  await more5.click();
  await page.waitForFunction(() => document.querySelectorAll('.profile-choices a').length === 45);
  assert.equal(await dialog.locator('.pagination-more').count(), 0, 'no next page after the last');
  assert.deepEqual(asked.map(([, n, perPage]) => [n, perPage]), [[1, 20], [2, 20], [3, 20], [3, 20]]);
  assert.ok(asked.every(([p]) => p === `/api/categories/${category.id}/profiles`));

  // Cancel closes it; Escape too, after it opens again.
  await dialog.getByRole('button', { name: locales.uk.market.profileModal.cancel }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.click('a.profile-chooser');
  await dialog.waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  // The failed page's console lines are the only problems.
  assert.deepEqual(problems.filter((p) => !p.includes('page 3 failed to load') && !p.includes('status of 500')), []);
  await context.close();

  // A category without profiles: the empty state of SPEC §2.5.
  const empty = await visit(path);
  await empty.page.route(/\/api\/categories\/[^/]+\/profiles\?/, (route) =>
    route.fulfill({ status: 200, headers: { 'access-control-allow-origin': '*' }, contentType: 'application/json', body: '{"hydra:member":[],"hydra:totalItems":0}' }),
  );
  await empty.page.click('a.profile-chooser');
  const box = empty.page.getByRole('dialog').locator('.empty-state');
  await box.waitFor();
  assert.equal((await box.locator('.empty-state-title').textContent()).trim(), 'Профілів не знайдено');
  assert.equal((await box.locator('.empty-state-text').textContent()).trim(), 'За цими характеристиками нічого не знайдено.');
  assert.deepEqual(empty.problems, []);
  await empty.context.close();

  // The real profiles: a profile opens its page.
  const { 'hydra:member': profiles } = await upstream(`/api/categories/${encodeURIComponent(category.id)}/profiles?page=1&perPage=20`);
  const live = await visit(path);
  await live.page.click('a.profile-chooser');
  await live.page.waitForFunction((n) => document.querySelectorAll('.profile-choices a').length === n, profiles.length);
  await live.page.click(`.profile-choices a[href="/market/profile/${profiles[0].id}"]`);
  await live.page.waitForURL(`${BASE}/market/profile/${profiles[0].id}`);
  await live.page.waitForSelector('.profile-page h1');
  assert.equal(await live.page.locator('[role="dialog"]').count(), 0);
  assert.deepEqual(live.problems, []);
  await live.context.close();
});

test('the classification tree opens a node with its parents, with and without JavaScript', async () => {
  const category = (await upstream('/api/categories?perPage=1'))['hydra:member'][0];
  const id = category.marketClassification;
  const division = (await upstream('/api/classifications?scheme=classification&page=1&perPage=100'))['hydra:member'].find((d) => d.id.startsWith(id.slice(0, 2)));
  // Without JavaScript: the toggles are links; the division, then the classification opens.
  const off = await visit('/market', { javaScriptEnabled: false });
  await off.page.click(`#tree-${division.id} > a.tree-toggle`);
  await off.page.waitForURL(`${BASE}/market?open=${division.id}#tree-${division.id}`);
  await off.page.click(`#tree-${id} > a.tree-toggle`);
  await off.page.waitForURL(`${BASE}/market?open=${id}#tree-${id}`);
  assert.equal(await off.page.getAttribute(`#tree-${division.id} > a.tree-toggle`, 'aria-expanded'), 'true');
  assert.equal(await off.page.locator(`#tree-${id} a[href="/market/category/${category.id}"]`).count(), 1);
  await off.context.close();

  // With JavaScript: 'show in the tree' on a tile opens the classification and its division in place.
  const js = await visit('/market');
  assert.equal(await js.page.getAttribute(`#tree-${division.id} > a.tree-toggle`, 'aria-expanded'), 'false');
  await js.page.locator('.catalogue li', { has: js.page.locator(`a[href="/market/${id}"]`) }).locator('a.tree-show').click();
  await js.page.waitForSelector(`#tree-${id} a[href="/market/category/${category.id}"]`);
  assert.equal(await js.page.getAttribute(`#tree-${division.id} > a.tree-toggle`, 'aria-expanded'), 'true');
  assert.equal(await js.page.getAttribute(`#tree-${id} > a.tree-toggle`, 'aria-expanded'), 'true');
  assert.equal(new URL(js.page.url()).pathname, '/market', 'no navigation');
  // Closing the division hides its classifications.
  await js.page.click(`#tree-${division.id} > a.tree-toggle`);
  assert.equal(await js.page.locator(`#tree-${id}`).count(), 0);
  assert.deepEqual(js.problems, []);
  await js.context.close();
});

test('every market page has its title, description, canonical and alternates in both languages', async () => {
  const category = (await upstream('/api/categories?perPage=1'))['hydra:member'][0];
  const profile = (await upstream('/api/profiles?perPage=1'))['hydra:member'][0];
  const classification = await upstream(`/api/market_classifications/${category.marketClassification}`);
  const pages = [
    ['/market', locales.uk.pages.market.title, locales.en.pages.market.title],
    [`/market/${classification.id}`, classification.title, classification.title_en],
    ['/market/categories', locales.uk.pages.categoryList.title, locales.en.pages.categoryList.title],
    ['/market/profiles', locales.uk.pages.profileList.title, locales.en.pages.profileList.title],
    ['/market/products', locales.uk.pages.productList.title, locales.en.pages.productList.title],
    [`/market/category/${category.id}`, category.title, category.title_en],
    [`/market/profile/${profile.id}`, profile.title, profile.title_en],
  ];
  const titles = new Set();
  for (const [path, uk, en] of pages) {
    for (const [language, name] of [['uk', uk], ['en', en]]) {
      const prefixed = language === 'en' ? `/en${path}` : path;
      const { page, context, response, problems } = await visit(prefixed);
      assert.equal(response.status(), 200, prefixed);
      const title = await page.title();
      assert.ok(title.startsWith(name) && title.endsWith(locales[language].site.name), `${prefixed}: ${title}`);
      assert.ok(!titles.has(title), `${prefixed}: title ${title} is not unique`);
      titles.add(title);
      const description = await page.getAttribute('meta[name="description"]', 'content');
      assert.ok(description.length > 20, `${prefixed}: ${description}`);
      assert.equal(await page.getAttribute('link[rel="canonical"]', 'href'), ORIGIN + prefixed);
      const alternates = Object.fromEntries(await page.$$eval('link[rel="alternate"][hreflang]', (ls) => ls.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')])));
      assert.deepEqual(alternates, { uk: ORIGIN + path, en: `${ORIGIN}/en${path}`, 'x-default': ORIGIN + path }, prefixed);
      assert.equal(await page.getAttribute('html', 'lang'), language);
      assert.equal(await page.locator('nav.breadcrumbs').count(), 1, `${prefixed}: breadcrumbs`);
      assert.deepEqual(problems, [], prefixed);
      await context.close();
    }
  }
});

test('unknown ids are 404 pages, on a first load and after a client navigation', async () => {
  for (const path of ['/market/99999999-9', '/market/not-a-code', '/market/category/00000000-0000-00000000', '/market/profile/ffffffffffffffffffffffffffffffff']) {
    for (const prefixed of [path, `/en${path}`]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const response = await page.goto(BASE + prefixed);
      assert.equal(response.status(), 404, prefixed);
      assert.equal((await page.textContent('.error-code')).trim(), '404', prefixed);
      await context.close();
    }
  }
  // After a client navigation the page's data says the category is unknown: the error page.
  const category = (await upstream('/api/categories?perPage=1'))['hydra:member'][0];
  const { page, context } = await visit(`/market/${category.marketClassification}`);
  await page.route(/\/__data\?/, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ category: { ok: false, status: 404 }, products: { ok: false, status: 404 } }) }),
  );
  await page.click(`.market-tile-title a[href="/market/category/${category.id}"]`);
  await page.waitForSelector('.error-page');
  assert.equal((await page.textContent('.error-code')).trim(), '404');
  await context.close();
});
