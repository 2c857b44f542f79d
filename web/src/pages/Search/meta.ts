/**
 * Head code of the searches (home, /tenders, /plans, /contracts), in their chunk: the
 * link to the search's Atom feed (the newest results of the same filters), and the home's
 * JSON-LD: the site's operator (`Organization`) and the site (`WebSite`) with its tender
 * search (`SearchAction`). The other searches' JSON-LD is their trail from the home,
 * which the head builds for a page without JSON-LD of its own (`lib/head.ts`).
 */
import type { Organization, SearchActionLeaf, WebSite, WithActionConstraints } from 'schema-dts';
import type { PageChunk } from '../../lib/routeModule';
import { serializeFilters } from '../../lib/filters';
import { SITE_IMAGES } from '../../lib/head';
import { absoluteUrl, jsonLdDocument } from '../../lib/jsonld';
import { feedUrl } from '../../lib/machineUrls';
import { filtersOf, registerOf } from './query';

/** What the site says of itself: its name and address (the translations' and the configuration's), its logo. */
export const jsonLd: PageChunk['jsonLd'] = __SERVER__
  ? (ctx, _canonical, t, route) => {
      if (route.name !== 'home') return null;
      const origin = ctx.input.config.publicOrigin.replace(/\/$/, '');
      const name = t('site.name');
      const home = absoluteUrl(ctx, '/');
      const operator: Organization = { '@type': 'Organization', '@id': `${origin}/#organization`, name, url: `${origin}/`, logo: origin + SITE_IMAGES.logo };
      const search: WithActionConstraints<SearchActionLeaf> = {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl(ctx, '/tenders')}?keyword={search_term_string}` },
        'query-input': 'required name=search_term_string',
      };
      const site: WebSite = {
        '@type': 'WebSite',
        '@id': `${home}#website`,
        name,
        url: home,
        inLanguage: ctx.input.language,
        publisher: { '@id': `${origin}/#organization` },
        potentialAction: search,
      };
      return jsonLdDocument(operator, site);
    }
  : undefined;

/** The search's Atom feed: its canonical filters without paging and sort (a feed lists the newest first). */
export const links: PageChunk['links'] = (ctx, _canonical, t, route) => {
  const register = registerOf(route.name);
  const query = serializeFilters(filtersOf(ctx, register), { withPaging: false, withSort: false, register });
  const href = ctx.input.config.publicOrigin.replace(/\/$/, '') + feedUrl(register.name, ctx.input.language, query);
  return [{ rel: 'alternate', type: 'application/atom+xml', href, title: t('share.feed', { title: t(`pages.${route.name === 'home' ? 'tenderList' : route.name}.title`) }) }];
};
