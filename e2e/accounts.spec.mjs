// Accounts in real Chromium: each seed user logs in and sees its menu in the server's
// HTML and after hydration; the second factor; a session outliving its access token;
// a revoked session; logout (the portal's cookies and the old portal's session); the
// same with JavaScript off; no token where a script can read it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BASE, fillRegistration, launch, letterTo, open, totp } from './browser.mjs';
import { startPortal } from './portal.mjs';

const uk = JSON.parse(readFileSync(new URL('../locales/uk/dzo.json', import.meta.url), 'utf8'));
// The seed users of the embedded users API (upstream/src/users.rs).
const USERS = {
  buyer: ['buyer@example.com', 'buyer-password-1'],
  seller: ['seller@example.com', 'seller-password-1'],
  cpe: ['cpe@example.com', 'cpe-password-1'],
};
const TWO_FACTOR = { email: 'twofa@example.com', password: 'twofa-password-1', secret: 'JBSWY3DPEHPK3PXP' };
// The first entry of each type's menu (SPEC §2.2).
const FIRST_ITEM = { buyer: uk.userMenu.myCompany, seller: uk.userMenu.ourBids, cpe: uk.userMenu.myProcurements };

let browser, shortLived;

before(async () => {
  browser = await launch();
  // A portal of its own whose access tokens live three seconds.
  shortLived = await startPortal({
    PORT: '18095',
    UPSTREAM_PORT: '18096',
    UPSTREAM_TOKEN_TTL: '3',
    RUST_LOG: 'warn',
    PORTAL_CLIENT_PUBLIC_ORIGIN: 'http://127.0.0.1:18095',
  });
});

after(async () => {
  await browser?.close();
  await shortLived?.stop();
});


/** A code of a 30-second step not used yet: the users API takes each step's code once. */
let lastStep = 0;
async function freshTotp(secret) {
  while (Math.floor(Date.now() / 30000) <= lastStep) await new Promise((r) => setTimeout(r, 500));
  lastStep = Math.floor(Date.now() / 30000);
  return totp(secret);
}

async function logIn(page, email, password) {
  await page.fill('#login-email', email);
  await page.fill('#login-password', password);
  await page.click('.account-form button[type=submit]');
}

const cookieNames = async (context) => (await context.cookies()).map((c) => c.name);

/** The old portal's view of the browser's session (its `checkAuth.php`, with the browser's cookies). */
async function oldPortalGuest(context, base = BASE) {
  const { oldSite } = (await configOf(base)).endpoints;
  const answer = await context.request.get(`${oldSite}/checkAuth.php?rand=${Date.now()}`);
  return (await answer.json()).isGuest;
}

async function configOf(base) {
  const html = await (await fetch(`${base}/info/contacts`)).text();
  return JSON.parse(html.match(/<script id="__state" type="application\/json">(.*?)<\/script>/s)[1]).config;
}

test('each seed user logs in without a reload and sees its menu, in the HTML too', async () => {
  for (const [type, [email, password]] of Object.entries(USERS)) {
    const { context, page, problems } = await open(browser, '/tenders?page=2');
    const urls = [];
    context.on('request', (request) => urls.push(request.url()));
    await page.click(`a[href^="/login"]`);
    await page.waitForSelector('#login-email');
    await page.evaluate(() => (window.__sameDocument = true));
    await logIn(page, email, password);
    await page.waitForSelector('.user-menu');
    assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, '/tenders?page=2', `${type} goes back where it was`);
    assert.equal(await page.evaluate(() => window.__sameDocument), true, `${type}: no full page load`);
    assert.match(await page.textContent('.user-menu'), new RegExp(FIRST_ITEM[type]));
    // No token a script could read.
    assert.doesNotMatch(await page.evaluate(() => document.cookie), /portal_(token|refresh)/);
    for (const cookie of await context.cookies()) {
      if (cookie.name.startsWith('portal_')) assert.equal(cookie.httpOnly, true, cookie.name);
    }
    // The server's own HTML for the same cookies, JavaScript off.
    const cookies = await context.cookies();
    const off = await browser.newContext({ javaScriptEnabled: false });
    await off.addCookies(cookies);
    const plain = await off.newPage();
    await plain.goto(`${BASE}/plans`);
    assert.match(await plain.textContent('.user-menu'), new RegExp(FIRST_ITEM[type]));
    assert.equal(await plain.locator('a[href^="/login"]').count(), 0);
    const html = await plain.content();
    for (const cookie of cookies.filter((c) => /portal_(token|refresh_token)/.test(c.name))) {
      assert.ok(!html.includes(cookie.value), `${cookie.name} is not in the page`);
    }
    // The old portal got the new login.
    assert.equal(await oldPortalGuest(context), false, `${type}: old portal session`);
    // No token in any address the browser asked for (the hand-over's is a one-time id).
    for (const cookie of cookies.filter((c) => /portal_(token|refresh_token)/.test(c.name))) {
      assert.ok(!urls.some((u) => u.includes(cookie.value)), `${cookie.name} in a URL`);
    }
    assert.ok(!urls.some((u) => /eyJ[\w-]{8,}\./.test(u)), 'a JWT in a URL');
    assert.deepEqual(problems, []);
    await off.close();
    await context.close();
  }
});

test('the second factor passes with the right code and not with a wrong one', async () => {
  const { context, page, problems } = await open(browser, '/login');
  await logIn(page, TWO_FACTOR.email, TWO_FACTOR.password);
  await page.waitForSelector('#login-otp');
  assert.equal(new URL(page.url()).pathname, '/login/2fa');
  assert.ok(!(await cookieNames(context)).includes('portal_token'));
  const right = totp(TWO_FACTOR.secret);
  const wrong = String((Number(right) + 500000) % 1000000).padStart(6, '0');
  await page.fill('#login-otp', wrong);
  await page.click('.account-form button[type=submit]');
  await page.waitForSelector('.form-error');
  // The Ukrainian interface names the status in Ukrainian (issue 29, item 18).
  assert.match(await page.textContent('.form-error'), /Не авторизовано/);
  await page.fill('#login-otp', await freshTotp(TWO_FACTOR.secret));
  await page.click('.account-form button[type=submit]');
  await page.waitForSelector('.user-menu');
  assert.equal(new URL(page.url()).pathname, '/');
  assert.deepEqual(problems, []);
  await context.close();
});

test('an expired access token is refreshed unnoticed; a revoked session logs out', async () => {
  const base = shortLived.base;
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await logIn(page, ...USERS.buyer);
  await page.waitForSelector('.user-menu');
  const before = (await context.cookies()).find((c) => c.name === 'portal_token').value;
  await new Promise((r) => setTimeout(r, 4500));
  await page.goto(`${base}/contracts`);
  assert.equal(await page.locator('.user-menu').count(), 1, 'still logged in after the token expired');
  const after = (await context.cookies()).find((c) => c.name === 'portal_token').value;
  assert.notEqual(after, before, 'a new access token');
  // Revoked behind the portal's back (as a logout elsewhere would).
  const refresh = (await context.cookies()).find((c) => c.name === 'portal_refresh_token').value;
  const upstreamBase = (await configOf(base)).endpoints.users;
  const revoked = await fetch(`${upstreamBase}/auth/token/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refresh }),
  });
  assert.equal(revoked.status, 200);
  await new Promise((r) => setTimeout(r, 4500));
  await page.goto(`${base}/plans`);
  assert.equal(await page.locator('.user-menu').count(), 0, 'logged out');
  assert.ok(!(await cookieNames(context)).includes('portal_refresh_token'));
  await context.close();
});

test('logout clears the cookies and the old portal session', async () => {
  const { context, page, problems } = await open(browser, '/login');
  await logIn(page, ...USERS.seller);
  await page.waitForSelector('.user-menu');
  assert.equal(await oldPortalGuest(context), false);
  await page.click('.account-logout button');
  await page.waitForSelector('a[href^="/login"]');
  assert.equal(new URL(page.url()).pathname, '/');
  const names = await cookieNames(context);
  assert.ok(!names.includes('portal_token') && !names.includes('portal_refresh_token'), names.join());
  assert.equal(await oldPortalGuest(context), true);
  // A seller's cart is the 404 page, logged in or not; /icabinet logged out goes home.
  const cabinet = await page.goto(`${BASE}/icabinet`);
  assert.equal(new URL(page.url()).pathname, '/', `${cabinet.status()}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('login, the second factor and logout work with JavaScript off', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${BASE}/en/login?from=%2Fplans`);
  await logIn(page, USERS.cpe[0], 'wrong-password-1');
  assert.match(await page.textContent('.form-error'), /Unauthorized/);
  assert.equal(await page.inputValue('#login-email'), USERS.cpe[0]);
  await page.fill('#login-password', USERS.cpe[1]);
  await page.click('.account-form button[type=submit]');
  assert.equal(new URL(page.url()).pathname, '/en/plans');
  assert.equal(await page.locator('.user-menu').count(), 1);
  await page.click('.account-logout button');
  await page.waitForURL(`${BASE}/en`, { timeout: 5000 });
  assert.equal(await page.locator('.user-menu').count(), 0);
  // The second factor.
  await page.goto(`${BASE}/login`);
  await logIn(page, TWO_FACTOR.email, TWO_FACTOR.password);
  assert.equal(new URL(page.url()).pathname, '/login/2fa');
  await page.fill('#login-otp', await freshTotp(TWO_FACTOR.secret));
  await page.click('.account-form button[type=submit]');
  assert.equal(new URL(page.url()).pathname, '/');
  assert.equal(await page.locator('.user-menu').count(), 1);
  // The same session with JavaScript on: the old portal, never handed this login, gets
  // it now, and the user stays logged in.
  const on = await browser.newContext();
  await on.addCookies(await context.cookies());
  const hydrated = await on.newPage();
  await hydrated.goto(`${BASE}/plans`);
  await hydrated.waitForFunction(() => sessionStorage.getItem('portal.handedOver') === '1', null, { timeout: 10000 });
  assert.equal(await oldPortalGuest(on), false);
  await hydrated.reload();
  assert.equal(await hydrated.locator('.user-menu').count(), 1);
  await on.close();
  await context.close();
});

test('the login origin cannot lead off the site', async () => {
  for (const from of ['//evil.example/x', '/\\evil.example', 'https://evil.example/']) {
    const { context, page } = await open(browser, `/login?from=${encodeURIComponent(from)}`);
    await logIn(page, ...USERS.buyer);
    await page.waitForSelector('.user-menu');
    assert.equal(new URL(page.url()).origin, BASE, from);
    await context.close();
  }
});

/** The newest letter to `email` in the embedded users API's outbox (development mode). */
test('registration goes through three steps to the dialog and a letter; recovery sets a password that logs in', async () => {
  const email = `e2e-${Date.now()}@example.com`;
  const { context, page, problems } = await open(browser, '/registration');
  await fillRegistration(page, { email, legalName: 'ТОВ "Е2Е"', firstName: 'Олена' });
  await page.click('.registration button[type=submit]');
  await page.waitForSelector('[role=dialog]');
  assert.match(await page.textContent('[role=dialog]'), new RegExp(email.replace('.', '\\.')));
  // At once, on the registration page (issue 46, item 19): closing it goes home.
  assert.equal(new URL(page.url()).pathname, '/registration');
  assert.match(await page.textContent('[role=dialog]'), new RegExp(uk.registration.success.confirm.slice(0, 30)));
  // The one letter a new address gets: its confirmation link, under a fixed subject.
  const confirmation = await letterTo(email);
  assert.equal(confirmation.subject, 'Підтвердіть адресу електронної пошти');
  assert.match(confirmation.body, /\/registration\/confirm\?code=/);
  await page.click('[role=dialog] .button-primary');
  await page.waitForSelector('[role=dialog]', { state: 'detached' });
  assert.equal(new URL(page.url()).pathname, '/');
  // Before it is confirmed, no recovery letter goes to it either.
  await page.goto(`${BASE}/login/forgot`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.fill('#login-email', email);
  await page.click('.account-form button[type=submit]');
  await page.waitForSelector('.form-note');
  assert.equal((await letterTo(email)).id, confirmation.id, 'no letter but the confirmation');
  // The link confirms, once; the login page says so.
  const confirmCode = confirmation.body.split(' ').at(-1).trim();
  await page.goto(`${BASE}/registration/confirm?code=${confirmCode}`);
  assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, '/login?confirmed=1');
  assert.match(await page.textContent('.form-note'), new RegExp(uk.account.confirmed.done.slice(0, 20)));
  await page.goto(`${BASE}/registration/confirm?code=${confirmCode}`);
  assert.equal(new URL(page.url()).search, '?confirmed=0', 'a spent link confirms nothing');
  // Recovery.
  await page.goto(`${BASE}/login/forgot`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.fill('#login-email', email);
  await page.click('.account-form button[type=submit]');
  await page.waitForSelector('.form-note');
  const code = (await letterTo(email)).body.split(' ').at(-1).trim();
  await page.goto(`${BASE}/login/new-password`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.fill('#login-code', code);
  await page.fill('#login-new-password', 'e2e-password-2');
  await page.click('.account-form button[type=submit]');
  await page.waitForSelector('.form-note');
  assert.equal(new URL(page.url()).pathname, '/login');
  await logIn(page, email, 'e2e-password-2');
  await page.waitForSelector('.user-menu');
  assert.match(await page.textContent('.user-menu'), /Олена Тестова/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the CPV notification list is saved in the cabinet and shown after a new login; a seller has no cart', async () => {
  const { context, page, problems } = await open(browser, '/login?from=%2Ficabinet');
  await logIn(page, ...USERS.seller);
  await page.waitForSelector('#notifications');
  // Untick one of the seed seller's codes, type another, save.
  const before = await page.locator('input[name=cpv][type=checkbox]').evaluateAll((list) => list.map((i) => i.value));
  assert.ok(before.length > 0, 'the seed list is shown');
  // (The e2e portal keeps its users between runs: the code added is one not there yet.)
  const added = ['03000000-1', '09100000-0', '45000000-7', '15000000-8'].find((c) => !before.includes(c));
  await page.click(`input[name=cpv][value="${before[0]}"]`);
  await page.fill('.picker-manual', added);
  await page.click('#notifications button[type=submit]');
  await page.waitForSelector('#notifications .form-note');
  await page.click('.account-logout button');
  await page.waitForSelector('a[href^="/login"]');
  await page.goto(`${BASE}/login?from=%2Ficabinet`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await logIn(page, ...USERS.seller);
  await page.waitForSelector('#notifications');
  const after = await page.locator('input[name=cpv][type=checkbox]').evaluateAll((list) => list.map((i) => i.value));
  assert.ok(after.includes(added) && !after.includes(before[0]), `before ${before.join()} after ${after.join()}`);
  assert.deepEqual(problems, []);
  // (Chromium reports the 404 document itself as a failed resource.)
  const cart = await page.goto(`${BASE}/market/cart`);
  assert.equal(cart.status(), 404);
  await context.close();
});
