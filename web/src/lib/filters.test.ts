import { describe, expect, it } from 'vitest';
import {
  ARRAY_FILTERS, CONTRACTS, DATE_RANGES, METHOD_TYPES, PER_PAGE, PLANS, SORT_ORDERS, TENDERS, TENDER_STATUSES,
  defaultSort, parseFilters, searchApiPath, serializeFilters, sortOrdersOf, type Register, type SearchFilters,
} from './filters';
import { mulberry32 } from './random';

const opts = { allowTestMode: true };
const parse = (q: string, o = opts) => parseFilters(new URLSearchParams(q), o);
/** A query written with readable brackets, as the codec writes it: `[` `]` percent-encoded. */
const encoded = (q: string) => q.replace(/\[/g, '%5B').replace(/\]/g, '%5D');

function randomFilters(r: () => number): SearchFilters {
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const f = parse('');
  if (r() < 0.5) f.keyword = pick(['ремонт доріг', 'paper A4', 'UA-2026-10-08-011748-a', 'а&б=в', 'ліки+']);
  if (r() < 0.5) f.arrays.status = [...new Set([pick(TENDER_STATUSES), pick(TENDER_STATUSES)])].sort();
  if (r() < 0.4) f.arrays.procurementMethodType = [pick(METHOD_TYPES)];
  if (r() < 0.4) f.arrays.classification = [pick(['45230000-8', '33600000-6', '09130000-9'])];
  if (r() < 0.3) f.arrays.region = [pick(['Львівська область', 'м. Київ'])];
  if (r() < 0.3) f.arrays.organizer = [String(Math.floor(r() * 1e8)).padStart(8, '0')];
  if (r() < 0.3) f.arrays.redFlag = [...new Set([pick(['R018', 'R036', 'any']), pick(['R003', 'R058'])])].sort();
  if (r() < 0.4) f.value = { from: Math.floor(r() * 1000), to: 1000 + Math.floor(r() * 1e6) };
  if (r() < 0.4) f.dates.publicationDate = { from: '2026-01-01', to: '2026-10-31' };
  if (r() < 0.3) f.hasActiveMonitoring = r() < 0.5;
  if (r() < 0.3) f.acceptingBids = true;
  if (r() < 0.2) f.testMode = r() < 0.5;
  if (f.keyword && r() < 0.3) f.exact = true;
  f.sortOrder = pick(sortOrdersOf(f.keyword));
  f.perPage = pick(PER_PAGE);
  f.page = 1 + Math.floor(r() * Math.floor(10000 / f.perPage));
  return f;
}

describe('filter codec', () => {
  it('carries the red-flag filter of tenders to the search API, and drops what is no code', () => {
    const f = parse('redFlag=R036&redFlag=any&redFlag=<x>&redFlag=R18');
    expect(f.arrays.redFlag).toEqual(['R036', 'any']);
    expect(searchApiPath(f)).toContain(encoded('redFlag[0]=R036&redFlag[1]=any'));
    expect(serializeFilters(parse(serializeFilters(f)))).toBe(serializeFilters(f));
    // Plans and contracts have no such filter.
    expect(parseFilters(new URLSearchParams('redFlag=R036'), { ...opts, register: PLANS }).arrays.redFlag).toBeUndefined();
  });

  it('round-trips random filters', () => {
    // Seeded, so a failure reproduces.
    const r = mulberry32(20261122);
    for (let i = 0; i < 500; i++) {
      const f = randomFilters(r);
      const q = serializeFilters(f);
      expect(parse(q)).toEqual(f);
      expect(serializeFilters(parse(q))).toBe(q);
    }
  });

  it('writes a fixed order whatever order the request had', () => {
    const a = parse('status[1]=cancelled&keyword=x&status[0]=complete&page=2&valueAmount[to]=5');
    const b = parse('page=2&valueAmount[to]=5&status=complete&status=cancelled&keyword=x');
    expect(serializeFilters(a)).toBe(encoded('keyword=x&status[0]=cancelled&status[1]=complete&valueAmount[to]=5&page=2'));
    expect(serializeFilters(b)).toBe(serializeFilters(a));
  });

  it('uses the SPEC names: indexed arrays, from/to ranges, booleans', () => {
    const q = serializeFilters(parse('status[]=complete&valueAmount[from]=10&hasActiveMonitoring=true&tenderPeriod[from]=2026-01-02'));
    expect(q).toBe(encoded('status[0]=complete&valueAmount[from]=10&tenderPeriod[from]=2026-01-02&hasActiveMonitoring=true'));
  });

  it('writes a valid URL query: names percent-encoded, no raw bracket or space', () => {
    const q = serializeFilters(parse('keyword=a [b] c&status[0]=complete&region[0]=м. Київ&valueAmount[from]=1&tenderPeriod[to]=2026-01-02'));
    expect(q).toBe('keyword=a%20%5Bb%5D%20c&status%5B0%5D=complete&region%5B0%5D=%D0%BC.%20%D0%9A%D0%B8%D1%97%D0%B2&valueAmount%5Bfrom%5D=1&tenderPeriod%5Bto%5D=2026-01-02');
    expect(q).toMatch(/^[\w.~!$&'()*+,;=%-]*$/);
  });

  it('reads raw and encoded brackets, indexed, bracketed and repeated arrays alike', () => {
    const canonical = serializeFilters(parse('status[0]=cancelled&status[1]=complete&valueAmount[to]=5'));
    for (const q of [
      'status[0]=cancelled&status[1]=complete&valueAmount[to]=5',
      'status%5B0%5D=cancelled&status%5B1%5D=complete&valueAmount%5Bto%5D=5',
      'status%5b1%5d=complete&status[0]=cancelled&valueAmount%5Bto]=5',
      'status[]=complete&status%5B%5D=cancelled&valueAmount[to]=5',
      'status=complete&status=cancelled&valueAmount%5Bto%5D=5',
    ]) {
      expect(serializeFilters(parse(q)), q).toBe(canonical);
    }
  });

  it('drops bad values and keeps the good ones', () => {
    const f = parse(
      'status[0]=nonsense&status[1]=complete&classification=123&valueAmount[from]=abc&valueAmount[to]=1%20000,5' +
        '&publicationDate[from]=2026-02-30&hasActiveMonitoring=maybe&sortOrder=drop.table&perPage=7&page=-3&organizer=<x>',
    );
    expect(f.arrays).toEqual({ status: ['complete'] });
    expect(f.value).toEqual({ to: 1000.5 });
    expect(f.dates).toEqual({});
    expect(f.hasActiveMonitoring).toBeUndefined();
    expect([f.sortOrder, f.perPage, f.page]).toEqual(['dateCreated.desc', 10, 1]);
  });

  it('drops inverted ranges and clamps the page to the 10000-result window', () => {
    expect(parse('valueAmount[from]=10&valueAmount[to]=5').value).toEqual({ from: 10 });
    expect(parse('tenderPeriod[from]=2026-05-01&tenderPeriod[to]=2026-04-01').dates).toEqual({ tenderPeriod: { from: '2026-05-01' } });
    expect(parse('page=5000').page).toBe(1000);
    expect(parse('page=5000&perPage=100').page).toBe(100);
  });

  it('honours testMode only when the configuration allows it', () => {
    expect(parse('testMode=true').testMode).toBe(true);
    expect(parse('testMode=true', { allowTestMode: false }).testMode).toBeUndefined();
  });

  it('encodes values that look like syntax', () => {
    const f = parse(`keyword=${encodeURIComponent('a&b=c [d]')}`);
    expect(f.keyword).toBe('a&b=c [d]');
    expect(parse(serializeFilters(f)).keyword).toBe('a&b=c [d]');
  });

  it('asks the upstream with explicit paging', () => {
    expect(searchApiPath(parse('status=complete&page=3'))).toBe(encoded('/api/tenders?status[0]=complete&page=3&perPage=10&sortOrder=dateCreated.desc'));
    expect(searchApiPath(parse(''))).toBe('/api/tenders?page=1&perPage=10&sortOrder=dateCreated.desc');
  });

  it('orders a keyword with words by relevance unless the URL names another order', () => {
    const repair = encodeURIComponent('ремонт');
    expect(parse(`keyword=${repair}`).sortOrder).toBe('relevance');
    // The default of its search is left out: `sortOrder=relevance` is the same address as none.
    expect(serializeFilters(parse(`keyword=${repair}&sortOrder=relevance`))).toBe(`keyword=${repair}`);
    // Another order chosen is written, the newest first too (it is not the default here).
    expect(serializeFilters(parse(`keyword=${repair}&sortOrder=dateCreated.desc`))).toBe(`keyword=${repair}&sortOrder=dateCreated.desc`);
    expect(serializeFilters(parse(`sortOrder=valueAmount.asc&keyword=${repair}`))).toBe(`keyword=${repair}&sortOrder=valueAmount.asc`);
    // Without a keyword, or with one that has no words, relevance is no order: SPEC §9's default.
    for (const q of ['sortOrder=relevance', 'keyword=%E2%80%94&sortOrder=relevance', '']) {
      expect(parse(q).sortOrder, q).toBe('dateCreated.desc');
    }
    expect(serializeFilters(parse('sortOrder=relevance&status=complete'))).toBe('status%5B0%5D=complete');
    expect(serializeFilters(parse('sortOrder=dateCreated.desc'))).toBe('');
    expect(serializeFilters({ ...parse(''), sortOrder: 'relevance' })).toBe('');
    expect([defaultSort('ліки'), defaultSort(undefined), defaultSort(' - ')]).toEqual(['relevance', 'dateCreated.desc', 'dateCreated.desc']);
    expect(sortOrdersOf('ліки')).toEqual(['relevance', ...SORT_ORDERS, 'tenderPeriodEnd.asc']);
    expect(sortOrdersOf(undefined)).toEqual([...SORT_ORDERS, 'tenderPeriodEnd.asc']);
    expect(sortOrdersOf(undefined, PLANS)).toEqual(SORT_ORDERS);
    expect(sortOrdersOf('ліки', CONTRACTS)).toEqual(['relevance', ...SORT_ORDERS]);
  });

  it('keeps the deadline filter and order to tenders, and asks the upstream for both', () => {
    const f = parse('acceptingBids=true&sortOrder=tenderPeriodEnd.asc');
    expect([f.acceptingBids, f.sortOrder]).toEqual([true, 'tenderPeriodEnd.asc']);
    expect(serializeFilters(f)).toBe('acceptingBids=true&sortOrder=tenderPeriodEnd.asc');
    expect(new URL(searchApiPath(f), 'http://x').searchParams.get('acceptingBids')).toBe('true');
    expect(parse('acceptingBids=false').acceptingBids).toBeUndefined();
    for (const register of [PLANS, CONTRACTS]) {
      const other = parseFilters(new URLSearchParams('acceptingBids=true&sortOrder=tenderPeriodEnd.asc'), { allowTestMode: false, register });
      expect([other.acceptingBids, other.sortOrder]).toEqual([undefined, 'dateCreated.desc']);
    }
  });

  it('asks the upstream for the order always, once, relevance included', () => {
    const orders = (q: string) => new URL(searchApiPath(parse(q)), 'http://x').searchParams.getAll('sortOrder');
    expect(orders('keyword=ліки')).toEqual(['relevance']);
    expect(orders('keyword=ліки&sortOrder=valueAmount.desc')).toEqual(['valueAmount.desc']);
    expect(orders('sortOrder=relevance')).toEqual(['dateCreated.desc']);
    expect(orders('sortOrder=valueAmount.desc')).toEqual(['valueAmount.desc']);
    expect(searchApiPath(parse('keyword=x'))).toBe('/api/tenders?keyword=x&page=1&perPage=10&sortOrder=relevance');
  });

  it('round-trips `exact=1` and asks the upstream with `exact=true`', () => {
    const f = parse('keyword=%D0%BB%D1%96%D0%BA%D0%B0%D1%80%D0%BD%D1%8F&exact=1&page=2');
    expect(f.exact).toBe(true);
    const q = serializeFilters(f);
    expect(q).toBe('keyword=%D0%BB%D1%96%D0%BA%D0%B0%D1%80%D0%BD%D1%8F&exact=1&page=2');
    expect(parse(q)).toEqual(f);
    expect(searchApiPath(f)).toBe('/api/tenders?keyword=%D0%BB%D1%96%D0%BA%D0%B0%D1%80%D0%BD%D1%8F&exact=true&page=2&perPage=10&sortOrder=relevance');
    // `exact=true` is read too and written as the portal writes it; anything else is no switch.
    expect(serializeFilters(parse('exact=true&keyword=x'))).toBe('keyword=x&exact=1');
    for (const q of ['keyword=x&exact=0', 'keyword=x&exact=yes', 'keyword=x&exact=']) expect(parse(q).exact, q).toBeUndefined();
    // Without words to correct, there is nothing to be exact about.
    expect(parse('exact=1').exact).toBeUndefined();
    expect(serializeFilters(parse('exact=1&status=complete'))).toBe('status%5B0%5D=complete');
    expect(serializeFilters({ ...parse(''), exact: true })).toBe('');
  });

  it('knows every array filter and date range of SPEC §3 for tenders', () => {
    expect(ARRAY_FILTERS).toEqual(expect.arrayContaining(['status', 'classification', 'road', 'gmdn', 'inn', 'ccce_ua', 'organizer', 'supplier', 'region', 'fundManager', 'procurementMethodType', 'funder', 'tags']));
    expect(DATE_RANGES).toEqual(expect.arrayContaining(['enquiryPeriod', 'auctionPeriod', 'tenderPeriod', 'qualificationPeriod', 'publicationDate']));
  });
});

describe('the codec of plans and contracts', () => {
  const of = (register: Register) => (q: string) => parseFilters(new URLSearchParams(q), { allowTestMode: true, register });

  function randomOf(register: Register, r: () => number): SearchFilters {
    const pick = <T,>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
    const f = of(register)('');
    if (r() < 0.5) f.keyword = pick(['шкільні меблі', 'UA-P-2026-10-12-017053-a', 'а&б=в']);
    if (r() < 0.6) f.arrays.status = [...new Set([pick(register.statuses), pick(register.statuses)])].sort();
    if (r() < 0.4) f.arrays.classification = [pick(['45230000-8', '39160000-1'])];
    if (r() < 0.4) f.arrays.organizer = [String(Math.floor(r() * 1e8)).padStart(8, '0')];
    if (r() < 0.3) f.arrays.region = [pick(['Львівська область', 'м. Київ'])];
    if (register.arrays.includes('supplier') && r() < 0.4) f.arrays.supplier = [String(Math.floor(r() * 1e10))];
    if (register.arrays.includes('planYear') && r() < 0.5) f.arrays.planYear = [...new Set([pick(['2025', '2026']), pick(['2026', '2027'])])].sort();
    if (register.arrays.includes('procurementMethodType') && r() < 0.3) f.arrays.procurementMethodType = [pick(METHOD_TYPES)];
    if (register.arrays.includes('funder') && r() < 0.2) f.arrays.funder = ['44000'];
    if (r() < 0.4) f.value = { from: Math.floor(r() * 1000), to: 1000 + Math.floor(r() * 1e6) };
    for (const name of register.dates) if (r() < 0.4) f.dates[name] = { from: '2026-01-01', to: pick(['2026-06-30', '2026-12-31']) };
    if (f.keyword && r() < 0.3) f.exact = true;
    f.sortOrder = pick(sortOrdersOf(f.keyword, register));
    f.perPage = pick(PER_PAGE);
    f.page = 1 + Math.floor(r() * Math.floor(10000 / f.perPage));
    return f;
  }

  for (const register of [PLANS, CONTRACTS]) {
    it(`round-trips random ${register.name} filters`, () => {
      const r = mulberry32(20261123);
      for (let i = 0; i < 400; i++) {
        const f = randomOf(register, r);
        const q = serializeFilters(f, { register });
        expect(of(register)(q)).toEqual(f);
        expect(serializeFilters(of(register)(q), { register })).toBe(q);
      }
    });
  }

  it('names each register its value range and keeps only its own filters and statuses', () => {
    const q = 'status=scheduled&status=complete&status=active.tendering&tags=x&hasActiveMonitoring=true&planYear=2026&valueBudget[to]=5&valueAmount[to]=9&plansPeriod[from]=2026-01-01';
    const plans = of(PLANS)(q);
    expect(serializeFilters(plans, { register: PLANS })).toBe(encoded('status[0]=complete&status[1]=scheduled&planYear[0]=2026&valueBudget[to]=5&plansPeriod[from]=2026-01-01'));
    expect(searchApiPath(plans, PLANS)).toBe(encoded('/api/plans?status[0]=complete&status[1]=scheduled&planYear[0]=2026&valueBudget[to]=5&plansPeriod[from]=2026-01-01&page=1&perPage=10&sortOrder=dateCreated.desc'));
    const contracts = of(CONTRACTS)('status=terminated&status=scheduled&supplier=12345678&valueSum[from]=1&dateSigned[to]=2026-10-01&planYear=2026');
    expect(serializeFilters(contracts, { register: CONTRACTS })).toBe(encoded('status[0]=terminated&supplier[0]=12345678&valueSum[from]=1&dateSigned[to]=2026-10-01'));
    expect(of(TENDERS)('status=scheduled&planYear=2026').arrays).toEqual({});
  });
});
