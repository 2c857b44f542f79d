// The search page puts its results first (issue 46, items 1 and 23), in real Chromium:
// - the filters fold behind a summary that counts the choices made, and the first result
//   card sits within the first screen, on a phone and on a desktop;
// - a "skip to results" link takes the keyboard to the results in a few presses, and
//   Enter on a checkbox applies the filters;
// - without JavaScript the form's empty fields stay out of the address.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

for (const viewport of [{ width: 375, height: 812 }, { width: 1366, height: 900 }]) {
  test(`the first result is within the first screen at ${viewport.width}×${viewport.height}`, async () => {
    const { page, context, problems } = await open(browser, '/tenders', { viewport });
    assert.equal(await page.locator('details.filters').getAttribute('open'), null, 'the filters are folded');
    const card = await page.locator('.tender-results > li').first().boundingBox();
    assert.ok(card, 'a result card is shown');
    assert.ok(card.y < viewport.height, `the first card starts at ${card.y} px, past the first screen`);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('the folded filters say how many choices are made, with and without JavaScript', async () => {
  for (const javaScriptEnabled of [true, false]) {
    const { page, context } = await open(browser, '/tenders?status=active.tendering&status=complete&valueAmount[from]=1000', { javaScriptEnabled });
    const summary = (await page.locator('details.filters > summary').textContent()) ?? '';
    assert.match(summary, /3/, `the summary counts three choices: ${summary}`);
    await context.close();
  }
});

test('the keyboard reaches the first result through the skip link, and Enter on a box applies', async () => {
  const { page, context, problems } = await open(browser, '/tenders', { viewport: { width: 375, height: 812 } });
  let presses = 0;
  while (presses < 40 && !(await page.evaluate(() => document.activeElement?.getAttribute('href') === '#results'))) {
    await page.keyboard.press('Tab');
    presses += 1;
  }
  assert.ok(presses < 40, 'the skip link is in the tab order');
  assert.ok(await page.locator('a[href="#results"]').isVisible(), 'the focused skip link is visible');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  presses += 2;
  assert.ok(await page.evaluate(() => !!document.activeElement?.closest('.tender-results')), 'the focus is on the first result');
  assert.ok(presses <= 20, `${presses} presses to the first result`);

  await page.locator('details.filters > summary').click();
  const box = page.locator('input[name="status"]').first();
  const code = await box.getAttribute('value');
  await box.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => [...url.searchParams].some(([key, value]) => key.startsWith('status') && value === code));
  assert.deepEqual(problems, []);
  await context.close();
});

test('without JavaScript the search form leaves its empty fields out of the address', async () => {
  const { page, context } = await open(browser, '/tenders', { javaScriptEnabled: false });
  await page.fill('#keyword', 'папір');
  await Promise.all([page.waitForURL(/keyword=/), page.locator('form.tender-list button[type="submit"]').first().click()]);
  const url = new URL(page.url());
  assert.equal(url.pathname, '/tenders');
  for (const [key, value] of url.searchParams) assert.notEqual(value.trim(), '', `${key} is empty in ${url.search}`);
  assert.equal(url.searchParams.get('keyword'), 'папір');
  assert.ok(await page.locator('.tender-results > li').count(), 'the search shows results');
  await context.close();
});

// Issue 46, item 18: an English search for goods that finds nothing points to the ways
// that do: Ukrainian keywords and the CPV picker, whose filters are open then.
test('an English search that finds nothing suggests Ukrainian keywords and the CPV picker', async () => {
  for (const javaScriptEnabled of [true, false]) {
    const { page, context } = await open(browser, '/en/tenders?keyword=xylophone%20mallets', { javaScriptEnabled });
    assert.equal(await page.locator('.tender-results > li').count(), 0);
    const text = (await page.locator('.empty-state').textContent()) ?? '';
    assert.match(text, /Ukrainian keywords/);
    assert.match(text, /CPV/);
    assert.ok(await page.locator('[data-picker="classification"]').isVisible(), 'the CPV picker is in sight');
    await context.close();
  }
});
