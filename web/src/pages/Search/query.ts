/**
 * What a register's search asks the upstream for, and its canonical query: the filter
 * codec (`lib/filters.ts`) read for one search page. Not in the main bundle: the server
 * bundle's route module uses it for `fetches` (behind `__SERVER__`), and the page's chunk
 * for the form and the canonical link.
 */
import type { RouteContext } from '../../routes/types';
import type { FetchSpec } from '../../contract';
import { CONTRACTS, PLANS, TENDERS, parseFilters, searchApiPath, serializeFilters, type Register } from '../../lib/filters';
import { LABELS_MAX_AGE, labelFetches } from '../../lib/classifiers';

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

/** The search of the page `name`, the names of the codes in its URL, and the short lists. */
export const searchFetches =
  (name: string) =>
  (ctx: RouteContext): FetchSpec[] => {
    const register = registerOf(name);
    const filters = filtersOf(ctx, register);
    return [
      { key: register.name, service: 'search', path: searchApiPath(filters, register) },
      // Names of the codes in the URL (SPEC §7 searchId[] / id[] lookups) and the short lists.
      ...labelFetches(filters, register),
      ...LISTS[register.name],
    ];
  };

/** The normalised query string of the search page `name` (its canonical link). */
export const searchCanonicalQuery = (ctx: RouteContext, name: string): string => {
  const register = registerOf(name);
  return serializeFilters(filtersOf(ctx, register), { register });
};
