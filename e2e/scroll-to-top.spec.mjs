// The scroll-to-top button (SPEC §2.2) with smooth scrolling, as a person uses it: a
// real click, a tap and Enter must reach the very top, with focus at the skip link.
// (Issue 29: the smooth scroll stopped at about 57 px when the focused button hid.)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/** Scrolls far down, waits for the button and returns it. */
async function scrolledDown(page) {
  await page.evaluate(() => window.scrollTo(0, Math.min(1500, document.documentElement.scrollHeight)));
  const button = page.locator('[data-testid="scroll-to-top"]');
  await button.waitFor({ state: 'visible' });
  assert.ok(await page.evaluate(() => window.scrollY) > 77, 'scrolled past the threshold');
  return button;
}

/** Waits until scrolling settles, then checks the position, the header and the focus. */
async function atTopWithFocus(page, how) {
  await page.waitForFunction(() => window.scrollY === 0, null, { timeout: 5000 }).catch(() => {});
  // Settled: the position no longer moves.
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.scrollY), 0, `${how}: at the top`);
  const headerTop = await page.evaluate(() => document.querySelector('.site-header').getBoundingClientRect().top);
  assert.equal(headerTop, 0, `${how}: the header is on screen`);
  const focused = await page.evaluate(() => document.activeElement?.className ?? '');
  assert.match(focused, /skip-link/, `${how}: focus at the skip link`);
}

for (const [how, act] of [
  ['click', (button) => button.click()],
  ['Enter', async (button, page) => {
    await button.focus();
    await page.keyboard.press('Enter');
  }],
]) {
  test(`a real ${how} on scroll-to-top reaches the top with smooth scrolling`, async () => {
    const { page, context, problems } = await open(browser, '/tenders', { viewport: { width: 1280, height: 600 } });
    const button = await scrolledDown(page);
    await act(button, page);
    await atTopWithFocus(page, how);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('a tap on scroll-to-top reaches the top on a phone', async () => {
  const { page, context } = await open(browser, '/tenders', { viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });
  const button = await scrolledDown(page);
  await button.tap();
  await atTopWithFocus(page, 'tap');
  await context.close();
});
