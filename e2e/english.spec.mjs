// English means English under /en (issue 29, item 18), in real Chromium over real data:
// classifier schemes by their English names, CPV codes' English names on tenders, contracts
// and plans (issue 46, item 16), quantities in the plural (item 17), the country list in
// Latin letters, and the account errors' status text in the interface's language.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { fillRegistration, launch, letterTo, open, pageConfig, upstream } from './browser.mjs';

// Real tender (prozorro-mcp data) whose items are classified in ДК021.
const TENDER_ID = 'UA-2026-09-11-011681-a';
// Real records of the demo snapshot: the contract of a reporting tender for five pipes
// (one item, H87), and a plan for school furniture (the audit's «Шкільні меблі»).
const CONTRACT_ID = 'UA-2026-10-08-003239-a-c1';
const PLAN_ID = 'UA-P-2026-10-09-007865-a';

/** The classifier's English name of a CPV code, as the upstream answers it. */
async function englishName(code) {
  const answer = await upstream(`/api/classifications?scheme=classification&searchId[]=${encodeURIComponent(code)}`);
  const name = answer['hydra:member'].find((m) => m.id === code)?.name_en;
  assert.ok(name, `an English name of ${code}`);
  return name;
}
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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

test('an English contract page names its items\' CPV codes in English and its quantity in the plural', async () => {
  const contract = await upstream(`/api/contracts/${CONTRACT_ID}`);
  const [item] = contract.items;
  const code = item.classification.id;
  assert.deepEqual([item.quantity, item.unit.code], [5, 'H87'], 'the record the test was written for');
  const name = await englishName(code);
  const { page, context, problems } = await open(browser, `/en/contracts/${CONTRACT_ID}`);
  const items = await page.textContent('section#items');
  assert.match(items, new RegExp(`CPV\\s*${escape(code)}\\s*${escape(name)}`));
  assert.ok(!items.includes(item.classification.description), 'no Ukrainian CPV name');
  // The third cell of the item's row: its quantity (description, classification, quantity, delivery).
  const QUANTITY = 'section#items tbody tr:first-child > :nth-child(3)';
  assert.equal((await page.textContent(QUANTITY)).trim(), '5 pieces');
  const uk = await open(browser, `/contracts/${CONTRACT_ID}`);
  const ukItems = await uk.page.textContent('section#items');
  assert.ok(ukItems.includes(item.classification.description), 'the Ukrainian name in Ukrainian');
  assert.equal((await uk.page.textContent(QUANTITY)).trim(), '5 штук');
  await uk.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

test('an English plan page names its CPV code in English', async () => {
  const plan = await upstream(`/api/plans/${PLAN_ID}`);
  const { id: code, description } = plan.classification;
  const name = await englishName(code);
  assert.equal(name, 'School furniture');
  const { page, context, problems } = await open(browser, `/en/plans/${PLAN_ID}`);
  const classification = await page.textContent('section#classification');
  assert.match(classification, new RegExp(`CPV\\s*${escape(code)}\\s*${escape(name)}`));
  assert.ok(!classification.includes(description), `no «${description}» under /en`);
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
