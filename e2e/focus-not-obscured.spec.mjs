// Focus is never hidden by the page's floating pieces (issue 46, item 3), in real
// Chromium: until the cookie notice is dismissed, no tab stop sits under it or under the
// scroll-to-top button, and the notice's own button is an early tab stop.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

for (const viewport of [{ width: 375, height: 812 }, { width: 1366, height: 900 }]) {
  for (const path of ['/tenders', '/info/red-flags']) {
    test(`focus is never hidden by the floating pieces on ${path} at ${viewport.width}`, async () => {
      const { page, context, problems } = await open(browser, path, { viewport });
      assert.ok(await page.locator('.cookie-notice').isVisible(), 'a first visit shows the notice');
      const hidden = [];
      let noticeStop = -1;
      for (let stop = 1; stop <= 80; stop += 1) {
        await page.keyboard.press('Tab');
        const found = await page.evaluate(() => {
          const el = document.activeElement;
          if (!el || el === document.body) return null;
          const r = el.getBoundingClientRect();
          const inNotice = !!el.closest('.cookie-notice');
          const pieces = [...document.querySelectorAll('.cookie-notice, .scroll-to-top:not([hidden])')].filter((c) => !c.contains(el));
          // What fits in the screen above the pieces must be clear of them; a box taller
          // than that (a scrolling table) must at least show its top.
          const room = innerHeight - pieces.reduce((sum, c) => sum + c.getBoundingClientRect().height, 0);
          const covers = pieces.some((c) => {
            const o = c.getBoundingClientRect();
            const overlaps = r.bottom > o.top + 1 && r.top < o.bottom - 1 && r.right > o.left + 1 && r.left < o.right - 1;
            return overlaps && (r.height < room || r.top > o.top - 24);
          });
          return { inNotice, covers, name: `${el.tagName} ${(el.textContent ?? '').trim().slice(0, 40)}` };
        });
        if (!found) continue;
        if (found.inNotice && noticeStop < 0) noticeStop = stop;
        if (found.covers) hidden.push(`${stop}: ${found.name}`);
      }
      assert.deepEqual(hidden, [], 'focused elements under the notice or the button');
      assert.ok(noticeStop > 0 && noticeStop <= 3, `the notice's button is tab stop ${noticeStop}`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
}
