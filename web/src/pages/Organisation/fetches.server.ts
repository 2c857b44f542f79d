/**
 * The upstream requests of an organisation's page (server only, decision 0011): its
 * newest tenders, plans and contracts (which also name it), and the aggregations that
 * its totals and charts are drawn from (`/api/aggregate/…`, `upstream/API.md`). A buyer
 * is the `organizer[]` of tenders, plans and contracts; a supplier the `supplier[]` of
 * tenders (active awards) and contracts, and its split by procedure, CPV division and
 * buyer is that of its contracts.
 *
 * Red flags: those the organisation's tenders raise (`by=redFlag`), and for a buyer
 * those of all tenders of the procedure types it used, once its own split by procedure
 * is in (`after`; one `procurementMethodType[]` per type). A search service that
 * computes no red flags answers 400: the page then shows none.
 */
import type { FetchSpec } from '../../contract';
import type { RouteContext } from '../../lib/routeModule';
import { followStatus } from '../../lib/follow';

/** Newest records listed per register. */
export const NEWEST = 5;
/** Buyers listed on a supplier's page. */
export const BUYERS = 20;
/** Seconds the red flags of all tenders of a set of procedure types are reused (the same for many buyers). */
export const METHOD_RED_FLAGS_MAX_AGE = 600;

export const organisationFetches =
  (role: 'buyer' | 'supplier') =>
  ({ params, input }: RouteContext): FetchSpec[] => {
    const filter = `${role === 'buyer' ? 'organizer' : 'supplier'}%5B0%5D=${encodeURIComponent(params.edrpou ?? '')}`;
    const search = (register: string, sort: string): FetchSpec => ({
      key: register,
      service: 'search',
      path: `/api/${register}?${filter}&perPage=${NEWEST}&sortOrder=${sort}`,
    });
    const aggregate = (key: string, register: string, by: string, limit = 100): FetchSpec => ({
      key,
      service: 'search',
      path: `/api/aggregate/${register}?${filter}&by=${by}&limit=${limit}`,
    });
    const split = role === 'buyer' ? 'tenders' : 'contracts';
    // A buyer's `methods` are its tenders' procedure types.
    const methodRedFlags: FetchSpec = {
      key: 'methodRedFlags',
      service: 'search',
      after: 'methods',
      path: '/api/aggregate/tenders?procurementMethodType[]={/groups/*/key}&by=redFlag',
      maxAge: METHOD_RED_FLAGS_MAX_AGE,
    };
    return [
      search('tenders', 'dateCreated.desc'),
      ...(role === 'buyer' ? [search('plans', 'publicationDate.desc'), aggregate('planYears', 'plans', 'year')] : []),
      search('contracts', 'publicationDate.desc'),
      aggregate('tenderYears', 'tenders', 'year'),
      aggregate('contractYears', 'contracts', 'year'),
      aggregate('methods', split, 'procurementMethodType'),
      aggregate('divisions', split, 'division'),
      ...(role === 'supplier' ? [aggregate('buyers', 'contracts', 'buyer', BUYERS)] : []),
      aggregate('redFlags', 'tenders', 'redFlag'),
      ...(role === 'buyer' ? [methodRedFlags] : []),
      { key: 'divisionNames', service: 'search', path: '/api/classifications?scheme=classification&page=1&perPage=100', maxAge: 600 },
      // Whether a logged-in visitor follows the buyer (`lib/follow.ts`).
      ...(role === 'buyer' && input.session ? [followStatus('buyers', undefined, params.edrpou ?? '')] : []),
    ];
  };
