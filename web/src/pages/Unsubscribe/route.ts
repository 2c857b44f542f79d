/**
 * `/alerts/unsubscribe?id=&token=`: the link in every saved-search alert. Without a
 * login, it shows the search and a button that turns its alerts off (a link alone
 * changes nothing: mail scanners open links). A wrong token is the 404 page.
 */
import type { FetchSpec } from '../../contract';
import { FETCHED_BY_THE_SERVER, type RouteModule, type RouteContext } from '../../lib/routeModule';

// An id that is not one asks for search 0, which does not exist: the 404 page.
const fetchesOf = ({ query }: RouteContext): FetchSpec[] => [{
  key: 'search',
  service: 'users',
  path: `/api/saved-searches/${/^\d{1,18}$/.test(query.get('id') ?? '') ? query.get('id') : 0}/unsubscribe?token=${encodeURIComponent(query.get('token') ?? '')}`,
}];

export const unsubscribe: RouteModule = {
  name: 'unsubscribe',
  page: { load: () => import('./Unsubscribe') },
  fetches: __SERVER__ ? fetchesOf : FETCHED_BY_THE_SERVER,
  required: ['search'],
  forms: true,
  noindex: true,
};
