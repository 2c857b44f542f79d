/**
 * A product card, from real upstream products (`market/fixtures`): image from the
 * catalogue's host or a placeholder, title in the page's language, brand and model, a
 * few characteristics, price grouped by no-break spaces, supplier, status, the product's link,
 * and the cart button for a buyer only.
 */
import { describe, expect, it } from 'vitest';
import { html, links, render, testConfig, tr } from '../test-utils';
import type { Language, SessionSummary } from '../../contract';
import type { Product, Profile } from '../../lib/market';
import { requirementIndex } from '../../market/requirements';
import productsFx from '../../market/fixtures/products.json';
import withImageFx from '../../market/fixtures/productWithImage.json';
import categoryProfilesFx from '../../market/fixtures/categoryProfiles.json';
import { CARD_FACTS, ProductCard } from './ProductCard';

const syringe = productsFx['hydra:member'][0] as unknown as Product;
const withImage = withImageFx as unknown as Product;
const index = requirementIndex(categoryProfilesFx['hydra:member'] as unknown as Profile[]);
const card = (product: Product, { language = 'uk' as Language, session = null as SessionSummary | null, withIndex = false } = {}) =>
  render(<ProductCard product={product} requirements={withIndex ? index : undefined} />, { language, session, url: language === 'en' ? '/en/market' : '/market' });

describe('ProductCard', () => {
  it('links its title, in the page language, to the product page', () => {
    expect(links(card(syringe))).toEqual([expect.objectContaining({ href: `/market/products/${syringe.id}`, text: html(syringe.title as string) })]);
    expect(links(card(syringe, { language: 'en' }))[0]).toMatchObject({ href: `/en/market/products/${syringe.id}`, text: html(syringe.title_en as string) });
  });

  it('shows brand and model, price grouped by no-break spaces, supplier and status', () => {
    const markup = card({ ...syringe, product: { name: 'Luer 5' }, value: { amount: 12345.5, currency: 'UAH' } });
    expect(markup).toContain(`<p class="product-card-model">${html(`${syringe.brand?.name} · Luer 5`)}</p>`);
    expect(markup).toContain('<span class="amount">12 345,50 грн</span>');
    expect(card({ ...syringe, value: { amount: 12345.5, currency: 'UAH' } }, { language: 'en' })).toContain('12 345.50 UAH');
    expect(markup).toContain(html(syringe.supplier?.name as string));
    expect(markup).toContain(`<span class="status status-active">${tr('uk', 'enums.productStatus.active')}</span>`);
    expect(card({ ...syringe, status: 'hidden' })).toContain(`status-hidden">${tr('uk', 'enums.productStatus.hidden')}`);
    // A national-catalogue product has neither price nor supplier.
    const bare = card({ ...syringe, value: undefined, supplier: undefined });
    expect(bare).not.toContain('product-card-price');
    expect(bare).not.toContain('product-card-supplier');
  });

  it('says what its price is of and whether it includes VAT, from the product\'s unit and value', () => {
    // A real product of the upstream: a syringe at 8,07 грн with VAT, per piece.
    const price = (m: string) => /<p class="product-card-price">(.*?)<\/p>/.exec(m)?.[1].replace(/<[^>]+>/g, '');
    expect(syringe.unit).toEqual({ code: 'H87', name: 'штука' });
    expect(price(card(syringe))).toBe(`${tr('uk', 'market.card.price')}: 8,07 грн з ПДВ за штуку`);
    expect(price(card(syringe, { language: 'en' }))).toBe(`${tr('en', 'market.card.price')}: 8.07 UAH incl. VAT per piece`);
    const gloves = { ...syringe, unit: { code: 'PR', name: 'пара' }, value: { amount: 12.4, currency: 'UAH', valueAddedTaxIncluded: false } };
    expect(price(card(gloves))).toBe(`${tr('uk', 'market.card.price')}: 12,40 грн без ПДВ за пару`);
    // What the record does not say, the card does not either.
    expect(price(card({ ...syringe, unit: undefined, value: { amount: 5, currency: 'UAH' } }))).toBe(`${tr('uk', 'market.card.price')}: 5,00 грн`);
  });

  it('shows a few characteristics, named and with units in the page language when the profiles are known', () => {
    const dts = (m: string) => [...m.matchAll(/<dt>([^<]*)<\/dt><dd>([^<]*)<\/dd>/g)].map((x) => [x[1], x[2]]);
    expect(dts(card(syringe)).length).toBeLessThanOrEqual(CARD_FACTS);
    const volume = syringe.requirementResponses?.find((r) => r.requirement === "Об'єм")?.value as number;
    expect(dts(card(syringe, { withIndex: true }))).toContainEqual([html("Об'єм"), `${volume} мілілітр`]);
    const en = dts(card(syringe, { language: 'en', withIndex: true }));
    expect(en).toContainEqual(['Volume', `${volume} millilitre`]);
    expect(en.map(([k]) => k)).toContain('Sterile');
    expect(en.find(([k]) => k === 'Sterile')?.[1]).toMatch(/^(Yes|No)$/);
    // Without the profiles: the product's own (Ukrainian) titles, numbers without a unit.
    expect(dts(card(syringe))).toContainEqual([html("Об'єм"), String(volume)]);
  });

  it('shows the image from the catalogue host, or a placeholder', () => {
    const url = withImage.images?.[0].url as string;
    expect(url.startsWith('/static/')).toBe(true);
    expect(card(withImage)).toContain(`<img src="${testConfig.endpoints.search}${url}" alt="" loading="lazy"`);
    expect(card(syringe)).toContain(`<span class="product-card-placeholder" role="img" aria-label="${tr('uk', 'market.card.noImage')}"></span>`);
    // Nothing that is not a web address becomes an image.
    expect(card({ ...syringe, images: [{ url: 'javascript:alert(1)' }, { url: '//evil.test/x.jpg' }] })).not.toContain('<img');
    expect(card({ ...syringe, images: [{ url: 'https://cdn.test/a.jpg' }] })).toContain('<img src="https://cdn.test/a.jpg"');
  });

  it('has the cart button for a buyer only', () => {
    expect(card(syringe)).not.toContain('add-to-cart');
    const buyer: SessionSummary = { email: 'buyer@example.com', type: 'buyer', name: 'Покупець' };
    expect(card(syringe, { session: buyer })).toContain('class="add-to-cart add-to-cart-compact"');
    expect(card(syringe, { session: { ...buyer, type: 'seller' } })).not.toContain('add-to-cart');
  });

  it('survives odd answers', () => {
    const odd = card({ id: 'a'.repeat(32), requirementResponses: [null, { requirement: 'X', value: null }] as never, images: [null] as never, brand: {} });
    expect(links(odd)[0].text).toBe('a'.repeat(32));
  });

  it('is memoised, so a list rendered again for its view skips its cards (issue 46, item 6)', () => {
    expect((ProductCard as unknown as { $$typeof: symbol }).$$typeof).toBe(Symbol.for('react.memo'));
  });
});
