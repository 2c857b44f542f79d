/**
 * Head tags of a page (SPEC §2.1): title, description, canonical, alternates (the page in
 * the other language, and its machine-readable versions), robots, share cards (Open Graph
 * and Twitter), JSON-LD, and the module preloads of a split page's chunk. Made from what
 * the route machinery gives (`routes/head.ts`: the code of the page's head, the route's
 * verdict), so this module imports nothing from `routes/`.
 */
import type { TFunction } from 'i18next';
import type { Language } from '../contract';
import type { GuardResult, HeadLink, PageChunk, PageRoute, RouteContext } from './routeModule';
import { absoluteUrl, breadcrumbList, jsonLdDocument } from './jsonld';
import { localizedPath } from './paths';

/**
 * The site's images, made once from `web/share-card/` and served from `/assets/` (kept a
 * year as immutable): a changed image takes a new number. The share card is 1200×630.
 */
export const SITE_IMAGES = { share: '/assets/share-card-1.png', logo: '/assets/logo-1.png' } as const;

/** Open Graph locales of the languages. */
const LOCALES: Record<Language, string> = { uk: 'uk_UA', en: 'en_US' };

export interface Head {
  title: string;
  description: string;
  canonical: string;
  alternates: Array<{ hreflang: string; href: string }>;
  noindex: boolean;
  /** The page's machine-readable versions (an Atom feed, OCDS JSON): `<link rel="alternate" type=…>`. */
  links?: HeadLink[];
  /** The server's only: crawlers read it in the first HTML (a client navigation drops it). */
  jsonLd?: object | null;
  /**
   * What the share cards say beyond the title, description and canonical URL: the same
   * on every page of a language (the server's only; a client navigation keeps the language).
   */
  share?: { locale: string; alternateLocale: string; siteName: string; image: string; imageAlt: string };
  /**
   * Scripts of the page's chunk (paths with the asset base), preloaded so the browser
   * fetches them with the entry instead of after it has run (the server's first load only).
   */
  preload?: string[];
}

const escapeAttr = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `pages.<name>.title` and `.description`, with the route's params (`{{id}}`) interpolated. */
export function defaultMeta(route: PageRoute, ctx: RouteContext, t: TFunction): { title: string; description: string } {
  const params = Object.keys(ctx.params).length ? ctx.params : undefined;
  return { title: t(`pages.${route.name}.title`, params), description: t(`pages.${route.name}.description`, params) };
}

/** The code of a page's head: its split chunk's exports once loaded, else its route module's (`headCode`). */
export type HeadCode = Pick<PageChunk, 'meta' | 'jsonLd' | 'links' | 'canonicalQuery'>;

/**
 * The head of `route`'s page at `path` (without the language base), from the code of its
 * head (`code`) and, on the server only, the route's verdict on this request (`verdict`,
 * asked only when nothing else has failed). `routes/head.ts`'s `pageHead` gives both.
 */
export function buildHead(route: PageRoute, ctx: RouteContext, t: TFunction, path: string, code: HeadCode, verdict: () => GuardResult): Head {
  const { config, language } = ctx.input;
  const meta = code.meta?.(ctx, t) ?? defaultMeta(route, ctx, t);
  const site = t('site.name');
  const origin = config.publicOrigin.replace(/\/$/, '');
  const query = code.canonicalQuery?.(ctx, route) ?? '';
  const canonicalQuery = query ? (query.startsWith('?') ? query : `?${query}`) : '';
  const canonicalPath = route.canonicalPath?.(ctx) ?? path;
  const uk = origin + localizedPath('uk', canonicalPath);
  const en = origin + localizedPath('en', canonicalPath);
  const canonical = (language === 'uk' ? uk : en) + canonicalQuery;
  const head: Head = {
    title: `${meta.title} | ${site}`,
    description: meta.description,
    canonical,
    alternates: [
      { hreflang: 'uk', href: uk + canonicalQuery },
      { hreflang: 'en', href: en + canonicalQuery },
      { hreflang: 'x-default', href: uk + canonicalQuery },
    ],
    noindex: Boolean(route.noindex),
    links: code.links?.(ctx, canonical, t, route) ?? [],
  };
  if (__SERVER__) {
    head.share = {
      locale: LOCALES[language],
      alternateLocale: LOCALES[language === 'uk' ? 'en' : 'uk'],
      siteName: site,
      image: origin + SITE_IMAGES.share,
      imageAlt: t('share.imageAlt'),
    };
    // An error page (the server's, a failed required answer, the 404 page) describes nothing.
    const failed = (ctx.input as { error?: number | null }).error || (route.status ?? 200) !== 200 || verdict();
    // A page below the home without JSON-LD of its own gets its trail from the home (to
    // its address without the query: a search's trail leads to the search, not its page 2).
    const here = language === 'uk' ? uk : en;
    const trail = () => (route.path ? jsonLdDocument(breadcrumbList([{ name: site, url: absoluteUrl(ctx, '/') }, { name: meta.title, url: here }])) : null);
    head.jsonLd = failed ? null : (code.jsonLd?.(ctx, canonical, t, route) ?? trail());
  }
  return head;
}

/**
 * The share card's tags that change with the page, [key, content]: `og:` keys are
 * properties, the others names. The rest of the card is the language's (`shareHtml`).
 */
const pageMeta = (head: Head): Array<[string, string]> => [
  ['og:title', head.title],
  ['og:description', head.description],
  ['og:url', head.canonical],
  ['twitter:title', head.title],
  ['twitter:description', head.description],
];

const metaAttr = (key: string) => (key.startsWith('og:') ? 'property' : 'name');

/** The share card's tags that stay the same on every page of the language. */
function shareHtml(share: NonNullable<Head['share']>): string {
  const tags: Array<[string, string]> = [
    ['og:type', 'website'],
    ['og:site_name', share.siteName],
    ['og:locale', share.locale],
    ['og:locale:alternate', share.alternateLocale],
    ['og:image', share.image],
    ['og:image:type', 'image/png'],
    ['og:image:width', '1200'],
    ['og:image:height', '630'],
    ['og:image:alt', share.imageAlt],
    ['twitter:card', 'summary_large_image'],
    ['twitter:image', share.image],
    ['twitter:image:alt', share.imageAlt],
  ];
  return tags.map(([key, value]) => `<meta ${metaAttr(key)}="${key}" content="${escapeAttr(value)}">`).join('');
}

/** Serialises head tags for the server's document shell. */
export function headHtml(head: Head): string {
  const parts = [
    `<title>${escapeAttr(head.title)}</title>`,
    `<meta name="description" content="${escapeAttr(head.description)}">`,
    `<link rel="canonical" href="${escapeAttr(head.canonical)}">`,
    ...head.alternates.map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeAttr(a.href)}">`),
    ...(head.links ?? []).map(
      (l) => `<link rel="alternate" type="${escapeAttr(l.type)}" href="${escapeAttr(l.href)}"${l.title ? ` title="${escapeAttr(l.title)}"` : ''}>`,
    ),
    ...pageMeta(head).map(([key, value]) => `<meta ${metaAttr(key)}="${key}" content="${escapeAttr(value)}">`),
  ];
  if (head.share) parts.push(shareHtml(head.share));
  if (head.noindex) parts.push('<meta name="robots" content="noindex">');
  if (head.jsonLd) {
    // `<` escaped so no value can close the script element.
    const json = JSON.stringify(head.jsonLd).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
    parts.push(`<script type="application/ld+json">${json}</script>`);
  }
  // Named for the boot script, which asks for them after the first paint (`server/src/document.rs`).
  for (const href of head.preload ?? []) parts.push(`<meta name="portal:preload" content="${escapeAttr(href)}">`);
  return parts.join('');
}

/**
 * Applies head tags after a client-side navigation: the page's own title, description,
 * canonical, alternates, links and robots. The previous page's share card and JSON-LD
 * are dropped: only the server writes them (crawlers and link previews read its HTML),
 * and updating them here would cost every page's first load bytes nobody reads.
 */
export function applyHead(doc: Document, head: Head): void {
  doc.title = head.title;
  const make = (tag: string, attrs: Record<string, string | undefined>) => {
    const el = doc.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) if (v) el.setAttribute(k, v);
    return el;
  };
  const set = (selector: string, tag: string, key: Record<string, string>, attr: string, value: string) => {
    const el = doc.head.querySelector(selector) ?? doc.head.appendChild(make(tag, key));
    el.setAttribute(attr, value);
  };
  set('meta[name="description"]', 'meta', { name: 'description' }, 'content', head.description);
  set('link[rel="canonical"]', 'link', { rel: 'canonical' }, 'href', head.canonical);
  for (const a of head.alternates) {
    set(`link[rel="alternate"][hreflang="${a.hreflang}"]`, 'link', { rel: 'alternate', hreflang: a.hreflang }, 'href', a.href);
  }
  // Share cards and JSON-LD are for crawlers, which read the server's HTML: after a
  // navigation the previous page's are dropped rather than kept wrong.
  doc.head
    .querySelectorAll('link[rel="alternate"][type],script[type="application/ld+json"],meta[property^="og:"],meta[name^="twitter:"]')
    .forEach((el) => el.remove());
  for (const link of head.links ?? []) doc.head.appendChild(make('link', { ...link }));
  const robots = doc.head.querySelector('meta[name="robots"]');
  if (head.noindex && !robots) doc.head.appendChild(make('meta', { name: 'robots', content: 'noindex' }));
  if (!head.noindex && robots) robots.remove();
}
