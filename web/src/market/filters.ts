/**
 * The filters of the Market catalogue's lists (SPEC §3, §9) and their one URL codec,
 * like `lib/filters.ts` for the registers: `parseMarketFilters` reads any query string (a GET
 * form's, a hand-written one) and lets through only what the search API accepts, within
 * bounds; `serializeMarketFilters` writes the normalised form (a fixed parameter order,
 * requirements sorted by title, values sorted and unique, defaults left out), so equal
 * filters have equal URLs, names and values percent-encoded (no raw `[` `]` in a URL).
 * That string is the canonical query of a catalogue page and, with the page's own link
 * filter and paging, the query of its upstream request.
 *
 * Product lists with words in their keyword are ordered by relevance unless they name
 * another order (and take `exact=1`, the search as typed); the others by popularity
 * (SPEC §9). As in `lib/filters.ts`, `sortOrder` is written only when it is not the default
 * of its list and keyword, so a canonical link names the order the page shows.
 *
 * Requirement filters are the indexed lists the upstream reads (`upstream/API.md`):
 * `textRequirements[i][requirement]` + `[values][j]`, `numberRequirements[i][requirement]`
 * + `[value]`, `[minValue]`, `[maxValue]`, `booleanRequirements[i][requirement]` + `[value]`.
 *
 * Not in the main bundle: the server's route modules use it for their requests, the pages'
 * chunks for their forms, links and canonical query.
 */
import { RELEVANCE, hasWords, parseExact } from '../lib/keyword';
import { RESULT_WINDOW } from '../lib/pagination';
import { cutText } from '../lib/text';

/** The lists of the catalogue a page reads. */
export type MarketList = 'categories' | 'profiles' | 'products';

export interface TextRequirement {
  requirement: string;
  values: string[];
}
export interface NumberRequirement {
  requirement: string;
  value?: number;
  minValue?: number;
  maxValue?: number;
}
export interface BooleanRequirement {
  requirement: string;
  value: boolean;
}

export interface MarketFilters {
  keyword?: string;
  /** `exact=1`: the keyword as typed, no typo fallback (product lists with words in the keyword). */
  exact?: boolean;
  /** `market_classification[]`: CPV codes of market classifications. */
  classifications: string[];
  /** `relatedCategoryId[]`. */
  categories: string[];
  /** `relatedProfileIds` (comma-separated). */
  profiles: string[];
  text: TextRequirement[];
  number: NumberRequirement[];
  boolean: BooleanRequirement[];
  /** One of `marketSorts(list, keyword)`; the default is `marketDefaultSort(list, keyword)`. */
  sortOrder: string;
  page: number;
}

/** Which filters a page takes: its list, and the link and requirement filters it shows. */
export interface MarketScope {
  list: MarketList;
  /** `market_classification`, `relatedCategoryId`, `relatedProfileIds` from the URL. */
  links: ReadonlyArray<'classifications' | 'categories' | 'profiles'>;
  requirements: boolean;
}

export const CATEGORY_LIST: MarketScope = { list: 'categories', links: ['classifications'], requirements: false };
export const PROFILE_LIST: MarketScope = { list: 'profiles', links: ['classifications', 'categories'], requirements: false };
export const PRODUCT_LIST: MarketScope = { list: 'products', links: ['classifications', 'categories', 'profiles'], requirements: false };
/** A category's or a profile's products: the link is the page's path, the filters its requirements. */
export const REQUIREMENT_PRODUCTS: MarketScope = { list: 'products', links: [], requirements: true };

/** The scope of a catalogue page, by its name (`categoryList`, `profileList`, `productList`; else a record's products). */
export const scopeOf = (name: string): MarketScope =>
  name === 'categoryList' ? CATEGORY_LIST : name === 'profileList' ? PROFILE_LIST : name === 'productList' ? PRODUCT_LIST : REQUIREMENT_PRODUCTS;

/** SPEC §9: 24 per page sorted by popularity; profiles 20 per page. */
export const marketPerPage = (list: MarketList): number => (list === 'profiles' ? 20 : 24);
export const MARKET_DEFAULT_SORT = 'popularity.desc';
const SORTS = [MARKET_DEFAULT_SORT, 'dateModified.desc', 'title.asc'];
const PRICE_SORTS = ['value.asc', 'value.desc'];
/** Whether a list of `list` with `keyword` is searched by relevance: products with words in the keyword. */
const ranked = (list: MarketList, keyword: string | undefined) => list === 'products' && hasWords(keyword);
/**
 * The sort orders of a list (the upstream sorts products by price too, and a keyword's
 * products by relevance).
 */
export const marketSorts = (list: MarketList, keyword?: string): string[] =>
  list === 'products' ? (ranked(list, keyword) ? [RELEVANCE] : []).concat(SORTS, PRICE_SORTS) : SORTS;
/** The order of a list that names none: relevance for a keyword's products, else popularity. */
export const marketDefaultSort = (list: MarketList, keyword: string | undefined): string =>
  ranked(list, keyword) ? RELEVANCE : MARKET_DEFAULT_SORT;

/** Bounds of what a URL may ask: requirements per kind, values per requirement, lengths. */
export const MAX_REQUIREMENTS = 30;
export const MAX_VALUES = 30;
export const MAX_LINKS = 20;
const MAX_TEXT = 200;

/** A CPV code, or its eight digits (a market classification's id). */
export const CPV_CODE = /^\d{8}(-\d)?$/;
/** A catalogue id (category, profile): no commas (the upstream splits on them), no spaces, not `.` or `..`. */
export const MARKET_ID = /^(?!\.\.?$)[\w.-]{1,100}$/;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const text = (v: string | null | undefined): string | undefined => {
  const s = v?.trim();
  return s && s.length <= MAX_TEXT ? s : undefined;
};

function parseNumber(v: string | undefined): number | undefined {
  // Grouping spaces go and a decimal comma is a dot (SPEC §5, as the upstream reads it); then
  // plain decimals only: what `String(n)` writes back unchanged (no `1e5`, no units).
  const s = (v ?? '').replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  return /^-?\d{1,12}(\.\d{1,6})?$/.test(s) ? Number(s) : undefined;
}

/** `name`, `name[]` and `name[i]` values, trimmed, valid, unique, sorted, bounded. */
function links(query: URLSearchParams, name: string, test: RegExp): string[] {
  const out = new Set<string>();
  query.forEach((value, key) => {
    if (key === name || key.startsWith(`${name}[`)) {
      for (const v of value.split(',')) if (test.test(v.trim())) out.add(v.trim());
    }
  });
  return [...out].sort(byText).slice(0, MAX_LINKS);
}

const REQUIREMENT = /^(text|number|boolean)Requirements\[(\d{1,4})\]\[(requirement|values|value|minValue|maxValue)\](\[\d{0,4}\])?$/;

type Entry = { requirement?: string; values: string[]; value?: string; minValue?: string; maxValue?: string };

/** The requirement entries of a query, by kind, as sent (index order does not matter). */
function requirementEntries(query: URLSearchParams): Record<'text' | 'number' | 'boolean', Entry[]> {
  const groups = new Map<string, Entry>();
  query.forEach((value, key) => {
    const m = REQUIREMENT.exec(key);
    if (!m) return;
    const id = `${m[1]}|${m[2]}`;
    let entry = groups.get(id);
    if (!entry) groups.set(id, (entry = { values: [] }));
    // Only `values` is a list (`[values][j]` or `[values][]`); the other fields are single.
    if (m[3] === 'values') entry.values.push(value);
    else if (m[4] === undefined) entry[m[3] as 'requirement' | 'value' | 'minValue' | 'maxValue'] = value;
  });
  const out: Record<'text' | 'number' | 'boolean', Entry[]> = { text: [], number: [], boolean: [] };
  groups.forEach((entry, id) => out[id.split('|')[0] as 'text'].push(entry));
  return out;
}

/** One entry per requirement title (the first), sorted by title, bounded. */
function normalise<T extends { requirement: string }>(list: T[], merge?: (into: T, from: T) => void): T[] {
  const byTitle = new Map<string, T>();
  for (const item of list) {
    const known = byTitle.get(item.requirement);
    if (!known) byTitle.set(item.requirement, item);
    else merge?.(known, item);
  }
  return [...byTitle.values()].sort((a, b) => byText(a.requirement, b.requirement)).slice(0, MAX_REQUIREMENTS);
}

export function emptyMarketFilters(): MarketFilters {
  return { classifications: [], categories: [], profiles: [], text: [], number: [], boolean: [], sortOrder: MARKET_DEFAULT_SORT, page: 1 };
}

/** Reads `query` for a page of `scope`: whatever the upstream would refuse is dropped. */
export function parseMarketFilters(query: URLSearchParams, scope: MarketScope): MarketFilters {
  const f = emptyMarketFilters();
  const keyword = cutText(query.get('keyword') ?? '', MAX_TEXT);
  if (keyword) f.keyword = keyword;
  if (scope.list === 'products' && parseExact(query, keyword)) f.exact = true;
  if (scope.links.includes('classifications')) f.classifications = links(query, 'market_classification', CPV_CODE);
  if (scope.links.includes('categories')) f.categories = links(query, 'relatedCategoryId', MARKET_ID);
  if (scope.links.includes('profiles')) f.profiles = links(query, 'relatedProfileIds', MARKET_ID);
  if (scope.requirements) {
    const entries = requirementEntries(query);
    const texts: TextRequirement[] = [];
    for (const e of entries.text) {
      const requirement = text(e.requirement);
      const values = [...new Set(e.values.map(text).filter((v): v is string => !!v))];
      if (requirement && values.length) texts.push({ requirement, values });
    }
    f.text = normalise(texts, (into, from) => into.values.push(...from.values));
    for (const t of f.text) t.values = [...new Set(t.values)].sort(byText).slice(0, MAX_VALUES);
    const numbers: NumberRequirement[] = [];
    for (const e of entries.number) {
      const requirement = text(e.requirement);
      const n: NumberRequirement = { requirement: requirement ?? '' };
      const value = parseNumber(e.value);
      const min = parseNumber(e.minValue);
      const max = parseNumber(e.maxValue);
      if (value !== undefined) n.value = value;
      if (min !== undefined) n.minValue = min;
      // The upstream refuses minValue above maxValue: the upper bound goes.
      if (max !== undefined && (min === undefined || max >= min)) n.maxValue = max;
      if (requirement && (value ?? min ?? n.maxValue) !== undefined) numbers.push(n);
    }
    f.number = normalise(numbers);
    const booleans: BooleanRequirement[] = [];
    for (const e of entries.boolean) {
      const requirement = text(e.requirement);
      const v = e.value?.trim();
      const value = v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : undefined;
      if (requirement && value !== undefined) booleans.push({ requirement, value });
    }
    f.boolean = normalise(booleans);
  }
  const sort = query.get('sortOrder') ?? '';
  f.sortOrder = marketSorts(scope.list, keyword).includes(sort) ? sort : marketDefaultSort(scope.list, keyword);
  const page = Number(query.get('page'));
  if (Number.isInteger(page) && page >= 1) f.page = Math.min(page, Math.floor(RESULT_WINDOW / marketPerPage(scope.list)));
  return f;
}

/**
 * The normalised query string (no leading `?`) of a page of `list`, `''` for the
 * defaults. `withPaging` false leaves out sort and page (the upstream request states them
 * itself); `api` writes the upstream's spelling (`exact=true`).
 */
export function serializeMarketFilters(f: MarketFilters, list: MarketList, withPaging = true, api = false): string {
  const parts: string[] = [];
  const add = (k: string, v: string | number | boolean) => parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  if (f.keyword) add('keyword', f.keyword);
  if (f.exact && ranked(list, f.keyword)) add('exact', api ? 'true' : 1);
  f.classifications.forEach((v, i) => add(`market_classification[${i}]`, v));
  f.categories.forEach((v, i) => add(`relatedCategoryId[${i}]`, v));
  if (f.profiles.length) add('relatedProfileIds', f.profiles.join(','));
  f.text.forEach((r, i) => {
    add(`textRequirements[${i}][requirement]`, r.requirement);
    r.values.forEach((v, j) => add(`textRequirements[${i}][values][${j}]`, v));
  });
  f.number.forEach((r, i) => {
    add(`numberRequirements[${i}][requirement]`, r.requirement);
    for (const k of ['value', 'minValue', 'maxValue'] as const) if (r[k] !== undefined) add(`numberRequirements[${i}][${k}]`, r[k]);
  });
  f.boolean.forEach((r, i) => {
    add(`booleanRequirements[${i}][requirement]`, r.requirement);
    add(`booleanRequirements[${i}][value]`, r.value);
  });
  if (withPaging && f.sortOrder !== marketDefaultSort(list, f.keyword)) add('sortOrder', f.sortOrder);
  if (withPaging && f.page !== 1) add('page', f.page);
  return parts.join('&');
}

/**
 * The upstream request of a list: the filters, the page's own link (`relatedCategoryId[0]=…`
 * on a category's page), and paging stated in full.
 */
export function marketApiPath(list: MarketList, f: MarketFilters, link = ''): string {
  const q = [link, serializeMarketFilters(f, list, false, true)].filter(Boolean).join('&');
  return `/api/${list}?${q ? `${q}&` : ''}page=${f.page}&perPage=${marketPerPage(list)}&sortOrder=${f.sortOrder}`;
}
