/** `/tenders/external/{tenderId}`: a tender read from the central database. */
import type { PageModule } from '../../routes/types';

export const externalTender: PageModule = {
  name: 'externalTender',
  page: { load: () => import('./ExternalTender') },
  fetches: ({ params }) => [{ key: 'external', service: 'cdb', path: `/tenders/${encodeURIComponent(params.tenderId ?? '')}` }],
  required: ['external'],
  // Title, description and JSON-LD: `meta.ts`, exported by the page's chunk.
};
