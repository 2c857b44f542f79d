/**
 * Head tags of the external tender view: the tender page's, its title marked as read
 * from the central database. In the page's chunk (`PageChunk`), like the tender page's.
 */
import type { Meta, PageChunk } from '../../lib/routeModule';
import { dataOf } from '../../lib/data';
import { tenderDescription, tenderJsonLd, tenderTitle, tenderTrail } from '../Tender/meta';
import { externalTenderOf } from './data';

export const meta: Meta = (ctx, t) => {
  const tender = dataOf(ctx, 'external', externalTenderOf);
  if (!tender) return null;
  return { title: t('pages.externalTender.titleOf', { title: tenderTitle(tender, t) }), description: tenderDescription(tender, t) };
};

/** The tender's JSON-LD, with the trail from the tender search to this view (the server's only). */
export const jsonLd: PageChunk['jsonLd'] = __SERVER__
  ? (ctx, canonical, t) => {
      const tender = dataOf(ctx, 'external', externalTenderOf);
      return tender ? tenderJsonLd(tender, canonical, tenderTrail(tender, ctx, canonical, t)) : null;
    }
  : undefined;
