// axe-core in real Chromium on every page type, in both languages, after hydration:
// every route of routes.json, a logged-in buyer's cabinet and cart, the second-factor
// step of the login, the registration form, a search with its filters and a picker open,
// and the Market profile modal open. The WCAG 2.x A and AA rules and axe's best
// practices; no violation may remain, and each is printed with its rule, target and
// summary. Then every route again at 320 px width and at 200 % zoom (a 640 px viewport
// with a device scale factor of 2): nothing may scroll sideways.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BASE, launch, openFilters } from './browser.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const routes = JSON.parse(readFileSync(new URL('./routes.json', import.meta.url), 'utf8'));
const BUYER = ['buyer@example.com', 'buyer-password-1'];
const TWO_FACTOR = ['twofa@example.com', 'twofa-password-1'];
const CATEGORY = '/market/category/33711500-0082-44667400';

// axe goes in as a script tag, which the portal's Content-Security-Policy would refuse.
const AXE_CONTEXT = { bypassCSP: true };
const localize = (language, path) => (language === 'uk' ? path : path === '/' ? '/en' : `/en${path}`);

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

async function visit(page, path) {
  await page.goto(BASE + path, { waitUntil: 'load' });
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 10000 });
}

/** axe's violations on the page as it is now, one line each (rule, target, summary). */
async function violations(page, label) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(
    (tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    TAGS,
  );
  return found.violations.flatMap((v) =>
    v.nodes.map((n) => `${label}: ${v.id} ${JSON.stringify(n.target)}: ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 300)}`),
  );
}

async function logIn(page, [email, password], language = 'uk') {
  await visit(page, localize(language, '/login'));
  await page.fill('#login-email', email);
  await page.fill('#login-password', password);
  await page.click('.account-form button[type=submit]');
}

for (const language of ['uk', 'en']) {
  test(`axe finds no violation on any route (${language})`, async () => {
    const context = await browser.newContext(AXE_CONTEXT);
    const page = await context.newPage();
    const found = [];
    for (const route of routes) {
      const path = localize(language, route.path);
      await visit(page, path);
      found.push(...(await violations(page, path)));
    }
    await context.close();
    assert.deepEqual(found, [], `${found.length} violation(s):\n${found.join('\n')}`);
  });

  test(`axe finds no violation in the states pages only have after an action (${language})`, async () => {
    const found = [];
    // A search with its filters open and the CPV picker's panel open.
    let context = await browser.newContext(AXE_CONTEXT);
    let page = await context.newPage();
    await visit(page, localize(language, '/tenders?status[]=complete&classification[0]=45000000-7'));
    await openFilters(page);
    await page.click('[data-picker=classification] .picker-open');
    await page.waitForSelector('[data-picker=classification] [role=treeitem]');
    found.push(...(await violations(page, `${language} search with a picker open`)));
    // Its combobox with the listbox of keyword hits open and an option active.
    await page.fill('[data-picker=classification] [role=combobox]', '45000000');
    await page.waitForSelector('[data-picker=classification] [role=listbox] [role=option]');
    await page.press('[data-picker=classification] [role=combobox]', 'ArrowDown');
    found.push(...(await violations(page, `${language} search with a picker's hits`)));
    // The Market profile modal.
    await visit(page, localize(language, CATEGORY));
    await page.click('.profile-chooser');
    await page.waitForSelector('[role=dialog] .profile-choices a');
    found.push(...(await violations(page, `${language} profile modal`)));
    // Registration's first step.
    await visit(page, localize(language, '/registration'));
    found.push(...(await violations(page, `${language} registration`)));
    // The second factor's step.
    await logIn(page, TWO_FACTOR, language);
    await page.waitForSelector('#login-otp');
    found.push(...(await violations(page, `${language} second factor`)));
    await context.close();
    // A buyer's cabinet and cart.
    context = await browser.newContext(AXE_CONTEXT);
    page = await context.newPage();
    await logIn(page, BUYER, language);
    await page.waitForSelector('.user-menu');
    for (const path of ['/icabinet', '/icabinet/settings', '/market/cart', '/tenders']) {
      await visit(page, localize(language, path));
      found.push(...(await violations(page, `${language} buyer ${path}`)));
    }
    await page.click('.save-search summary');
    found.push(...(await violations(page, `${language} buyer's search with its save form open`)));
    await context.close();
    assert.deepEqual(found, [], `${found.length} violation(s):\n${found.join('\n')}`);
  });
}

for (const [name, options] of [
  ['320 px wide', { viewport: { width: 320, height: 640 } }],
  ['at 200 % zoom', { viewport: { width: 640, height: 480 }, deviceScaleFactor: 2 }],
]) {
  test(`no page scrolls sideways ${name}`, async () => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    const wide = [];
    for (const language of ['uk', 'en']) {
      for (const route of routes) {
        const path = localize(language, route.path);
        await visit(page, path);
        await measure(page, path, wide);
      }
    }
    // The states pages only have after an action: a picker's panel, the profile modal,
    // and a buyer's search with its save form open and cabinet.
    await visit(page, '/tenders');
    await openFilters(page);
    await page.click('[data-picker=classification] .picker-open');
    await page.waitForSelector('[data-picker=classification] [role=treeitem]');
    await measure(page, '/tenders with a picker open', wide);
    await visit(page, CATEGORY);
    await page.click('.profile-chooser');
    await page.waitForSelector('[role=dialog] .profile-choices a');
    await measure(page, `${CATEGORY} with the profile modal`, wide);
    await logIn(page, BUYER);
    // At these widths the user menu is in the collapsed header: there, not visible.
    await page.waitForSelector('.user-menu', { state: 'attached' });
    await visit(page, '/tenders');
    await page.click('.save-search summary');
    await measure(page, '/tenders with the save form open', wide);
    await visit(page, '/icabinet');
    await measure(page, '/icabinet', wide);
    await context.close();
    assert.deepEqual(wide, [], `pages wider than the window:\n${wide.join('\n')}`);
  });
}

/** Notes `label` in `wide` when the page scrolls sideways. */
async function measure(page, label, wide) {
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  if (scroll > inner) wide.push(`${label}: ${scroll} > ${inner}`);
}
