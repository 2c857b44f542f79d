// Links into a part of a page keep their target with JavaScript on (issue 46, item 12),
// in real Chromium: a tender's link to the methodology of one red flag
// (`/info/red-flags#r018`), followed by the client router, lands on that flag, not at
// the top; the language switch keeps the part read.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, upstream } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/** Whether the element with `id` starts within the screen. */
const inView = (page, id) =>
  page.evaluate((id) => {
    const r = document.getElementById(id)?.getBoundingClientRect();
    return !!r && r.top >= -1 && r.top < innerHeight / 2;
  }, id);

test("a red flag's methodology link lands on its part, and the language switch keeps it", async () => {
  const { 'hydra:member': [tender] } = await upstream('/api/tenders?redFlag[0]=any&perPage=1');
  assert.ok(tender, 'a tender with a red flag');
  const { page, context, problems } = await open(browser, `/tenders/${tender.tenderID}`, { viewport: { width: 1366, height: 900 } });
  const link = page.locator('#redFlags a[href*="/info/red-flags#r"]').last();
  const href = await link.getAttribute('href');
  const id = href.split('#')[1];
  await link.click();
  await page.waitForURL((url) => url.pathname === '/info/red-flags' && url.hash === `#${id}`);
  await page.waitForFunction((id) => !!document.getElementById(id), id);
  await page.waitForFunction((id) => {
    const r = document.getElementById(id).getBoundingClientRect();
    return r.top >= -1 && r.top < innerHeight / 2;
  }, id, { timeout: 5000 });
  assert.ok(await page.evaluate(() => scrollY > 500), 'the page scrolled down to the part');

  await Promise.all([page.waitForURL((url) => url.pathname === '/en/info/red-flags'), page.locator('.lang-switch a[hreflang="en"]').click()]);
  assert.equal(new URL(page.url()).hash, `#${id}`);
  await page.waitForSelector('html[data-hydrated="true"]');
  assert.ok(await inView(page, id), 'the English page shows the same part');
  assert.deepEqual(problems, []);
  await context.close();
});
