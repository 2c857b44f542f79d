// Prices per unit in real Chromium (issue 46, items 7 and 10): a real tender whose one
// item was awarded shows, under its award, the award's value divided by the item's
// quantity, computed here from the upstream's record, with JavaScript on and off; and a
// buyer's cart of two products in different units says each price's VAT and unit and
// totals the quantities per unit, never in one number.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, emptyCart, launch, logIn, open, upstream } from './browser.mjs';

const BUYER = ['buyer@example.com', 'buyer-password-1'];

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** `1 234,56 грн`: as the portal writes hryvnias (a no-break space groups thousands). */
const hryvnias = (amount) =>
  `${new Intl.NumberFormat('uk-UA', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount).replace(/[\u00a0\u202f ]/g, '\u00a0')} грн`;
const text = (s) => s.replace(/\s+/g, ' ').trim();

/**
 * A completed tender of the upstream with one item, bought in one award by the one winner
 * at a price of whole kopecks per unit (so that the expected text needs no rounding
 * rule of its own), in hryvnias, with the VAT the award says.
 */
async function oneItemTender() {
  for (let page = 1; page <= 10; page += 1) {
    const list = await upstream(`/api/tenders?status[]=complete&perPage=100&page=${page}`);
    for (const t of list['hydra:member']) {
      const items = Array.isArray(t.items) ? t.items : [];
      const winners = (Array.isArray(t.awards) ? t.awards : []).filter((a) => a.status === 'active');
      const [item] = items;
      const value = winners[0]?.value;
      if (items.length !== 1 || winners.length !== 1 || (t.awards ?? []).length !== 1) continue;
      if (!(item.quantity > 1) || !item.unit?.name || value?.currency !== 'UAH' || typeof value.valueAddedTaxIncluded !== 'boolean') continue;
      const each = value.amount / item.quantity;
      if (each < 1 || Math.abs(each * 100 - Math.round(each * 100)) > 1e-6) continue;
      return { tender: t, item, value, each };
    }
  }
  throw new Error('no completed tender with one awarded item of several units');
}

test("a tender's one awarded item shows its price per unit, the award divided by the quantity", async () => {
  const { tender, item, value, each } = await oneItemTender();
  const expected = `${hryvnias(each)} ${value.valueAddedTaxIncluded ? 'з ПДВ' : 'без ПДВ'}`;
  for (const javaScriptEnabled of [true, false]) {
    const { context, page, problems } = await open(browser, `/tenders/${tender.tenderID}`, { javaScriptEnabled });
    const line = text(await page.textContent('#awards .unit-price'));
    assert.ok(line.startsWith(`Ціна за одиницю: ${expected} за `), `${tender.tenderID}: «${line}», expected ${expected} (${value.amount} ÷ ${item.quantity})`);
    // The amount is the award's over the quantity, to the kopeck.
    const shown = Number(line.match(/: ([\d\u00a0]+,\d{2}) грн/)[1].replace(/\u00a0/g, '').replace(',', '.'));
    assert.equal(Math.round(shown * item.quantity * 100), Math.round(value.amount * 100));
    assert.equal(await page.$$eval('#awards .unit-price', (n) => n.length), 1);
    if (javaScriptEnabled) assert.deepEqual(problems, []);
    await context.close();
  }
});

/** The products' unit, its code or its name. */
const unitOf = (p) => p.unit?.code || p.unit?.name;

test('a cart of two products in different units totals each unit apart, and says what each price is of', async () => {
  const products = (await upstream('/api/products?perPage=100'))['hydra:member'].filter((p) => p.status === 'active' && typeof p.value?.amount === 'number' && unitOf(p));
  const first = products[0];
  const second = products.find((p) => unitOf(p) !== unitOf(first));
  assert.ok(first && second, 'two active products of different units');

  const { context, page, problems } = await open(browser, '/');
  await logIn(page, BUYER);
  await emptyCart(page);
  for (const [product, quantity] of [[first, 3], [second, 2]]) {
    await page.goto(`${BASE}/market/products/${product.id}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    // The product page says what its price is of.
    const price = text(await page.textContent('.product-price'));
    assert.match(price, / грн (з|без) ПДВ за \S/, price);
    await page.fill('.add-to-cart [name=quantity]', String(quantity));
    await page.click('.add-to-cart button[type=submit]');
    await page.waitForSelector('.add-to-cart-status a');
  }

  const check = async (p) => {
    // Each price with its VAT (as the product says) and its unit.
    const terms = await p.$$eval('.cart-table .cart-terms', (n) => n.map((x) => x.textContent.trim()));
    assert.equal(terms.length, 2);
    for (const [i, product] of [first, second].entries()) {
      assert.match(terms[i], new RegExp(`^${product.value.valueAddedTaxIncluded ? 'з ПДВ' : 'без ПДВ'} за \\S`), terms[i]);
    }
    // The whole cart's quantity: per unit, «3 …, 2 …», never «5».
    const total = text(await p.textContent('.cart-summary tfoot td'));
    const parts = total.split(', ');
    assert.equal(parts.length, 2, total);
    assert.match(parts[0], /^3 \S/);
    assert.match(parts[1], /^2 \S/);
    assert.notEqual(total, '5');
  };
  await page.goto(`${BASE}/market/cart`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await check(page);
  // The same without JavaScript.
  const cookies = await context.cookies();
  const plain = await browser.newContext({ javaScriptEnabled: false });
  await plain.addCookies(cookies);
  const noJs = await plain.newPage();
  await noJs.goto(`${BASE}/market/cart`);
  await check(noJs);
  await plain.close();

  await emptyCart(page);
  assert.deepEqual(problems.filter((p) => !p.includes('status of 4')), []);
  await context.close();
});
