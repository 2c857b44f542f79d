// A tender page's downloads in real Chromium (issue 46, item 13): in the page's header,
// beside the link to the tender on the central portal, a visible link to its OCDS JSON,
// which the head only named before; it answers the record as JSON. With JavaScript off too.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, open, upstream } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

test("a tender's OCDS JSON is a visible link in its header", async () => {
  const { 'hydra:member': [tender] } = await upstream('/api/tenders?perPage=1&page=3');
  for (const javaScriptEnabled of [true, false]) {
    const { page, context } = await open(browser, `/tenders/${tender.tenderID}`, { javaScriptEnabled });
    const link = page.locator('.tender-portal a[type="application/json"]');
    assert.ok(await link.isVisible(), `${javaScriptEnabled}: the link shows`);
    const href = await link.getAttribute('href');
    assert.equal(href, `/tenders/${tender.tenderID}.ocds.json`);
    // The same address the head names.
    const alternate = await page.getAttribute('link[rel="alternate"][type="application/json"]', 'href');
    assert.ok(alternate.endsWith(href), alternate);
    await context.close();
    const answer = await fetch(BASE + href);
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get('content-type'), /json/);
    const body = await answer.json();
    assert.ok(JSON.stringify(body).includes(tender.tenderID));
  }
});
