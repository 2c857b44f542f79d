// The page frame after hydration: language switch, client navigation and
// client-side redirects, the 404 page, scroll-to-top, cookie notice, login origin.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BASE, launch, open } from './browser.mjs';

const uk = JSON.parse(readFileSync(new URL('../locales/uk/dzo.json', import.meta.url), 'utf8'));
const en = JSON.parse(readFileSync(new URL('../locales/en/dzo.json', import.meta.url), 'utf8'));
let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

test('the language switch rewrites the /en prefix and reloads in the other language', async () => {
  const { page, context, problems } = await open(browser, '/plans?page=2');
  assert.equal(await page.getAttribute('html', 'lang'), 'uk');
  await Promise.all([page.waitForURL(`${BASE}/en/plans?page=2`), page.click('.lang-switch a[hreflang="en"]')]);
  await page.waitForSelector('html[data-hydrated="true"]');
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.ok((await page.title()).startsWith(en.pages.planList.title));
  await Promise.all([page.waitForURL(`${BASE}/plans?page=2`), page.click('.lang-switch a[hreflang="uk"]')]);
  assert.equal(await page.getAttribute('html', 'lang'), 'uk');
  assert.deepEqual(problems, []);
  await context.close();
});

test('client-side navigation changes page, title and canonical without a reload', async () => {
  const { page, context, problems } = await open(browser, '/');
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
  await page.click(`footer a[href="/info/contacts"]`);
  await page.waitForURL(`${BASE}/info/contacts`);
  await page.waitForFunction((t) => document.title.startsWith(t), uk.pages.contacts.title);
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no full reload');
  assert.equal(await page.getAttribute('link[rel="canonical"]', 'href'), 'http://127.0.0.1:8080/info/contacts');
  assert.equal(await page.textContent('h1'), uk.pages.contacts.title);
  // A redirect route reached on the client redirects on the client too.
  await page.evaluate(() => {
    history.pushState({}, '', '/market/category');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.waitForURL(`${BASE}/market`);
  assert.equal(await page.evaluate(() => window.__sameDocument), true);
  assert.deepEqual(problems, []);
  await context.close();
});

test('an unknown path shows the 404 page with its texts and status', async () => {
  for (const [prefix, texts] of [['', uk], ['/en', en]]) {
    const { page, context, response } = await open(browser, `${prefix}/no/such/page`);
    assert.equal(response.status(), 404);
    const body = await page.textContent('main');
    assert.ok(body.includes(texts.errorPage['404'].title), `${prefix}: title`);
    assert.ok(body.includes(texts.errorPage['404'].text), `${prefix}: text`);
    await context.close();
  }
});

test('the scroll-to-top button appears after 77 px and scrolls back up', async () => {
  // Headless Chromium produces no frames for smooth scrolling; reduced motion jumps.
  const { page, context } = await open(browser, '/', { viewport: { width: 360, height: 300 }, reducedMotion: 'reduce' });
  const button = page.locator('[data-testid="scroll-to-top"]');
  await page.evaluate(() => window.scrollTo(0, 70));
  await page.waitForTimeout(100);
  assert.equal(await button.isVisible(), false, 'hidden at 70 px');
  await page.evaluate(() => window.scrollTo(0, 120));
  await button.waitFor({ state: 'visible' });
  await button.click();
  await page.waitForFunction(() => window.scrollY === 0);
  await context.close();
});

test('the cookie notice stays dismissed after a reload', async () => {
  const { page, context } = await open(browser, '/');
  const notice = page.locator('[data-testid="cookie-notice"]');
  await notice.waitFor({ state: 'visible' });
  await page.waitForFunction(() => document.documentElement.style.getPropertyValue('--cookie-notice-offset') !== '');
  // The button's post sets the cookie the server reads (issue 30).
  await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === '/cookie-notice'), notice.getByRole('button').click()]);
  await notice.waitFor({ state: 'hidden' });
  await page.reload();
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.waitForTimeout(200);
  assert.equal(await notice.count(), 0);
  await context.close();
});

test('the login link remembers where the visitor came from', async () => {
  const { page, context } = await open(browser, '/plans?page=3');
  const href = await page.getAttribute(`a[href^="/login"]`, 'href');
  assert.equal(href, `/login?from=${encodeURIComponent('/plans?page=3')}`);
  await context.close();
});
