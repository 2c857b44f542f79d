/**
 * The Market catalogue's pages rendered the way the server renders them, from real
 * answers of the embedded upstream (`fixtures/`, trimmed), and the routes' decisions:
 * requests (the codec's canonical query), 404s, canonical links, head tags in both
 * languages, breadcrumbs and their JSON-LD.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '../i18n';
import { html, links, render, testConfig, translations, tr } from '../components/test-utils';
import type { Fetched, Language } from '../contract';
import type { PageData } from '../lib/data';
import { pageHead } from '../routes/head';
import { matchPage } from '../routes';
import { routeOutcome } from '../routes/outcome';
import { loadPage, pageComponent } from '../routes/split';
import type { PageRoute, RouteContext } from '../lib/routeModule';
import categoriesFx from './fixtures/categories.json';
import categoryFx from './fixtures/category.json';
import categoryProfilesFx from './fixtures/categoryProfiles.json';
import classificationFx from './fixtures/classification.json';
import classificationsFx from './fixtures/classifications.json';
import divisionsFx from './fixtures/divisions.json';
import productsFx from './fixtures/products.json';
import { CPV_CODE, MARKET_ID } from './filters';
import { CATALOGUE_ID, CLASSIFICATION_ID } from './route';
import profileFx from './fixtures/profile.json';
import profileProductsFx from './fixtures/profileProducts.json';
import profilesFx from './fixtures/profiles.json';

const ok = (body: unknown): Fetched => ({ ok: true, body });
const route = (path: string): PageRoute => matchPage(path).route;
const ROUTES = {
  market: route('/market'),
  classification: route('/market/30190000-7'),
  categoryList: route('/market/categories'),
  profileList: route('/market/profiles'),
  productList: route('/market/products'),
  category: route('/market/category/x'),
  profile: route('/market/profile/x'),
};
beforeAll(() => Promise.all(Object.values(ROUTES).flatMap((r) => [loadPage(r, 'uk'), loadPage(r, 'en')])));

const CATEGORY = categoryFx.id;
const PROFILE = profileFx.id;
const classifications = ok(classificationsFx);

/** The route's context for `url` (path and query, without the language base). */
function ctxOf(url: string, data: PageData = {}, language: Language = 'uk'): RouteContext {
  const [path, search = ''] = url.split('?');
  return { params: matchPage(path).params, query: new URLSearchParams(search), input: { language, data, session: null, config: testConfig } };
}

function renderAt(url: string, data: PageData, language: Language = 'uk'): string {
  const r = route(url.split('?')[0]);
  const Page = pageComponent(r, language);
  return render(<Page route={r} />, { language, url: `${language === 'en' ? '/en' : ''}${url}`, data });
}

const i18n = createI18n('uk', { uk: { dzo: translations.uk }, en: { dzo: translations.en } });
const T = { uk: i18n.getFixedT('uk', 'dzo'), en: i18n.getFixedT('en', 'dzo') };
const headAt = (url: string, data: PageData, language: Language = 'uk') =>
  pageHead(route(url.split('?')[0]), ctxOf(url, data, language), T[language], url.split('?')[0]);

const hrefs = (markup: string) => links(markup).map((l) => l.href);
const fieldNames = (markup: string) => [...markup.matchAll(/<(?:input|select)[^>]*name="([^"]+)"/g)].map((m) => m[1]);
const breadcrumb = (markup: string) => {
  const nav = /<nav class="breadcrumbs"[^>]*>([\s\S]*?)<\/nav>/.exec(markup)?.[1] ?? '';
  return [...nav.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => m[1].replace(/<[^>]+>/g, ''));
};

const categoryData = (): PageData => ({
  category: ok(categoryFx),
  products: ok(productsFx),
  profiles: ok(categoryProfilesFx),
  classifications,
});
const profileData = (): PageData => ({ profile: ok(profileFx), products: ok(profileProductsFx), classifications });

describe('market routes', () => {
  it('serves every market path of SPEC §2.1 with its own page', () => {
    expect(Object.fromEntries(Object.entries(ROUTES).map(([k, r]) => [k, r.name]))).toEqual({
      market: 'market',
      classification: 'classification',
      categoryList: 'categoryList',
      profileList: 'profileList',
      productList: 'productList',
      category: 'category',
      profile: 'profile',
    });
    // Product pages and the cart are other pages' paths.
    expect(route('/market/products/abc').name).toBe('product');
    expect(route('/market/cart').name).toBe('cart');
  });

  it('asks the search service for what each page shows, with the canonical filter query', () => {
    const fetches = (url: string) => route(url.split('?')[0]).fetches?.(ctxOf(url)).map((f) => [f.key, f.service, decodeURIComponent(f.path)]);
    expect(fetches('/market')).toEqual([
      ['classifications', 'search', '/api/market_classification/all'],
      ['divisions', 'search', '/api/classifications?scheme=classification&page=1&perPage=100'],
    ]);
    // A classification opened without JavaScript; a division needs no request.
    expect(fetches('/market?open=30190000-7')?.[2]).toEqual(['open', 'search', '/api/market_classifications/30190000-7']);
    expect(fetches('/market?open=30000000-9')).toHaveLength(2);
    expect(fetches('/market?open=../../api')).toHaveLength(2);
    expect(fetches('/market/30190000-7')).toEqual([['classification', 'search', '/api/market_classifications/30190000-7']]);
    expect(fetches('/market/categories?page=2&market_classification=30190000-7&sortOrder=nonsense')?.[0]).toEqual([
      'list', 'search', '/api/categories?market_classification[0]=30190000-7&page=2&perPage=24&sortOrder=popularity.desc',
    ]);
    expect(fetches('/market/profiles')?.[0][2]).toBe('/api/profiles?page=1&perPage=20&sortOrder=popularity.desc');
    expect(fetches(`/market/category/${CATEGORY}?booleanRequirements[0][requirement]=Стерильний&booleanRequirements[0][value]=false`)).toEqual([
      ['category', 'search', `/api/categories/${CATEGORY}`],
      ['products', 'search', `/api/products?relatedCategoryId[0]=${CATEGORY}&booleanRequirements[0][requirement]=Стерильний&booleanRequirements[0][value]=false&page=1&perPage=24&sortOrder=popularity.desc`],
      ['profiles', 'search', `/api/categories/${CATEGORY}/profiles?pagination=false`],
      // Named from the category's answer by the server (`after`): not the list of all 50.
      ['classification', 'search', '/api/market_classifications/{/marketClassification}'],
    ]);
    expect(fetches(`/market/profile/${PROFILE}?sortOrder=value.asc`)?.slice(0, 2)).toEqual([
      ['profile', 'search', `/api/profiles/${PROFILE}`],
      ['products', 'search', `/api/products?relatedProfileIds=${PROFILE}&page=1&perPage=24&sortOrder=value.asc`],
    ]);
  });

  it('tests ids in the main bundle as the codec does', () => {
    expect(CLASSIFICATION_ID.source).toBe(CPV_CODE.source);
    expect(CATALOGUE_ID.source).toBe(MARKET_ID.source);
  });

  it('answers 404 for an id that cannot be one, or one the upstream does not know', () => {
    for (const url of ['/market/office', '/market/1234', '/market/category/a b', '/market/profile/a,b']) {
      expect(routeOutcome(route(url), ctxOf(url)), url).toEqual({ error: 404 });
    }
    const missing = { ok: false, status: 404 } as const;
    expect(routeOutcome(ROUTES.classification, ctxOf('/market/99999999', { classification: missing }))).toEqual({ error: 404 });
    expect(routeOutcome(ROUTES.category, ctxOf('/market/category/nope', { category: missing, products: ok(productsFx) }))).toEqual({ error: 404 });
    expect(routeOutcome(ROUTES.profile, ctxOf('/market/profile/nope', { profile: missing, products: ok(productsFx) }))).toEqual({ error: 404 });
    // The products are required too; the classifications (breadcrumbs, filter names) are not.
    expect(routeOutcome(ROUTES.category, ctxOf(`/market/category/${CATEGORY}`, { ...categoryData(), products: { ok: false, status: 503 } }))).toEqual({ error: 503 });
    expect(routeOutcome(ROUTES.category, ctxOf(`/market/category/${CATEGORY}`, { ...categoryData(), classifications: { ok: false, failure: 'timeout' } }))).toBeNull();
  });
});

describe('the market home', () => {
  const data = { classifications, divisions: ok(divisionsFx) };

  it('shows the classifications as tiles by popularity, with their counts', () => {
    const markup = renderAt('/market', data);
    const tiles = [...markup.matchAll(/<h3 class="market-tile-title"><a href="\/market\/([^"]+)"/g)].map((m) => m[1]);
    const byPopularity = [...classificationsFx.items].sort((a, b) => b.popularity - a.popularity).map((c) => c.id);
    expect(tiles).toEqual(byPopularity);
    const office = classificationsFx.items.find((c) => c.id === '30190000-7')!;
    expect(markup).toContain(html(tr('uk', 'market.count.products', { count: office.productsCount, formatted: String(office.productsCount) })));
    expect(markup).toContain(tr('uk', 'market.count.categories', { count: office.activeCategoriesCount, formatted: String(office.activeCategoriesCount) }));
    // Grid first, on the server and while the browser hydrates.
    expect(markup).toContain('class="catalogue catalogue-grid" data-view="grid"');
  });

  it('has a catalogue search that is a GET form to the product list, in the page language', () => {
    const form = /<form class="market-search-form"[^>]*>/.exec(renderAt('/market', data))?.[0] ?? '';
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/market/products"');
    expect(fieldNames(renderAt('/market', data))).toEqual(['keyword']);
    expect(renderAt('/market', data, 'en')).toContain('action="/en/market/products"');
  });

  it('shows the tree closed, by division; its toggles are links that open a node without JavaScript', () => {
    const markup = renderAt('/market', data);
    const toggles = [...markup.matchAll(/<a class="tree-toggle" href="([^"]+)" aria-expanded="(true|false)"/g)].map((m) => [m[1], m[2]]);
    const divisionIds = divisionsFx['hydra:member'].map((d) => d.id).sort();
    expect(divisionIds.map((id) => id.slice(0, 2))).toEqual(['03', '15', '22', '30', '33']);
    expect(toggles.map(([href]) => href)).toEqual(divisionIds.map((id) => `/market?open=${id}#tree-${id}`));
    expect(toggles.every(([, open]) => open === 'false')).toBe(true);
    expect(markup).toContain(html(divisionsFx['hydra:member'].find((d) => d.id === '30000000-9')!.name));
  });

  it('opens a classification and its parent division from ?open=, with the categories the server fetched', () => {
    const markup = renderAt('/market?open=30190000-7', { ...data, open: ok(classificationFx) });
    // The division and the classification are open; closing one links to its parent's state.
    expect(markup).toContain('<a class="tree-toggle" href="/market#tree" aria-expanded="true">');
    expect(markup).toContain('<a class="tree-toggle" href="/market?open=30000000-9#tree-30000000-9" aria-expanded="true">');
    for (const c of classificationFx.categories) expect(hrefs(markup)).toContain(`/market/category/${c.id}`);
    // The other divisions stay closed.
    const medical = divisionsFx['hydra:member'].find((d) => d.id.startsWith('33'))!.id;
    expect(markup).toContain(`href="/market?open=${medical}#tree-${medical}" aria-expanded="false"`);
    // A division alone opens with its classifications, and no categories.
    const division = renderAt('/market?open=30000000-9', data);
    expect(division).toContain('href="/market?open=30190000-7#tree-30190000-7" aria-expanded="false"');
    expect(hrefs(division).some((h) => h?.startsWith('/market/category/'))).toBe(false);
  });

  it('pages the classifications at 24, like every catalogue list (SPEC §9), with real links', () => {
    // 50 classifications, as the upstream has: 24, 24 and 2 tiles.
    const items = Array.from({ length: 50 }, (_, i) => ({ ...classificationsFx.items[i % 6], id: `${String(30100000 + i * 1000).padStart(8, '0')}-${i % 10}`, popularity: 1000 - i }));
    const many = { classifications: ok({ items, total: 50 }), divisions: ok(divisionsFx) };
    const tiles = (markup: string) => [...markup.matchAll(/<h3 class="market-tile-title"><a href="\/market\/([^"]+)"/g)].map((m) => m[1]);
    const first = renderAt('/market', many);
    expect(tiles(first)).toEqual(items.slice(0, 24).map((c) => c.id));
    expect(first).toContain(html(tr('uk', 'pagination.showMore', { count: 24 })));
    expect(hrefs(first)).toContain('/market?page=2');
    expect(tiles(renderAt('/market?page=2', many))).toEqual(items.slice(24, 48).map((c) => c.id));
    const last = renderAt('/market?page=3&open=30000000-9', many);
    expect(tiles(last)).toEqual(items.slice(48).map((c) => c.id));
    // The tree opened without JavaScript stays open from page to page.
    expect(hrefs(last).find((h) => h?.includes('page=2'))).toMatch(/^\/market\?page=2&(amp;)?open=30000000-9$/);
    // Past the last page: the last page; a page is its own canonical address.
    expect(tiles(renderAt('/market?page=9', many))).toEqual(items.slice(48).map((c) => c.id));
    expect(headAt('/market?page=2&open=30000000-9', many).canonical).toBe('https://portal.test/market?page=2');
    expect(headAt('/market?open=30000000-9', many).canonical).toBe('https://portal.test/market');
    // Six classifications: one page, no pagination.
    expect(renderAt('/market', data)).not.toContain('class="pagination"');
  });

  it('names a division by its code when the CPV top level did not come', () => {
    expect(renderAt('/market', { classifications, divisions: { ok: false, status: 503 } })).toContain(tr('uk', 'market.tree.division', { code: '30' }));
  });
});

describe('a classification page', () => {
  const data = { classification: ok(classificationFx) };

  it('shows the classification with its categories as tiles and the ways to its lists', () => {
    const markup = renderAt('/market/30190000-7', data);
    expect(markup).toContain(`<h1 class="page-title">${html(classificationFx.title)}</h1>`);
    for (const c of classificationFx.categories) expect(hrefs(markup)).toContain(`/market/category/${c.id}`);
    expect(hrefs(markup)).toEqual(expect.arrayContaining([
      '/market/products?market_classification%5B0%5D=30190000-7',
      '/market/profiles?market_classification%5B0%5D=30190000-7',
    ]));
    expect(breadcrumb(markup)).toEqual(['Market', html(classificationFx.title)]);
    expect(renderAt('/market/30190000-7', data, 'en')).toContain(`<h1 class="page-title">${html(classificationFx.title_en)}</h1>`);
  });

  it('has a head named after it, one canonical address for both forms of its id, and a breadcrumb JSON-LD', () => {
    const h = headAt('/market/30190000', data);
    expect(h.title).toBe(`${tr('uk', 'market.meta.classificationTitle', { title: classificationFx.title, id: '30190000-7' })} | ${tr('uk', 'site.name')}`);
    expect(h.description).toContain('30190000-7');
    expect(h.canonical).toBe('https://portal.test/market/30190000-7');
    expect(h.alternates).toContainEqual({ hreflang: 'en', href: 'https://portal.test/en/market/30190000-7' });
    expect(h.jsonLd).toEqual({
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'DefinedTerm',
          '@id': 'https://portal.test/market/30190000-7#classification',
          name: classificationFx.title,
          termCode: '30190000-7',
          description: classificationFx.description,
          url: 'https://portal.test/market/30190000-7',
          inDefinedTermSet: { '@type': 'DefinedTermSet', name: 'ДК021' },
        },
        {
          '@type': 'BreadcrumbList',
          itemListElement: [
            { '@type': 'ListItem', position: 1, name: 'Market', item: 'https://portal.test/market' },
            { '@type': 'ListItem', position: 2, name: classificationFx.title, item: 'https://portal.test/market/30190000-7' },
          ],
        },
      ],
    });
    expect(headAt('/market/30190000-7', data, 'en').title.startsWith(classificationFx.title_en)).toBe(true);
  });
});

describe('the list pages', () => {
  it('list categories and profiles as tiles, products as cards, with the count', () => {
    const categories = renderAt('/market/categories', { list: ok(categoriesFx), classifications });
    for (const c of categoriesFx['hydra:member']) expect(hrefs(categories)).toContain(`/market/category/${c.id}`);
    const total = categoriesFx['hydra:totalItems'];
    expect(categories).toContain(tr('uk', 'market.found.categories', { count: total, formatted: String(total) }));
    const profiles = renderAt('/market/profiles', { list: ok(profilesFx), classifications });
    for (const p of profilesFx['hydra:member']) expect(hrefs(profiles)).toContain(`/market/profile/${p.id}`);
    const products = renderAt('/market/products', { list: ok(productsFx), classifications });
    for (const p of productsFx['hydra:member']) expect(hrefs(products)).toContain(`/market/products/${p.id}`);
    expect(products.match(/class="product-card"/g)).toHaveLength(productsFx['hydra:member'].length);
  });

  it('has a GET form with keyword, classification and sort (price on products only), filled from the URL', () => {
    const markup = renderAt('/market/products?keyword=шприц&market_classification=33140000&sortOrder=value.desc', { list: ok(productsFx), classifications });
    const form = /<form class="market-filters"[^>]*>/.exec(markup)?.[0] ?? '';
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/market/products"');
    expect(fieldNames(markup)).toEqual(['keyword', 'market_classification', 'sortOrder']);
    expect(markup).toContain('value="шприц"');
    expect(markup).toMatch(/<option value="33140000-3" selected="">/);
    expect(markup).toMatch(/<option value="value.desc" selected="">/);
    expect(renderAt('/market/categories', { list: ok(categoriesFx) })).not.toContain('value="value.asc"');
  });

  it('pages with real links in the canonical order, keeping the filters', () => {
    const markup = renderAt('/market/categories?sortOrder=title.asc&market_classification[0]=30190000-7', { list: ok({ ...categoriesFx, 'hydra:totalItems': 100 }) });
    expect(hrefs(markup)).toContain(html('/market/categories?market_classification%5B0%5D=30190000-7&sortOrder=title.asc&page=2'));
    expect(markup).toContain('aria-current="page"');
  });

  it('says when the page is past the last one, and when nothing matches', () => {
    const past = renderAt('/market/products?page=300', { list: ok({ ...productsFx, 'hydra:member': [], 'hydra:totalItems': 30 }) });
    expect(past).toContain(tr('uk', 'market.empty.pastEndTitle'));
    expect(hrefs(past)).toContain('/market/products?page=2');
    const none = renderAt('/market/profiles?keyword=zzz', { list: ok({ ...profilesFx, 'hydra:member': [], 'hydra:totalItems': 0 }) });
    expect(none).toContain(tr('uk', 'market.empty.profilesTitle'));
  });

  it('have their own titles, with the page number past the first, and a normalised canonical query', () => {
    const h = headAt('/market/products?page=3&sortOrder=dateModified.desc&junk=1', { list: ok(productsFx) });
    expect(h.title).toBe(`${tr('uk', 'market.meta.page', { title: tr('uk', 'pages.productList.title'), page: 3 })} | ${tr('uk', 'site.name')}`);
    expect(h.canonical).toBe('https://portal.test/market/products?sortOrder=dateModified.desc&page=3');
    expect(headAt('/market/categories', { list: ok(categoriesFx) }, 'en').title).toBe(`${tr('en', 'pages.categoryList.title')} | ${tr('en', 'site.name')}`);
    expect(headAt('/market/profiles', { list: ok(profilesFx) }).description).toBe(tr('uk', 'pages.profileList.description'));
  });
});

describe("a keyword's products", () => {
  const keyword = `keyword=${encodeURIComponent("шприци ін'єкційні")}`;
  /** The sort field's options as [value, label, selected]. */
  const sortOptions = (markup: string) => {
    const select = /<select name="sortOrder"[\s\S]*?<\/select>/.exec(markup)?.[0] ?? '';
    return [...select.matchAll(/<option value="([^"]*)"( selected="")?>([^<]*)<\/option>/g)].map((m) => [m[1], m[3], !!m[2]]);
  };
  const [first, ...rest] = productsFx['hydra:member'];
  const matched = { ...first, searchMatch: { words: ['шприц', "ін'єкційний"], snippet: 'Шприц однократного застосування, ін’єкційний, стерильний' } };
  const answer = (extra: Record<string, unknown> = {}) => ok({ ...productsFx, 'hydra:member': [matched, ...rest], ...extra });

  it('are ordered by relevance unless another order is chosen, on the list and on a category', () => {
    const relevance = tr('uk', 'market.sort.relevance');
    expect(sortOptions(renderAt(`/market/products?${keyword}`, { list: answer(), classifications }))[0]).toEqual(['', relevance, true]);
    const chosen = sortOptions(renderAt(`/market/products?${keyword}&sortOrder=popularity.desc`, { list: answer(), classifications }));
    expect(chosen.find(([, , selected]) => selected)).toEqual(['popularity.desc', tr('uk', 'market.sort.popularity_desc'), true]);
    expect(sortOptions(renderAt(`/market/category/${CATEGORY}?${keyword}`, { ...categoryData(), products: answer() }))[0]).toEqual(['', relevance, true]);
    // Without a keyword, and on lists of categories and profiles: popularity, no relevance.
    for (const [url, data] of [
      ['/market/products', { list: answer(), classifications }],
      [`/market/categories?${keyword}`, { list: ok(categoriesFx), classifications }],
      [`/market/profiles?${keyword}`, { list: ok(profilesFx), classifications }],
    ] as const) {
      const options = sortOptions(renderAt(url, data));
      expect(options[0], url).toEqual(['', tr('uk', 'market.sort.popularity_desc'), true]);
      expect(options.map(([, label]) => label), url).not.toContain(relevance);
    }
  });

  it('ask the upstream for relevance, and for the words as typed with exact=1', () => {
    const spec = (url: string) => route(url.split('?')[0]).fetches?.(ctxOf(url))?.find((f) => ['list', 'products'].includes(f.key))?.path ?? '';
    expect(spec(`/market/products?${keyword}`)).toMatch(/&sortOrder=relevance$/);
    expect(spec(`/market/products?${keyword}&exact=1`)).toContain('&exact=true&');
    expect(spec(`/market/profile/${PROFILE}?${keyword}&sortOrder=title.asc`)).toMatch(/&sortOrder=title\.asc$/);
    expect(spec(`/market/categories?${keyword}&exact=1`)).not.toContain('exact');
  });

  it("mark the words the upstream names in the card's title and snippet; without searchMatch, nothing", () => {
    const markup = renderAt(`/market/products?${keyword}`, { list: answer(), classifications });
    const titles = [...markup.matchAll(/<h3 class="product-card-title">([\s\S]*?)<\/h3>/g)].map((m) => m[1].replace(/<\/?a[^>]*>/g, ''));
    expect(titles[0]).toBe(html("Шприц ін'єкційний Igar, 50 мл, 25G").replace(/^Шприц/, '<mark>Шприц</mark>').replace(/ін&#x27;єкційний/, '<mark>ін&#x27;єкційний</mark>'));
    expect(markup).toContain('<p class="product-card-snippet"><mark>Шприц</mark> однократного застосування, <mark>ін’єкційний</mark>, стерильний</p>');
    // The other cards have no searchMatch: product cards mark only what the upstream names.
    expect(titles.slice(1).join('')).not.toContain('<mark>');
    expect(markup.match(/product-card-snippet/g)).toHaveLength(1);
  });

  it('say when the upstream corrected a typo, with the link to the words as typed', () => {
    const markup = renderAt(`/market/products?${keyword}&page=2`, { list: answer({ search: { corrected: "шприц ін'єкційний" } }), classifications });
    expect(markup).toContain(html(tr('uk', 'search.corrected', { corrected: "шприц ін'єкційний" })));
    const exact = links(markup).find((l) => l.text === html(tr('uk', 'search.exact', { keyword: "шприци ін'єкційні" })));
    expect(exact?.href).toBe(html(`/market/products?${keyword}&exact=1`));
    const category = renderAt(`/market/category/${CATEGORY}?${keyword}`, { ...categoryData(), products: answer({ search: { corrected: 'шприц' } }) });
    expect(links(category).find((l) => l.href?.includes('exact=1'))?.href).toBe(html(`/market/category/${CATEGORY}?${keyword}&exact=1`));
    expect(renderAt(`/market/products?${keyword}&exact=1`, { list: answer({ search: { corrected: 'шприц' } }), classifications })).not.toContain('search-corrected');
  });

  it('say which Ukrainian words Russian ones were read as, and name no correction the answer does not', () => {
    const russian = 'шприцы медицинские';
    const list = answer({ search: { sortOrder: 'relevance', translated: 'шприц медичний' } });
    const markup = renderAt(`/market/products?keyword=${encodeURIComponent(russian)}`, { list, classifications });
    expect(markup).toContain(html(tr('uk', 'search.translated', { translated: 'шприц медичний', keyword: russian })));
    // Issue 46: a keyword found as typed (or not found at all) gets no "showing results for" notice.
    expect(renderAt(`/market/products?${keyword}`, { list: answer({ search: { sortOrder: 'relevance' } }), classifications })).not.toContain('search-corrected');
  });
});

describe('a category page', () => {
  const url = `/market/category/${CATEGORY}`;

  it('shows the trail, the category and its products as cards', () => {
    const markup = renderAt(url, categoryData());
    const mc = classificationsFx.items.find((c) => c.id === categoryFx.marketClassification)!;
    expect(breadcrumb(markup)).toEqual(['Market', html(mc.title), html(categoryFx.title)]);
    expect(hrefs(markup)).toContain(`/market/${mc.id}`);
    for (const p of productsFx['hydra:member']) expect(hrefs(markup)).toContain(`/market/products/${p.id}`);
  });

  it('builds the filters from its profiles\' requirements, named as the upstream reads them', () => {
    const markup = renderAt(url, categoryData());
    // In title order (Об'єм, Розмір голки, Стерильний), as the codec orders them.
    expect(fieldNames(markup)).toEqual([
      'keyword',
      'numberRequirements[0][requirement]',
      'numberRequirements[0][minValue]',
      'numberRequirements[0][maxValue]',
      'textRequirements[0][requirement]',
      'textRequirements[0][values][0]',
      'textRequirements[0][values][1]',
      'textRequirements[0][values][2]',
      'textRequirements[0][values][3]',
      'booleanRequirements[0][requirement]',
      'booleanRequirements[0][value]',
      'sortOrder',
    ]);
    // The text values every profile expects, together; the unit beside the number.
    for (const v of ['21G', '22G', '23G', '25G']) expect(markup).toContain(`value="${v}"`);
    expect(markup).toContain(html("Об'єм, мілілітр"));
    expect(renderAt(url, categoryData(), 'en')).toContain('Volume, millilitre');
  });

  it('fills the filter form from the URL', () => {
    const markup = renderAt(
      `${url}?textRequirements[0][requirement]=Розмір голки&textRequirements[0][values][0]=23G&numberRequirements[0][requirement]=Об'єм&numberRequirements[0][minValue]=10&numberRequirements[0][maxValue]=20&booleanRequirements[0][requirement]=Стерильний&booleanRequirements[0][value]=false`,
      categoryData(),
    );
    expect(markup).toMatch(/name="textRequirements\[0\]\[values\]\[2\]" checked="" value="23G"/);
    expect(markup).not.toMatch(/value="22G" checked/);
    expect(markup).toMatch(/name="numberRequirements\[0\]\[minValue\][^>]*value="10"/);
    expect(markup).toMatch(/name="numberRequirements\[0\]\[maxValue\][^>]*value="20"/);
    expect(markup).toMatch(/<option value="false" selected="">/);
  });

  it('lists its profiles as links (without JavaScript) and has the opener of the profile choice', () => {
    const markup = renderAt(url, categoryData());
    for (const p of categoryProfilesFx['hydra:member']) expect(hrefs(markup)).toContain(`/market/profile/${p.id}`);
    expect(markup).toContain('<a class="button button-primary profile-chooser" href="#category-profiles" aria-haspopup="dialog">');
    expect(markup).toContain('id="category-profiles"');
    // The modal opens only in the browser.
    expect(markup).not.toContain('role="dialog"');
  });

  it('says nothing matches the filters, with a reset', () => {
    const markup = renderAt(`${url}?booleanRequirements[0][requirement]=Стерильний&booleanRequirements[0][value]=true`, {
      ...categoryData(),
      products: ok({ ...productsFx, 'hydra:member': [], 'hydra:totalItems': 0 }),
    });
    expect(markup).toContain(tr('uk', 'market.empty.filteredText'));
    expect(hrefs(markup)).toContain(url);
  });

  it('has a head named after the category, the canonical filter query and the trail as JSON-LD', () => {
    const q = `booleanRequirements[3][value]=0&booleanRequirements[3][requirement]=Стерильний&numberRequirements[0][requirement]=Об'єм&numberRequirements[0][maxValue]=20&numberRequirements[0][minValue]=10`;
    for (const language of ['uk', 'en'] as const) {
      const h = headAt(`${url}?${q}`, categoryData(), language);
      const title = language === 'uk' ? categoryFx.title : categoryFx.title_en;
      expect(h.title).toBe(`${tr(language, 'market.meta.categoryTitle', { title })} | ${tr(language, 'site.name')}`);
      expect(h.description).toContain(categoryFx.classification.id);
      const base = `https://portal.test${language === 'en' ? '/en' : ''}/market/category/${CATEGORY}`;
      expect(decodeURIComponent(h.canonical)).toBe(
        `${base}?numberRequirements[0][requirement]=Об'єм&numberRequirements[0][minValue]=10&numberRequirements[0][maxValue]=20&booleanRequirements[0][requirement]=Стерильний&booleanRequirements[0][value]=false`,
      );
      expect(h.alternates.map((a) => a.hreflang)).toEqual(['uk', 'en', 'x-default']);
      const mc = classificationsFx.items.find((c) => c.id === categoryFx.marketClassification)!;
      const [term, trail] = (h.jsonLd as { '@graph': Array<{ itemListElement?: Array<{ name: string; item: string }> }> })['@graph'];
      expect(term).toMatchObject({ '@type': 'DefinedTerm', name: title, termCode: CATEGORY, url: base });
      expect(trail.itemListElement).toEqual([
        { '@type': 'ListItem', position: 1, name: 'Market', item: `https://portal.test${language === 'en' ? '/en' : ''}/market` },
        { '@type': 'ListItem', position: 2, name: language === 'uk' ? mc.title : mc.title_en, item: `https://portal.test${language === 'en' ? '/en' : ''}/market/${mc.id}` },
        { '@type': 'ListItem', position: 3, name: title, item: base },
      ]);
    }
  });
});

describe('a profile page', () => {
  const url = `/market/profile/${PROFILE}`;

  it('shows the trail to it through its category, its requirements and its products', () => {
    const markup = renderAt(url, profileData());
    const trail = breadcrumb(markup);
    expect(trail).toHaveLength(4);
    expect(trail[2]).toBe(html(profileFx.classification.description));
    expect(trail[3]).toBe(html(profileFx.title));
    expect(hrefs(markup)).toContain(`/market/category/${profileFx.relatedCategory}`);
    expect(markup).toContain('class="requirement-list"');
    for (const p of profileProductsFx['hydra:member']) expect(hrefs(markup)).toContain(`/market/products/${p.id}`);
    // A profile is no category: no profile choice.
    expect(markup).not.toContain('profile-chooser');
  });

  it("says what its expected price and its products' prices are of, and whether they include VAT (issue 46, item 10)", () => {
    const markup = renderAt(url, profileData()).replace(/<!-- -->/g, '');
    // The profile's 2,28 грн with VAT per piece; the server renders the filter fields in place.
    expect(markup).toContain(`${tr('uk', 'market.expectedPrice')}: <span class="amount">2,28 грн</span> з ПДВ за штуку`);
    expect(markup).toMatch(/<div class="filter-grid"><!--\$--><fieldset class="requirement-filter/);
    const cards = [...markup.matchAll(/<p class="product-card-price">(.*?)<\/p>/g)].map((m) => m[1].replace(/<[^>]+>/g, ''));
    expect(cards).toHaveLength(profileProductsFx['hydra:member'].length);
    for (const card of cards) expect(card).toMatch(/ грн з ПДВ за штуку$/);
    expect(renderAt(url, profileData(), 'en').replace(/<!-- -->/g, '')).toContain('<span class="amount">2.28 UAH</span> incl. VAT per piece');
  });

  it('has a head named after the profile, in both languages', () => {
    expect(headAt(url, profileData()).title).toBe(`${tr('uk', 'market.meta.profileTitle', { title: profileFx.title })} | ${tr('uk', 'site.name')}`);
    const en = headAt(url, profileData(), 'en');
    expect(en.title).toBe(`${tr('en', 'market.meta.profileTitle', { title: profileFx.title_en })} | ${tr('en', 'site.name')}`);
    expect(en.canonical).toBe(`https://portal.test/en/market/profile/${PROFILE}`);
    // Without its data the default meta names the id.
    expect(headAt(url, {}).title).toContain(PROFILE);
  });
});
