/**
 * The search filters of the three registers (tenders, plans, contracts: SPEC §3) and
 * their one URL codec. A `Register` says which filters a register has; `parseFilters`
 * reads any query string (indexed, bracketed or repeated arrays, as a GET form sends
 * them) and drops invalid values and filters the register does not have;
 * `serializeFilters` writes the normalised form: a fixed parameter order, sorted
 * unique array values, defaults left out, so equal searches have equal URLs, every
 * name and value percent-encoded (`status%5B0%5D=complete`: no raw `[` `]` in a URL).
 * That string is the canonical query of a search page.
 *
 * The order is a default like the others: a search whose keyword has words is ordered
 * by relevance unless it names another order, a search without one by `dateCreated.desc`
 * (SPEC §9). `sortOrder` is written only when it differs from the default of its
 * search, so `?keyword=x` is the relevance order and `?keyword=x&sortOrder=dateCreated.desc`
 * the newest first, and a canonical link names the order the page shows: by its absence
 * the default of that search, else the order named. The upstream request always states
 * its order (`searchApiPath`); documents for machines (feeds, exports, alerts) state
 * orders of their own and never relevance.
 */
import { cleanNumericInput } from './format';
import { RELEVANCE, hasWords, parseExact } from './keyword';
import { RESULT_WINDOW } from './pagination';
import { cutText } from './text';

export const TENDER_STATUSES = [
  'active.enquiries', 'active.tendering', 'active.pre-qualification', 'active.pre-qualification.stand-still',
  'active.complaint', 'active.auction', 'active.qualification', 'active.qualification.stand-still',
  'active.awarded', 'complete', 'unsuccessful', 'cancelled', 'draft.unsuccessful', 'draft.pending', 'active',
  'active.stage2.pending', 'active.stage2.waiting', 'active.stage2',
] as const;

export const METHOD_TYPES = [
  'belowThreshold', 'requestForProposal', 'aboveThreshold', 'aboveThresholdUA', 'aboveThresholdEU',
  'aboveThresholdUA.defense', 'negotiation', 'negotiation.quick', 'competitiveDialogueUA', 'competitiveDialogueEU',
  'competitiveDialogueUA.stage2', 'competitiveDialogueEU.stage2', 'reporting', 'reporting.covid19' /* not in CDB: kept for old links */,
  'defense', 'closeFrameworkAgreementUA', 'closeFrameworkAgreementSelectionUA', 'centralizedProcurement',
  'priceQuotation', 'competitiveOrdering', 'simple.defense', 'esco',
] as const;

/** Plan statuses a visitor may filter by (SPEC §4: draft plans are not public). */
export const PLAN_STATUSES = ['scheduled', 'complete', 'cancelled'] as const;
export const CONTRACT_STATUSES = ['active', 'terminated', 'cancelled', 'pending'] as const;

export const SUBJECT_TYPES = ['goods', 'works', 'services'] as const;
export const PAYMENT_TYPES = ['prepayment', 'postpayment', 'standard', 'recurring'] as const;
export const SORT_ORDERS = [
  'dateCreated.desc', 'dateCreated.asc', 'dateModified.desc', 'valueAmount.desc', 'valueAmount.asc', 'publicationDate.desc',
] as const;
/** Tenders only: the nearest submission deadline first (`upstream/API.md`). */
export const DEADLINE_SORT = 'tenderPeriodEnd.asc';
export const PER_PAGE = [10, 20, 50, 100] as const;
/** The order of a search without words in its keyword (SPEC §9), and of feeds and exports. */
export const DEFAULT_SORT = 'dateCreated.desc';
export const DEFAULT_PER_PAGE = 10;

/** The order a search has when it names none: relevance when its keyword has words. */
export const defaultSort = (keyword: string | undefined): string => (hasWords(keyword) ? RELEVANCE : DEFAULT_SORT);

/** The orders a search of `register` may name: relevance first when its keyword has words; tenders also by deadline. */
export const sortOrdersOf = (keyword: string | undefined, register: Register = TENDERS): readonly string[] => [
  ...(hasWords(keyword) ? [RELEVANCE] : []),
  ...SORT_ORDERS,
  ...(register.tenderFilters ? [DEADLINE_SORT] : []),
];

/** Array filters in their URL order, each with the test a value must pass (`status`: the register's). */
const ARRAYS = {
  status: (v: string) => v.length > 0 && v.length <= 64,
  procurementMethodType: (v: string) => (METHOD_TYPES as readonly string[]).includes(v),
  classification: (v: string) => /^\d{8}-\d$/.test(v),
  road: (v: string) => /^[\w.-]{1,64}$/.test(v),
  gmdn: (v: string) => /^[\w.-]{1,64}$/.test(v),
  inn: (v: string) => /^[\w.-]{1,64}$/.test(v),
  ccce_ua: (v: string) => /^[\w.-]{1,64}$/.test(v),
  organizer: (v: string) => /^[\w-]{1,32}$/.test(v),
  supplier: (v: string) => /^[\w-]{1,32}$/.test(v),
  fundManager: (v: string) => /^[\w-]{1,32}$/.test(v),
  funder: (v: string) => /^[\w.-]{1,64}$/.test(v),
  region: (v: string) => v.trim().length > 0 && v.length <= 100,
  tags: (v: string) => /^[\w.-]{1,64}$/.test(v),
  typeSubjectProcurement: (v: string) => (SUBJECT_TYPES as readonly string[]).includes(v),
  paymentType: (v: string) => (PAYMENT_TYPES as readonly string[]).includes(v),
  planYear: (v: string) => /^(19|20)\d{2}$/.test(v),
  // The red flags (issue 34): a code, or any of them.
  redFlag: (v: string) => /^(R\d{3}|any)$/.test(v),
} as const;
export type ArrayFilter = keyof typeof ARRAYS;
export const ARRAY_FILTERS = Object.keys(ARRAYS) as ArrayFilter[];

export const DATE_RANGES = [
  'publicationDate', 'enquiryPeriod', 'tenderPeriod', 'auctionPeriod', 'qualificationPeriod', 'plansPeriod', 'plansPublished', 'dateSigned',
] as const;
export type DateRange = (typeof DATE_RANGES)[number];

/** What a register searches and how its filters are named (one codec, one form, three registers). */
export interface Register {
  name: 'tenders' | 'plans' | 'contracts';
  /** The upstream search. */
  api: string;
  statuses: readonly string[];
  /** Its array filters (`status` included), a subset of the codec's, in the codec's order. */
  arrays: readonly ArrayFilter[];
  /** The query name of its value range. */
  value: 'valueAmount' | 'valueBudget' | 'valueSum';
  dates: readonly DateRange[];
  /**
   * Whether it has the tenders' own filters and order: `acceptingBids`,
   * `hasActiveMonitoring`, `testMode` and the deadline order (the search form shows its
   * subject and payment types by it too). Tenders only.
   */
  tenderFilters: boolean;
}

export const TENDERS: Register = {
  name: 'tenders',
  api: '/api/tenders',
  statuses: TENDER_STATUSES,
  arrays: [
    'status', 'procurementMethodType', 'classification', 'road', 'gmdn', 'inn', 'ccce_ua', 'organizer', 'supplier',
    'fundManager', 'funder', 'region', 'tags', 'typeSubjectProcurement', 'paymentType', 'redFlag',
  ],
  value: 'valueAmount',
  dates: ['publicationDate', 'enquiryPeriod', 'tenderPeriod', 'auctionPeriod', 'qualificationPeriod'],
  tenderFilters: true,
};

export const PLANS: Register = {
  name: 'plans',
  api: '/api/plans',
  statuses: PLAN_STATUSES,
  arrays: ['status', 'procurementMethodType', 'classification', 'organizer', 'funder', 'region', 'planYear'],
  value: 'valueBudget',
  dates: ['plansPeriod', 'plansPublished'],
  tenderFilters: false,
};

export const CONTRACTS: Register = {
  name: 'contracts',
  api: '/api/contracts',
  statuses: CONTRACT_STATUSES,
  arrays: ['status', 'classification', 'organizer', 'supplier', 'region'],
  value: 'valueSum',
  dates: ['dateSigned'],
  tenderFilters: false,
};

export interface Range<T> {
  from?: T;
  to?: T;
}

export interface SearchFilters {
  keyword?: string;
  /** `exact=1`: the keyword's words as typed, no typo fallback (only with words in the keyword). */
  exact?: boolean;
  arrays: Partial<Record<ArrayFilter, string[]>>;
  /** The register's value range (`valueAmount`, `valueBudget` or `valueSum` in the URL). */
  value: Range<number>;
  dates: Partial<Record<DateRange, Range<string>>>;
  /** `acceptingBids=true`: only tenders that take bids now (their deadline is ahead). */
  acceptingBids?: boolean;
  hasActiveMonitoring?: boolean;
  testMode?: boolean;
  /** One of `sortOrdersOf(keyword)`; the default is `defaultSort(keyword)`. */
  sortOrder: string;
  page: number;
  perPage: number;
}

export function emptyFilters(): SearchFilters {
  return { arrays: {}, value: {}, dates: {}, sortOrder: DEFAULT_SORT, page: 1, perPage: DEFAULT_PER_PAGE };
}

/** All values of `name` whether sent as `name`, `name[]` or `name[3]`, in index order. */
function arrayValues(query: URLSearchParams, name: string): string[] {
  const indexed: Array<[number, string]> = [];
  const plain: string[] = [];
  const pattern = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\[(\\d*)\\]$`);
  query.forEach((value, key) => {
    if (key === name) plain.push(value);
    const m = pattern.exec(key);
    if (m) indexed.push([m[1] === '' ? Number.MAX_SAFE_INTEGER : Number(m[1]), value]);
  });
  indexed.sort((a, b) => a[0] - b[0]);
  return [...plain, ...indexed.map(([, v]) => v)];
}

function isDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

function parseAmount(v: string | null): number | undefined {
  if (v == null || v.trim() === '') return undefined;
  const cleaned = cleanNumericInput(v);
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return undefined;
  const n = Number(cleaned);
  // Only what `String(n)` writes as plain decimals (not `1e+21`, not `1e-7`), so the
  // canonical query reads back as the same amount.
  return Number.isFinite(n) && /^\d+(\.\d+)?$/.test(String(n)) ? n : undefined;
}

function parseBoolean(v: string | null): boolean | undefined {
  return v === 'true' ? true : v === 'false' ? false : undefined;
}

export interface CodecOptions {
  /** `testMode` is honoured only when the configuration enables it (SPEC §4). */
  allowTestMode: boolean;
  /** Whose filters (default: tenders). */
  register?: Register;
}

export function parseFilters(query: URLSearchParams, options: CodecOptions): SearchFilters {
  const register = options.register ?? TENDERS;
  const f = emptyFilters();
  const keyword = cutText(query.get('keyword') ?? '', 200);
  if (keyword) f.keyword = keyword;
  if (parseExact(query, keyword)) f.exact = true;
  for (const name of register.arrays) {
    const test = name === 'status' ? (v: string) => register.statuses.includes(v) : ARRAYS[name];
    const valid = [...new Set(arrayValues(query, name).map((v) => v.trim()).filter(test))].sort();
    if (valid.length) f.arrays[name] = valid.slice(0, 50);
  }
  const from = parseAmount(query.get(`${register.value}[from]`));
  const to = parseAmount(query.get(`${register.value}[to]`));
  if (from !== undefined) f.value.from = from;
  if (to !== undefined && (from === undefined || to >= from)) f.value.to = to;
  for (const name of register.dates) {
    const range: Range<string> = {};
    const a = query.get(`${name}[from]`);
    const b = query.get(`${name}[to]`);
    if (a && isDate(a)) range.from = a;
    if (b && isDate(b) && (!range.from || b >= range.from)) range.to = b;
    if (range.from || range.to) f.dates[name] = range;
  }
  if (register.tenderFilters && query.get('acceptingBids') === 'true') f.acceptingBids = true;
  const monitoring = parseBoolean(query.get('hasActiveMonitoring'));
  if (register.tenderFilters && monitoring !== undefined) f.hasActiveMonitoring = monitoring;
  const test = parseBoolean(query.get('testMode'));
  if (register.tenderFilters && options.allowTestMode && test !== undefined) f.testMode = test;
  const sort = query.get('sortOrder') ?? '';
  f.sortOrder = sortOrdersOf(keyword, register).includes(sort) ? sort : defaultSort(keyword);
  const perPage = Number(query.get('perPage'));
  if ((PER_PAGE as readonly number[]).includes(perPage)) f.perPage = perPage;
  const page = Number(query.get('page'));
  if (Number.isInteger(page) && page >= 1) f.page = Math.min(page, Math.floor(RESULT_WINDOW / f.perPage));
  return f;
}

export interface SerializeOptions {
  /** `perPage` and `page` (default true). */
  withPaging?: boolean;
  /** `sortOrder` when it is not the search's default (default true; a feed's query has none). */
  withSort?: boolean;
  register?: Register;
  /** The upstream's spelling (`exact=true`), without sort: `searchApiPath` adds it. */
  api?: boolean;
}

/**
 * The normalised query string (no leading `?`); `''` for the default search. Filters
 * hold only what `parseFilters` of the same register let through.
 */
export function serializeFilters(f: SearchFilters, { api = false, withPaging = true, withSort = !api, register = TENDERS }: SerializeOptions = {}): string {
  const parts: string[] = [];
  // Keys too: `[` and `]` are not allowed in a URL's query (`status%5B0%5D=complete`).
  const add = (k: string, v: string | number | boolean) => parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  if (f.keyword) add('keyword', f.keyword);
  if (f.exact && hasWords(f.keyword)) add('exact', api ? 'true' : 1);
  for (const name of ARRAY_FILTERS) {
    (f.arrays[name] ?? []).forEach((v, i) => add(`${name}[${i}]`, v));
  }
  if (f.value.from !== undefined) add(`${register.value}[from]`, f.value.from);
  if (f.value.to !== undefined) add(`${register.value}[to]`, f.value.to);
  for (const name of DATE_RANGES) {
    const r = f.dates[name];
    if (r?.from) add(`${name}[from]`, r.from);
    if (r?.to) add(`${name}[to]`, r.to);
  }
  if (f.acceptingBids) add('acceptingBids', true);
  if (f.hasActiveMonitoring !== undefined) add('hasActiveMonitoring', f.hasActiveMonitoring);
  if (f.testMode !== undefined) add('testMode', f.testMode);
  const sort = sortOf(f);
  if (withSort && sort !== defaultSort(f.keyword)) add('sortOrder', sort);
  if (withPaging && f.perPage !== DEFAULT_PER_PAGE) add('perPage', f.perPage);
  if (withPaging && f.page !== 1) add('page', f.page);
  return parts.join('&');
}

/** The order `f` is searched in: relevance without words in the keyword is the default. */
const sortOf = (f: SearchFilters): string => (f.sortOrder === RELEVANCE && !hasWords(f.keyword) ? DEFAULT_SORT : f.sortOrder);

/**
 * The upstream search request for these filters: paging and order always explicit
 * (`sortOrder=relevance` too: the upstream's own default could differ from ours).
 */
export function searchApiPath(f: SearchFilters, register: Register = TENDERS): string {
  const q = serializeFilters(f, { withPaging: false, register, api: true });
  const paging = `page=${f.page}&perPage=${f.perPage}&sortOrder=${encodeURIComponent(sortOf(f))}`;
  return `${register.api}?${q ? `${q}&` : ''}${paging}`;
}

export function withPage(f: SearchFilters, page: number): SearchFilters {
  return { ...f, page };
}

/**
 * How many of the folded filter panel's choices are made (its summary says so): each
 * checked code, each end of a range, the monitoring and test choices. The keyword, the
 * "accepting bids" box, the order and the page size are in sight outside the panel.
 */
export function activeFilterCount(f: SearchFilters): number {
  let n = 0;
  for (const values of Object.values(f.arrays)) n += values?.length ?? 0;
  for (const range of [f.value, ...Object.values(f.dates)]) n += Number(range?.from !== undefined) + Number(range?.to !== undefined);
  return n + Number(f.hasActiveMonitoring !== undefined) + Number(f.testMode !== undefined);
}

