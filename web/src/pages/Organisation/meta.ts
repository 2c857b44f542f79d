/**
 * Head tags of an organisation's page: title, description and JSON-LD (the organisation
 * with its identifier and address, and the trail from the register search). In the
 * page's chunk: only the head needs them.
 */
import type { Meta, PageChunk } from '../../lib/routeModule';
import { localizedPath } from '../../lib/paths';
import type { Language } from '../../contract';
import { absoluteUrl, breadcrumbList, jsonLdDocument, organisation } from '../../lib/jsonld';
import { localized } from '../../records/parts';
import { DESCRIPTION_MAX, clip } from '../../lib/text';
import { aggregation, organisationOf, sums, type Role } from './data';

export const meta: Meta = (ctx, t) => {
  // `meta` is not given the route: only a buyer's page asks for plans.
  const role: Role = 'planYears' in ctx.input.data ? 'buyer' : 'supplier';
  const id = ctx.params.edrpou ?? '';
  const org = organisationOf(ctx, role, id);
  const name = localized(org ?? undefined, 'name', ctx.input.language) || org?.identifier?.legalName || id;
  const key = role === 'buyer' ? 'tenderYears' : 'contractYears';
  const total = aggregation(ctx, key);
  const description = t(`organisation.meta.description.${role}`, {
    name,
    id,
    count: total?.count ?? 0,
    value: sums(total?.value, ctx.input.language) || '—',
  });
  return { title: t('organisation.meta.title', { name: clip(name, 120), id }), description: clip(description, DESCRIPTION_MAX) };
};

/** The organisation and its trail from the tender search (`PageChunk.jsonLd`): the server's only. */
export const jsonLd: PageChunk['jsonLd'] = __SERVER__
  ? (ctx, canonical, t, route) => {
      const role = route.name as Role;
      const id = ctx.params.edrpou ?? '';
      const org = organisationOf(ctx, role, id);
      if (!org) return null;
      const node = organisation(org, role);
      const name = localized(org, 'name', ctx.input.language) || org.identifier?.legalName || id;
      const trail = [
        { name: t(role === 'buyer' ? 'pages.tenderList.title' : 'pages.contractList.title'), url: absoluteUrl(ctx, role === 'buyer' ? '/tenders' : '/contracts') },
        { name, url: canonical },
      ];
      return jsonLdDocument(node && { ...node, '@id': `${canonical}#organisation`, url: canonical }, breadcrumbList(trail));
    }
  : undefined;

/** The Atom feed of a buyer's changes (`machine/changes.ts`): `/buyers/12345678.atom` (`/en/…` in English). */
export const buyerFeedUrl = (edrpou: string, language: Language): string =>
  localizedPath(language, `/buyers/${encodeURIComponent(edrpou)}.atom`);

/** A buyer's changes as an Atom feed (`PageChunk.links`): what its tenders, plans and contracts recorded. */
export const links: PageChunk['links'] = (ctx, _canonical, t, route) => {
  const id = ctx.params.edrpou;
  if (route.name !== 'buyer' || !id) return [];
  const origin = ctx.input.config.publicOrigin.replace(/\/$/, '');
  return [{ rel: 'alternate', type: 'application/atom+xml', href: origin + buyerFeedUrl(id, ctx.input.language), title: t('follow.feed.link.buyers', { id }) }];
};
