/** `/tenders/external/{tenderId}`: a tender read from the central database. */
import type { PageModule } from '../../routes/types';
import { dataOf } from '../../lib/data';
import { tenderDescription, tenderJsonLd, tenderTitle } from '../Tender/meta';
import { externalTenderOf } from './data';

export const externalTender: PageModule = {
  name: 'externalTender',
  page: { load: () => import('./ExternalTender') },
  fetches: ({ params }) => [{ key: 'external', service: 'cdb', path: `/tenders/${encodeURIComponent(params.tenderId ?? '')}` }],
  required: ['external'],
  meta: (ctx, t) => {
    const tender = dataOf(ctx, 'external', externalTenderOf);
    if (!tender) return null;
    return { title: t('pages.externalTender.titleOf', { title: tenderTitle(tender, t) }), description: tenderDescription(tender, t) };
  },
  jsonLd: (ctx, canonical) => {
    const tender = dataOf(ctx, 'external', externalTenderOf);
    return tender ? tenderJsonLd(tender, canonical) : null;
  },
};
