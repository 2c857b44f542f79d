// The CPV picker's tree stays readable at depth (issue 29, item 13): with the deepest
// node of a keyword revealed in the tree, every name on the way down keeps a line of
// readable width, in the 280 px filter column at 1280 px and on a 320 px phone.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, upstream, openFilters } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

const cpv = '[data-picker="classification"]';

for (const width of [1280, 320]) {
  test(`the CPV tree at depth is readable at ${width} px`, async () => {
    const hits = (await upstream('/api/classifications?scheme=classification&page=1&perPage=10000&keyword=пшениця'))['hydra:member'];
    const deep = hits.reduce((a, b) => ((b.treeLevel ?? 0) > (a.treeLevel ?? 0) ? b : a));
    assert.ok(deep.treeLevel >= 4, `a deep CPV node: ${deep.id} at level ${deep.treeLevel}`);

    const { page, context, problems } = await open(browser, '/tenders', { viewport: { width, height: 800 } });
    await openFilters(page);
    await page.click(`${cpv} .picker-open`);
    await page.fill(`${cpv} .picker-keyword`, 'пшениця');
    const hit = page.locator(`${cpv} .picker-hits .picker-row`, { hasText: deep.id });
    await hit.locator('.picker-reveal').click();
    await page.locator(`${cpv} [data-node="${deep.id}"]`).waitFor();

    const labels = await page.$$eval(`${cpv} .picker-tree .picker-label`, (els) =>
      els.map((el) => {
        const style = getComputedStyle(el);
        const rect = el.getBoundingClientRect();
        const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
        // The width of ten average letters of the label's font ("n" stands for one).
        const probe = document.createElement('span');
        probe.style.font = style.font;
        probe.textContent = 'nnnnnnnnnn';
        document.body.append(probe);
        const tenLetters = probe.getBoundingClientRect().width;
        probe.remove();
        const node = el.closest('[data-node]').dataset.node;
        return { node, text: el.textContent, width: rect.width, lines: Math.round(rect.height / line), tenLetters };
      }),
    );
    const depthRow = labels.find((l) => l.node === deep.id);
    assert.ok(depthRow, 'the deep node is in the tree with its name');
    for (const l of labels) {
      // At least ten letters to a line: a name never stands one letter per line.
      assert.ok(l.width >= l.tenLetters, `${l.node} "${l.text}" is ${Math.round(l.width)} px wide, under ten letters (${Math.round(l.tenLetters)} px)`);
      assert.ok(l.lines <= Math.ceil(l.text.length / 10) + 1, `${l.node} "${l.text}" takes ${l.lines} lines`);
    }
    // On a desktop the open tree has the row's width (issue 46, item 22: at depth 7 a name
    // had 114 px and broke over four lines): every name has room for 25 letters.
    if (width >= 1280) {
      for (const l of labels) assert.ok(l.width >= 2.5 * l.tenLetters, `${l.node} "${l.text}" is ${Math.round(l.width)} px wide on a desktop`);
    }
    // Nothing of the panel runs out of the page sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
