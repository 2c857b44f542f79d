/**
 * Title and description of the monitoring page: its id, its tender's, and once the
 * monitoring is there its status and the tender's title. In the page's chunk (`PageChunk`).
 */
import type { Meta } from '../../routes/types';
import { dataOf } from '../../lib/data';
import { codeLabel } from '../../lib/enums';
import type { Tender } from '../Tender/types';
import { monitoredTenderId } from './route';
import type { Monitoring } from './types';

export const meta: Meta = (ctx, t) => {
  const m = dataOf<Monitoring>(ctx, 'monitoring');
  const id = m?.monitoring_id ?? ctx.params.id;
  const tenderId = monitoredTenderId(ctx) ?? ctx.params.tenderId;
  const title = t('pages.monitoring.title', { id, tenderId });
  if (!m) return { title, description: t('pages.monitoring.description', { id, tenderId }) };
  return {
    title,
    description: t('pages.monitoring.summary', {
      id,
      tenderId,
      status: m.status ? codeLabel(t, 'monitoring.status', m.status) : '',
      tenderTitle: dataOf<Tender>(ctx, 'tender')?.title ?? '',
    }),
  };
};
