/**
 * The upstream requests of an organisation's page (server only, decision 0011): its
 * newest tenders, plans and contracts (which also name it), and the aggregations that
 * its totals and charts are drawn from (`/api/aggregate/…`, `upstream/API.md`). A buyer
 * is the `organizer[]` of tenders, plans and contracts; a supplier the `supplier[]` of
 * tenders (active awards) and contracts, and its split by procedure, CPV division and
 * buyer is that of its contracts.
 */
import type { FetchSpec } from '../../contract';
import type { RouteContext } from '../../lib/pageModule';

/** Newest records listed per register. */
export const NEWEST = 5;
/** Buyers listed on a supplier's page. */
export const BUYERS = 20;

export const organisationFetches =
  (role: 'buyer' | 'supplier') =>
  ({ params }: RouteContext): FetchSpec[] => {
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
    return [
      search('tenders', 'dateCreated.desc'),
      ...(role === 'buyer' ? [search('plans', 'publicationDate.desc'), aggregate('planYears', 'plans', 'year')] : []),
      search('contracts', 'publicationDate.desc'),
      aggregate('tenderYears', 'tenders', 'year'),
      aggregate('contractYears', 'contracts', 'year'),
      aggregate('methods', split, 'procurementMethodType'),
      aggregate('divisions', split, 'division'),
      ...(role === 'supplier' ? [aggregate('buyers', 'contracts', 'buyer', BUYERS)] : []),
      { key: 'divisionNames', service: 'search', path: '/api/classifications?scheme=classification&page=1&perPage=100', maxAge: 600 },
    ];
  };
