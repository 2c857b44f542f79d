/** `/tenders/external/{tenderId}`: a tender read from the central database. */
import type { PageModule } from '../../lib/pageModule';
import { noDotSegments } from '../../lib/guards';

export const externalTender: PageModule = {
  name: 'externalTender',
  page: { load: () => import('./ExternalTender') },
  guard: noDotSegments('tenderId'),
  fetches: ({ params }) => [{ key: 'external', service: 'cdb', path: `/tenders/${encodeURIComponent(params.tenderId ?? '')}` }],
  required: ['external'],
  // Title, description and JSON-LD: `meta.ts`, exported by the page's chunk.
};
