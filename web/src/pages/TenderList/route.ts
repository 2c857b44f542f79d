/** Home and /tenders: the tender search with its state in the URL (one page, two names). */
import type { RouteContext, PageModule } from '../../routes/types';
import type { FetchSpec } from '../../contract';
import { parseFilters, searchApiPath, serializeFilters } from '../../lib/filters';
import { LABELS_MAX_AGE, labelFetches } from '../../lib/classifiers';
import TenderList from './TenderList';

const filtersOf = (ctx: RouteContext) => parseFilters(ctx.query, { allowTestMode: ctx.input.config.features.testMode });

const search: Omit<PageModule, 'name'> = {
  page: TenderList,
  fetches: (ctx): FetchSpec[] => {
    const filters = filtersOf(ctx);
    return [
      { key: 'tenders', service: 'search', path: searchApiPath(filters) },
      // Names of the codes in the URL (SPEC §7 searchId[] / id[] lookups) and the short lists.
      ...labelFetches(filters),
      { key: 'tags', service: 'search', path: '/api/tags?page=1&perPage=100', maxAge: LABELS_MAX_AGE },
      { key: 'funders', service: 'search', path: '/api/tender_funders?page=1&perPage=100', maxAge: LABELS_MAX_AGE },
    ];
  },
  required: ['tenders'],
  canonicalQuery: (ctx) => serializeFilters(filtersOf(ctx)),
};

export const home: PageModule = { name: 'home', ...search };
export const tenderList: PageModule = { name: 'tenderList', ...search };
