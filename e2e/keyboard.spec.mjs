// The portal's flows with the keyboard alone, in real Chromium: Tab, Shift+Tab, Enter,
// Space, the arrows and Escape, and typing into fields; never a click. A tender search
// with a status filter and a CPV code chosen in the picker (a WAI-ARIA combobox), then
// page 2; login with the second factor; registration's first step; the Market profile
// modal (focus in, trapped, Escape, focus back on its opener); adding to the cart and
// changing a quantity there. Every element reached shows a visible focus indicator.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, emptyCart, launch, open, totp, upstream } from './browser.mjs';

const BUYER = ['buyer@example.com', 'buyer-password-1'];
const TWO_FACTOR = { email: 'twofa@example.com', password: 'twofa-password-1', secret: 'JBSWY3DPEHPK3PXP' };
const CATEGORY = '/market/category/33711500-0082-44667400';
const CPV = '[data-picker="classification"]';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/** The focused element shows an outline or a box shadow (what `:focus-visible` gives it). */
async function assertFocusVisible(page, what) {
  const seen = await page.evaluate(() => {
    const e = document.activeElement;
    const s = getComputedStyle(e);
    return {
      element: `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}.${e.className}`,
      visible: (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none',
    };
  });
  assert.ok(seen.visible, `${what}: no visible focus on ${seen.element}`);
}

const focused = (page, selector) => page.evaluate((s) => !!document.activeElement?.matches(s), selector);

/** Presses Tab (Shift+Tab with `back`) until `selector` has focus, then checks it shows. */
async function tabTo(page, selector, { back = false, max = 400 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await focused(page, selector)) return assertFocusVisible(page, selector);
  }
  assert.fail(`${selector} never got focus in ${max} presses`);
}

/** Selects what a field holds and types `text` over it. */
async function typeOver(page, text) {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The JSON answer to the form POST that `act` sends (not an error an earlier one left on
 * the page, nor the page's own reports to `/__vitals`).
 */
async function answerTo(page, act) {
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && !new URL(r.url()).pathname.startsWith('/__'));
  await act();
  return (await answered).json().catch(() => ({}));
}

async function logIn(page, email, password) {
  await tabTo(page, '#login-email');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  assert.ok(await focused(page, '#login-password'));
  await assertFocusVisible(page, 'password');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}

test('a tender search with a status and a CPV code from the picker, then page 2, by keyboard', async () => {
  const { context, page, problems } = await open(browser, '/tenders');
  // The filters are folded: their summary opens them from the keyboard.
  await tabTo(page, 'details.filters > summary');
  await page.keyboard.press('Enter');
  await tabTo(page, 'input[name="status"][value="complete"]');
  await page.keyboard.press('Space');
  assert.ok(await page.isChecked('input[name="status"][value="complete"]'));

  // The picker: its opener, then the combobox, its listbox and an option.
  await tabTo(page, `${CPV} .picker-open`);
  await page.keyboard.press('Enter');
  const combobox = `${CPV} [role="combobox"]`;
  await page.waitForFunction((s) => document.activeElement?.matches(s), combobox);
  await assertFocusVisible(page, 'combobox');
  assert.equal(await page.getAttribute(combobox, 'aria-expanded'), 'false');
  const hint = await page.getAttribute(combobox, 'aria-describedby');
  assert.match(await page.textContent(`[id="${hint}"]`), /Enter/, 'the combobox describes its keys');
  await page.keyboard.type('45000000');
  await page.waitForSelector(`${CPV} [role="listbox"] [role="option"]`);
  assert.equal(await page.getAttribute(combobox, 'aria-expanded'), 'true');
  const listId = await page.getAttribute(combobox, 'aria-controls');
  assert.equal(await page.getAttribute(`${CPV} [role="listbox"]`, 'id'), listId);
  let active = null;
  for (let i = 0; i < 30 && !(active && /45000000-7/.test(await page.textContent(`[id="${active}"]`))); i++) {
    await page.keyboard.press('ArrowDown');
    active = await page.getAttribute(combobox, 'aria-activedescendant');
  }
  assert.ok(active, 'an active option');
  assert.match(await page.textContent(`[id="${active}"]`), /45000000-7/);
  assert.ok(await focused(page, combobox), 'focus stays on the combobox');
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute(`[id="${active}"]`, 'aria-selected'), 'true');
  assert.ok(await page.isChecked(`${CPV} .picker-chosen input[value="45000000-7"]`));
  assert.equal(new URL(page.url()).search, '', 'Enter in the combobox does not submit the search');
  // Escape empties the field, then closes the panel and gives focus back to its opener.
  await page.keyboard.press('Escape');
  assert.equal(await page.inputValue(combobox), '');
  await page.keyboard.press('Escape');
  await page.waitForSelector(`${CPV} .picker-panel`, { state: 'detached' });
  assert.ok(await focused(page, `${CPV} .picker-open`), 'focus back on the opener');
  await assertFocusVisible(page, 'opener after Escape');
  // From the tree too, Escape closes the panel and focus goes back to the opener.
  await page.keyboard.press('Enter');
  await page.waitForSelector(`${CPV} .picker-tree .picker-toggle`);
  await tabTo(page, `${CPV} .picker-tree .picker-toggle`);
  // The tree's arrow keys: Down and Up between rows, Right opens and then enters a node,
  // Left goes back to its parent and then closes it.
  const row = () => page.evaluate(() => document.activeElement?.closest('.picker-row')?.dataset.node);
  const expanded = (id) => page.getAttribute(`${CPV} [data-node="${id}"] .picker-toggle`, 'aria-expanded');
  const first = await row();
  await page.keyboard.press('ArrowDown');
  const second = await row();
  assert.ok(second && second !== first, 'Down moves to the next row');
  await page.keyboard.press('ArrowUp');
  assert.equal(await row(), first, 'Up moves back');
  assert.equal(await expanded(first), 'false');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((s) => document.querySelector(s)?.getAttribute('aria-expanded') === 'true', `${CPV} [data-node="${first}"] .picker-toggle`);
  await page.waitForSelector(`${CPV} [data-node="${first}"] + [role="group"] .picker-row, ${CPV} li:has(> [data-node="${first}"]) [role="group"] .picker-row`);
  await page.keyboard.press('ArrowRight');
  const child = await row();
  assert.ok(child && child !== first && child !== second, 'Right on an open node enters it');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await row(), first, 'Left goes to the parent');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await expanded(first), 'false', 'Left on an open node closes it');
  await assertFocusVisible(page, 'tree row');
  await page.keyboard.press('Escape');
  await page.waitForSelector(`${CPV} .picker-panel`, { state: 'detached' });
  assert.ok(await focused(page, `${CPV} .picker-open`), 'focus back on the opener from the tree');

  // Submit from the code field (Enter), then page 2 by its link.
  await tabTo(page, `${CPV} .picker-manual`, { back: true });
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('classification[0]') === '45000000-7' && url.searchParams.has('status[0]'));
  await page.waitForSelector('.pagination');
  await tabTo(page, '.pagination a[rel="next"]');
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('page') === '2');
  // The URL changes first; the list and its pagination once the page's data is in.
  await page.waitForFunction(() => document.querySelector('.pagination [aria-current="page"]')?.textContent === '2');
  // The link that had focus went with the old list: the new page's heading has it.
  await page.waitForFunction(() => document.activeElement?.matches('main h1'));
  assert.deepEqual(problems, []);
  await context.close();
});

test('login with the second factor by keyboard', async () => {
  const { context, page, problems } = await open(browser, '/login');
  await logIn(page, TWO_FACTOR.email, TWO_FACTOR.password);
  await page.waitForSelector('#login-otp');
  assert.ok(await focused(page, '#login-otp'), 'the second step starts in its code field');
  await assertFocusVisible(page, 'code field');
  // The users API takes each 30-second step's code once (another spec may have used
  // this one), and throttles attempts per account and address (some specs make wrong
  // ones on purpose): a refusal waits for the next step or for the time it names.
  let answer = {};
  for (let attempt = 0; attempt < 5 && !answer.ok; attempt++) {
    if (attempt) await tabTo(page, '#login-otp');
    await typeOver(page, totp(TWO_FACTOR.secret));
    answer = await answerTo(page, () => page.keyboard.press('Enter'));
    if (answer.ok) break;
    await page.waitForSelector('.form-error');
    const throttled = answer.error?.status === 429;
    await sleep(throttled ? ((answer.error.retryAfter ?? 2) + 1) * 1000 : 30000 - (Date.now() % 30000) + 500);
  }
  if (answer.ok) await page.waitForSelector('.user-menu');
  assert.equal(await page.locator('.user-menu').count(), 1, `logged in (last answer: ${JSON.stringify(answer)})`);
  assert.deepEqual(problems, []);
  await context.close();
});

test("registration's first step by keyboard", async () => {
  const { context, page, problems } = await open(browser, '/registration');
  // Each choice loads the next step, and the page is made anew with its data: focus is
  // back on the (new) field that was changed.
  const choose = async (selector, next) => {
    await tabTo(page, selector);
    await page.$eval(selector, (e) => (e.dataset.before = 'true'));
    await page.keyboard.press('ArrowDown');
    await page.waitForSelector(next);
    await page.waitForFunction((s) => document.activeElement?.matches(s) && !document.activeElement.dataset.before, selector);
    await assertFocusVisible(page, `${selector} after the choice`);
  };
  await choose('#registration-userGroup', '#registration-countryId');
  assert.ok(new URL(page.url()).searchParams.has('userGroup'));
  await choose('#registration-countryId', '#registration-incorporationCountryId');
  await choose('#registration-incorporationCountryId', '#registration-email');
  await tabTo(page, '#registration-email');
  await page.keyboard.type('keyboard@example.com');
  assert.equal(await page.inputValue('#registration-email'), 'keyboard@example.com');
  await tabTo(page, '.account-form button[type="submit"]');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the Market profile modal by keyboard: focus in, trapped, Escape, focus back', async () => {
  const { context, page, problems } = await open(browser, CATEGORY);
  await tabTo(page, '.profile-chooser');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[role="dialog"][aria-modal="true"] .profile-choices a');
  const inDialog = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
  assert.ok(await inDialog(), 'focus moved into the dialog');
  await assertFocusVisible(page, 'first control of the dialog');
  const labelledBy = await page.getAttribute('[role="dialog"]', 'aria-labelledby');
  assert.ok((await page.textContent(`[id="${labelledBy}"]`)).trim(), 'the dialog is labelled by its title');
  const controls = await page.$$eval('[role="dialog"] a[href], [role="dialog"] button:not(:disabled)', (all) => all.length);
  for (let i = 0; i < controls + 2; i++) {
    await page.keyboard.press('Tab');
    assert.ok(await inDialog(), `Tab ${i + 1} stays in the dialog`);
    await assertFocusVisible(page, `Tab ${i + 1} in the dialog`);
  }
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Shift+Tab');
    assert.ok(await inDialog(), `Shift+Tab ${i + 1} stays in the dialog`);
  }
  await page.keyboard.press('Escape');
  await page.waitForSelector('[role="dialog"]', { state: 'detached' });
  assert.ok(await focused(page, '.profile-chooser'), 'focus back on the opener');
  await assertFocusVisible(page, 'opener after the dialog');
  assert.deepEqual(problems, []);
  await context.close();
});

test('adding to the cart and changing a quantity by keyboard', async () => {
  const { context, page, problems } = await open(browser, '/login');
  // The users API throttles logins per client address, and every spec logs in from this
  // one (some with wrong codes on purpose): a refusal says how long to wait.
  for (let attempt = 0; ; attempt++) {
    const answer = await answerTo(page, () => logIn(page, ...BUYER));
    if (answer.ok || answer.error?.status !== 429 || attempt === 3) {
      assert.ok(answer.ok, `logged in (answer: ${JSON.stringify(answer)})`);
      await page.waitForSelector('.user-menu');
      break;
    }
    await sleep(((answer.error.retryAfter ?? 2) + 1) * 1000);
    await page.goto(`${BASE}/login`);
    await page.waitForSelector('html[data-hydrated="true"]');
  }
  // Set-up, not the flow under test: an empty cart (the users database outlives runs).
  const [product] = (await upstream('/api/products?perPage=1'))['hydra:member'];
  await emptyCart(page);

  await page.goto(`${BASE}/market/products/${product.id}`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await tabTo(page, '.add-to-cart [name="quantity"]');
  await typeOver(page, '2');
  await tabTo(page, '.add-to-cart button[type="submit"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.add-to-cart-status a');
  await tabTo(page, '.add-to-cart-status a');
  await page.keyboard.press('Enter');
  const quantity = `#quantity-${product.id}`;
  await page.waitForSelector(quantity);
  assert.equal(await page.inputValue(quantity), '2');
  await tabTo(page, quantity);
  await typeOver(page, '5');
  await page.keyboard.press('Enter');
  await page.waitForFunction((s) => document.querySelector(s)?.value === '5' && !document.querySelector('.cart-item-form button[disabled]'), quantity);
  await page.reload();
  await page.waitForSelector('html[data-hydrated="true"]');
  assert.equal(await page.inputValue(quantity), '5', 'the cart kept the new quantity');
  assert.deepEqual(problems.filter((p) => !p.includes('status of 4')), []);
  await context.close();
});
