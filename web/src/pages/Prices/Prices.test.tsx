/**
 * A price page rendered the way the server does, from answers in the shape of the price
 * contract (`upstream/API.md`, *Unit prices*; `fixtures/prices.json`) and the classifier's
 * (`fixtures/code.json` …): the chart and its figures in the HTML, outliers marked and
 * kept, the export links of each group, the GET form, the page without prices, the head
 * (title, canonical, JSON-LD `Dataset` checked against schema.org's vocabulary), and the
 * route's decisions and requests.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { links, render, testConfig, tr, translations } from '../../components/test-utils';
import type { Fetched, Language } from '../../contract';
import { createI18n } from '../../i18n';
import type { PageRoute, RouteContext } from '../../lib/routeModule';
import { routeOutcome } from '../../routes/outcome';
import { pageHead } from '../../routes/head';
import { loadPage } from '../../routes/split';
import { schemaProblems } from '../../../../e2e/schemaorg.mjs';
import Prices from './Prices';
import { priceFetches } from './fetches.server';
import { parsePriceFilters, priceQuery } from './query';
import { prices as module } from './route';
import pricesAnswer from './fixtures/prices.json';
import code from './fixtures/code.json';
import parent from './fixtures/parent.json';
import children from './fixtures/children.json';

const ok = (body: unknown): Fetched => ({ ok: true, body });
const route: PageRoute = { ...module, path: 'prices/:cpv' };
const DATA = { prices: ok(pricesAnswer), code: ok(code), parent: ok(parent), children: ok(children) };
beforeAll(() => Promise.all([loadPage(route, 'uk'), loadPage(route, 'en')]));

const page = (url: string, data: Record<string, Fetched> = DATA, language: Language = 'uk') =>
  render(<Prices />, { language, url: language === 'en' ? `/en${url}` : url, data });

const ctxOf = (cpv: string, query = '', data: Record<string, Fetched> = DATA, language: Language = 'uk'): RouteContext => ({
  params: { cpv },
  query: new URLSearchParams(query),
  input: { language, session: null, config: testConfig, data },
});

/** The part of the page for one group (its section). */
const section = (markup: string, anchor: string) => (markup.split(`<section id="${anchor}"`)[1] ?? '').split('</section>')[0];
/** The numbers of a markup's `<data>` elements, in order. */
const values = (markup: string) => [...markup.matchAll(/<data value="([^"]*)">/g)].map((m) => Number(m[1]));
const text = (markup: string) => markup.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/&[^;]+;/g, ' ').replace(/\s+/g, ' ');

describe('the price page', () => {
  it('draws each group\'s distribution in the HTML, with every figure as text', () => {
    const out = page('/prices/33140000');
    const g = pricesAnswer.groups[0];
    const part = section(out, 'H87-UAH-vat');
    expect(part).toContain('<svg class="price-box"');
    // The figures under the drawing: median, quartiles, range, fences, outlier counts.
    const figures = part.split('<dl class="price-figures">')[1].split('</dl>')[0];
    expect(values(figures)).toEqual([g.median, g.q1, g.q3, g.min, g.max, g.lowerFence, g.upperFence, g.outliersHigh, g.outliersLow]);
    expect(text(figures)).toContain('Медіана 4,20 грн');
    // The drawing is decoration: readers get the figures.
    expect(part).toMatch(/<div class="price-plot" aria-hidden="true">/);
    expect(part).toContain('<figcaption>Розподіл цін за штуку</figcaption>');
  });

  it('places the box between the quartiles and the whiskers at the fences or the extremes', () => {
    const out = page('/prices/33140000');
    const svg = section(out, 'H87-UAH-vat').split('<svg')[1].split('</svg>')[0];
    const attr = (cls: string, name: string) => [...svg.matchAll(new RegExp(`class="${cls}"[^>]*?${name}="([-\\d.]+)"`, 'g'))].map((m) => Number(m[1]));
    // The scale runs from max(min, lower fence) = 0.5 to min(max, upper fence) = 10.35.
    const x = (v: number) => Math.round(((v - 0.5) / (10.35 - 0.5)) * 1000);
    expect(attr('price-iqr', 'x')).toEqual([x(3.1)]);
    expect(attr('price-iqr', 'width')).toEqual([x(6.0) - x(3.1)]);
    expect(attr('price-median', 'x1')).toEqual([x(4.2)]);
    expect(attr('price-whisker', 'x1')).toEqual([0, x(6.0), 0, 1000]);
    // Twelve prices beyond the upper fence are counted at the end, not drawn.
    expect(text(section(out, 'H87-UAH-vat').split('<p class="price-axis">')[1].split('</p>')[0])).toContain('10,35 грн · 12 ▸');
  });

  it('draws a group too small to mark outliers from its lowest price to its highest, and says so', () => {
    const [g] = pricesAnswer.groups;
    const small = { ...pricesAnswer, groups: [{ ...g, count: 9, outliersHigh: 0, outliersMarked: false }] };
    const part = section(page('/prices/33140000', { ...DATA, prices: ok(small) }), 'H87-UAH-vat');
    const svg = part.split('<svg')[1].split('</svg>')[0];
    const x = (v: number) => Math.round(((v - g.min) / (g.max - g.min)) * 1000);
    expect([...svg.matchAll(/class="price-whisker" x1="([-\d.]+)"/g)].map((m) => Number(m[1]))).toEqual([0, x(g.q3), 0, 1000]);
    expect(part).toContain('Викиди не позначаються');
    expect(part).not.toContain('Викидів понад межу');
    expect(text(part.split('<p class="price-axis">')[1].split('</p>')[0])).not.toContain('▸');
  });

  it('names the code from the price answer when the classifier failed', () => {
    const named = { ...pricesAnswer, name: 'Медичні матеріали', name_en: 'Medical consumables' };
    const failed = { prices: ok(named), code: { ok: false, status: 503 } as Fetched };
    expect(page('/prices/33140000', failed)).toContain('Ціни за одиницю: 33140000-3 Медичні матеріали</h1>');
    expect(page('/prices/33140000', failed, 'en')).toContain('Unit prices: 33140000-3 Medical consumables</h1>');
  });

  it('keeps a group of one price (a zero-width box) on the scale', () => {
    const svg = section(page('/prices/33140000'), 'H87-UAH-unknown').split('<svg')[1].split('</svg>')[0];
    expect(svg).toContain('class="price-median" x1="500"');
  });

  it('lists the newest prices with links, and marks outliers without leaving them out', () => {
    const out = page('/prices/33140000');
    const g = pricesAnswer.groups[0];
    const part = section(out, 'H87-UAH-vat');
    const rows = part.split('<tbody>')[1].split('</tbody>')[0].split('<tr').slice(1);
    expect(rows).toHaveLength(g.recent.length);
    const outliers = rows.filter((r) => r.includes('price-outlier-row'));
    expect(outliers).toHaveLength(g.recent.filter((o) => o.outlier).length);
    expect(outliers[0]).toContain('викид: понад верхню межу');
    expect(outliers[0]).toContain('<data value="900">900,00 грн</data>');
    const hrefs = links(part).map((l) => l.href);
    for (const o of g.recent) {
      expect(hrefs).toContain(`/tenders/${o.tenderID}`);
      expect(hrefs).toContain(`/buyers/${o.buyer.id}`);
      expect(hrefs).toContain(`/suppliers/${o.supplier.id}`);
    }
    // The low outlier of the pairs' group.
    expect(section(out, 'PR-UAH-novat')).toContain('викид: під нижньою межею');
  });

  it('names the buyers who paid the most and the least', () => {
    const part = section(page('/prices/33140000'), 'H87-UAH-vat');
    const most = part.split('Хто платив найбільше')[1].split('</table>')[0];
    expect(text(most)).toContain('Лікарня «Дорога» 12,10 грн 900,00 грн 3');
    const least = part.split('Хто платив найменше')[1].split('</table>')[0];
    expect(links(least)[0].href).toBe('/buyers/02012345');
  });

  it('links each group\'s rows as XLSX and CSV, with the page\'s filters and the group\'s own unit, currency and VAT', () => {
    const out = page('/prices/33140000?region=%D0%9A%D0%B8%D1%97%D0%B2%D1%81%D1%8C%D0%BA%D0%B0%20%D0%BE%D0%B1%D0%BB%D0%B0%D1%81%D1%82%D1%8C&dateFrom=2026-01-01');
    const hrefs = links(section(out, 'PR-UAH-novat')).map((l) => l.href).filter((h) => h?.includes('.csv') || h?.includes('.xlsx'));
    const region = encodeURIComponent('Київська область');
    expect(hrefs).toEqual([
      `/prices/33140000.xlsx?unit=PR&amp;region=${region}&amp;dateFrom=2026-01-01&amp;currency=UAH&amp;valueAddedTaxIncluded=false`,
      `/prices/33140000.csv?unit=PR&amp;region=${region}&amp;dateFrom=2026-01-01&amp;currency=UAH&amp;valueAddedTaxIncluded=false`,
      `/prices/33140000.semicolon.csv?unit=PR&amp;region=${region}&amp;dateFrom=2026-01-01&amp;currency=UAH&amp;valueAddedTaxIncluded=false`,
    ]);
    expect(links(section(out, 'H87-UAH-unknown')).map((l) => l.href)).toContain(
      `/prices/33140000.csv?unit=H87&amp;region=${region}&amp;dateFrom=2026-01-01&amp;currency=UAH&amp;valueAddedTaxIncluded=null`,
    );
  });

  it('filters by a plain GET form of its own address, showing what the address asks for', () => {
    const out = page('/prices/33140000-3?unit=pr&procurementMethodType=aboveThreshold&procurementMethodType=bogus&dateTo=2026-13-01');
    const form = out.split('<form')[1].split('</form>')[0];
    expect(form).toContain('action="/prices/33140000"');
    expect(form).toContain('method="get"');
    expect(form).toMatch(/<option value="PR" selected="">пара<\/option>/);
    expect(form).toMatch(/<option value="aboveThreshold" selected="">/);
    // An invalid date is dropped, not echoed.
    expect(form).toContain('name="dateTo" value=""');
    // Clearing the filters goes back to the code's page.
    expect(links(form).map((l) => l.href)).toContain('/prices/33140000');
  });

  it('names the code, its parent and its children, in English under /en', () => {
    const uk = page('/prices/33140000');
    expect(uk).toContain('Ціни за одиницю: 33140000-3 Медичні матеріали');
    expect(links(uk.split('<nav class="breadcrumbs"')[1].split('</nav>')[0])).toMatchObject([{ href: '/prices/33100000', text: '33100000-1 Медичне обладнання' }]);
    expect(links(uk.slice(uk.indexOf('class="prices-children"'))).map((l) => l.href)).toEqual(['/prices/33141000', '/prices/33142000']);
    const en = page('/prices/33140000', DATA, 'en');
    expect(en).toContain('Unit prices: 33140000-3 Medical consumables');
    expect(en).toContain('Price per piece (UAH, incl. VAT)');
    expect(en).toContain('<figcaption>Distribution of prices per piece</figcaption>');
  });

  it('says there are no prices for a known code without any, and offers to clear filters that found none', () => {
    const none = { ...DATA, prices: ok({ cpv: '03111000-2', prefix: '03111', total: 0, groups: [] }) };
    const out = page('/prices/03111000', none);
    expect(out).toContain('Для коду 03111000-2 цін за одиницю поки немає');
    expect(out).not.toContain('price-box');
    const filtered = page('/prices/03111000?region=x', none);
    expect(filtered).toContain('За цими фільтрами цін для коду 03111000-2 немає.');
    // Still a page (200): the route decides nothing from an answer that has no groups.
    expect(routeOutcome(route, ctxOf('03111000', '', none))).toBeNull();
  });

  it('renders without the classifier\'s answers', () => {
    const out = page('/prices/33140000', { prices: ok(pricesAnswer), code: { ok: false, failure: 'timeout' } });
    expect(out).toContain('Ціни за одиницю: 33140000-3</h1>');
    expect(out).not.toContain('breadcrumbs');
  });

  it('uses Ukrainian plural forms for counts', () => {
    const out = page('/prices/33140000');
    expect(text(section(out, 'H87-UAH-vat'))).toContain('412 цін');
    expect(text(section(out, 'PR-UAH-novat'))).toContain('5 цін');
    expect(text(section(out, 'H87-UAH-unknown'))).toContain('1 ціна');
    expect(tr('uk', 'prices.count', { count: 2, formatted: '2' })).toBe('2 ціни');
  });
});

describe('the price page\'s route', () => {
  it('is a 404 for what cannot be a CPV code, without asking the upstream', () => {
    for (const bad of ['3314', '331400000', '33140000-33', 'abcdefgh', '33140000-x']) {
      expect(routeOutcome(route, ctxOf(bad, '', {}))).toEqual({ error: 404 });
    }
    expect(routeOutcome(route, ctxOf('33140000-3'))).toBeNull();
  });

  it('shows the upstream\'s refusal of a wrong check digit as a 400, and its failure as the error page', () => {
    expect(routeOutcome(route, ctxOf('33140000-9', '', { prices: { ok: false, status: 400 } }))).toEqual({ error: 400 });
    expect(routeOutcome(route, ctxOf('33140000', '', { prices: { ok: false, failure: 'timeout' } }))).toEqual({ error: 504 });
  });

  it('asks for the prices with the normalised filters, and for the classifier beside them', () => {
    const specs = priceFetches(ctxOf('33140000-3', 'dateTo=2026-06-30&unit=h87&region=&procurementMethodType%5B0%5D=belowThreshold&recent=1000'));
    expect(specs.map((s) => [s.key, s.path, s.after ?? null])).toEqual([
      ['prices', '/api/prices/33140000-3?unit=H87&procurementMethodType=belowThreshold&dateTo=2026-06-30&recent=20', null],
      ['code', '/api/classifications?scheme=classification&page=1&perPage=5&keyword=33140000', null],
      ['parent', '/api/classifications?scheme=classification&page=1&perPage=1&searchId[]={/hydra:member/0/parentId}', 'code'],
      ['children', '/api/classifications?scheme=classification&page=1&perPage=100&parentId={/hydra:member/0/id}', 'code'],
    ]);
  });

  it('has one canonical address for both spellings of a code, with its filters normalised', () => {
    const t = createI18n('uk', { uk: { dzo: translations.uk }, en: { dzo: translations.en } }).getFixedT('uk', 'dzo');
    const a = pageHead(route, ctxOf('33140000-3', 'dateFrom=2026-01-01&unit=H87&region='), t, '/prices/33140000-3');
    const b = pageHead(route, ctxOf('33140000', 'unit=h87&dateFrom=2026-01-01'), t, '/prices/33140000');
    expect(a.canonical).toBe('https://portal.test/prices/33140000?unit=H87&dateFrom=2026-01-01');
    expect(b.canonical).toBe(a.canonical);
    expect(a.alternates.find((l) => l.hreflang === 'en')?.href).toBe('https://portal.test/en/prices/33140000?unit=H87&dateFrom=2026-01-01');
    expect(a.title).toContain('Ціни за одиницю: 33140000-3 Медичні матеріали');
    expect(a.description).toContain('медіана 4,20 грн');
  });

  it('describes the prices as a schema.org Dataset with its downloads and its trail', () => {
    const t = createI18n('en', { uk: { dzo: translations.uk }, en: { dzo: translations.en } }).getFixedT('en', 'dzo');
    const head = pageHead(route, ctxOf('33140000', '', DATA, 'en'), t, '/prices/33140000');
    const doc = head.jsonLd as { '@graph': Array<Record<string, unknown>> };
    expect(schemaProblems(doc)).toEqual([]);
    const [dataset, trail] = doc['@graph'];
    expect(dataset['@type']).toBe('Dataset');
    expect(dataset.url).toBe('https://portal.test/en/prices/33140000');
    expect(dataset.identifier).toBe('33140000-3');
    expect((dataset.variableMeasured as unknown[]).length).toBe(pricesAnswer.groups.length);
    expect((dataset.distribution as Array<{ contentUrl: string }>)[0].contentUrl).toBe(
      'https://portal.test/en/prices/33140000.csv?unit=H87&currency=UAH&valueAddedTaxIncluded=true',
    );
    expect(String(dataset.description).length).toBeGreaterThan(50);
    expect(trail['@type']).toBe('BreadcrumbList');
    expect((trail.itemListElement as Array<{ item: string }>).map((s) => s.item)).toEqual([
      'https://portal.test/en', 'https://portal.test/en/prices/33100000', 'https://portal.test/en/prices/33140000',
    ]);
    // A failed answer describes nothing.
    expect(pageHead(route, ctxOf('33140000', '', { prices: { ok: false, status: 502 } }), t, '/prices/33140000').jsonLd).toBeNull();
  });
});

describe('the price filters\' codec', () => {
  it('drops empty and invalid values and writes the rest in one order', () => {
    const f = parsePriceFilters(new URLSearchParams('dateTo=2026-02-30&dateFrom=2026-01-01&unit=&region=%20&procurementMethodType=reporting&procurementMethodType%5B%5D=belowThreshold&procurementMethodType=reporting&procurementMethodType=x'));
    expect(f).toEqual({ unit: undefined, region: undefined, methods: ['belowThreshold', 'reporting'], dateFrom: '2026-01-01', dateTo: undefined });
    expect(priceQuery(f)).toBe('procurementMethodType=belowThreshold&procurementMethodType=reporting&dateFrom=2026-01-01');
    expect(priceQuery(parsePriceFilters(new URLSearchParams('unit=H87X')))).toBe('');
  });
});
