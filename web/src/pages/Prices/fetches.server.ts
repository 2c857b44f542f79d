/**
 * The upstream requests of a price page (server only, decision 0011): the prices of the
 * code and its children under the page's filters (`GET /api/prices/{cpv}`, the answer
 * the page requires), and from the classifier, beside it, the code's own entry (its
 * name, and its parent's id) found by its eight digits; once those are in, its parent's
 * entry and its children, for the trail and the links down. The classifier's answers
 * are kept an hour: the classifier changes with a release, not with the records.
 */
import type { FetchSpec } from '../../contract';
import type { RouteContext } from '../../lib/routeModule';
import { parsePriceFilters, priceQuery } from './query';

/** Observations listed per group (the upstream's default). */
export const RECENT = 20;
/** Seconds the classifier's answers are reused. */
const NAMES_MAX_AGE = 3600;

export function priceFetches({ params, query }: RouteContext): FetchSpec[] {
  const code = params.cpv ?? '';
  const filters = priceQuery(parsePriceFilters(query));
  const classifier = '/api/classifications?scheme=classification&page=1';
  return [
    { key: 'prices', service: 'search', path: `/api/prices/${encodeURIComponent(code)}?${filters ? `${filters}&` : ''}recent=${RECENT}` },
    // Eight digits are a substring of one id only (`33140000-3`): the code's own entry.
    { key: 'code', service: 'search', path: `${classifier}&perPage=5&keyword=${code.slice(0, 8)}`, maxAge: NAMES_MAX_AGE },
    { key: 'parent', service: 'search', path: `${classifier}&perPage=1&searchId[]={/hydra:member/0/parentId}`, after: 'code', maxAge: NAMES_MAX_AGE },
    { key: 'children', service: 'search', path: `${classifier}&perPage=100&parentId={/hydra:member/0/id}`, after: 'code', maxAge: NAMES_MAX_AGE },
  ];
}
