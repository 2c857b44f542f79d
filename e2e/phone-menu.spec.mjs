// The phone's menu in real Chromium at 375×812 (issue 46, item 4): its button opens it,
// Escape closes it from anywhere inside (aria-expanded false again) and gives the focus
// back to the button, as the WAI-ARIA disclosure pattern has it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

test('Escape closes the phone menu and gives the focus back to its button', async () => {
  const { page, context, problems } = await open(browser, '/tenders', { viewport: { width: 375, height: 812 } });
  const toggle = page.locator('.menu-toggle');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  assert.ok(await page.locator('#site-menu').isVisible());
  // From a link inside the menu.
  await page.keyboard.press('Tab');
  assert.ok(await page.evaluate(() => !!document.activeElement?.closest('#site-menu')), 'the focus is in the menu');
  await page.keyboard.press('Escape');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  assert.ok(await page.evaluate(() => document.activeElement?.classList.contains('menu-toggle')), 'the focus is back on the button');
  assert.equal(await page.locator('#site-menu').isVisible(), false);
  // Closed, Escape does nothing else.
  await page.keyboard.press('Escape');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  assert.deepEqual(problems, []);
  await context.close();
});
