/**
 * What others paid per unit beside a record's item (issue 47, part 3), from an answer in
 * the contract's shape (`pages/Prices/fixtures/record.json`): the line's words in both
 * languages and its link, where the record's own price stands, a parent level named, a
 * malformed entry left out; and the line on the tender, plan and product pages, under
 * the items it names only, and nothing at all when the answer failed.
 */
import { describe, expect, it } from 'vitest';
import { links, render } from '../test-utils';
import type { Fetched, Language } from '../../contract';
import type { PageRoute } from '../../lib/routeModule';
import { formatter } from '../../records/parts';
import { createI18n } from '../../i18n';
import { translations } from '../test-utils';
import record from '../../pages/Prices/fixtures/record.json';
import Tender from '../../pages/Tender/Tender';
import Plan from '../../pages/Plan/Plan';
import Product from '../../pages/Product/Product';
import productFixtures from '../../pages/Product/fixtures.json';
import { PriceBenchmark } from './PriceBenchmark';

const resources = { uk: { dzo: translations.uk }, en: { dzo: translations.en } };
const format = (language: Language) => formatter(createI18n(language, resources).getFixedT(language, 'dzo'), language);
const line = (entry: unknown, language: Language = 'uk', owner: 'tender' | 'plan' | 'product' = 'tender') =>
  render(<PriceBenchmark entry={entry} owner={owner} format={format(language)} />, { language });
const text = (markup: string) => markup.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '').replace(/\u00a0/g, ' ');
const [gloves, dressings] = record.items;

describe('the line of others\' prices', () => {
  it('says the others\' median per unit and their count, linked to the code\'s prices at the item\'s unit', () => {
    const uk = line(gloves);
    expect(text(uk)).toBe('Інші платили: медіана 4,20 грн з ПДВ за штуку (57 цін); тут 12,35 грн, дорожче, ніж 55 з 57 викид: понад верхню межу');
    expect(links(uk)[0].href).toBe('/prices/33141420?unit=H87#H87-UAH-vat');
    expect(uk).toContain('<strong class="price-outlier">');
    const en = line(gloves, 'en');
    expect(text(en)).toBe('Others paid a median of 4.20 UAH incl. VAT per piece (57 prices); here 12.35 UAH, higher than 55 of 57 outlier: above the upper fence');
    expect(links(en)[0].href).toBe('/en/prices/33141420?unit=H87#H87-UAH-vat');
  });

  it('names the parent level the others were found under, and says nothing of an own price the record lacks', () => {
    expect(text(line(dressings))).toBe('Інші платили: медіана 120,00 грн без ПДВ за пачку (3 ціни) за кодом 33141100');
    expect(links(line(dressings))[0].href).toBe('/prices/33141100?unit=PK#PK-UAH-novat');
  });

  it('says whose price it compares: a plan\'s expected one, a product\'s in the catalogue, lower or at the median', () => {
    expect(text(line({ ...gloves, own: 3, position: { below: 10, above: 40 }, outlier: null }, 'uk', 'plan'))).toContain('; очікувана 3,00 грн, дешевше, ніж 40 з 57');
    expect(text(line({ ...gloves, own: 4.2, position: { below: 20, above: 20 }, outlier: null }, 'en', 'product'))).toContain('; in the catalogue 4.20 UAH, at the median');
    // A price below a kopeck keeps two significant digits.
    expect(text(line({ ...gloves, median: 0.0425, own: null }, 'uk'))).toContain('медіана 0,043 грн');
  });

  it('uses the plural forms of the count', () => {
    expect(text(line({ ...gloves, count: 1 }))).toContain('(1 ціна)');
    expect(text(line({ ...gloves, count: 22 }))).toContain('(22 ціни)');
    expect(text(line({ ...gloves, count: 1 }, 'en'))).toContain('(1 price)');
  });

  it('leaves out an entry it cannot read', () => {
    for (const bad of [null, 'x', {}, { ...gloves, median: 'a' }, { ...gloves, count: 0 }, { ...gloves, prefix: '33/1' }, { ...gloves, unit: null }, { ...gloves, currency: 5 }]) {
      expect(line(bad), JSON.stringify(bad)).toBe('');
    }
  });
});

const ok = (body: unknown): Fetched => ({ ok: true, body });
const item = (id: string, description: string) => ({ id, description, classification: { scheme: 'ДК021', id: '33141420-0', description: 'Хірургічні рукавички' }, quantity: 100, unit: { code: 'H87', name: 'штука' } });
const tender = { id: 'f'.repeat(32), tenderID: 'UA-2026-09-10-001001-a', title: 'Рукавички', status: 'complete', items: [item('a1b2c3', 'Рукавички'), item('zzz', 'Маски'), item('d4e5f6', 'Бинти')] };
const plan = { id: 'e'.repeat(32), planID: 'UA-P-2026-09-10-001001-a', status: 'scheduled', items: tender.items };

/** The items' section of a page. */
const itemsOf = (markup: string) => (markup.split('<section id="items"')[1] ?? '').split('</section>')[0];
const rows = (markup: string) => itemsOf(markup).split('<tbody>')[1].split('</tbody>')[0].split('</tr>').filter((r) => r.includes('<tr'));

describe('the line on the record pages', () => {
  const tenderPage = (data: Record<string, Fetched>) =>
    render(<Tender route={{ name: 'tender', path: 'tenders/:id/*', page: Tender } as PageRoute} />, { url: '/tenders/x', data: { tender: ok(tender), ...data } });

  it('stands under the quantity of each item of a tender the answer names, and only those', () => {
    const [first, second, third] = rows(tenderPage({ prices: ok(record) }));
    expect(text(first)).toContain('100 штук' + 'Інші платили: медіана 4,20 грн з ПДВ за штуку (57 цін)');
    expect(second).not.toContain('price-benchmark');
    expect(text(third)).toContain('(3 ціни) за кодом 33141100');
    // One boundary holds the section (hydration keeps the server's lines until the
    // deferred chunk is in), not one per line.
    const markup = tenderPage({ prices: ok(record) });
    expect(itemsOf(markup).match(/<!--\$-->/g)).toHaveLength(1);
    expect(first).not.toContain('<!--$-->');
  });

  it('makes a line once for items that share it, and apart for items whose own price differs', () => {
    const [a] = record.items;
    const same = { ...a, itemId: 'zzz' };
    const dearer = { ...a, itemId: 'd4e5f6', own: 40, position: { below: 57, above: 0 } };
    const [first, second, third] = rows(tenderPage({ prices: ok({ items: [a, same, dearer] }) })).map((r) => r.split('<span class="price-benchmark">')[1]);
    expect(second).toBe(first);
    expect(third).toContain('тут 40,00 грн, дорожче, ніж 57 з 57');
    expect(first).toContain('тут 12,35 грн, дорожче, ніж 55 з 57');
  });

  it('leaves the tender\'s items as they were when the answer failed, or names no item', () => {
    const without = itemsOf(tenderPage({}));
    for (const answer of [{ ok: false, status: 404 } as Fetched, { ok: false, failure: 'timeout' } as Fetched, ok({ items: [] }), ok({ error: 1 })]) {
      expect(itemsOf(tenderPage({ prices: answer }))).toBe(without);
    }
    expect(without).not.toContain('<!--$-->');
  });

  it('stands under a plan\'s items too, with the plan\'s expected price', () => {
    const entry = { ...gloves, own: 3, position: { below: 10, above: 40 }, outlier: null };
    const markup = render(<Plan route={{ name: 'plan', path: 'plans/:id', page: Plan } as PageRoute} />, {
      url: '/plans/x', data: { plan: ok(plan), prices: ok({ items: [entry] }) },
    });
    const [first, second] = rows(markup);
    expect(text(first)).toContain('очікувана 3,00 грн, дешевше, ніж 40 з 57');
    expect(second).not.toContain('price-benchmark');
  });

  it('stands beside a supplier\'s catalogue price on its product page', () => {
    const product = (productFixtures as unknown as { product: { id: string } }).product;
    const entry = { ...gloves, itemId: product.id, own: 5, position: { below: 40, above: 17 }, outlier: null };
    const page = (data: Record<string, Fetched>) => render(<Product route={{ name: 'product', path: 'market/products/:id', page: Product } as PageRoute} />, {
      url: `/market/products/${product.id}`, data: { product: ok(product), ...data },
    });
    const price = (markup: string) => markup.split('<p class="product-price">')[1].split('</p>')[0];
    expect(text(price(page({ prices: ok({ items: [entry] }) })))).toContain('у каталозі 5,00 грн, дорожче, ніж 40 з 57');
    expect(price(page({ prices: { ok: false, status: 404 } }))).not.toContain('price-benchmark');
  });
});
