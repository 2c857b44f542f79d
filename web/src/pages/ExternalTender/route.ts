/** `/tenders/external/{tenderId}`: a tender read from the central database. */
import type { RouteModule } from '../../lib/routeModule';
import { FETCHED_BY_THE_SERVER } from '../../lib/routeModule';
import { noDotSegments } from '../../lib/guards';

export const externalTender: RouteModule = {
  name: 'externalTender',
  page: { load: () => import('./ExternalTender') },
  guard: noDotSegments('tenderId'),
  fetches: __SERVER__ ? ({ params }) => [{ key: 'external', service: 'cdb', path: `/tenders/${encodeURIComponent(params.tenderId ?? '')}` }] : FETCHED_BY_THE_SERVER,
  required: ['external'],
  // Title, description and JSON-LD: `meta.ts`, exported by the page's chunk.
};
