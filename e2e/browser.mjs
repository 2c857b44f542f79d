// Shared set-up of the browser specs: Debian's Chromium through playwright-core,
// and a page opener that records every console error, warning and page error.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { chromium } from 'playwright-core';

export const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
export const UPSTREAM = process.env.UPSTREAM_URL ?? 'http://127.0.0.1:18081';

/** A JSON answer of the upstream the portal under test reads; anything but 200 fails the test. */
export async function upstream(path) {
  const response = await fetch(UPSTREAM + path);
  assert.equal(response.status, 200, path);
  return response.json();
}

export function launch() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Opens `path` in a fresh context and waits until React has hydrated (when JavaScript is on). */
export async function open(browser, path, contextOptions = {}) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  const response = await page.goto(BASE + path, { waitUntil: 'load' });
  if (contextOptions.javaScriptEnabled !== false) await page.waitForSelector('html[data-hydrated="true"]', { timeout: 10000 });
  return { context, page, response, problems };
}

/** RFC 6238 (SHA-1, 30 s, 6 digits), as an authenticator app computes it. */
export function totp(secret, at = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30000)));
  const h = createHmac('sha1', key).update(counter).digest();
  const offset = h[19] & 0xf;
  return String((h.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Empties a logged-in buyer's cart of whatever an earlier run left (the users database outlives runs). */
export async function emptyCart(page) {
  await page.goto(`${BASE}/market/cart`);
  await page.waitForSelector('html[data-hydrated="true"]');
  while ((await page.$$('.cart-item-form')).length) {
    const count = (await page.$$('.cart-item-form')).length;
    await page.click('.cart-item-form button[value=remove]');
    await page.waitForFunction((n) => document.querySelectorAll('.cart-item-form').length < n, count);
  }
}

/** Logs `page` in through the login form and waits for the header's logout form. */
export async function logIn(page, [email, password]) {
  await page.goto(`${BASE}/login`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.fill('#login-email', email);
  await page.fill('#login-password', password);
  await page.click('.account-form button[type=submit]');
  await page.waitForSelector('.account-logout button');
}

/** The client configuration every page embeds (its state's `config`). */
export async function pageConfig() {
  const html = await (await fetch(`${BASE}/info/contacts`)).text();
  return JSON.parse(html.match(/<script id="__state" type="application\/json">(.*?)<\/script>/s)[1]).config;
}

/** The newest letter to `email` in the embedded users API's development outbox. */
export async function letterTo(email) {
  const outbox = await (await fetch(`${UPSTREAM}/dev/outbox?perPage=1000`)).json();
  return outbox['hydra:member'].filter((l) => l.to === email).at(-1);
}

/** Fills the registration form of an open page as a Ukrainian legal entity selling, without sending it. */
export async function fillRegistration(page, { email, legalName, firstName, password = 'e2e-password-1' }) {
  await page.selectOption('#registration-userGroup', 'seller');
  await page.selectOption('#registration-countryId', 'UA');
  await page.waitForSelector('#registration-incorporationCountryId');
  await page.selectOption('#registration-incorporationCountryId', 'UA');
  await page.waitForSelector('#registration-firstName');
  await page.fill('#registration-email', email);
  await page.fill('#registration-password', password);
  await page.fill('#registration-legalName', legalName);
  await page.fill('#registration-identifier', '12345678');
  await page.selectOption('#registration-classificationEconomicEntity', 'legal');
  await page.fill('#registration-firstName', firstName);
  await page.fill('#registration-lastName', 'Тестова');
}

/** Opens the search's folded filter panel, as a visitor does, by its summary (issue 46, item 1). */
export async function openFilters(page) {
  const panel = page.locator('details.filters');
  if ((await panel.getAttribute('open')) === null) await panel.locator('> summary').click();
}
