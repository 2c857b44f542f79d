/**
 * The head of every kind of page, rendered through the server bundle's own `render` as the
 * server calls it, from real answers (the platform's API-documentation tenders, plans and
 * contracts in the shared data; the Market's and the product pages' fixtures, trimmed
 * answers of the embedded upstream): its JSON-LD parses and uses only schema.org types and
 * properties, each where schema.org allows it (`e2e/schemaorg.mjs`, against the
 * vocabulary of a schema.org release); every page below the home has its trail, the home
 * describes the site and its search; error pages describe nothing; and every page has its
 * share card (Open Graph, Twitter) with absolute addresses.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import './entry-server';
import fixture from './contract.fixture.json';
import uk from '../../locales/uk/dzo.json';
import en from '../../locales/en/dzo.json';
import type { ClientConfig } from './config';
import type { Fetched, Language, RenderInput, RenderOutput } from './contract';
import type { PageData } from './lib/data';
import { routes } from './routes';
import { loadAllPages } from './routes/split';
import { apiExamples } from './test-shared-data';
import { isA, nodesOf, schemaProblems } from '../../e2e/schemaorg.mjs';
import categoriesFx from './market/fixtures/categories.json';
import categoryFx from './market/fixtures/category.json';
import categoryProfilesFx from './market/fixtures/categoryProfiles.json';
import classificationFx from './market/fixtures/classification.json';
import classificationsFx from './market/fixtures/classifications.json';
import productsFx from './market/fixtures/products.json';
import profileFx from './market/fixtures/profile.json';
import profileProductsFx from './market/fixtures/profileProducts.json';
import profilesFx from './market/fixtures/profiles.json';
import productFx from './pages/Product/fixtures.json';
import type { Tender } from './records/tender';
import type { Plan } from './records/plan';
import type { Contract } from './records/contract';

const portal = (globalThis as unknown as { __portal: { init: (json: string) => void; render: (input: RenderInput) => RenderOutput } }).__portal;
const config = fixture.input.config as ClientConfig;
const ORIGIN = config.publicOrigin.replace(/\/$/, '');

beforeAll(async () => {
  portal.init(JSON.stringify({ uk, en }));
  await loadAllPages(routes, ['uk', 'en']);
});

const ok = (body: unknown): Fetched => ({ ok: true, body });
const search = ok({ 'hydra:member': [], 'hydra:totalItems': 0 });

interface Rendered {
  status: number;
  /** The JSON-LD blocks, parsed. */
  jsonLd: unknown[];
  /** `<meta>` contents by name or property (the last of a repeated one). */
  meta: Record<string, string>;
  canonical: string | undefined;
  /** The `<link rel="alternate" type=…>` links. */
  links: Array<Record<string, string>>;
}

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const attrs = (tag: string) => Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1], unescape(m[2])]));

/** The page at `path` (without the language base) in `language`, with `data`. */
function page(path: string, data: PageData = {}, language: Language = 'uk'): Rendered {
  const url = language === 'en' ? (path === '/' ? '/en' : `/en${path}`) : path;
  const [status, , head] = portal.render({ url, language, config, session: null, data, csrf: 'token' });
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
  const meta: Record<string, string> = {};
  for (const m of head.matchAll(/<meta [^>]*>/g)) {
    const a = attrs(m[0]);
    const key = a.property ?? a.name;
    if (key) meta[key] = a.content;
  }
  const canonical = /<link rel="canonical" href="([^"]*)">/.exec(head)?.[1];
  const links = [...head.matchAll(/<link rel="alternate" type=[^>]*>/g)].map((m) => attrs(m[0]));
  return { status, jsonLd, meta, canonical: canonical && unescape(canonical), links };
}

const tenders = apiExamples<Tender>('tenders');
const plans = apiExamples<Plan>('plans');
const contracts = apiExamples<Contract>('contracts');
const classifications = ok(classificationsFx);
const fx = productFx as unknown as Record<string, { id: string } & Record<string, unknown>> & { prozorro: { product: { id: string } } };

/** Every kind of page below the home, with real data: [what, path, data]. */
function pages(): Array<[string, string, PageData]> {
  const out: Array<[string, string, PageData]> = [
    ['tender search', '/tenders', { tenders: search }],
    ['plan search', '/plans', { plans: search }],
    ['contract search', '/contracts', { contracts: search }],
    ['market', '/market', { classifications }],
    ['market classification', `/market/${classificationFx.id}`, { classification: ok(classificationFx), classifications }],
    ['category list', '/market/categories', { list: ok(categoriesFx), classifications }],
    ['profile list', '/market/profiles', { list: ok(profilesFx), classifications }],
    ['product list', '/market/products', { list: ok(productsFx), classifications }],
    ['category', `/market/category/${categoryFx.id}`, { category: ok(categoryFx), products: ok(productsFx), profiles: ok(categoryProfilesFx), classifications }],
    ['profile', `/market/profile/${profileFx.id}`, { profile: ok(profileFx), products: ok(profileProductsFx), classifications }],
    [
      'product',
      `/market/products/${fx.product.id}`,
      { product: ok(fx.product), profile: ok(fx.profile), category: ok(fx.category), classification: ok(fx.classification) },
    ],
    ['national-catalogue product', `/market/prozorro-products/${fx.prozorro.product.id}`, { prozorroProduct: ok(fx.prozorro.product) }],
    ['tariffs', '/info/tariffs', {}],
    ['contacts', '/info/contacts', {}],
    ['regulations', '/info/regulations', {}],
    ['search help', '/info/search-help', {}],
    ['red flags', '/info/red-flags', {}],
    ['login', '/login', {}],
    ['logout', '/logout', {}],
    ['signing', '/js/sign', {}],
  ];
  for (const file of tenders.files) {
    const tender = tenders.load(file);
    if (!tender.tenderID) continue;
    out.push([`tender ${file}`, `/tenders/${tender.tenderID}`, { tender: ok(tender) }]);
    out.push([`external tender ${file}`, `/tenders/external/${tender.tenderID}`, { external: ok({ data: tender }) }]);
  }
  const monitored = tenders.files.map(tenders.load).find((t) => t.tenderID && t.id);
  if (monitored) {
    const monitoring = { id: 'a'.repeat(32), monitoring_id: 'UA-M-2026-09-20-000042', tender_id: monitored.id, tenderID: monitored.tenderID, status: 'active' };
    out.push(['monitoring', `/tenders/${monitored.tenderID}/monitorings/${monitoring.monitoring_id}`, { monitoring: ok(monitoring), tender: ok(monitored) }]);
  }
  for (const file of plans.files) {
    const plan = plans.load(file);
    if (plan.planID) out.push([`plan ${file}`, `/plans/${plan.planID}`, { plan: ok(plan) }]);
  }
  for (const file of contracts.files) {
    const contract = contracts.load(file);
    if (contract.contractID) out.push([`contract ${file}`, `/contracts/${contract.contractID}`, { contract: ok(contract) }]);
  }
  return out;
}

const typesIn = (jsonLd: unknown[]) => nodesOf(jsonLd).flatMap((n) => [n['@type']].flat() as string[]);

describe('the vocabulary check', () => {
  it("flags what schema.org does not have, or not on the node's type", () => {
    // What the tender page wrote before: a property of JobPosting on a GovernmentService.
    expect(schemaProblems({ '@context': 'https://schema.org', '@type': 'GovernmentService', name: 'x', datePosted: '2026-01-01' })).toEqual([
      '$.datePosted: not a property of GovernmentService',
    ]);
    expect(schemaProblems({ '@graph': [{ '@type': 'CallForTenders', name: 'x' }, { '@type': 'Demand', procuringEntity: 'y' }] })).toEqual([
      '$.@graph[0]: @type CallForTenders is not a schema.org type',
      '$.@graph[1].procuringEntity: not a schema.org property',
    ]);
    // A node where its property takes another type, and a node without a type.
    expect(schemaProblems({ '@type': 'Order', customer: { '@type': 'Product', name: 'x' }, seller: { name: 'y' } })).toEqual([
      '$.customer: a Product is not among the types of customer (Organization, Person)',
      '$.seller: a node without @type',
    ]);
  });

  it('allows inherited properties, subtypes in ranges, references and action annotations', () => {
    expect(
      schemaProblems({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'GovernmentOrganization', name: 'x', seeks: { '@id': '#d' }, address: { '@type': 'PostalAddress', addressRegion: 'y' } },
          { '@type': 'WebSite', potentialAction: { '@type': 'SearchAction', target: 'https://x/?q={q}', 'query-input': 'required name=q' } },
        ],
      }),
    ).toEqual([]);
    expect(schemaProblems({ '@type': 'Demand', 'name-input': 'required' })).toEqual(['$.name-input: not a property of Demand']);
  });
});

describe('structured data', () => {
  it('reads the documents of the registers it needs', () => {
    // Outside CI the shared data may be absent (the register pages are then left out).
    for (const { files } of [tenders, plans, contracts]) expect(Array.isArray(files)).toBe(true);
  });

  for (const language of ['uk', 'en'] as const) {
    it(`describes the home as the site, its operator and its tender search (${language})`, () => {
      const home = page('/', { tenders: search }, language);
      expect(home.status).toBe(200);
      expect(home.jsonLd).toHaveLength(1);
      expect(schemaProblems(home.jsonLd[0])).toEqual([]);
      const nodes = nodesOf(home.jsonLd);
      const base = `${ORIGIN}${language === 'en' ? '/en' : ''}`;
      expect(nodes.find((n) => n['@type'] === 'Organization')).toEqual({
        '@type': 'Organization',
        '@id': `${ORIGIN}/#organization`,
        name: (language === 'uk' ? uk : en).site.name,
        url: `${ORIGIN}/`,
        logo: `${ORIGIN}/assets/logo-1.png`,
      });
      const site = nodes.find((n) => n['@type'] === 'WebSite');
      expect(site).toMatchObject({ url: language === 'en' ? base : `${base}/`, inLanguage: language, publisher: { '@id': `${ORIGIN}/#organization` } });
      expect(site?.potentialAction).toEqual({
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${base}/tenders?keyword={search_term_string}` },
        'query-input': 'required name=search_term_string',
      });
      expect(typesIn(home.jsonLd)).not.toContain('BreadcrumbList');
    });

    it(`gives every other page valid JSON-LD with its trail (${language})`, () => {
      const seen: string[] = [];
      for (const [what, path, data] of pages()) {
        const p = page(path, data, language);
        expect(p.status, `${what}: ${path}`).toBe(200);
        expect(p.jsonLd, `${what}: one JSON-LD block`).toHaveLength(1);
        const [doc] = p.jsonLd as Array<Record<string, unknown>>;
        expect(doc['@context'], what).toBe('https://schema.org');
        expect(schemaProblems(doc), `${what}: ${path}`).toEqual([]);
        const trail = nodesOf(doc).find((n) => isA(n, 'BreadcrumbList'));
        expect(trail, `${what}: a BreadcrumbList`).toBeDefined();
        const items = trail!.itemListElement as Array<{ position: number; name: string; item: string }>;
        expect(items.length, what).toBeGreaterThanOrEqual(2);
        expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
        for (const item of items) {
          expect(item.name, what).toBeTruthy();
          expect(item.item.startsWith(`${ORIGIN}/`), `${what}: ${item.item}`).toBe(true);
          if (language === 'en') expect(item.item.startsWith(`${ORIGIN}/en`), `${what}: ${item.item} in English`).toBe(true);
        }
        // Nothing empty: absent values are left out, not filled.
        expect(JSON.stringify(doc), what).not.toMatch(/:(""|null|\[\])/);
        seen.push(...typesIn([doc]));
      }
      // The records are described as what they are.
      for (const type of ['Product', 'Offer', 'DefinedTerm', 'BreadcrumbList', 'ListItem']) expect(seen, type).toContain(type);
      if (tenders.files.length) for (const type of ['Demand', 'GovernmentOrganization', 'PriceSpecification']) expect(seen, type).toContain(type);
      if (contracts.files.length) expect(seen).toContain('Order');
    });
  }

  it('describes a tender as a Demand its buyer seeks, with what it buys and its deadline', () => {
    const file = tenders.files.find((f) => tenders.load(f).tenderPeriod?.endDate && tenders.load(f).value?.amount);
    if (!file) return;
    const tender = tenders.load(file);
    const { jsonLd, canonical } = page(`/tenders/${tender.tenderID}`, { tender: ok(tender) });
    const nodes = nodesOf(jsonLd);
    const demand = nodes.find((n) => n['@type'] === 'Demand')!;
    expect(demand).toMatchObject({
      '@id': `${canonical}#tender`,
      identifier: tender.tenderID,
      url: canonical,
      validThrough: tender.tenderPeriod!.endDate,
      priceSpecification: { '@type': 'PriceSpecification', price: tender.value!.amount, priceCurrency: tender.value!.currency },
    });
    expect(demand).not.toHaveProperty('datePosted');
    const buyer = nodes.find((n) => (n as { seeks?: unknown }).seeks)!;
    expect(buyer.seeks).toEqual({ '@id': `${canonical}#tender` });
    expect(buyer.name).toBe(tender.procuringEntity?.name);
    const trail = nodes.find((n) => n['@type'] === 'BreadcrumbList')!;
    expect((trail.itemListElement as Array<{ item: string }>).map((i) => i.item)).toEqual([`${ORIGIN}/tenders`, canonical]);
  });

  it('leads the trail of a search to the search, not to its page or filters', () => {
    const { jsonLd } = page('/tenders?status[0]=complete&page=2', { tenders: search });
    expect(jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: uk.site.name, item: `${ORIGIN}/` },
          { '@type': 'ListItem', position: 2, name: uk.pages.tenderList.title, item: `${ORIGIN}/tenders` },
        ],
      },
    ]);
  });

  it('describes nothing on error pages', () => {
    expect(page('/no/such/page').status).toBe(404);
    expect(page('/no/such/page').jsonLd).toEqual([]);
    const missing = page('/tenders/UA-2000-01-01-000000-a', { tender: { ok: false, status: 404 } });
    expect(missing.status).toBe(404);
    expect(missing.jsonLd).toEqual([]);
    const failing = page('/plans', { plans: { ok: false, failure: 'unreachable' } });
    expect(failing.status).toBeGreaterThanOrEqual(500);
    expect(failing.jsonLd).toEqual([]);
  });
});

describe('share cards', () => {
  const every = (): Array<[string, string, PageData]> => [['home', '/', { tenders: search }], ...pages(), ['404', '/no/such/page', {}]];

  for (const language of ['uk', 'en'] as const) {
    it(`are on every page, with absolute addresses and the page's own title, description and URL (${language})`, () => {
      for (const [what, path, data] of every()) {
        const { meta, canonical } = page(path, data, language);
        expect(canonical, what).toBeTruthy();
        expect(meta['og:url'], what).toBe(canonical);
        expect(meta['og:title'], what).toBeTruthy();
        expect(meta['twitter:title'], what).toBe(meta['og:title']);
        expect(meta['og:description'], what).toBe(meta.description);
        expect(meta['twitter:description'], what).toBe(meta.description);
        expect(meta['og:type'], what).toBe('website');
        expect(meta['og:locale'], what).toBe(language === 'uk' ? 'uk_UA' : 'en_US');
        expect(meta['og:locale:alternate'], what).toBe(language === 'uk' ? 'en_US' : 'uk_UA');
        expect(meta['og:site_name'], what).toBe((language === 'uk' ? uk : en).site.name);
        expect(meta['og:image'], what).toBe(`${ORIGIN}/assets/share-card-1.png`);
        expect(meta['twitter:image'], what).toBe(meta['og:image']);
        expect([meta['og:image:width'], meta['og:image:height'], meta['og:image:type']], what).toEqual(['1200', '630', 'image/png']);
        expect(meta['og:image:alt'], what).toBe((language === 'uk' ? uk : en).share.imageAlt);
        expect(meta['twitter:card'], what).toBe('summary_large_image');
      }
    });
  }

  it("of a tender carry its title and its buyer's name", () => {
    for (const file of tenders.files) {
      const tender = tenders.load(file);
      if (!tender.tenderID || !tender.title || !tender.procuringEntity?.name) continue;
      const { meta } = page(`/tenders/${tender.tenderID}`, { tender: ok(tender) });
      expect(meta['og:title'], file).toContain(tender.title.slice(0, 30));
      expect(meta['og:description'], file).toContain(tender.title.slice(0, 30));
      expect(meta['og:description'], file).toContain(tender.procuringEntity.name.slice(0, 30));
    }
  });
});

describe('head links', () => {
  it("link a search's Atom feed with its filters, without its paging and sort", () => {
    const { links } = page('/tenders?status[0]=complete&sortOrder=value.amount.desc&page=2', { tenders: search });
    expect(links).toEqual([
      { rel: 'alternate', type: 'application/atom+xml', href: `${ORIGIN}/tenders.atom?status%5B0%5D=complete`, title: expect.stringContaining('Atom') },
    ]);
    expect(page('/plans', { plans: search }, 'en').links[0].href).toBe(`${ORIGIN}/en/plans.atom`);
    expect(page('/', { tenders: search }).links[0]).toMatchObject({ href: `${ORIGIN}/tenders.atom`, title: `${uk.pages.tenderList.title}: стрічка Atom` });
  });

  it("name a search's order in the canonical link only when it is not that search's default", () => {
    const canonical = (query: string, register = 'tenders') => page(`/${register}?${query}`, { [register]: search }).canonical;
    const keyword = `keyword=${encodeURIComponent('лікарні')}`;
    // A keyword's default is relevance: the link names no order, whether or not the URL did.
    expect(canonical(keyword)).toBe(`${ORIGIN}/tenders?${keyword}`);
    expect(canonical(`sortOrder=relevance&${keyword}`)).toBe(`${ORIGIN}/tenders?${keyword}`);
    // Another order is named, the newest first included.
    expect(canonical(`${keyword}&sortOrder=dateCreated.desc`)).toBe(`${ORIGIN}/tenders?${keyword}&sortOrder=dateCreated.desc`);
    expect(canonical(`${keyword}&sortOrder=valueAmount.desc`, 'plans')).toBe(`${ORIGIN}/plans?${keyword}&sortOrder=valueAmount.desc`);
    // Without a keyword the newest first is the default, and relevance is no order.
    expect(canonical('sortOrder=dateCreated.desc&status=complete')).toBe(`${ORIGIN}/tenders?status%5B0%5D=complete`);
    expect(canonical('sortOrder=relevance', 'contracts')).toBe(`${ORIGIN}/contracts`);
    expect(canonical(`${keyword}&exact=1`)).toBe(`${ORIGIN}/tenders?${keyword}&exact=1`);
    // The feed lists the newest first whatever the page's order: its address names none.
    expect(page(`/tenders?${keyword}&sortOrder=valueAmount.asc`, { tenders: search }).links[0].href).toBe(`${ORIGIN}/tenders.atom?${keyword}`);
  });

  it("name a product list's order the same way: relevance for a keyword, else popularity", () => {
    const list = ok({ 'hydra:member': [], 'hydra:totalItems': 0 });
    const canonical = (query: string) => page(`/market/products?${query}`, { list, classifications: ok(classificationsFx) }).canonical;
    const keyword = `keyword=${encodeURIComponent('папір')}`;
    expect(canonical(keyword)).toBe(`${ORIGIN}/market/products?${keyword}`);
    expect(canonical(`${keyword}&sortOrder=popularity.desc`)).toBe(`${ORIGIN}/market/products?${keyword}&sortOrder=popularity.desc`);
    expect(canonical('sortOrder=popularity.desc')).toBe(`${ORIGIN}/market/products`);
  });

  it("link a tender's OCDS release package and the feed of its changes", () => {
    const tender = { id: 'f'.repeat(32), tenderID: 'UA-2026-10-12-014102-a', title: 'Газ' };
    expect(page(`/tenders/${tender.tenderID}`, { tender: ok(tender) }).links).toEqual([
      { rel: 'alternate', type: 'application/json', href: `${ORIGIN}/tenders/UA-2026-10-12-014102-a.ocds.json`, title: expect.stringContaining(tender.tenderID) },
      { rel: 'alternate', type: 'application/atom+xml', href: `${ORIGIN}/tenders/UA-2026-10-12-014102-a.atom`, title: expect.stringContaining(tender.tenderID) },
    ]);
    expect(page('/info/tariffs').links).toEqual([]);
  });
});
