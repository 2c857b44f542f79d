/**
 * Renders a buyer's and a supplier's page the way the server does, from real answers of
 * the embedded upstream (`fixtures/`: `/api/tenders?organizer[0]=03328406…`,
 * `/api/aggregate/…`), and checks the routes' decisions (404 for what cannot be an
 * identifier and for one no record names) and the head.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { html, render, testConfig, tr } from '../../components/test-utils';
import type { Fetched } from '../../contract';
import { routeOutcome } from '../../routes/outcome';
import { loadPage } from '../../routes/split';
import type { PageRoute, RouteContext } from '../../lib/pageModule';
import { createI18n } from '../../i18n';
import { translations } from '../../components/test-utils';
import Organisation from './Organisation';
import { jsonLd, meta } from './meta';
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
      expect(s, id).toMatch(/<svg class="org-chart"[^>]*aria-hidden="true"/);
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
    expect(section(markup, 'years')).toContain('<svg');
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
