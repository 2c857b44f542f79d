/**
 * The documents' own rules, beside what the e2e spec checks through the server: which
 * addresses name a sitemap, export file names, and the steps' hand-over of an export
 * across pages (its header once, its records in order, the package closed at the end).
 */
import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { PLANS, TENDERS, emptyFilters, parseFilters } from '../lib/filters';
import { feedQuery, feedSearch } from './atom';
import { alertDocument, alertOf } from './alert';
import { exportFilename, searchExport, tenderPackage } from './exports';
import { machineStep } from './index';
import { RECORDS_PER_SITEMAP, sitemapAt } from './sitemap';
import type { Context, MachineRequest } from './types';
import { xml } from './types';

describe('sitemap names', () => {
  it('are one spelling per sitemap', () => {
    for (const name of ['pages.xml', 'tenders-2026-10.xml', 'tenders-2026-10-2.xml', 'market-products.xml', 'market-products-3.xml', 'market-prozorro-products.xml']) {
      expect(sitemapAt(name), name).not.toBeNull();
    }
    for (const name of ['tenders.xml', 'tenders-2026-13.xml', 'tenders-2026-10-1.xml', 'market-products-2026-10.xml', 'market-products-1.xml', 'vouchers-2026-10.xml', 'tenders-2026-10.txt', 'tenders-2026-10-0.xml']) {
      expect(sitemapAt(name), name).toBeNull();
    }
  });

  it('hold at most 50,000 URLs (two per record)', () => {
    expect(RECORDS_PER_SITEMAP * 2).toBeLessThanOrEqual(50_000);
  });

  it('escape what XML does not take raw', () => {
    expect(xml(`a&b<c>"d"'e\u0001`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&apos;e');
  });
});

describe('exports', () => {
  it('name the register, the query and the Kyiv date', () => {
    const query = 'keyword=%D0%BB%D1%96%D0%BA%D0%B8&status%5B0%5D=complete&page=3';
    // 22:30 UTC on 24 November is the 25th in Kyiv.
    expect(exportFilename(TENDERS, query, '2026-11-24T22:30:00Z', '.csv')).toBe('tenders_keyword-ліки_status-complete_2026-11-25.csv');
    expect(exportFilename(TENDERS, '', '2026-11-24T10:00:00Z', '.ocds.json')).toBe('tenders_2026-11-24.ocds.json');
    expect(exportFilename(TENDERS, 'keyword=a%2Fb%22c', '2026-11-24T10:00:00Z', '.csv')).toBe('tenders_keyword-a-b-c_2026-11-24.csv');
  });

  it('give each format its own file name: the two CSVs are different files', () => {
    const t = ((key: string) => key) as unknown as TFunction;
    const request: MachineRequest = { url: '/tenders.csv', config: {} as MachineRequest['config'], now: '2026-11-24T10:00:00Z', state: null };
    const context = (state: unknown): Context => ({ request: { ...request, state }, language: 'uk', t, origin: 'https://example.org', query: new URLSearchParams() });
    const filters = parseFilters(new URLSearchParams('keyword=%D0%BB%D1%96%D0%BA%D0%B8'), { allowTestMode: false, register: TENDERS });
    const names = (['csv', 'semicolon', 'xlsx', 'ocds'] as const).map((format) => {
      const document = searchExport(TENDERS, filters, format);
      const answer = { 'hydra:member': [{ id: 'a', tenderID: 'UA-a', status: 'complete' }], 'hydra:view': { lastPage: 1 } };
      return document.step(context(document.first(context(null)).state), answer).filename;
    });
    expect(names).toEqual([
      'tenders_keyword-ліки_2026-11-24.csv', 'tenders_keyword-ліки_2026-11-24.semicolon.csv',
      'tenders_keyword-ліки_2026-11-24.xlsx', 'tenders_keyword-ліки_2026-11-24.ocds.json',
    ]);
  });

  it('in English, ask the classifier for the English names of a page\'s CPV codes before writing its rows', () => {
    const t = ((key: string) => key) as unknown as TFunction;
    const request: MachineRequest = { url: '/en/tenders.csv', config: {} as MachineRequest['config'], now: '2026-11-24T10:00:00Z', state: null };
    // The state goes through the server as JSON, as between real steps (an empty cell is `null` then).
    const context = (state: unknown): Context => ({
      request: { ...request, state: JSON.parse(JSON.stringify(state ?? null)) }, language: 'en', t, origin: 'https://example.org', query: new URLSearchParams(),
    });
    const tender = (id: string, cpv: string) => ({ id, tenderID: `UA-${id}`, items: [{ classification: { id: cpv, description: 'Укр' } }] });
    const page = (records: object[], lastPage: number) => ({ 'hydra:member': records, 'hydra:view': { lastPage } });
    const document = searchExport(TENDERS, emptyFilters(), 'csv');
    const first = document.first(context(null));
    // Page 1: the header (and the headers of the file), then the names of its two codes.
    const one = document.step(context(first.state), page([tender('a', '03000000-1'), tender('b', '45000000-7'), tender('c', '03000000-1')], 2));
    expect(one.filename).toMatch(/\.csv$/);
    expect(one.text.split('\r\n').filter(Boolean)).toHaveLength(1);
    const asked = new URL(one.next?.path ?? '', 'https://x');
    expect(asked.pathname).toBe('/api/classifications');
    expect(asked.searchParams.getAll('searchId[]')).toEqual(['03000000-1', '45000000-7']);
    expect(one.next?.optional).toBe(true);
    // The names: page 1's rows with them, then page 2.
    const names = { 'hydra:member': [{ id: '03000000-1', name_en: 'Agricultural products' }, { id: '45000000-7', name_en: 'Construction work' }] };
    const rows = document.step(context(one.state), names);
    expect(rows.text.split('\r\n').filter(Boolean).map((line) => line.split(',')[0])).toEqual(['UA-a', 'UA-b', 'UA-c']);
    expect(rows.text).toContain('03000000-1 Agricultural products');
    expect(rows.text).toContain('45000000-7 Construction work');
    expect(rows.next?.path).toContain('page=2&perPage=100');
    // The classifier failed (`null`): the records' own names, and the end.
    const two = document.step(context(rows.state), page([tender('d', '09000000-3')], 2));
    const last = document.step(context(two.state), null);
    expect(last.text).toContain('09000000-3 Укр');
    expect(last.next).toBeNull();
  });

  it('page through the result, the OCDS package opened once and closed at the end', () => {
    const t = ((key: string) => key) as unknown as TFunction;
    const document = searchExport(TENDERS, emptyFilters(), 'ocds');
    const request: MachineRequest = { url: '/tenders.ocds.json', config: {} as MachineRequest['config'], now: '2026-11-24T10:00:00Z', state: null };
    const context = (state: unknown): Context => ({ request: { ...request, state }, language: 'uk', t, origin: 'https://example.org', query: new URLSearchParams() });
    const page = (ids: string[], lastPage: number) => ({ 'hydra:member': ids.map((id) => ({ id, tenderID: `UA-${id}`, dateModified: '2026-11-01T10:00:00+02:00', status: 'complete' })), 'hydra:view': { lastPage } });
    const first = document.first(context(null));
    expect(first.next?.path).toContain('page=1&perPage=100');
    const one = document.step(context(first.state), page(['a', 'b'], 2));
    expect(one.contentType).toMatch(/^application\/json/);
    expect(one.next?.path).toContain('page=2&perPage=100');
    const two = document.step(context(one.state), page(['c'], 2));
    expect(two.next).toBeNull();
    const doc = JSON.parse(one.text + two.text);
    expect(doc.releases.map((r: { tender: { id: string } }) => r.tender.id)).toEqual(['a', 'b', 'c']);
    expect(doc.uri).toBe('https://example.org/tenders.ocds.json');
    // No more than the 10,000-record window, whatever the upstream says.
    const far = document.step(context(first.state), page(['a'], 500));
    expect((far.state as { lastPage: number }).lastPage).toBe(100);
  });
});

describe("a tender's OCDS package", () => {
  const t = ((key: string) => key) as unknown as TFunction;
  const request: MachineRequest = { url: '/tenders/UA-1.ocds.json', config: {} as MachineRequest['config'], now: '2026-11-24T10:00:00Z', state: null };
  const context = (state: unknown): Context => ({ request: { ...request, state }, language: 'uk', t, origin: 'https://example.org', query: new URLSearchParams() });
  const tender = { id: 'abc', tenderID: 'UA-1', dateModified: '2026-11-01T10:00:00+02:00', status: 'complete', title: 'Папір' };
  const assessment = (verdicts: Record<string, string>) => ({ outcomes: Object.entries(verdicts).map(([code, verdict]) => ({ code, verdict })) });

  it("asks the server for the record's red flags and carries the raised ones in tender.redFlags", () => {
    const document = tenderPackage('UA-1');
    const first = document.first(context(null));
    expect(first.next).toMatchObject({ key: 'tender', service: 'search', path: '/api/tenders/UA-1' });
    const read = document.step(context(first.state ?? null), tender);
    // The headers are the record's; the text waits for the red flags.
    expect(read).toMatchObject({ status: 200, text: '', lastModified: '2026-11-01T08:00:00.000Z' });
    expect(read.etag).toMatch(/^[0-9a-f]+$/);
    expect(read.next).toMatchObject({ service: 'redFlags', after: 'tender' });
    const carried = JSON.parse(JSON.stringify(read.state));
    const flagged = document.step(context(carried), assessment({ R003: 'clear', R018: 'raised', R024: 'notApplicable', R036: 'raised' }));
    expect(flagged.next ?? null).toBeNull();
    const release = JSON.parse(flagged.text).releases[0];
    expect(release.ocid).toBe('ocds-be6bcu-UA-1');
    expect(release.tender.redFlags.map((f: { code: string }) => f.code)).toEqual(['R018', 'R036']);
    expect(release.tender.redFlags[0]).toEqual({
      code: 'R018',
      title: 'Одна пропозиція',
      title_en: 'Single bid received',
      methodology: 'https://example.org/info/red-flags#r018',
    });
    // Nothing raised, or no assessment (the record could not be assessed): no field.
    for (const answer of [assessment({ R018: 'clear' }), null, { outcomes: 'x' }]) {
      const plain = JSON.parse(document.step(context(carried), answer).text).releases[0];
      expect(plain.tender.title).toBe('Папір');
      expect(plain.tender).not.toHaveProperty('redFlags');
    }
  });
});

describe('saved-search alerts', () => {
  const t = ((key: string, vars?: Record<string, string>) => `${key}${vars?.name ? ` «${vars.name}»` : ''}${vars?.n ? ` ${vars.n}` : ''}`) as unknown as TFunction;
  const alert = { id: 7, name: 'Roads', since: Date.parse('2026-11-20T12:00:00Z'), token: 'tok-_en' };
  const request: MachineRequest = { url: '/en/tenders.alert?status%5B0%5D=active', config: {} as MachineRequest['config'], now: '2026-11-24T10:00:00Z', state: { alert } };
  const context = (state: unknown): Context => ({ request: { ...request, state }, language: 'en', t, origin: 'https://example.org', query: new URLSearchParams('status%5B0%5D=active') });
  const filters = { ...emptyFilters(), arrays: { status: ['active'] } };

  it('reads the most recently modified records of the search', () => {
    const first = alertDocument(TENDERS, filters).first(context({ alert }));
    const path = new URL(first.next?.path ?? '', 'https://x');
    expect([path.pathname, path.searchParams.getAll('status[0]'), path.searchParams.get('perPage'), path.searchParams.getAll('sortOrder').at(-1)])
      .toEqual(['/api/tenders', ['active'], '100', 'dateModified.desc']);
    expect(first.state).toEqual({ alert });
  });

  it('lists the records modified after the watermark, with the links to the search and to unsubscribe', () => {
    const member = (id: string, dateModified: string) => ({ id, tenderID: `UA-${id}`, title: `Tender ${id}`, dateModified, status: 'active' });
    const step = alertDocument(TENDERS, filters).step(context({ alert }), {
      'hydra:member': [member('b', '2026-11-21T09:00:00+02:00'), member('a', '2026-11-20T14:00:01+02:00'), member('old', '2026-11-20T14:00:00+02:00'), null],
    });
    const mail = JSON.parse(step.text);
    // 14:00:00+02:00 is the watermark itself: not after it.
    expect(mail.records.map((r: { id: string }) => r.id)).toEqual(['b', 'a']);
    expect(mail.records[0].text.split('\n').slice(0, 2)).toEqual(['Tender b', 'https://example.org/en/tenders/UA-b']);
    expect(mail.subject).toBe('alerts.subject {count}');
    expect(mail.intro).toContain('Roads');
    expect(mail.outro).toContain('https://example.org/en/tenders?status%5B0%5D=active');
    expect(mail.outro).toContain('https://example.org/en/alerts/unsubscribe?id=7&token=tok-_en');
  });

  it('is no document without the state only the alert job carries', () => {
    expect(alertOf(null)).toBeNull();
    expect(alertOf({ alert: { id: '7', name: 'x', since: 0, token: 't' } })).toBeNull();
    const [meta] = machineStep(JSON.stringify({ ...request, state: null, config: { features: { testMode: false }, publicOrigin: 'https://example.org' } }), undefined, { en: { getFixedT: () => t } as never });
    expect(JSON.parse(meta).status).toBe(404);
  });
});

describe('the orders documents for machines ask for', () => {
  const t = ((key: string) => key) as unknown as TFunction;
  const request: MachineRequest = { url: '/tenders.csv', config: {} as MachineRequest['config'], now: '2026-11-24T10:00:00Z', state: null };
  const context: Context = { request, language: 'uk', t, origin: 'https://example.org', query: new URLSearchParams() };
  const parse = (q: string) => parseFilters(new URLSearchParams(q), { allowTestMode: false, register: TENDERS });
  const orders = (path: string | undefined) => new URL(path ?? '', 'https://x').searchParams.getAll('sortOrder');

  it('feeds and alerts never relevance, though a keyword orders its page by relevance; exports the page\'s order', () => {
    const keyword = parse('keyword=%D0%BB%D1%96%D0%BA%D0%B0%D1%80%D0%BD%D1%8F');
    expect(keyword.sortOrder).toBe('relevance');
    // A feed: the newest first, its address without an order.
    expect(orders(feedSearch(keyword, TENDERS))).toEqual(['dateCreated.desc']);
    expect(feedQuery(keyword, TENDERS)).toBe('keyword=%D0%BB%D1%96%D0%BA%D0%B0%D1%80%D0%BD%D1%8F');
    expect(feedQuery(parse('keyword=x&sortOrder=valueAmount.desc&exact=1'), TENDERS)).toBe('keyword=x&exact=1');
    // An export: the order of the search's page, relevance for a keyword as the page (issue 46).
    for (const format of ['csv', 'semicolon', 'xlsx', 'ocds'] as const) {
      expect(orders(searchExport(TENDERS, keyword, format).first(context).next?.path), format).toEqual(['relevance']);
    }
    expect(orders(searchExport(TENDERS, parse('keyword=x&sortOrder=valueAmount.asc'), 'csv').first(context).next?.path)).toEqual(['valueAmount.asc']);
    expect(orders(searchExport(TENDERS, parse('keyword=x&sortOrder=dateCreated.desc'), 'csv').first(context).next?.path)).toEqual(['dateCreated.desc']);
    expect(orders(searchExport(TENDERS, parse('status%5B0%5D=complete'), 'xlsx').first(context).next?.path)).toEqual(['dateCreated.desc']);
    // An alert: the most recently modified, whatever the saved query says.
    const alert = { id: 1, name: 'x', since: 0, token: 't' };
    const first = alertDocument(PLANS, parseFilters(new URLSearchParams('keyword=x'), { allowTestMode: false, register: PLANS })).first({ ...context, request: { ...request, state: { alert } } });
    expect(orders(first.next?.path)).toEqual(['dateModified.desc']);
    expect(new URL(first.next?.path ?? '', 'https://x').pathname).toBe('/api/plans');
  });
});
