/**
 * Renders a buyer's and a supplier's page the way the server does, from real answers of
 * the embedded upstream (`fixtures/`: `/api/tenders?organizer[0]=03328406…`,
 * `/api/aggregate/…`), and checks the routes' decisions (404 for what cannot be an
 * identifier and for one no record names) and the head. The red-flag answers
 * (`*.redFlags.json`, `buyer.methodRedFlags.json`) are hand-made in the shape
 * `upstream/API.md` documents for `by=redFlag`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { html, render, testConfig, tr } from '../../components/test-utils';
import type { Fetched } from '../../contract';
import { routeOutcome } from '../../routes/outcome';
import { loadPage } from '../../routes/split';
import type { PageRoute, RouteContext } from '../../lib/routeModule';
import { createI18n } from '../../i18n';
import { translations } from '../../components/test-utils';
import Organisation from './Organisation';
import { jsonLd, links, meta } from './meta';
import { organisationFetches } from './fetches.server';
import { buyer as buyerModule, supplier as supplierModule } from './route';
import divisionNames from './fixtures/divisionNames.json';
import bTenders from './fixtures/buyer.tenders.json';
import bPlans from './fixtures/buyer.plans.json';
import bContracts from './fixtures/buyer.contracts.json';
import bTenderYears from './fixtures/buyer.tenderYears.json';
import bContractYears from './fixtures/buyer.contractYears.json';
import bPlanYears from './fixtures/buyer.planYears.json';
import bMethods from './fixtures/buyer.methods.json';
import bDivisions from './fixtures/buyer.divisions.json';
import sTenders from './fixtures/supplier.tenders.json';
import sContracts from './fixtures/supplier.contracts.json';
import sTenderYears from './fixtures/supplier.tenderYears.json';
import sContractYears from './fixtures/supplier.contractYears.json';
import sMethods from './fixtures/supplier.methods.json';
import sDivisions from './fixtures/supplier.divisions.json';
import sBuyers from './fixtures/supplier.buyers.json';
import bRedFlags from './fixtures/buyer.redFlags.json';
import bMethodRedFlags from './fixtures/buyer.methodRedFlags.json';
import sRedFlags from './fixtures/supplier.redFlags.json';

const ok = (body: unknown): Fetched => ({ ok: true, body });
const BUYER = '03328406';
const SUPPLIER = '32490244';
const buyerData: Record<string, Fetched> = {
  tenders: ok(bTenders), plans: ok(bPlans), contracts: ok(bContracts), tenderYears: ok(bTenderYears),
  contractYears: ok(bContractYears), planYears: ok(bPlanYears), methods: ok(bMethods), divisions: ok(bDivisions),
  divisionNames: ok(divisionNames),
};
const supplierData: Record<string, Fetched> = {
  tenders: ok(sTenders), contracts: ok(sContracts), tenderYears: ok(sTenderYears), contractYears: ok(sContractYears),
  methods: ok(sMethods), divisions: ok(sDivisions), buyers: ok(sBuyers), divisionNames: ok(divisionNames),
};
const buyerRoute: PageRoute = { ...buyerModule, path: 'buyers/:edrpou' };
const supplierRoute: PageRoute = { ...supplierModule, path: 'suppliers/:edrpou' };
beforeAll(() => Promise.all([loadPage(buyerRoute, 'uk'), loadPage(supplierRoute, 'uk')]));

const ctxOf = (edrpou: string, data: Record<string, Fetched>): RouteContext => ({
  params: { edrpou },
  query: new URLSearchParams(),
  input: { language: 'uk', session: null, config: { ...testConfig, publicOrigin: 'https://portal.test' } as typeof testConfig, data },
});
const page = (route: PageRoute, id: string, data: Record<string, Fetched>, language: 'uk' | 'en' = 'uk') =>
  render(<Organisation route={route} />, { language, url: `${language === 'en' ? '/en' : ''}/${route.path.split('/')[0]}/${id}`, data });
const section = (markup: string, id: string) => {
  const start = markup.indexOf(`<section id="${id}"`);
  return start < 0 ? '' : markup.slice(start, markup.indexOf('</section>', start));
};
const rows = (table: string) => [...table.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) => [...m[1].matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((c) => c[1].replace(/<[^>]+>/g, '')));

describe('a buyer', () => {
  const markup = page(buyerRoute, BUYER, buyerData);
  const newest = (bTenders as { 'hydra:member': Array<{ procuringEntity: { name: string; address: { locality?: string } } }> })['hydra:member'][0];

  it('names the organisation from its newest record', () => {
    expect(markup).toContain(`<h1>${html(newest.procuringEntity.name)}</h1>`);
    expect(markup).toContain(BUYER);
    expect(markup).toContain(html(newest.procuringEntity.address.locality ?? ''));
  });

  it('has a chart beside a table of the same figures, for each split', () => {
    for (const id of ['years', 'methods', 'divisions']) {
      const s = section(markup, id);
      // HTML, whose text is never scaled down with a drawing (issue 46, item 2).
      expect(s, id).toMatch(/<div class="org-chart[^"]*" aria-hidden="true"/);
      expect(s, id).not.toContain('<text');
      expect(s, id).toContain('<table class="org-table">');
    }
  });

  it('totals by year are the aggregation answers', () => {
    const table = rows(section(markup, 'years'));
    const year = bTenderYears.groups[0];
    const line = table.find((r) => r[0] === year.key)!;
    expect(line[1]).toBe(String(year.count));
    expect(line[2]).toContain('5 598 233,09'.replace(/ /g, '\u00a0'));
    const contracts = bContractYears.groups.find((g) => g.key === year.key)!;
    expect(line[3]).toBe(String(contracts.count));
    const total = table[table.length - 1];
    expect(total[0]).toBe(tr('uk', 'organisation.total'));
    expect(total[1]).toBe(String(bTenderYears.count));
  });

  it('names procedures and CPV divisions', () => {
    const methods = rows(section(markup, 'methods')).slice(1);
    expect(methods.map((r) => r[0])).toEqual(bMethods.groups.map((g) => tr('uk', `enums.procurementMethodType.${g.key}`)));
    const divisions = rows(section(markup, 'divisions')).slice(1);
    const first = bDivisions.groups[0].key;
    const name = (divisionNames as { 'hydra:member': Array<{ id: string; name: string }> })['hydra:member'].find((n) => n.id === first)!.name;
    expect(divisions[0][0]).toBe(html(`${first.slice(0, 2)} ${name}`));
  });

  it('lists its newest tenders and contracts as search cards, and says it has no plans', () => {
    expect(section(markup, 'newest-tenders').match(/class="tender-card"/g)).toHaveLength(5);
    expect(section(markup, 'newest-contracts')).toContain('class="tender-card"');
    expect(section(markup, 'newest-plans')).toContain(tr('uk', 'organisation.none'));
    expect(section(markup, 'newest-tenders')).toContain(`href="/tenders?organizer%5B0%5D=${BUYER}"`);
  });

  it('has its head: title, description with its totals, JSON-LD with a trail', () => {
    const t = createI18n('uk', { uk: { dzo: translations.uk }, en: { dzo: translations.en } }).getFixedT('uk', 'dzo');
    const ctx = ctxOf(BUYER, buyerData);
    const m = meta(ctx, t)!;
    expect(m.title).toContain(BUYER);
    expect(m.description).toContain(String(bTenderYears.count));
    const ld = JSON.stringify(jsonLd!(ctx, `https://example.org/buyers/${BUYER}`, t, buyerRoute));
    expect(ld).toContain('GovernmentOrganization');
    expect(ld).toContain('BreadcrumbList');
    expect(ld).toContain(BUYER);
  });

  it('renders in English', () => {
    expect(page(buyerRoute, BUYER, buyerData, 'en')).toContain(tr('en', 'organisation.years.title'));
  });
});

describe('a supplier', () => {
  const markup = page(supplierRoute, SUPPLIER, supplierData);

  it('lists the buyers it won from, linked to their pages', () => {
    const s = section(markup, 'buyers');
    const first = sBuyers.groups[0];
    expect(s).toContain(`href="/buyers/${first.key}"`);
    expect(rows(s)[1][1]).toBe(String(first.count));
  });

  it('charts its contracts by year and has no plans', () => {
    expect(section(markup, 'years')).toContain('class="org-chart"');
    expect(markup).not.toContain('id="newest-plans"');
  });
});

describe('the routes', () => {
  it('refuse what cannot be an identifier and one no record names', () => {
    expect(routeOutcome(buyerRoute, ctxOf('../x', {}))).toEqual({ error: 404 });
    expect(routeOutcome(buyerRoute, ctxOf('a b', {}))).toEqual({ error: 404 });
    const empty = { 'hydra:member': [], 'hydra:totalItems': 0 };
    expect(routeOutcome(buyerRoute, ctxOf('00000000', { tenders: ok(empty), plans: ok(empty), contracts: ok(empty) }))).toEqual({ error: 404 });
    expect(routeOutcome(buyerRoute, ctxOf(BUYER, buyerData))).toBeNull();
    expect(routeOutcome(supplierRoute, ctxOf(SUPPLIER, supplierData))).toBeNull();
    expect(routeOutcome(supplierRoute, ctxOf(SUPPLIER, { ...supplierData, tenders: { ok: false, status: 500 } }))).toEqual({ error: 503, shown: 500 });
  });

  it('ask the upstream for the organisation’s records and aggregations', () => {
    const paths = organisationFetches('supplier')(ctxOf(SUPPLIER, {})).map((f) => f.path);
    expect(paths).toContain(`/api/aggregate/contracts?supplier%5B0%5D=${SUPPLIER}&by=buyer&limit=20`);
    expect(paths.some((p) => p.startsWith('/api/plans'))).toBe(false);
  });
});

describe('red flags', () => {
  const flagged = { ...buyerData, redFlags: ok(bRedFlags), methodRedFlags: ok(bMethodRedFlags) };
  const markup = page(buyerRoute, BUYER, flagged);
  const s = section(markup, 'red-flags');
  const table = rows(s);
  const search = (filter: string, id: string, code: string) => html(`/tenders?${filter}%5B0%5D=${id}&redFlag%5B0%5D=${code}`);

  it('chart a buyer’s share of tenders raising each flag against all tenders of its procedure types', () => {
    expect(s).toContain(tr('uk', 'organisation.redFlags.title'));
    expect(s).toMatch(/<div class="org-chart org-chart-2" aria-hidden="true"/);
    expect(s.match(/class="org-bar-0"/g)).toHaveLength(7 + 1); // one bar per flag, and the legend's
    expect(s.match(/class="org-bar-1"/g)).toHaveLength(7 + 1);
    expect(table[0]).toEqual([
      tr('uk', 'organisation.redFlags.indicator'),
      tr('uk', 'organisation.redFlags.series.buyer'),
      tr('uk', 'organisation.redFlags.series.methods'),
    ]);
    const r018 = table.find((r) => r[0].startsWith('R018'))!;
    // 5 of 12, against 645 of 1 500.
    expect(r018).toEqual([`R018 ${tr('uk', 'redFlags.names.R018')}`, '41,7\u00a0% (5 з 12)', '43\u00a0% (645 з 1\u00a0500)']);
    expect(s).toContain('<span class="org-chart-value">41,7\u00a0% (5 з 12)</span>');
    const r024 = table.find((r) => r[0].startsWith('R024'))!;
    expect(r024.slice(1)).toEqual(['0\u00a0% (0 з 3)', '7,4\u00a0% (31 з 420)']);
    const any = table[table.length - 1];
    expect(any).toEqual([tr('uk', 'organisation.redFlags.any'), '50\u00a0% (6 з 12)', '52\u00a0% (780 з 1\u00a0500)']);
  });

  it('leave out the flags computed for none of its tenders, and say so', () => {
    const codes = table.slice(1, -1).map((r) => r[0].slice(0, 4));
    expect(codes).toEqual(['R003', 'R018', 'R024', 'R028', 'R035', 'R036', 'R038']);
    const leftOut = tr('uk', 'organisation.redFlags.leftOut.buyer', {
      codes: `R030 ${tr('uk', 'redFlags.names.R030')}; R058 ${tr('uk', 'redFlags.names.R058')}`,
    });
    expect(s).toContain(html(leftOut));
  });

  it('link each flag to its methodology and each count to the tenders raising it', () => {
    expect(s).toContain('href="/info/red-flags#r018"');
    expect(s).toContain(`href="${search('organizer', BUYER, 'R018')}">5</a>`);
    expect(s).toContain(`href="${search('organizer', BUYER, 'any')}">6</a>`);
    expect(s).toContain('href="/info/red-flags">');
    const en = section(page(buyerRoute, BUYER, flagged, 'en'), 'red-flags');
    expect(en).toContain('href="/en/info/red-flags#r036"');
    expect(en).toContain(`href="/en${search('organizer', BUYER, 'R036')}">1</a>`);
    expect(rows(en).find((r) => r[0].startsWith('R018'))!.slice(1)).toEqual(['41.7% (5 of 12)', '43% (645 of 1\u00a0500)']);
  });

  it('show the buyer’s own shares when the comparison failed', () => {
    const alone = section(page(buyerRoute, BUYER, { ...flagged, methodRedFlags: { ok: false, status: 404 } }), 'red-flags');
    expect(rows(alone)[0]).toHaveLength(2);
    expect(alone).not.toContain('org-bar-1');
    expect(alone).toContain(`<figcaption>${html(tr('uk', 'organisation.redFlags.chart.buyerAlone'))}</figcaption>`);
    expect(alone).toContain('41,7\u00a0% (5 з 12)');
  });

  it('are left out, without a note, when the search service has none', () => {
    const unavailable = tr('uk', 'common.unavailable');
    const empty = { ...bRedFlags, groups: [], totalGroups: 0 };
    const cases: Array<Record<string, Fetched>> = [
      buyerData,
      { ...buyerData, redFlags: { ok: false, status: 400 }, methodRedFlags: { ok: false, status: 400 } },
      { ...buyerData, redFlags: ok(empty), methodRedFlags: ok(bMethodRedFlags) },
      { ...buyerData, redFlags: ok(bTenderYears) },
    ];
    for (const data of cases) {
      const m = page(buyerRoute, BUYER, data);
      expect(m).not.toContain('id="red-flags"');
      expect(m).not.toContain(unavailable);
    }
    expect(page(supplierRoute, SUPPLIER, { ...supplierData, redFlags: { ok: false, status: 400 } })).not.toContain('id="red-flags"');
  });

  it('count a supplier’s won tenders raising at least one, and each flag', () => {
    const sup = section(page(supplierRoute, SUPPLIER, { ...supplierData, redFlags: ok(sRedFlags) }), 'red-flags');
    // 4 of the 86 tenders it won.
    const sentence = tr('uk', 'organisation.redFlags.anyOf', { count: 86, formatted: '86', raised: '4', percent: '4,7\u00a0%' });
    expect(sentence).toContain('з 86 виграних ним закупівель (4,7\u00a0%)');
    const [before, after] = sentence.split('<link>4</link>');
    expect(sup).toContain(`${html(before)}<a href="${search('supplier', SUPPLIER, 'any')}">4</a>${html(after)}`);
    const supTable = rows(sup);
    expect(supTable[0]).toEqual([tr('uk', 'organisation.redFlags.indicator'), tr('uk', 'organisation.redFlags.series.supplier')]);
    expect(supTable.slice(1).map((r) => r[0].slice(0, 4))).toEqual(['R003', 'R018', 'R028', 'R036']);
    expect(supTable.find((r) => r[0].startsWith('R036'))![1]).toBe('50\u00a0% (1 з 2)');
    expect(sup).toContain(`href="${search('supplier', SUPPLIER, 'R036')}">1</a>`);
    expect(sup).not.toContain('org-bar-1');
    const leftOut = ['R024', 'R030', 'R035', 'R038', 'R058'].map((code) => `${code} ${tr('uk', `redFlags.names.${code}`)}`).join('; ');
    expect(sup).toContain(html(tr('uk', 'organisation.redFlags.leftOut.supplier', { codes: leftOut })));
    expect(supTable.some((r) => r[0] === tr('uk', 'organisation.redFlags.any'))).toBe(false);
  });

  it('are asked of the upstream for the organisation, and for a buyer of its procedure types', () => {
    const buyerSpecs = organisationFetches('buyer')(ctxOf(BUYER, {}));
    expect(buyerSpecs.map((f) => f.path)).toContain(`/api/aggregate/tenders?organizer%5B0%5D=${BUYER}&by=redFlag&limit=100`);
    const methods = buyerSpecs.find((f) => f.key === 'methodRedFlags')!;
    expect(methods.after).toBe('methods');
    expect(buyerSpecs.find((f) => f.key === 'methods')!.path).toContain('/api/aggregate/tenders?');
    expect(methods.path).toBe('/api/aggregate/tenders?procurementMethodType[]={/groups/*/key}&by=redFlag');
    const supplierSpecs = organisationFetches('supplier')(ctxOf(SUPPLIER, {}));
    expect(supplierSpecs.map((f) => f.path)).toContain(`/api/aggregate/tenders?supplier%5B0%5D=${SUPPLIER}&by=redFlag&limit=100`);
    expect(supplierSpecs.some((f) => f.key === 'methodRedFlags')).toBe(false);
  });
});

describe("following a buyer", () => {
  it('has the follow form and the feed of its changes on a buyer\'s page, neither on a supplier\'s', () => {
    const markup = page(buyerRoute, BUYER, buyerData);
    expect(markup).toContain(`action="/buyers/${BUYER}/follow"`);
    expect(markup).toContain(`<input type="hidden" name="target" value="${BUYER}"/>`);
    expect(page(supplierRoute, SUPPLIER, supplierData)).not.toContain('id="follow"');
    const t = createI18n('uk', { uk: { dzo: translations.uk } }).getFixedT('uk', 'dzo');
    expect(links?.(ctxOf(BUYER, buyerData), '', t, buyerRoute)).toEqual([
      { rel: 'alternate', type: 'application/atom+xml', href: `https://portal.test/buyers/${BUYER}.atom`, title: `Зміни в закупівлях замовника ${BUYER}: стрічка Atom` },
    ]);
    expect(links?.(ctxOf(SUPPLIER, supplierData), '', t, supplierRoute)).toEqual([]);
  });

  it("asks a logged-in visitor whether they follow the buyer, by its EDRPOU", () => {
    const withSession = (role: 'buyer' | 'supplier') => organisationFetches(role)({ ...ctxOf(BUYER, {}), input: { ...ctxOf(BUYER, {}).input, session: { email: 'a@b.test', type: 'buyer', name: 'A' } } });
    expect(withSession('buyer').find((f) => f.key === 'follow')).toEqual({ key: 'follow', service: 'users', path: `/api/users/follows/status?register=buyers&id=${BUYER}` });
    expect(withSession('supplier').some((f) => f.key === 'follow')).toBe(false);
    expect(organisationFetches('buyer')(ctxOf(BUYER, {})).some((f) => f.key === 'follow')).toBe(false);
  });
});
