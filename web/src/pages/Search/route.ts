/**
 * The searches of the three registers, one page serving them all: home and `/tenders`
 * (tenders), `/plans`, `/contracts`. Their state lives in the URL, in one canonical
 * parameter order (`lib/filters.ts`).
 */
import type { PageModule, RouteContext } from '../../routes/types';
import type { FetchSpec } from '../../contract';
import { CONTRACTS, PLANS, TENDERS, parseFilters, searchApiPath, serializeFilters, type Register } from '../../lib/filters';
import { LABELS_MAX_AGE, labelFetches } from '../../lib/classifiers';
// In the main stylesheet, like the other split pages' styles: no unstyled flash while the chunk loads.
import '../../components/Picker/Picker.css';
import './Search.css';

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

function search(name: string): PageModule {
  const register = registerOf(name);
  return {
    name,
    page: { load: () => import('./Search') },
    fetches: (ctx): FetchSpec[] => {
      const filters = filtersOf(ctx, register);
      return [
        { key: register.name, service: 'search', path: searchApiPath(filters, register) },
        // Names of the codes in the URL (SPEC §7 searchId[] / id[] lookups) and the short lists.
        ...labelFetches(filters, register),
        ...LISTS[register.name],
      ];
    },
    required: [register.name],
    canonicalQuery: (ctx) => serializeFilters(filtersOf(ctx, register), { register }),
  };
}

export const home = search('home');
export const tenderList = search('tenderList');
export const planList = search('planList');
export const contractList = search('contractList');
