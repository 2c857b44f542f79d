/** The Market catalogue's home (`Market.tsx`); what the Market's pages share is in `market/`. */
import type { RouteModule } from '../../lib/routeModule';
import { FETCHED_BY_THE_SERVER } from '../../lib/routeModule';
import { marketFetches } from '../../market/fetches.server';

/** `/market`. `?open=<CPV>` opens that node of the classification tree (and its parents) without JavaScript. */
export const market: RouteModule = {
  name: 'market',
  page: { load: () => import('./Market') },
  fetches: __SERVER__ ? marketFetches : FETCHED_BY_THE_SERVER,
  required: ['classifications'],
  // Which tree nodes are open is not another page.
  canonicalQuery: () => '',
};
