// The Market cart in real Chromium: a visitor and a seller get the 404 page; a buyer adds
// from a product page and a product card, changes a quantity, removes an item, is told
// about a bad quantity, and finds the cart again after logging out and in; the same with
// JavaScript off.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BASE, emptyCart, launch, logIn, open, upstream } from './browser.mjs';

const uk = JSON.parse(readFileSync(new URL('../locales/uk/dzo.json', import.meta.url), 'utf8'));
const BUYER = ['buyer@example.com', 'buyer-password-1'];
const SELLER = ['seller@example.com', 'seller-password-1'];

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** The cart's rows as `productId → quantity`, read from the page's forms. */
async function rows(page) {
  return page.$$eval('.cart-item-form', (forms) =>
    Object.fromEntries(
      forms.map((f) => [f.querySelector('[name=productId]').value, Number(f.querySelector('[name=quantity]')?.value ?? 0)]),
    ),
  );
}


const activeProducts = async (n) => (await upstream(`/api/products?perPage=${n}`))['hydra:member'];

test('a visitor and a seller get the 404 page at the cart', async () => {
  const { context, page, response } = await open(browser, '/market/cart');
  assert.equal(response.status(), 404);
  assert.equal(await page.$('.add-to-cart'), null);
  await logIn(page, SELLER);
  const seller = await page.goto(`${BASE}/market/cart`);
  assert.equal(seller.status(), 404);
  const [product] = await activeProducts(1);
  await page.goto(`${BASE}/market/products/${product.id}`);
  await page.waitForSelector('html[data-hydrated="true"]');
  assert.equal(await page.$('.add-to-cart'), null, 'a seller has no add-to-cart button');
  await context.close();
});

test('a buyer adds, changes and removes items, and finds them after logging in again', async () => {
  const { context, page, problems } = await open(browser, '/');
  await logIn(page, BUYER);
  await emptyCart(page);
  const [first, second] = await activeProducts(2);

  // From the product page, without a reload: the form says how many the cart holds.
  await page.goto(`${BASE}/market/products/${first.id}`);
  await page.waitForSelector('html[data-hydrated="true"]');
  const loads = [];
  page.on('load', () => loads.push(page.url()));
  await page.fill('.add-to-cart [name=quantity]', '3');
  await page.click('.add-to-cart button[type=submit]');
  await page.waitForSelector('.add-to-cart-status a');
  assert.match(await page.textContent('.add-to-cart-status'), /3/);
  // The field keeps its 3: a second click adds three more.
  await page.click('.add-to-cart button[type=submit]');
  await page.waitForFunction(() => /6/.test(document.querySelector('.add-to-cart-status')?.textContent ?? ''));
  assert.deepEqual(loads, [], 'added without a page load');

  // A second product from a list's card.
  await page.goto(`${BASE}/market/products/${second.id}`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.click('.add-to-cart button[type=submit]');
  await page.waitForSelector('.add-to-cart-status a');

  // The cart: both, grouped, with totals; change a quantity, then a bad one.
  await page.click('.add-to-cart-status a');
  await page.waitForSelector('.cart-item-form');
  assert.deepEqual(await rows(page), { [first.id]: 6, [second.id]: 1 });
  assert.ok(await page.isVisible('text=' + uk.cart.byCategory));
  await page.fill(`#quantity-${second.id}`, '6');
  await page.click(`.cart-item-form:has([value="${second.id}"]) button[value=set]`);
  await page.waitForFunction((id) => document.querySelector(`#quantity-${id}`)?.value === '6' && !document.querySelector('.cart-item-form button[disabled]'), second.id);
  await page.fill(`#quantity-${second.id}`, '0');
  // The browser's own check stops 0 first; the server's check is what a form without it meets.
  await page.$eval(`#quantity-${second.id}`, (input) => input.removeAttribute('min'));
  await page.click(`.cart-item-form:has([value="${second.id}"]) button[value=set]`);
  await page.waitForSelector('.page-cart [role=alert]');
  assert.match(await page.textContent('.page-cart [role=alert]'), /1/);
  await page.reload();
  await page.waitForSelector('html[data-hydrated="true"]');
  assert.deepEqual(await rows(page), { [first.id]: 6, [second.id]: 6 }, 'the refused change changed nothing');

  // Log out and in again: the cart is the user's, not the session's.
  await page.click('.account-logout button');
  await page.waitForSelector('a[href^="/login"]');
  await logIn(page, BUYER);
  await page.goto(`${BASE}/market/cart`);
  await page.waitForSelector('html[data-hydrated="true"]');
  assert.deepEqual(await rows(page), { [first.id]: 6, [second.id]: 6 });

  // Remove one.
  await page.click(`.cart-item-form:has([value="${first.id}"]) button[value=remove]`);
  await page.waitForFunction(() => document.querySelectorAll('.cart-item-form').length === 1);
  await page.reload();
  assert.deepEqual(await rows(page), { [second.id]: 6 });
  await emptyCart(page);
  assert.ok(await page.isVisible('text=' + uk.cart.emptyTitle));
  assert.deepEqual(problems.filter((p) => !p.includes('status of 4')), []);
  await context.close();
});

test('the cart works with JavaScript off', async () => {
  const { context: withJs, page: jsPage } = await open(browser, '/');
  await logIn(jsPage, BUYER);
  await emptyCart(jsPage);
  const cookies = await withJs.cookies();
  await withJs.close();
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const [product] = await activeProducts(1);
  await page.goto(`${BASE}/market/products/${product.id}`);
  await page.fill('.add-to-cart [name=quantity]', '2');
  await Promise.all([page.waitForNavigation(), page.click('.add-to-cart button[type=submit]')]);
  assert.equal(new URL(page.url()).pathname, '/market/cart');
  assert.deepEqual(await rows(page), { [product.id]: 2 });
  await page.fill(`#quantity-${product.id}`, '5');
  await Promise.all([page.waitForNavigation(), page.click('.cart-item-form button[value=set]')]);
  assert.deepEqual(await rows(page), { [product.id]: 5 });
  await Promise.all([page.waitForNavigation(), page.click('.cart-item-form button[value=remove]')]);
  assert.deepEqual(await rows(page), {});
  await context.close();
});
