/**
 * Title and description of the monitoring page: its id, its tender's, and once the
 * monitoring is there its status and the tender's title; its JSON-LD is its trail (the
 * tender search, the tender, the monitoring). In the page's chunk (`PageChunk`).
 */
import type { Meta, PageChunk } from '../../lib/routeModule';
import { dataOf } from '../../lib/data';
import { codeLabel } from '../../lib/enums';
import { absoluteUrl, breadcrumbList, jsonLdDocument } from '../../lib/jsonld';
import { localized } from '../../records/parts';
import { tenderPath } from '../Tender/path';
import type { Tender } from '../../records/tender';
import { monitoredTenderId } from './monitoredTender';
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

/** The trail to the monitoring (the server's only): the tender search, its tender (titled when the tender answered), the monitoring. */
export const jsonLd: PageChunk['jsonLd'] = __SERVER__
  ? (ctx, canonical, t) => {
      const m = dataOf<Monitoring>(ctx, 'monitoring');
      const tenderId = monitoredTenderId(ctx);
      if (!m || !tenderId) return null;
      const tender = dataOf<Tender>(ctx, 'tender');
      const tenderName = (tender?.tenderID === tenderId && localized(tender, 'title', ctx.input.language)) || tenderId;
      const id = m.monitoring_id ?? ctx.params.id;
      return jsonLdDocument(
        breadcrumbList([
          { name: t('pages.tenderList.title'), url: absoluteUrl(ctx, '/tenders') },
          { name: tenderName, url: absoluteUrl(ctx, tenderPath(tenderId)) },
          { name: t('pages.monitoring.title', { id, tenderId }), url: canonical },
        ]),
      );
    }
  : undefined;
