// "Get alerts" for a visitor who is not logged in (issue 29, item 14): a search page
// offers it (the cabinet is on in the e2e portal, as in `make run`), the login it leads
// to, or the registration and then the login, comes back to the very same search, where
// the save form now waits.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fillRegistration, launch, open } from './browser.mjs';

const uk = JSON.parse(readFileSync(new URL('../locales/uk/dzo.json', import.meta.url), 'utf8'));
const SEARCH = '/tenders?keyword=%D1%80%D0%B5%D0%BC%D0%BE%D0%BD%D1%82&status%5B0%5D=active.tendering';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a visitor gets alerts by way of the login, back on the same search', async () => {
  const { context, page, problems } = await open(browser, SEARCH);
  const invite = page.getByRole('link', { name: uk.savedSearches.getAlerts });
  assert.equal(await invite.count(), 1, 'the invitation is on the search page');
  assert.equal(await page.locator('.save-search').count(), 0, 'no save form before the login');
  await invite.click();
  await page.waitForSelector('#login-email');
  assert.equal(new URL(page.url()).pathname, '/login');
  // The login page leads on to the registration too.
  assert.equal(await page.getByRole('link', { name: uk.header.registration }).count() > 0, true);
  await page.fill('#login-email', 'buyer@example.com');
  await page.fill('#login-password', 'buyer-password-1');
  await page.click('.account-form button[type=submit]');
  await page.waitForSelector('.user-menu');
  const back = new URL(page.url());
  assert.equal(back.pathname + back.search, SEARCH, 'back on the same search');
  await page.waitForSelector('.save-search');
  assert.equal(await page.getByRole('link', { name: uk.savedSearches.getAlerts }).count(), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a visitor who registers first is led back to the same search too', async () => {
  const email = `e2e-alerts-${Date.now()}@example.com`;
  const { context, page, problems } = await open(browser, SEARCH);
  await page.getByRole('link', { name: uk.savedSearches.getAlerts }).click();
  await page.waitForSelector('#login-email');
  await page.getByRole('link', { name: uk.header.registration }).last().click();
  await page.waitForSelector('#registration-userGroup');
  await fillRegistration(page, { email, legalName: 'ТОВ "Сповіщення"', firstName: 'Ірина' });
  await page.click('.registration button[type=submit]');
  await page.waitForSelector('[role=dialog]');
  await page.getByRole('link', { name: uk.registration.success.loginBack }).click();
  await page.waitForSelector('#login-email');
  await page.fill('#login-email', email);
  await page.fill('#login-password', 'e2e-password-1');
  await page.click('.account-form button[type=submit]');
  await page.waitForSelector('.user-menu');
  const back = new URL(page.url());
  assert.equal(back.pathname + back.search, SEARCH, 'back on the same search');
  await page.waitForSelector('.save-search');
  // Until the address is confirmed, the cabinet says so and sends the link again.
  await page.goto(new URL('/icabinet', page.url()).href);
  await page.waitForSelector('html[data-hydrated="true"]');
  assert.match(await page.textContent('.cabinet-unconfirmed'), new RegExp(email.replace('.', '\\.')));
  await page.click('.cabinet-unconfirmed button[type=submit]');
  await page.waitForSelector('.cabinet-unconfirmed .form-note');
  assert.equal(await page.locator('.cabinet-unconfirmed .form-note').textContent(), uk.cabinet.unconfirmed.sent);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the invitation is there without JavaScript too', async () => {
  const { context, page } = await open(browser, SEARCH, { javaScriptEnabled: false });
  const href = await page.getByRole('link', { name: uk.savedSearches.getAlerts }).getAttribute('href');
  const target = new URL(href, 'http://portal.test');
  assert.equal(target.pathname, '/login');
  assert.equal(target.searchParams.get('from'), SEARCH);
  await context.close();
});
