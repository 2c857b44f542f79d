// The old portal's session ends with the portal's (issue 29, item 21): when a refresh is
// refused (the session was revoked behind the portal's back), the next page is logged
// out and the old portal's session, which the login handed over, is ended too.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from './browser.mjs';
import { startPortal } from './portal.mjs';

let browser, portal;
before(async () => {
  browser = await launch();
  // A portal of its own whose access tokens live three seconds.
  portal = await startPortal({
    PORT: '18482',
    UPSTREAM_PORT: '18483',
    UPSTREAM_TOKEN_TTL: '3',
    RUST_LOG: 'warn',
    PORTAL_CLIENT_PUBLIC_ORIGIN: 'http://127.0.0.1:18482',
  });
});
after(async () => {
  await browser?.close();
  await portal?.stop();
});

async function configOf(base) {
  const html = await (await fetch(`${base}/info/contacts`)).text();
  return JSON.parse(html.match(/<script id="__state" type="application\/json">(.*?)<\/script>/s)[1]).config;
}

test('a refused refresh ends the old portal session too', async () => {
  const base = portal.base;
  const { endpoints } = await configOf(base);
  const context = await browser.newContext();
  const page = await context.newPage();
  const oldPortalGuest = async () => (await (await context.request.get(`${endpoints.oldSite}/checkAuth.php?rand=${Date.now()}`)).json()).isGuest;
  await page.goto(`${base}/login`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.fill('#login-email', 'buyer@example.com');
  await page.fill('#login-password', 'buyer-password-1');
  await page.click('.account-form button[type=submit]');
  await page.waitForSelector('.user-menu');
  const until = Date.now() + 5000;
  while ((await oldPortalGuest()) && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
  assert.equal(await oldPortalGuest(), false, 'the login was handed over');
  // Revoked behind the portal's back (as a logout elsewhere would); the access token expires.
  const refresh = (await context.cookies()).find((c) => c.name === 'portal_refresh_token').value;
  const revoked = await fetch(`${endpoints.users}/auth/token/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refresh }),
  });
  assert.equal(revoked.status, 200);
  await new Promise((r) => setTimeout(r, 4500));
  await page.goto(`${base}/plans`);
  await page.waitForSelector('html[data-hydrated="true"]');
  assert.equal(await page.locator('.user-menu').count(), 0, 'logged out here');
  const ended = Date.now() + 5000;
  while (!(await oldPortalGuest()) && Date.now() < ended) await new Promise((r) => setTimeout(r, 200));
  assert.equal(await oldPortalGuest(), true, 'and at the old portal');
  await context.close();
});
