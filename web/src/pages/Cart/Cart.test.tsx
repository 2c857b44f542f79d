import { describe, expect, it } from 'vitest';
import Cart, { groupItems } from './Cart';
import { AddToCart } from '../../components/AddToCart/AddToCart';
import { cartErrorMessage, type CartItem } from '../../components/AddToCart/cart';
import { html, render, tr } from '../../components/test-utils';
import type { TFunction } from 'i18next';

const buyer = { email: 'b@x.ua', type: 'buyer' as const, name: 'B' };
const seller = { email: 's@x.ua', type: 'seller' as const, name: 'S' };

const product = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  title: `Товар ${id.slice(0, 4)}`,
  title_en: `Product ${id.slice(0, 4)}`,
  status: 'active',
  value: { amount: 100.5, currency: 'UAH', valueAddedTaxIncluded: true },
  supplier: { name: 'ТОВ Постачальник', identifier: { scheme: 'UA-EDR', id: '12345678', legalName: 'ТОВ Постачальник' } },
  relatedCategory: '30192000-1-0001-01234567',
  classification: { id: '30192000-1', description: 'Офісне приладдя', description_en: 'Office supplies' },
  ...over,
});

const items: CartItem[] = [
  { productId: 'a'.repeat(32), quantity: 2, product: product('a'.repeat(32)) },
  { productId: 'b'.repeat(32), quantity: 3, product: product('b'.repeat(32), { supplier: { name: 'ФОП Інший', identifier: { id: '87654321' } }, value: { amount: 10, currency: 'UAH' } }) },
  { productId: 'c'.repeat(32), quantity: 5, product: product('c'.repeat(32), { status: 'hidden' }) },
  { productId: 'd'.repeat(32), quantity: 1, product: null },
];

describe('groupItems', () => {
  it('groups in the order items were added and sums only available items with a price', () => {
    const groups = groupItems(items, (item) => ({ key: item.product?.supplier?.identifier?.id ?? '', label: '' }));
    expect(groups.map((g) => g.key)).toEqual(['12345678', '87654321', '']);
    expect(groups[0].items).toHaveLength(2);
    expect([...groups[0].sums.values()]).toEqual([{ currency: 'UAH', vat: true, amount: 201 }]);
    expect([...groups[0].quantities.values()]).toEqual([{ unit: undefined, quantity: 2 }]);
    // A price that does not say whether it includes VAT is not added to one that does.
    expect([...groups[1].sums.values()]).toEqual([{ currency: 'UAH', amount: 30 }]);
    expect(groups[2].sums.size).toBe(0);
    expect(groups[2].quantities.size).toBe(0);
  });

  it('adds quantities only of one unit, and money only of one currency and VAT rule', () => {
    const pair = { code: 'PR', name: 'пара' };
    const piece = { code: 'H87', name: 'штука' };
    const mixed: CartItem[] = [
      { productId: '1'.repeat(32), quantity: 3, product: product('1'.repeat(32), { unit: pair }) },
      { productId: '2'.repeat(32), quantity: 2, product: product('2'.repeat(32), { unit: piece, value: { amount: 5, currency: 'UAH', valueAddedTaxIncluded: false } }) },
      { productId: '3'.repeat(32), quantity: 4, product: product('3'.repeat(32), { unit: { code: 'H87', name: 'шт.' } }) },
      { productId: '4'.repeat(32), quantity: 1, product: product('4'.repeat(32), { unit: pair, value: { amount: 7, currency: 'USD', valueAddedTaxIncluded: true } }) },
    ];
    const [whole] = groupItems(mixed, () => ({ key: '', label: '' }));
    // Pieces by their code, whatever the name: 2 + 4.
    expect([...whole.quantities.values()].map((q) => [q.unit?.code, q.quantity])).toEqual([['PR', 4], ['H87', 6]]);
    expect([...whole.sums.values()]).toEqual([
      { currency: 'UAH', vat: true, amount: 3 * 100.5 + 4 * 100.5 },
      { currency: 'UAH', vat: false, amount: 10 },
      { currency: 'USD', vat: true, amount: 7 },
    ]);
  });
});

describe('Cart', () => {
  const data = { cart: { ok: true as const, body: { items, updatedAt: null } } };

  it('lists items by supplier with forms that change them, and totals by category', () => {
    const out = render(<Cart />, { session: buyer, csrf: 'tok', url: '/market/cart', data });
    expect(out).toContain('ТОВ Постачальник');
    expect(out).toContain('ФОП Інший');
    // One set/remove form per item, posting to the cart with the token.
    expect(out.match(/<form class="cart-item-form"[^>]*>/g)?.filter((f) => f.includes('method="post"') && f.includes('action="/market/cart"'))).toHaveLength(4);
    // And the form that empties the cart.
    expect(out.match(/value="tok"/g)).toHaveLength(5);
    expect(out).toMatch(/name="quantity"[^>]*value="2"/);
    // Hidden and vanished products: no quantity field, only removal, not in the sums.
    expect(out.match(/name="quantity"/g)).toHaveLength(2);
    expect(out).toContain(html(tr('uk', 'cart.unavailable')));
    // 2 × 100.5 with VAT, and 3 × 10 whose price does not say: two sums, never 231.
    expect(out).toContain('<td class="cart-total"><ul class="cart-sums"><li>201,00 грн з ПДВ</li><li>30,00 грн</li></ul></td>');
    expect(out).not.toMatch(/231[,.]00/);
    // Each price says whether it includes VAT (when it says) after the amount.
    expect(out).toContain('100,50 грн<span class="cart-terms"> з ПДВ</span>');
    expect(out).toContain('/market/category/30192000-1-0001-01234567');
  });

  it('says what each price is of, and totals gloves and thermometers per unit, never in one number', () => {
    const gloves = product('1'.repeat(32), { title: 'Рукавички нітрилові', unit: { code: 'PR', name: 'пара' }, value: { amount: 12.4, currency: 'UAH', valueAddedTaxIncluded: true } });
    const thermometers = product('2'.repeat(32), { title: 'Термометр медичний', unit: { code: 'H87', name: 'штука' }, value: { amount: 95, currency: 'UAH', valueAddedTaxIncluded: false } });
    const cart = { items: [{ productId: gloves.id, quantity: 3, product: gloves }, { productId: thermometers.id, quantity: 2, product: thermometers }] };
    const page = (language: 'uk' | 'en') =>
      render(<Cart />, { language, session: buyer, csrf: 'tok', url: language === 'en' ? '/en/market/cart' : '/market/cart', data: { cart: { ok: true, body: cart } } });
    const uk = page('uk');
    expect(uk).toContain('12,40 грн<span class="cart-terms"> з ПДВ за пару</span>');
    expect(uk).toContain('95,00 грн<span class="cart-terms"> без ПДВ за штуку</span>');
    const summary = uk.slice(uk.indexOf('class="cart-summary"'));
    // The category's row and the whole cart's: three pairs and two pieces, not «5».
    expect(summary.match(/<td>3 пари, 2 штуки<\/td>/g)).toHaveLength(2);
    expect(summary).not.toMatch(/<td>5<\/td>/);
    expect(summary).toContain(`<th scope="col">${tr('uk', 'cart.items')}</th>`);
    // With VAT and without: two sums, each saying which.
    expect(summary).toContain('<li>37,20 грн з ПДВ</li><li>190,00 грн без ПДВ</li>');
    expect(summary).not.toMatch(/227[,.]20/);
    const en = page('en');
    expect(en).toContain('12.40 UAH<span class="cart-terms"> incl. VAT per pair</span>');
    expect(en).toContain('<td>3 pairs, 2 pieces</td>');
  });

  it('speaks English under /en and says when it is empty', () => {
    const out = render(<Cart />, { language: 'en', session: buyer, csrf: 'tok', url: '/en/market/cart', data });
    expect(out).toContain('Product aaaa');
    expect(out).toContain('action="/en/market/cart"');
    const empty = render(<Cart />, { session: buyer, url: '/market/cart', data: { cart: { ok: true, body: { items: [] } } } });
    expect(empty).toContain(tr('uk', 'cart.emptyTitle'));
  });

  it('shows a refused change sent without JavaScript next to its item', () => {
    const form = { ok: false, error: { status: 422, statusText: 'Unprocessable Entity', retryAfter: null }, field: 'quantity', values: { productId: 'a'.repeat(32), quantity: '0' } };
    const out = render(<Cart />, { session: buyer, csrf: 'tok', url: '/market/cart', data: { ...data, form: { ok: true, body: form } } });
    expect(out).toContain('role="alert"');
    expect(out).toContain(html(tr('uk', 'cart.errors.quantity', { max: '10 000' })));
  });
});

describe('AddToCart', () => {
  it('is a POST form for a buyer, with the token, and nothing for a seller or a visitor', () => {
    const out = render(<AddToCart productId={'a'.repeat(32)} />, { session: buyer, csrf: 'tok' });
    const form = out.match(/<form class="add-to-cart"[^>]*>/)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/market/cart"');
    expect(out).toContain('value="tok"');
    expect(out).toContain('name="quantity"');
    expect(render(<AddToCart productId={'a'.repeat(32)} compact />, { session: { ...buyer, type: 'cpe' } })).not.toContain('name="quantity"');
    expect(render(<AddToCart productId={'a'.repeat(32)} />, { session: seller })).toBe('');
    // A visitor is told that signing in gives a cart, with a way back to the product.
    const visitor = render(<AddToCart productId={'a'.repeat(32)} />);
    expect(visitor).toContain('class="cart-sign-in"');
    expect(visitor).toContain('href="/login');
    expect(render(<AddToCart productId={'a'.repeat(32)} compact />)).toBe('');
  });
});

describe('cartErrorMessage', () => {
  const t = ((key: string) => key) as unknown as TFunction;
  it('names the field the refusal names', () => {
    const e = (status: number) => ({ status, statusText: '', retryAfter: null });
    expect(cartErrorMessage(t, e(422), 'quantity')).toBe('cart.errors.quantity');
    expect(cartErrorMessage(t, e(422), 'productId')).toBe('cart.errors.product');
    expect(cartErrorMessage(t, e(401))).toBe('cart.errors.session');
    expect(cartErrorMessage(t, e(404))).toBe('cart.errors.notInCart');
    expect(cartErrorMessage(t, e(503))).toBe('cart.errors.unavailable');
    expect(cartErrorMessage(t, { ...e(403), forgery: true })).toBe('cart.errors.forgery');
  });
});

describe('the cart is findable and says what comes next (issue 29, item 20)', () => {
  const data = { cart: { ok: true as const, body: { items, updatedAt: null } } };

  it('has "empty the cart" (a form with the token) and a next step on the platform', () => {
    const out = render(<Cart />, { session: buyer, csrf: 'tok', url: '/market/cart', data });
    const empty = out.match(/<form class="cart-empty-form"[\s\S]*?<\/form>/)?.[0] ?? '';
    expect(empty).toMatch(/method="post"/);
    expect(empty).toMatch(/action="\/market\/cart"/);
    expect(empty).toMatch(/name="_csrf" value="tok"/);
    expect(empty).toMatch(/<button[^>]*name="action"[^>]*value="empty"|<button[^>]*value="empty"[^>]*name="action"/);
    expect(out).toContain(html(tr('uk', 'cart.empty')));
    expect(out).toMatch(new RegExp(`<a[^>]*href="https://old.portal.test/cabinet/tenders"[^>]*>${html(tr('uk', 'cart.nextLink'))}`));
  });

  it('shows no empty status bar, and the message of the change that was made', () => {
    const quiet = render(<Cart />, { session: buyer, csrf: 'tok', url: '/market/cart', data });
    expect(quiet).toContain('<p class="visually-hidden" role="status"></p>');
    expect(quiet).not.toContain('class="form-note"');
    const emptied = render(<Cart />, { session: buyer, csrf: 'tok', url: '/market/cart?emptied=1', data: { cart: { ok: true as const, body: { items: [] } } } });
    expect(emptied).toContain(`<p class="form-note" role="status">${html(tr('uk', 'cart.emptied'))}</p>`);
    // Added without JavaScript: a whole sentence, no placeholder left in it.
    const added = render(<Cart />, { session: buyer, csrf: 'tok', url: '/market/cart?added=1', data });
    expect(added).toContain(`<p class="form-note" role="status">${html(tr('uk', 'cart.addedDone'))}</p>`);
    expect(added).not.toContain('{{');
    const en = render(<Cart />, { session: buyer, csrf: 'tok', url: '/en/market/cart?added=1', data, language: 'en' });
    expect(en).toContain(html(tr('en', 'cart.addedDone')));
    expect(en).not.toContain('{{');
  });
});
