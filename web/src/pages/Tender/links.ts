/**
 * The tender page's machine-readable versions (`PageChunk.links`): its OCDS release
 * package and the Atom feed of its changes. Apart from `meta.ts`, which the external
 * tender's page shares: it has neither.
 */
import type { PageChunk } from '../../lib/routeModule';
import { dataOf } from '../../lib/data';
import { localizedPath } from '../../lib/paths';
import { tenderOcdsUrl } from '../../lib/machineUrls';
import type { Tender } from '../../records/tender';
import type { Language } from '../../contract';

/** The Atom feed of a tender's changes (`machine/changes.ts`): `/tenders/UA-2026-….atom` (`/en/…` in English). */
export const tenderFeedUrl = (tenderId: string, language: Language): string =>
  localizedPath(language, `/tenders/${encodeURIComponent(tenderId)}.atom`);

export const links: PageChunk['links'] = (ctx, _canonical, t) => {
  const id = dataOf<Tender>(ctx, 'tender')?.tenderID;
  const origin = ctx.input.config.publicOrigin.replace(/\/$/, '');
  return id ? [
    { rel: 'alternate', type: 'application/json', href: origin + tenderOcdsUrl(id), title: t('share.ocds', { id }) },
    { rel: 'alternate', type: 'application/atom+xml', href: origin + tenderFeedUrl(id, ctx.input.language), title: t('follow.feed.link.tenders', { id }) },
  ] : [];
};
