// Every page type fits the window at 320, 375 and 1280 px (issue 29, item 17): no page
// scrolls sideways; on a buyer's and a supplier's page no table is cut and no chart
// label runs out of its drawing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BASE, launch, upstream } from './browser.mjs';

const routes = JSON.parse(readFileSync(new URL('./routes.json', import.meta.url), 'utf8'));
const WIDTHS = [320, 375, 1280];

let browser;
let organisations = [];
before(async () => {
  browser = await launch();
  // The buyer with the most tenders and the supplier with the most contracts: the
  // longest tables and charts the data has.
  const buyers = await upstream('/api/aggregate/tenders?by=buyer&limit=5');
  const suppliers = await upstream('/api/aggregate/contracts?by=supplier&limit=5');
  organisations = [`/buyers/${buyers.groups[0].key}`, `/suppliers/${suppliers.groups[0].key}`];
});
after(async () => {
  await browser.close();
});

for (const width of WIDTHS) {
  test(`no page type scrolls sideways at ${width} px`, async () => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    const wide = [];
    const pages = [...routes.filter((r) => r.status === 200).map((r) => r.path), ...organisations];
    for (const path of [...pages, ...organisations.map((p) => `/en${p}`)]) {
      await page.goto(BASE + path, { waitUntil: 'load' });
      const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      if (scroll > inner) wide.push(`${path}: ${scroll} > ${inner}`);
    }
    await context.close();
    assert.deepEqual(wide, [], `pages wider than ${width} px:\n${wide.join('\n')}`);
  });
}

test('an organisation page cuts no table and no chart label', async () => {
  const cut = [];
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    for (const path of organisations) {
      await page.goto(BASE + path, { waitUntil: 'load' });
      const found = await page.evaluate(() => {
        const out = [];
        // Wide enough for its table at every width: on a phone its rows are cards (issue 46, item 2).
        document.querySelectorAll('.org-table-wrap').forEach((wrap, i) => {
          if (wrap.scrollWidth > wrap.clientWidth + 1) out.push(`table ${i}: ${wrap.scrollWidth} > ${wrap.clientWidth}`);
        });
        // A chart's labels and values are HTML (issue 46, item 2): each inside the chart's box.
        document.querySelectorAll('.org-chart').forEach((chart, i) => {
          const box = chart.getBoundingClientRect();
          chart.querySelectorAll('.org-chart-label, .org-chart-value').forEach((text) => {
            const b = text.getBoundingClientRect();
            if (b.left < box.left - 0.5 || b.right > box.right + 0.5 || text.scrollWidth > text.clientWidth + 1) out.push(`chart ${i}: «${text.textContent}» runs out of the chart`);
          });
        });
        return out;
      });
      cut.push(...found.map((f) => `${path} at ${width} px: ${f}`));
    }
    await context.close();
  }
  assert.deepEqual(cut, [], cut.join('\n'));
});
