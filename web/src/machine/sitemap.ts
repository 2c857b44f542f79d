/**
 * Sitemaps (sitemaps.org protocol 0.9): `/sitemap.xml` is the index; below it one sitemap
 * of the site's own pages (home, the registers' first pages, Market's lists, info pages),
 * one per register and month of publication (`/sitemaps/tenders-2026-10.xml`, then
 * `-2.xml`… when a month has more records than one sitemap takes) and one per Market
 * list (`/sitemaps/market-products.xml`…). Each record is one `<url>` per language with
 * `xhtml:link` alternates of both and `x-default`, and `lastmod` from its
 * `dateModified`. They are built from the upstream's listing call (`/api/listing`,
 * `upstream/API.md`), 5,000 records a step.
 */
import { localizedPath } from '../lib/paths';
import type { MachineDocument, Step } from './types';
import { hash, instant, latest, notFound, xml } from './types';

/** Records per sitemap: two `<url>`s each (uk, en) within the protocol's 50,000. */
export const RECORDS_PER_SITEMAP = 25_000;
/** Records fetched per step. */
const SLICE = 5_000;

const XML_TYPE = 'application/xml; charset=utf-8';
const CACHE = 'public, max-age=3600';

/** The registers and Market lists, by the name their sitemaps carry, with the listing kind and page path. */
export const LISTS = {
  tenders: { listing: 'tenders', path: (key: string) => `/tenders/${encodeURIComponent(key)}`, monthly: true },
  plans: { listing: 'plans', path: (key: string) => `/plans/${encodeURIComponent(key)}`, monthly: true },
  contracts: { listing: 'contracts', path: (key: string) => `/contracts/${encodeURIComponent(key)}`, monthly: true },
  'market-classifications': { listing: 'market_classifications', path: (key: string) => `/market/${encodeURIComponent(key)}`, monthly: false },
  'market-categories': { listing: 'categories', path: (key: string) => `/market/category/${encodeURIComponent(key)}`, monthly: false },
  'market-profiles': { listing: 'profiles', path: (key: string) => `/market/profile/${encodeURIComponent(key)}`, monthly: false },
  'market-products': { listing: 'products', path: (key: string) => `/market/products/${encodeURIComponent(key)}`, monthly: false },
  'market-prozorro-products': { listing: 'prozorro_products', path: (key: string) => `/market/prozorro-products/${encodeURIComponent(key)}`, monthly: false },
} as const;
export type ListName = keyof typeof LISTS;

/** The site's own pages worth indexing (no query: their first page). */
export const PAGES = [
  '/', '/tenders', '/plans', '/contracts', '/market', '/market/categories', '/market/profiles', '/market/products',
  '/info/tariffs', '/info/contacts', '/info/regulations', '/info/search-help', '/info/red-flags',
];

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
const URLSET_CLOSE = '</urlset>\n';

/** The `<url>` entries of one page: one per language, each naming both and `x-default`. */
function urls(origin: string, path: string, lastmod: string | undefined): string {
  const uk = xml(origin + localizedPath('uk', path));
  const en = xml(origin + localizedPath('en', path));
  const links =
    `<xhtml:link rel="alternate" hreflang="uk" href="${uk}"/>` +
    `<xhtml:link rel="alternate" hreflang="en" href="${en}"/>` +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${uk}"/>`;
  const mod = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
  return `<url><loc>${uk}</loc>${mod}${links}</url>\n<url><loc>${en}</loc>${mod}${links}</url>\n`;
}

/** A sitemap's name in the index: `tenders-2026-10.xml`, `tenders-2026-10-2.xml`, `market-products.xml`. */
export const sitemapName = (list: ListName, month: string | null, part: number): string =>
  `${list}${month ? `-${month}` : ''}${part > 1 ? `-${part}` : ''}.xml`;

interface Counted {
  count?: number;
  lastModified?: string;
  month?: string;
}

/** `/sitemap.xml`: the index of every sitemap, from the listing's counts. */
export const sitemapIndex: MachineDocument = {
  first: () => ({ status: 200, text: '', next: { key: 'listing', service: 'search', path: '/api/listing' } }),
  step: ({ origin }, answer) => {
    const summary = (answer ?? {}) as Record<string, Counted[] | Counted | undefined>;
    const entries: Array<[name: string, lastmod: string | undefined]> = [['pages.xml', undefined]];
    for (const [list, { listing, monthly }] of Object.entries(LISTS) as Array<[ListName, (typeof LISTS)[ListName]]>) {
      const counted = summary[listing];
      const groups = monthly ? (Array.isArray(counted) ? counted : []) : counted && !Array.isArray(counted) ? [counted] : [];
      for (const group of groups) {
        const count = typeof group.count === 'number' ? group.count : 0;
        if (monthly && !/^\d{4}-\d{2}$/.test(group.month ?? '')) continue;
        const parts = Math.ceil(count / RECORDS_PER_SITEMAP);
        for (let part = 1; part <= parts; part++) {
          entries.push([sitemapName(list, monthly ? (group.month as string) : null, part), instant(group.lastModified)]);
        }
      }
    }
    const body = entries
      .map(([name, lastmod]) => `<sitemap><loc>${xml(`${origin}/sitemaps/${name}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>\n`)
      .join('');
    const text =
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      body +
      '</sitemapindex>\n';
    return {
      status: 200,
      contentType: XML_TYPE,
      cacheControl: CACHE,
      etag: hash(text),
      lastModified: latest(entries.map(([, lastmod]) => lastmod)),
      text,
    };
  },
};

/** `/sitemaps/pages.xml`: the site's own pages. */
export const pagesSitemap: MachineDocument = {
  first: ({ origin }) => {
    const text = URLSET_OPEN + PAGES.map((path) => urls(origin, path, undefined)).join('') + URLSET_CLOSE;
    return { status: 200, contentType: XML_TYPE, cacheControl: CACHE, etag: hash(text), text };
  },
  step: () => notFound(),
};

interface SliceState {
  list: ListName;
  month: string | null;
  /** The first record of this sitemap, and the next one to fetch. */
  start: number;
  offset: number;
}

const sliceSpec = ({ list, month, offset }: SliceState, end: number) => ({
  key: 'listing',
  service: 'search' as const,
  path:
    `/api/listing/${LISTS[list].listing}?` +
    `${month ? `month=${month}&` : ''}offset=${offset}&limit=${Math.min(SLICE, end - offset)}`,
});

interface ListingSlice {
  total?: number;
  lastModified?: string;
  items?: Array<{ key?: string; dateModified?: string } | null>;
}

/** `/sitemaps/<list>[-<month>][-<part>].xml`: one sitemap of records, 5,000 a step. */
export function recordSitemap(list: ListName, month: string | null, part: number): MachineDocument {
  const start = (part - 1) * RECORDS_PER_SITEMAP;
  return {
    first: () => {
      const state: SliceState = { list, month, start, offset: start };
      return { status: 200, text: '', next: sliceSpec(state, start + RECORDS_PER_SITEMAP), state };
    },
    step: ({ origin, request }, answer) => {
      const state = request.state as SliceState;
      const slice = (answer ?? {}) as ListingSlice;
      const total = typeof slice.total === 'number' ? slice.total : 0;
      const end = Math.min(total, start + RECORDS_PER_SITEMAP);
      const firstStep = state.offset === start;
      // A part past the records there are (or a month without any) is no sitemap.
      if (firstStep && start >= total) return notFound();
      const items = (slice.items ?? []).filter((item): item is { key: string; dateModified?: string } => typeof item?.key === 'string' && item.key !== '');
      const text = items.map((item) => urls(origin, LISTS[list].path(item.key), instant(item.dateModified))).join('');
      const offset = state.offset + (slice.items?.length ?? 0);
      // Stop at the sitemap's end, or when the listing answers nothing more (it shrank).
      const done = offset >= end || !slice.items?.length;
      const next: SliceState = { ...state, offset };
      const step: Step = {
        status: 200,
        text: (firstStep ? URLSET_OPEN : '') + text + (done ? URLSET_CLOSE : ''),
        next: done ? null : sliceSpec(next, end),
        state: next,
      };
      if (firstStep) {
        Object.assign(step, {
          contentType: XML_TYPE,
          cacheControl: CACHE,
          // What the listing says of the whole list: a record added or changed changes it.
          etag: hash(`${list}/${month}/${part}/${total}/${slice.lastModified ?? ''}`),
          lastModified: instant(slice.lastModified),
        });
      }
      return step;
    },
  };
}

/** The sitemap a path under `/sitemaps/` names, or null. */
export function sitemapAt(name: string): MachineDocument | null {
  if (name === 'pages.xml') return pagesSitemap;
  const m = /^([a-z-]+?)(?:-(\d{4}-\d{2}))?(?:-(\d+))?\.xml$/.exec(name);
  if (!m || !(m[1] in LISTS)) return null;
  const list = m[1] as ListName;
  const month = m[2] ?? null;
  const part = m[3] === undefined ? 1 : Number(m[3]);
  // One spelling per sitemap: a month only where the list has months, no `-1`.
  if (LISTS[list].monthly !== (month !== null) || !Number.isSafeInteger(part) || (part < 2 && m[3] !== undefined)) return null;
  if (month && !(Number(month.slice(5)) >= 1 && Number(month.slice(5)) <= 12)) return null;
  return recordSitemap(list, month, part);
}

