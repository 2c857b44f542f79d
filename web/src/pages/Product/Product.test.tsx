/**
 * Renders the product pages the way the server does, from real upstream answers
 * (`fixtures.json`: a supplier's product with its profile, category and classification, a
 * national-catalogue product, a hidden product), and checks the route's decisions (404
 * guard, the request, the error page of a failed answer) and the head (meta, JSON-LD).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n';
import { html, links, render, testConfig, translations, tr } from '../../components/test-utils';
import type { Fetched, Language, SessionSummary } from '../../contract';
import type { PageData } from '../../lib/data';
import { formatMoney } from '../../lib/format';
import { pageHead } from '../../routes/head';
import type { Category, MarketClassification, Product as ProductData, Profile } from '../../lib/market';
import { routeOutcome } from '../../routes/outcome';
import { loadPage } from '../../routes/split';
import type { PageRoute, RouteContext } from '../../lib/routeModule';
import Product from './Product';
import { productJsonLd, productMetaDescription } from './meta';
import { product as productModule, prozorroProduct as prozorroModule } from './route';
import fixtures from './fixtures.json';

const fx = fixtures as unknown as {
  product: ProductData;
  profile: Profile;
  category: Category;
  classification: MarketClassification;
  prozorro: { product: ProductData; profile: Profile };
  hidden: { product: ProductData };
};

const routes = {
  product: { ...productModule, path: 'market/products/:id' } as PageRoute,
  prozorroProduct: { ...prozorroModule, path: 'market/prozorro-products/:id' } as PageRoute,
};
beforeAll(() => Promise.all([loadPage(routes.product, 'uk'), loadPage(routes.product, 'en'), loadPage(routes.prozorroProduct, 'uk')]));

const ok = (body: unknown): Fetched => ({ ok: true, body });
const buyer: SessionSummary = { email: 'buyer@example.com', type: 'buyer', name: 'Покупець' };

type Kind = keyof typeof routes;
interface Options {
  language?: Language;
  related?: PageData;
  session?: SessionSummary | null;
}
function renderPage(kind: Kind, product: unknown, { language = 'uk', related = {}, session = null }: Options = {}): string {
  const path = kind === 'product' ? '/market/products/x' : '/market/prozorro-products/x';
  const url = `${language === 'en' ? '/en' : ''}${path}`;
  return render(<Product route={routes[kind]} />, { language, url, session, data: { [kind]: ok(product), ...related } });
}
const allRelated: PageData = { profile: ok(fx.profile), category: ok(fx.category), classification: ok(fx.classification) };

/** The markup of one section (sections are not nested). */
function section(markup: string, id: string): string {
  const start = markup.indexOf(`<section id="${id}"`);
  return start < 0 ? '' : markup.slice(start, markup.indexOf('</section>', start));
}
const tableOf = (markup: string) => markup.slice(markup.indexOf('<table'), markup.indexOf('</table>'));
const count = (markup: string, s: string) => markup.split(s).length - 1;

describe('the fixtures are real answers of the kinds the tests need', () => {
  it('has a supplier product with a price and images, and a national-catalogue one without either', () => {
    expect(fx.product.value?.amount).toBeTypeOf('number');
    expect(fx.product.images?.length).toBeGreaterThan(0);
    expect(fx.product.relatedProfiles?.[0]).toBe(fx.profile.id);
    expect(fx.product.relatedCategory).toBe(fx.category.id);
    expect(fx.prozorro.product.value).toBeUndefined();
    expect(fx.prozorro.product.supplier).toBeUndefined();
    expect(fx.hidden.product.status).toBe('hidden');
  });
});

describe("a supplier's product page", () => {
  const p = fx.product;

  it('shows the title, status, price, classification, brand, EAN, supplier and links', () => {
    const markup = renderPage('product', p);
    expect(markup).toContain(`<h1 id="product-title" class="page-title">${html(p.title as string)}</h1>`);
    expect(markup).toContain('class="status status-active"');
    expect(markup).toContain(tr('uk', 'enums.productStatus.active'));
    // Thousands grouped by spaces (SPEC §5), the currency, VAT and the unit it is the price of.
    const price = formatMoney(p.value?.amount as number, 'UAH', 'uk');
    expect(p.unit).toEqual({ code: 'H87', name: 'штука' });
    expect(markup).toContain(`${price} ${tr('uk', 'unitPrice.vatIncluded')} за штуку`);
    expect(markup).toContain(`${p.classification?.id} ${html(p.classification?.description as string)}`);
    expect(markup).toContain(html(p.brand?.name as string));
    expect(markup).toContain(p.identifier?.id as string);
    const supplier = section(markup, 'supplier');
    expect(supplier).toContain(html(p.supplier?.name as string));
    expect(supplier).toContain(p.supplier?.identifier?.id as string);
    expect(supplier).toContain(html(p.supplier?.address?.streetAddress as string));
    expect(section(markup, 'description')).toContain(html((p.description as string).slice(0, 30)));
    const hrefs = links(markup).map((l) => l.href);
    expect(hrefs).toContain(`/market/category/${p.relatedCategory}`);
    expect(hrefs).toContain(`/market/profile/${p.relatedProfiles?.[0]}`);
  });

  it('shows its image, resolved on the catalogue host', () => {
    const markup = renderPage('product', p);
    expect(markup).toContain(`<img src="${testConfig.endpoints.search}${p.images?.[0].url}" alt="${html(p.title as string)}"`);
    expect(markup).not.toContain('product-placeholder');
  });

  it('is in English with the English title under /en', () => {
    const markup = renderPage('product', p, { language: 'en' });
    expect(markup).toContain(html(p.title_en as string));
    expect(markup).not.toContain(`>${html(p.title as string)}<`);
    expect(markup).toContain(formatMoney(p.value?.amount as number, 'UAH', 'en'));
    expect(markup).toContain(`${formatMoney(p.value?.amount as number, 'UAH', 'en')} ${tr('en', 'unitPrice.vatIncluded')} per piece`);
    expect(links(markup).map((l) => l.href)).toContain(`/en/market/category/${p.relatedCategory}`);
  });

  it('puts the breadcrumbs in a labelled nav list, named by the related answers when they are there', () => {
    const alone = renderPage('product', p);
    expect(alone).toContain(`<nav class="breadcrumbs product-breadcrumbs" aria-label="${html(tr('uk', 'product.breadcrumbs.label'))}"><ol>`);
    const crumbs = (m: string) => links(m.slice(m.indexOf('<nav'), m.indexOf('</nav>')));
    expect(crumbs(alone).map((l) => l.href)).toEqual([
      '/market',
      `/market/${p.marketClassification}`,
      `/market/category/${p.relatedCategory}`,
      `/market/profile/${p.relatedProfiles?.[0]}`,
    ]);
    expect(crumbs(alone).map((l) => l.text)).toEqual([
      'Market',
      html(tr('uk', 'product.breadcrumbs.classification', { id: p.marketClassification })),
      tr('uk', 'product.breadcrumbs.category'),
      tr('uk', 'product.breadcrumbs.profile'),
    ]);
    expect(alone).toContain(`<span aria-current="page">${html(p.title as string)}</span>`);
    const named = renderPage('product', p, { related: allRelated, language: 'en' });
    expect(crumbs(named).map((l) => l.text)).toEqual(['Market', html(fx.classification.title_en as string), html(fx.category.title_en as string), html(fx.profile.title_en as string)]);
  });

  it('shows every requirement response as a row of an accessible table, with the profile requirement when known', () => {
    const alone = tableOf(renderPage('product', p));
    expect(alone).toContain(`<caption class="visually-hidden">${html(tr('uk', 'product.characteristics.caption'))}</caption>`);
    expect(count(alone, '<th scope="col">')).toBe(2);
    expect(count(alone, '<th scope="row">')).toBe(p.requirementResponses?.length);
    for (const r of p.requirementResponses ?? []) expect(alone).toContain(`<th scope="row">${html(r.requirement)}</th>`);

    const withProfile = tableOf(renderPage('product', p, { related: allRelated }));
    expect(count(withProfile, '<th scope="col">')).toBe(3);
    expect(withProfile).toContain(html(tr('uk', 'product.characteristics.required')));
    expect(count(withProfile, '<th scope="row">')).toBe(p.requirementResponses?.length);
    const requirements = fx.profile.criteria?.[0].requirementGroups?.[0].requirements ?? [];
    // Each requirement's expectation shows in its row: a number with its unit, expected values, yes or no.
    for (const q of requirements) {
      const row = withProfile.slice(withProfile.indexOf(`<th scope="row">${html(q.title)}</th>`));
      const cells = row.slice(0, row.indexOf('</tr>'));
      if (q.dataType === 'string') for (const v of q.expectedValues ?? []) expect(cells).toContain(html(v));
      if (q.dataType === 'boolean') expect(cells).toContain(tr('uk', q.expectedValue ? 'product.yes' : 'product.no'));
      if ((q.dataType === 'number' || q.dataType === 'integer') && q.unit?.name) expect(cells).toContain(html(q.unit.name));
    }
  });

  it('offers the cart to a buyer, never on a national-catalogue product', () => {
    expect(renderPage('product', p, { session: buyer })).toContain(`name="productId" value="${p.id}"`);
    expect(renderPage('product', p)).not.toContain('name="productId"');
    expect(renderPage('prozorroProduct', fx.prozorro.product, { session: buyer })).not.toContain('name="productId"');
  });

  it('labels a hidden product', () => {
    const markup = renderPage('product', fx.hidden.product).replace(/<!-- -->/g, '');
    expect(markup).toContain(`<span class="status status-hidden"><span class="visually-hidden">${tr('uk', 'product.statusLabel')}: </span>${tr('uk', 'enums.productStatus.hidden')}</span>`);
    expect(renderPage('product', fx.hidden.product, { language: 'en' })).toContain(tr('en', 'enums.productStatus.hidden'));
  });

  it('renders nothing without a product, and survives odd shapes', () => {
    expect(render(<Product route={routes.product} />, { data: {} })).toBe('');
    expect(render(<Product route={routes.product} />, { data: { product: { ok: false, status: 404 } } })).toBe('');
    const odd = renderPage('product', { id: 'a'.repeat(32), requirementResponses: [null, { requirement: 'X', value: null }], images: [null], relatedProfiles: null, supplier: {} });
    expect(odd).toContain('a'.repeat(32));
    expect(odd).toContain('product-placeholder');
    const other = renderPage('product', { id: 'a'.repeat(32), identifier: { scheme: 'UA-CAT', id: 'X-1' } });
    expect(other).toContain(`<dt>${tr('uk', 'product.facts.identifier')}</dt><dd class="code">UA-CAT X-1</dd>`);
    expect(other).not.toContain(tr('uk', 'product.facts.ean'));
  });
});

describe('a national-catalogue product page', () => {
  const p = fx.prozorro.product;
  it('has no price, supplier nor cart, a placeholder for its image, and its characteristics', () => {
    const markup = renderPage('prozorroProduct', p);
    expect(markup).toContain(html(tr('uk', 'product.kickerProzorro')));
    expect(markup).toContain(html(p.title as string));
    expect(markup).not.toContain('product-price');
    expect(section(markup, 'supplier')).toBe('');
    expect(markup).toContain(`<div class="product-placeholder">${html(tr('uk', 'product.noImage'))}</div>`);
    expect(count(tableOf(markup), '<th scope="row">')).toBe(p.requirementResponses?.length);
    expect(links(markup).map((l) => l.href)).toContain(`/market/category/${p.relatedCategory}`);
  });
});

describe('the product routes', () => {
  const i18n = createI18n('uk', { uk: { dzo: translations.uk }, en: { dzo: translations.en } });
  const t = i18n.getFixedT('uk', 'dzo');
  const tEn = i18n.getFixedT('en', 'dzo');
  const ctxOf = (id: string, data: PageData = {}, language: Language = 'uk'): RouteContext => ({
    params: { id },
    query: new URLSearchParams(),
    input: { language, data, session: null, config: testConfig },
  });
  const id = fx.product.id;

  it('answers 404 without asking the upstream for an id that is not 32 hex digits', () => {
    for (const bad of ['abc', `${id}0`, id.slice(1), `${id.slice(1)}g`, id.toUpperCase(), 'product-1', '']) {
      expect(routeOutcome(routes.product, ctxOf(bad)), bad).toEqual({ error: 404 });
      expect(routeOutcome(routes.prozorroProduct, ctxOf(bad)), bad).toEqual({ error: 404 });
    }
    expect(routes.product.guard?.(ctxOf(id))).toBeNull();
  });

  it('asks each catalogue for its product, which it requires', () => {
    const related = (name: string) => [
      { key: 'profile', service: 'search', path: '/api/profiles/{/relatedProfiles/0}', after: name, maxAge: 300 },
      { key: 'category', service: 'search', path: '/api/categories/{/relatedCategory}', after: name, maxAge: 300 },
      { key: 'classification', service: 'search', path: '/api/market_classifications/{/marketClassification}', after: name, maxAge: 300 },
    ];
    expect(routes.product.fetches?.(ctxOf(id))).toEqual([
      { key: 'product', service: 'search', path: `/api/products/${id}`, validator: true },
      ...related('product'),
      // A supplier's offer beside what buyers paid per unit (issue 47); the national catalogue has no price.
      { key: 'prices', service: 'search', path: `/api/prices/products/${id}` },
    ]);
    expect(routes.prozorroProduct.fetches?.(ctxOf(id))).toEqual([
      { key: 'prozorroProduct', service: 'search', path: `/api/prozorro_products/${id}`, validator: true },
      ...related('prozorroProduct'),
    ]);
    // Without the prices flag, the offer's page does not ask for them; the rest the same.
    const off = (ctx: RouteContext): RouteContext => ({ ...ctx, input: { ...ctx.input, config: { ...testConfig, features: { ...testConfig.features, prices: false } } } });
    expect(routes.product.fetches?.(off(ctxOf(id)))).toEqual(routes.product.fetches?.(ctxOf(id))?.filter((f) => f.key !== 'prices'));
    expect(routes.product.fetches?.(off(ctxOf(id)))?.map((f) => f.key)).toEqual(['product', 'profile', 'category', 'classification']);
    expect(routeOutcome(routes.product, ctxOf(id, { product: { ok: false, status: 404 } }))).toEqual({ error: 404 });
    expect(routeOutcome(routes.product, ctxOf(id, { product: { ok: false, failure: 'timeout' } }))).toEqual({ error: 504 });
    expect(routeOutcome(routes.product, ctxOf(id, { product: ok(fx.product) }))).toBeNull();
  });

  it('gives the page a data-derived title and description, and its canonical address', () => {
    const path = `/market/products/${id}`;
    const h = pageHead(routes.product, ctxOf(id, { product: ok(fx.product) }), t, path);
    expect(h.title).toBe(`${fx.product.title} | ${t('site.name')}`);
    expect(h.description.length).toBeLessThanOrEqual(300);
    expect(h.description).toContain(fx.product.supplier?.identifier?.id as string);
    expect(h.description).toContain(formatMoney(fx.product.value?.amount as number, 'UAH', 'uk'));
    expect(h.canonical).toBe(`https://portal.test${path}`);
    expect(h.alternates).toContainEqual({ hreflang: 'en', href: `https://portal.test/en${path}` });
    const en = pageHead(routes.product, ctxOf(id, { product: ok(fx.product) }, 'en'), tEn, path);
    expect(en.title).toBe(`${fx.product.title_en} | ${tEn('site.name')}`);
    expect(en.description).toContain('in the Market catalogue.');
    const prozorro = productMetaDescription(fx.prozorro.product, 'prozorroProduct', t, 'uk');
    expect(prozorro).toContain('у каталозі Prozorro.');
    expect(prozorro).not.toContain('Ціна');
    expect(productMetaDescription(fx.hidden.product, 'product', t, 'uk')).toContain('Статус: прихований.');
  });

  it('falls back to the default meta when the product is missing', () => {
    const h = pageHead(routes.product, ctxOf(id, { product: { ok: false, status: 404 } }), t, `/market/products/${id}`);
    expect(h.title.startsWith(t('pages.product.title', { id }))).toBe(true);
    expect(h.jsonLd).toBeNull();
  });
});

describe('the JSON-LD', () => {
  const canonical = 'https://portal.test/market/products/x';
  const base = { data: {}, language: 'uk' as const, canonical, origin: 'https://portal.test', searchBase: testConfig.endpoints.search };
  type Node = Record<string, unknown>;
  const nodes = (doc: object) => (doc as { '@graph': Node[] })['@graph'];

  it("is a Product with an Offer for a supplier's product, every value from the record", () => {
    const p = fx.product;
    const doc = productJsonLd(p, { ...base, kind: 'product' }) as Node;
    expect(doc['@context']).toBe('https://schema.org');
    const [product, trail] = nodes(doc);
    const supplier = p.supplier!;
    expect(product).toEqual({
      '@type': 'Product',
      '@id': `${canonical}#product`,
      url: canonical,
      name: p.title,
      description: p.description,
      sku: p.identifier?.id,
      gtin13: p.identifier?.id,
      brand: { '@type': 'Brand', name: p.brand?.name },
      ...(p.product?.name ? { model: p.product.name } : {}),
      category: `${p.classification?.id} ${p.classification?.description}`,
      image: `${testConfig.endpoints.search}${p.images?.[0].url}`,
      offers: {
        '@type': 'Offer',
        url: canonical,
        price: p.value?.amount,
        priceCurrency: 'UAH',
        priceSpecification: { '@type': 'PriceSpecification', price: p.value?.amount, priceCurrency: 'UAH', valueAddedTaxIncluded: true },
        availability: 'https://schema.org/InStock',
        seller: {
          '@type': 'Organization',
          name: supplier.name,
          legalName: supplier.identifier?.legalName,
          identifier: { '@type': 'PropertyValue', propertyID: 'UA-EDR', value: supplier.identifier?.id },
          address: {
            '@type': 'PostalAddress',
            streetAddress: supplier.address?.streetAddress,
            addressLocality: supplier.address?.locality,
            addressRegion: supplier.address?.region,
            postalCode: supplier.address?.postalCode,
            addressCountry: supplier.address?.countryName,
          },
        },
      },
    });
    // Without the related answers the trail has the steps whose names are known.
    expect(trail).toEqual({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Market', item: 'https://portal.test/market' },
        { '@type': 'ListItem', position: 2, name: p.title, item: canonical },
      ],
    });
  });

  it('names every step of the trail once the related answers are there, in the page language', () => {
    const p = fx.product;
    const doc = productJsonLd(p, { ...base, language: 'en', kind: 'product', data: allRelated, origin: 'https://portal.test' });
    const [product, trail] = nodes(doc);
    expect(product.name).toBe(p.title_en);
    expect((trail.itemListElement as Node[]).map((i) => [i.name, i.item])).toEqual([
      ['Market', 'https://portal.test/en/market'],
      [fx.classification.title_en, `https://portal.test/en/market/${fx.classification.id}`],
      [fx.category.title_en, `https://portal.test/en/market/category/${encodeURIComponent(fx.category.id)}`],
      [fx.profile.title_en, `https://portal.test/en/market/profile/${fx.profile.id}`],
      [p.title_en, canonical],
    ]);
  });

  it('has no Offer for a national-catalogue product, nor image without one', () => {
    const [product] = nodes(productJsonLd(fx.prozorro.product, { ...base, kind: 'prozorroProduct' }));
    expect(product['@type']).toBe('Product');
    expect(product).not.toHaveProperty('offers');
    expect(product).not.toHaveProperty('image');
    expect(product.gtin13).toBe(fx.prozorro.product.identifier?.id);
  });

  it('says a hidden product is out of stock, and leaves out what a record lacks', () => {
    const [hidden] = nodes(productJsonLd(fx.hidden.product, { ...base, kind: 'product' }));
    expect((hidden.offers as Node).availability).toBe('https://schema.org/OutOfStock');
    const [bare] = nodes(productJsonLd({ id: 'b'.repeat(32), title: 'Папір', value: { amount: 10 } }, { ...base, kind: 'product' }));
    expect(bare).toEqual({
      '@type': 'Product',
      '@id': `${canonical}#product`,
      url: canonical,
      name: 'Папір',
      offers: { '@type': 'Offer', url: canonical, price: 10 },
    });
  });
});
