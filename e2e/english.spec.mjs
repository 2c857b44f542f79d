// English means English under /en (issue 29, item 18), in real Chromium over real data:
// classifier schemes by their English names, the country list in Latin letters, and the
// account errors' status text in the interface's language.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { fillRegistration, launch, letterTo, open, pageConfig } from './browser.mjs';

// Real tender (prozorro-mcp data) whose items are classified in ДК021.
const TENDER_ID = 'UA-2026-09-11-011681-a';
let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

test('an English tender page names the CPV scheme and code in English', async () => {
  const { page, context, problems } = await open(browser, `/en/tenders/${TENDER_ID}`);
  const items = await page.textContent('section#items');
  assert.match(items, /CPV\s*31224700-9\s*Junction boxes/);
  assert.doesNotMatch(items, /ДК021|Монтажні коробки/);
  const uk = await open(browser, `/tenders/${TENDER_ID}`);
  assert.match(await uk.page.textContent('section#items'), /ДК021\s*31224700-9/);
  await uk.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

test('the English country list writes Åland in Latin letters, and every country by its short name', async () => {
  const { page, context } = await open(browser, '/en/registration');
  const names = await page.$$eval('select[name="countryId"] option', (os) => os.map((o) => o.textContent));
  assert.ok(names.includes('Åland Islands'), 'Åland Islands in Latin letters');
  const cyrillic = names.filter((n) => /[\u0400-\u04FF]/.test(n));
  assert.deepEqual(cyrillic, [], 'no Cyrillic letter in an English country name');
  // ISO 3166-1's short names (issue 46, item 20), not the standards' long ones.
  for (const name of ['Poland', 'Tanzania', 'Falkland Islands (Malvinas)']) assert.ok(names.includes(name), name);
  await context.close();
});

test('an English registration gets its letter in English: the login and the English login page, no password', async () => {
  const email = `e2e-en-${Date.now()}@example.com`;
  const password = 'e2e-password-en-1';
  const { page, context, problems } = await open(browser, '/en/registration');
  await fillRegistration(page, { email, legalName: 'E2E Ltd', firstName: 'Emma', password });
  await page.click('.registration button[type=submit]');
  await page.waitForSelector('[role=dialog]');
  assert.match(await page.textContent('[role=dialog]'), /your login is this address/);
  const letter = await letterTo(email);
  assert.equal(letter.subject, 'Confirm your e-mail address');
  assert.match(letter.body, new RegExp(`Your login is this address: ${email.replace(/[.]/g, '\\.')}\\.`));
  const login = letter.body.match(/https?:\/\/\S+\/en\/login\b/)?.[0];
  assert.ok(login, letter.body);
  assert.equal(new URL(login).origin, (await pageConfig()).publicOrigin.replace(/\/+$/, ''), "the link is this portal's");
  assert.ok(!letter.body.includes(password), 'no password in the letter');
  assert.doesNotMatch(letter.body, /[\u0400-\u04FF]/, 'no Cyrillic letter in it');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a wrong password says why in Ukrainian, without an English status text', async () => {
  const { page, context } = await open(browser, '/login');
  await page.fill('input[name="email"]', 'buyer@example.com');
  await page.fill('input[name="password"]', 'not-the-password');
  await Promise.all([page.waitForLoadState('load'), page.click('.account-form button[type="submit"]')]);
  const alert = await page.locator('[role="alert"]').first().textContent();
  assert.match(alert, /Не авторизовано/);
  assert.doesNotMatch(alert, /Unauthorized/);
  await context.close();
});
