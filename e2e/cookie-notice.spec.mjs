// Issue 30, item 1: the cookie notice is in the server's first HTML until the visitor
// dismisses it; the dismissal is a cookie the server reads. Without JavaScript the button
// is a form post that comes back to the same page; with JavaScript it hides the notice
// without a reload.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, open } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

const NOTICE = '[data-testid="cookie-notice"]';

test('a first visit has the notice in the HTML; a visitor who dismissed it has none', async () => {
  const first = await (await fetch(`${BASE}/tenders`)).text();
  assert.match(first, /<section class="cookie-notice"[^>]*>.*<form action="\/cookie-notice" method="post">/s);
  for (const path of ['/tenders', '/en/contracts', '/market']) {
    const html = await (await fetch(`${BASE}${path}`, { headers: { cookie: 'cookie_notice=dismissed' } })).text();
    assert.ok(!html.includes('cookie-notice"'), `${path}: no notice after a dismissal`);
    assert.match(html, /"cookieNotice":false/);
  }
});

test('without JavaScript the button comes back to the same page, and the notice stays away', async () => {
  const { page, context } = await open(browser, '/tenders?status%5B0%5D=complete', { javaScriptEnabled: false });
  try {
    await page.locator(NOTICE).waitFor();
    await Promise.all([page.waitForNavigation(), page.locator(`${NOTICE} button`).click()]);
    assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, '/tenders?status%5B0%5D=complete');
    assert.equal(await page.locator(NOTICE).count(), 0);
    await page.goto(`${BASE}/en/plans`);
    assert.equal(await page.locator(NOTICE).count(), 0, 'the next page has none either');
  } finally {
    await context.close();
  }
});

test('with JavaScript dismissing does not reload the page', async () => {
  const { page, context, problems } = await open(browser, '/market');
  try {
    // The notice's own code is a chunk: it is interactive once its effect has run.
    await page.waitForFunction(() => document.documentElement.style.getPropertyValue('--cookie-notice-offset') !== '');
    await page.evaluate(() => {
      window.__samePage = true;
    });
    await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === '/cookie-notice' && r.status() === 204), page.locator(`${NOTICE} button`).click()]);
    await page.locator(NOTICE).waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => window.__samePage), true, 'no reload');
    const cookies = await context.cookies();
    const cookie = cookies.find((c) => c.name === 'cookie_notice');
    assert.equal(cookie?.value, 'dismissed');
    assert.ok(cookie.httpOnly && cookie.sameSite === 'Lax' && cookie.expires > Date.now() / 1000 + 300 * 86400);
    const again = await context.request.get(`${BASE}/market`);
    assert.ok(!(await again.text()).includes('cookie-notice"'), 'the next request has the notice no more');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('another site cannot post the form', async () => {
  const response = await fetch(`${BASE}/cookie-notice`, { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, body: 'back=%2F', redirect: 'manual' });
  assert.equal(response.status, 403);
  assert.equal(response.headers.get('set-cookie'), null);
  const home = await fetch(`${BASE}/cookie-notice`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'back=%2F%2Fevil.example', redirect: 'manual' });
  assert.equal(home.status, 303);
  assert.equal(home.headers.get('location'), '/', 'the way back stays on the site');
});

test('the scroll-to-top button floats above the notice, and the notice restyles the root alone', async () => {
  const { page, context } = await open(browser, '/tenders', { viewport: { width: 375, height: 812 } });
  try {
    await page.waitForFunction(() => document.documentElement.style.getPropertyValue('--cookie-notice-offset') !== '');
    const noticeHeight = await page.locator(NOTICE).evaluate((el) => el.offsetHeight);
    // Registered as not inherited (issue 46, item 6): the root has the height, its children the initial value.
    const values = await page.evaluate(() => [document.documentElement, document.body].map((el) => getComputedStyle(el).getPropertyValue('--cookie-notice-offset').trim()));
    assert.deepEqual(values, [`${noticeHeight}px`, '0px']);
    // The page's end scrolls clear of the notice (the root's padding).
    assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).paddingBottom), `${noticeHeight + 64}px`);
    await page.mouse.wheel(0, 600);
    const button = page.locator('[data-testid="scroll-to-top"]');
    await button.waitFor({ state: 'visible' });
    const [buttonBox, noticeBox] = [await button.boundingBox(), await page.locator(NOTICE).boundingBox()];
    assert.ok(buttonBox.y + buttonBox.height <= noticeBox.y, `the button (${buttonBox.y + buttonBox.height}) ends above the notice (${noticeBox.y})`);
    await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === '/cookie-notice'), page.locator(`${NOTICE} button`).click()]);
    await page.locator(NOTICE).waitFor({ state: 'detached' });
    // Gone with the notice: the button comes back down, the root's padding and property go.
    await page.waitForFunction(() => document.querySelector('[data-testid="scroll-to-top"]').style.bottom === '');
    assert.equal(await page.evaluate(() => document.documentElement.style.getPropertyValue('--cookie-notice-offset')), '');
    const after = await button.boundingBox();
    assert.equal(Math.round(812 - (after.y + after.height)), 16);
  } finally {
    await context.close();
  }
});
