/**
 * What a register's search asks the upstream for, and its canonical query: the filter
 * codec (`lib/filters.ts`) read for one search page. Not in the main bundle: the server
 * bundle's route module uses it for `fetches` (behind `__SERVER__`), and the page's chunk
 * for the form and the canonical link.
 */
import type { Redirect, RouteContext } from '../../lib/routeModule';
import type { FetchSpec } from '../../contract';
import { CONTRACTS, PLANS, TENDERS, parseFilters, searchApiPath, serializeFilters, type Register } from '../../lib/filters';
import { LABELS_MAX_AGE, labelFetches } from '../../lib/classifiers';
import { CPV_NAMES } from '../../components/Classifications/englishNames';
import { membersOf } from '../../records/collection';

/** The register a search page searches, by its page name. */
export const registerOf = (name: string): Register => (name === 'planList' ? PLANS : name === 'contractList' ? CONTRACTS : TENDERS);

export const filtersOf = (ctx: Pick<RouteContext, 'query' | 'input'>, register: Register) =>
  parseFilters(ctx.query, { allowTestMode: ctx.input.config.features.testMode, register });

/** The short lists a register's filters pick from: tags (tenders) and funders (tenders, plans). */
const LISTS: Record<Register['name'], FetchSpec[]> = {
  tenders: [
    { key: 'tags', service: 'search', path: '/api/tags?page=1&perPage=100', maxAge: LABELS_MAX_AGE },
    { key: 'funders', service: 'search', path: '/api/tender_funders?page=1&perPage=100', maxAge: LABELS_MAX_AGE },
  ],
  plans: [{ key: 'funders', service: 'search', path: '/api/tender_funders?page=1&perPage=100', maxAge: LABELS_MAX_AGE }],
  contracts: [],
};

/** An EDRPOU (8 digits) or a taxpayer number (10): a keyword that may name an organisation. */
export const ORGANISATION_CODE = /^\d{8}(\d{2})?$/;

/**
 * For a keyword that is an organisation's code: whether a buyer and a supplier have it
 * (the search offers their pages above the results). Answers that fail leave it out.
 */
/** Labels people type before an organisation's code («ЄДРПОУ 12345678», «код: …», «ІПН …»). */
const ORGANISATION_LABEL = /^(?:єдрпоу|едрпоу|edrpou|код|code|іпн|ипн|инн|ipn|рнокпп|rnokpp)[\s:№#]*/iu;

/** The organisation's code a keyword is, labelled or not; empty when it is none. */
export const organisationCodeOf = (keyword: string | undefined): string => {
  const code = (keyword ?? '').trim().replace(ORGANISATION_LABEL, '').trim();
  return ORGANISATION_CODE.test(code) ? code : '';
};

const organisationFetches = (keyword: string | undefined): FetchSpec[] => {
  const code = organisationCodeOf(keyword);
  if (!ORGANISATION_CODE.test(code)) return [];
  return [
    { key: 'buyerOf', service: 'search', path: `/api/tender_identifiers?id%5B%5D=${code}&perPage=1` },
    { key: 'supplierOf', service: 'search', path: `/api/contract_suppliers?id%5B%5D=${code}&perPage=1` },
  ];
};

/**
 * Under /en, the English names of the CPV codes the cards show (each result's own
 * classification, else its first item's): records carry Ukrainian descriptions only.
 * One classifier request for the whole page, made once the results are in.
 */
const englishCpvNames = (language: string, register: Register): FetchSpec[] =>
  language === 'en'
    ? [{
        key: CPV_NAMES, service: 'search', after: register.name, maxAge: LABELS_MAX_AGE,
        path: '/api/classifications?scheme=classification&page=1&perPage=100'
          + '&searchId[]={/hydra:member/*/classification/id}&searchId[]={/hydra:member/*/items/0/classification/id}',
      }]
    : [];

/** The search of the page `name`, the names of the codes in its URL, and the short lists. */
export const searchFetches =
  (name: string) =>
  (ctx: RouteContext): FetchSpec[] => {
    const register = registerOf(name);
    const filters = filtersOf(ctx, register);
    return [
      { key: register.name, service: 'search', path: searchApiPath(filters, register) },
      ...englishCpvNames(ctx.input.language, register),
      ...organisationFetches(filters.keyword),
      // Names of the codes in the URL (SPEC §7 searchId[] / id[] lookups) and the short lists.
      ...labelFetches(filters, register),
      ...LISTS[register.name],
      // How current the data is (`components/Freshness`, the line under the count).
      { key: 'freshness', service: 'search', path: '/api/freshness', maxAge: 5 },
    ];
  };

/**
 * The normalised query string of the search page `name` (its canonical link). It names
 * the order the page shows: `sortOrder` only when it is not the search's default
 * (relevance for a keyword with words, else `dateCreated.desc`), so `?keyword=x` is the
 * relevance order and `?keyword=x&sortOrder=dateCreated.desc` the newest first.
 */
export const searchCanonicalQuery = (ctx: RouteContext, name: string): string => {
  const register = registerOf(name);
  return serializeFilters(filtersOf(ctx, register), { register });
};

/** Human ids by the register whose records carry them (the platform's patterns). */
const ID_PATTERNS: Array<[Register['name'], RegExp]> = [
  ['plans', /^UA-P-\d{4}-\d{2}-\d{2}-\d{6}-[a-z]$/i],
  ['contracts', /^UA-\d{4}-\d{2}-\d{2}-\d{6}-[a-z]-[a-z]\d+$/i],
  ['tenders', /^UA-\d{4}-\d{2}-\d{2}-\d{6}-[a-z]$/i],
];

/** A record's own human id in its register (a contract also carries its tender's `tenderID`). */
const ownKey = (m: Record<string, unknown>, register: Register): unknown =>
  register.name === 'contracts' ? m.contractID : register.name === 'plans' ? m.planID : m.tenderID;

const TENDER_ID = ID_PATTERNS.find(([name]) => name === 'tenders')?.[1] as RegExp;

/**
 * The page of the record a keyword names exactly, if it names one: a tender, plan or
 * contract id (`UA-…`) goes to its record's page whatever register was searched, and a
 * keyword equal to the id (32-hex or human) of a result of this search goes to that
 * result. A tender's id in the contracts search leads to the tender's contracts: its one
 * contract's page, or the list of them (no redirect). Used by the form before searching
 * (`members` null) and once the answer is there.
 */
export function recordOfKeyword(
  keyword: string | undefined,
  register: Register,
  members: Array<Record<string, unknown>> | null,
): string | null {
  const word = keyword?.trim() ?? '';
  if (!word) return null;
  const same = (v: unknown) => typeof v === 'string' && v.toLowerCase() === word.toLowerCase();
  const page = (m: Record<string, unknown>) => {
    const key = ownKey(m, register) ?? m.id;
    return typeof key === 'string' ? `/${register.name}/${encodeURIComponent(key)}` : null;
  };
  const found = members?.find((m) => same(m.id) || same(ownKey(m, register)));
  if (found) return page(found);
  if (register.name === 'contracts' && TENDER_ID.test(word)) {
    // The tender's contracts: one is its page; several (or none yet) are the search's list.
    const prefix = `${word.toLowerCase()}-`;
    const ofTender = members?.filter((m) => same(m.tenderID) || (typeof m.contractID === 'string' && m.contractID.toLowerCase().startsWith(prefix))) ?? [];
    return ofTender.length === 1 ? page(ofTender[0]) : null;
  }
  const named = ID_PATTERNS.find(([, pattern]) => pattern.test(word));
  // Without the answer (`members` null: the form, before searching) any id goes to its
  // page; with it, a search of the id's own register that found no such record means
  // its page is not there either.
  if (!named || (members && named[0] === register.name)) return null;
  return `/${named[0]}/${encodeURIComponent(word)}`;
}

/** The redirect of a search whose keyword names a record (`recordOfKeyword`), server side. */
export const keywordRedirect =
  (name: string) =>
  (ctx: RouteContext): Redirect | null => {
    const register = registerOf(name);
    const filters = filtersOf(ctx, register);
    const answer = ctx.input.data[register.name];
    const members = answer?.ok ? membersOf<Record<string, unknown>>(answer.body) : [];
    const to = recordOfKeyword(filters.keyword, register, members);
    return to ? { redirect: to, status: 302 } : null;
  };
