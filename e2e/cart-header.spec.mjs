// The cart is findable (issue 29, item 20): a buyer or cpe user has a cart entry with its
// item count in the header, kept in step by every change without a reload, and in the
// user menu; a seller has none. The cart page empties the cart, says what comes next on
// the platform, shows no empty status bar and no message left from an earlier change.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BASE, launch, logIn, open, upstream } from './browser.mjs';

const uk = JSON.parse(readFileSync(new URL('../locales/uk/dzo.json', import.meta.url), 'utf8'));
// The cpe seed user: the buyer's cart is cart.spec.mjs's.
const CPE = ['cpe@example.com', 'cpe-password-1'];
const SELLER = ['seller@example.com', 'seller-password-1'];

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const headerCount = (page) => page.textContent('.site-header .cart-link .cart-count').then((t) => Number(t));
const waitForCount = (page, n) =>
  page.waitForFunction((n) => document.querySelector('.site-header .cart-link .cart-count')?.textContent === String(n), n, { timeout: 5000 });

test('the header counts the cart, the menu has it, and the cart page empties it', async () => {
  const { context, page, problems } = await open(browser, '/');
  await logIn(page, CPE);
  // Whatever an earlier run left, emptied from the cart page when there is something.
  await page.goto(`${BASE}/market/cart`);
  await page.waitForSelector('html[data-hydrated="true"]');
  if (await page.$('.cart-empty-form')) {
    await page.click('.cart-empty-form button');
    await page.waitForSelector('.empty-state');
  }
  await page.waitForSelector('.site-header .cart-link');
  await waitForCount(page, 0);

  // Two products added from their pages: the header follows without a reload.
  const [first, second] = (await upstream('/api/products?perPage=2'))['hydra:member'];
  const loads = [];
  for (const [i, product] of [first, second].entries()) {
    await page.goto(`${BASE}/market/products/${product.id}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await waitForCount(page, i);
    page.on('load', () => loads.push(page.url()));
    await page.click('.add-to-cart button[type=submit]');
    await waitForCount(page, i + 1);
  }
  // Read anew on a new page, and named for screen readers.
  await page.goto(`${BASE}/plans`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await waitForCount(page, 2);
  // The accessible name is the visible text with the count explained.
  const name = (await page.locator('.site-header .cart-link').evaluate((a) => a.textContent)).trim();
  assert.equal(name, `${uk.header.cart}${uk.header.cartItems}2`);
  // The user menu has it too.
  assert.equal(await page.locator(`.user-menu a[href="/market/cart"]`).count(), 1);

  // The cart page: a next step on the platform, no empty status bar.
  await page.click('.site-header .cart-link');
  await page.waitForSelector('.cart-item-form');
  assert.equal(new URL(page.url()).pathname, '/market/cart');
  assert.equal(await page.locator('.page-cart .form-note').count(), 0, 'no empty status bar');
  assert.ok(await page.isVisible(`text=${uk.cart.nextLink}`));
  // Remove one: its message; then empty the cart: that message alone.
  await page.click(`.cart-item-form:has([value="${first.id}"]) button[value=remove]`);
  await page.waitForFunction(() => document.querySelectorAll('.cart-item-form').length === 1);
  await waitForCount(page, 1);
  assert.equal((await page.textContent('.page-cart [role=status]')).trim(), uk.cart.removed);
  await page.click('.cart-empty-form button');
  await page.waitForSelector('.empty-state');
  await waitForCount(page, 0);
  assert.equal((await page.textContent('.page-cart [role=status]')).trim(), uk.cart.emptied);
  assert.equal(await page.locator('.page-cart .form-error').count(), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a seller has no cart entry', async () => {
  const { context, page } = await open(browser, '/');
  await logIn(page, SELLER);
  await page.goto(`${BASE}/tenders`);
  await page.waitForSelector('html[data-hydrated="true"]');
  assert.equal(await page.locator('a[href="/market/cart"]').count(), 0);
  await context.close();
});

test('emptying works without JavaScript, its message said once', async () => {
  const { context, page } = await open(browser, '/');
  await logIn(page, CPE);
  const [product] = (await upstream('/api/products?perPage=1'))['hydra:member'];
  const plain = await browser.newContext({ javaScriptEnabled: false });
  await plain.addCookies(await context.cookies());
  const off = await plain.newPage();
  await off.goto(`${BASE}/market/products/${product.id}`);
  await off.click('.add-to-cart button[type=submit]');
  assert.equal(new URL(off.url()).pathname, '/market/cart');
  assert.equal(await off.locator('.site-header .cart-link').count(), 1, 'the header links the cart in the HTML');
  // Issue 46, item 10: the header counts the cart without JavaScript too, as the users API has it.
  const { items } = await (await context.request.get(`${BASE}/__data?url=${encodeURIComponent('/market/cart')}`)).json().then((d) => d.cart.body);
  assert.ok(items.length > 0);
  assert.equal((await off.locator('.site-header .cart-link .cart-count').textContent())?.trim(), String(items.length));
  await off.click('.cart-empty-form button');
  assert.equal(await off.locator('.site-header .cart-link .cart-count').textContent(), '0', 'the emptied cart counts 0');
  assert.equal(new URL(off.url()).search, '?emptied=1');
  assert.equal((await off.textContent('.page-cart [role=status]')).trim(), uk.cart.emptied);
  await plain.close();
  await context.close();
});

// Issue 46, items 10 and 21: a visitor without a login is told that signing in gives a
// cart: on a product's page, and on the cart's own address (still the 404 of SPEC §2.1),
// in both languages, with a login that comes back to the cart.
test('a visitor is offered to sign in for a cart, on a product and at the cart', async () => {
  for (const prefix of ['', '/en']) {
    const response = await fetch(`${BASE}${prefix}/market/cart`);
    assert.equal(response.status, 404);
    const html = await response.text();
    assert.match(html, /class="cart-sign-in"/);
    assert.ok(html.includes(`href="${prefix}/login?from=%2Fmarket%2Fcart"`), `${prefix}: the login comes back to the cart`);
  }
  const { 'hydra:member': products } = await upstream('/api/products?perPage=20');
  const product = products.find((p) => p.status === 'active') ?? products[0];
  const html = await (await fetch(`${BASE}/market/products/${product.id}`)).text();
  assert.match(html, /class="cart-sign-in"/);
});
