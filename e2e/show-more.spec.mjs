// "Show next N" appends the next page to the list (SPEC §2.6; issue 29, item 12) on the
// tender, plan and contract searches and the Market's lists: the page stays where it was,
// the focus goes to the first new item, and the address names the last page shown.
// Without JavaScript the same control is a plain link to the next page.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

const LISTS = [
  { path: '/tenders', items: '.tender-results > li', perPage: 10 },
  { path: '/plans', items: '.tender-results > li', perPage: 10 },
  { path: '/contracts', items: '.tender-results > li', perPage: 10 },
  { path: '/market/products', items: '.catalogue > li', perPage: 24 },
  { path: '/market/profiles', items: '.catalogue > li', perPage: 20 },
  { path: '/market', items: '.catalogue > li', perPage: 24 },
];

/** The address each item's first link names: what the list shows, in order. */
const linksOf = (page, items) => page.$$eval(items, (lis) => lis.map((li) => li.querySelector('a[href]')?.getAttribute('href')));

for (const { path, items, perPage } of LISTS) {
  test(`${path}: show next appends, keeps the scroll and moves the focus to the first new item`, async () => {
    // Without JavaScript: the control is a link to page 2, which shows page 2 alone.
    const plain = await open(browser, path, { javaScriptEnabled: false });
    const secondPage = await Promise.all([plain.page.waitForURL(/[?&]page=2\b/), plain.page.click('.pagination-more')]).then(() => linksOf(plain.page, items));
    assert.equal(secondPage.length, perPage);
    await plain.context.close();

    const { page, context, problems } = await open(browser, path, { viewport: { width: 1280, height: 800 } });
    const firstPage = await linksOf(page, items);
    assert.equal(firstPage.length, perPage);
    const more = page.locator('.pagination-more');
    await more.scrollIntoViewIfNeeded();
    // What the screen shows stays in place: the first page's last item keeps its place in
    // the viewport. (The scroll offset alone may change: cards past the first screen are
    // laid out as they come near it, and scroll anchoring keeps the view as they take
    // their own heights.) Two frames let those near the control be laid out first.
    const frames = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await frames();
    const place = () => page.evaluate(([sel, i]) => document.querySelectorAll(sel)[i].getBoundingClientRect().top, [items, perPage - 1]);
    const before = await place();
    assert.ok((await page.evaluate(() => window.scrollY)) > 0, 'the control is below the first screen');
    // The keyboard: focus the control, press Enter.
    await more.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(([sel, n]) => document.querySelectorAll(sel).length === n, [items, perPage * 2]);
    assert.deepEqual(await linksOf(page, items), [...firstPage, ...secondPage], 'page 2 follows page 1');
    await frames();
    assert.ok(Math.abs((await place()) - before) <= 1, `the page did not move: the last item of page 1 at ${before} px, then ${await place()} px`);
    const focused = await page.evaluate((sel) => {
      const list = [...document.querySelectorAll(sel)];
      return list.findIndex((li) => li.contains(document.activeElement));
    }, items);
    assert.equal(focused, perPage, 'the focus is on the first new item');
    assert.match(page.url(), /[?&]page=2\b/);
    // The pagination follows: the next 'show next' asks for page 3, the current page is 2.
    assert.match(await more.getAttribute('href'), /[?&]page=3\b/);
    assert.equal(await page.getAttribute('.pagination [aria-current="page"]', 'aria-label').then((l) => l.replace(/\D/g, '')), '2');
    // A mouse click appends the third page (the market home's 50 classifications: 2 more).
    await more.click();
    await page.waitForFunction(([sel, n]) => document.querySelectorAll(sel).length > n, [items, perPage * 2]);
    assert.match(page.url(), /[?&]page=3\b/);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('a new search after appending starts from its own first page', async () => {
  const { page, context, problems } = await open(browser, '/tenders');
  await page.click('.pagination-more');
  await page.waitForFunction(() => document.querySelectorAll('.tender-results > li').length === 20);
  await Promise.all([page.waitForURL((url) => url.searchParams.get('sortOrder') === 'value.amount.desc' || url.search.includes('sortOrder=')), page.evaluate(() => {
    const select = document.querySelector('select[name="sortOrder"]');
    select.value = [...select.options].map((o) => o.value).find((v) => v && v !== select.value);
    select.form.requestSubmit();
  })]);
  await page.waitForFunction(() => document.querySelectorAll('.tender-results > li').length === 10);
  assert.doesNotMatch(page.url(), /[?&]page=/);
  assert.deepEqual(problems, []);
  await context.close();
});
