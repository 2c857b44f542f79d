/**
 * Head tags of the external tender view: the tender page's, its title marked as read
 * from the central database. In the page's chunk (`PageChunk`), like the tender page's.
 */
import type { JsonLd, Meta } from '../../routes/types';
import { dataOf } from '../../lib/data';
import { tenderDescription, tenderJsonLd, tenderTitle } from '../Tender/meta';
import { externalTenderOf } from './data';

export const meta: Meta = (ctx, t) => {
  const tender = dataOf(ctx, 'external', externalTenderOf);
  if (!tender) return null;
  return { title: t('pages.externalTender.titleOf', { title: tenderTitle(tender, t) }), description: tenderDescription(tender, t) };
};

export const jsonLd: JsonLd = (ctx, canonical) => {
  const tender = dataOf(ctx, 'external', externalTenderOf);
  return tender ? tenderJsonLd(tender, canonical) : null;
};
