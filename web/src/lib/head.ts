/**
 * Head tags of a page (SPEC §2.1): title, description, canonical, alternates, robots,
 * JSON-LD, and the module preloads of a split page's chunk.
 */
import type { TFunction } from 'i18next';
import type { PageRoute, RouteContext } from '../routes/types';
import { headCode } from '../routes/split';
import { localizedPath } from './paths';

export interface Head {
  title: string;
  description: string;
  canonical: string;
  alternates: Array<{ hreflang: string; href: string }>;
  noindex: boolean;
  jsonLd?: object | null;
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

/**
 * The head of `route`'s page at `path` (without the language base). A split page's
 * `meta` and `jsonLd` are in its chunk: load it first (`loadPage`).
 */
export function pageHead(route: PageRoute, ctx: RouteContext, t: TFunction, path: string): Head {
  const { config, language } = ctx.input;
  const code = headCode(route, language);
  const meta = code.meta?.(ctx, t) ?? defaultMeta(route, ctx, t);
  const site = t('site.name');
  const origin = config.publicOrigin.replace(/\/$/, '');
  const query = code.canonicalQuery?.(ctx, route) ?? '';
  const canonicalQuery = query ? (query.startsWith('?') ? query : `?${query}`) : '';
  const canonicalPath = route.canonicalPath?.(ctx) ?? path;
  const uk = origin + localizedPath('uk', canonicalPath);
  const en = origin + localizedPath('en', canonicalPath);
  return {
    title: `${meta.title} | ${site}`,
    description: meta.description,
    canonical: (language === 'uk' ? uk : en) + canonicalQuery,
    alternates: [
      { hreflang: 'uk', href: uk + canonicalQuery },
      { hreflang: 'en', href: en + canonicalQuery },
      { hreflang: 'x-default', href: uk + canonicalQuery },
    ],
    noindex: Boolean(route.noindex),
    jsonLd: code.jsonLd?.(ctx, (language === 'uk' ? uk : en) + canonicalQuery) ?? null,
  };
}

/** Serialises head tags for the server's document shell. */
export function headHtml(head: Head): string {
  const parts = [
    `<title>${escapeAttr(head.title)}</title>`,
    `<meta name="description" content="${escapeAttr(head.description)}">`,
    `<link rel="canonical" href="${escapeAttr(head.canonical)}">`,
    ...head.alternates.map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeAttr(a.href)}">`),
  ];
  if (head.noindex) parts.push('<meta name="robots" content="noindex">');
  if (head.jsonLd) {
    // `<` escaped so no value can close the script element.
    const json = JSON.stringify(head.jsonLd).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
    parts.push(`<script type="application/ld+json">${json}</script>`);
  }
  for (const href of head.preload ?? []) parts.push(`<link rel="modulepreload" href="${escapeAttr(href)}">`);
  return parts.join('');
}

/** Applies head tags after a client-side navigation. */
export function applyHead(doc: Document, head: Head): void {
  doc.title = head.title;
  const set = (selector: string, create: () => HTMLElement, attr: string, value: string) => {
    let el = doc.head.querySelector(selector) as HTMLElement | null;
    if (!el) {
      el = create();
      doc.head.appendChild(el);
    }
    el.setAttribute(attr, value);
  };
  const make = (tag: string, attrs: Record<string, string>) => () => {
    const el = doc.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    return el;
  };
  set('meta[name="description"]', make('meta', { name: 'description' }), 'content', head.description);
  set('link[rel="canonical"]', make('link', { rel: 'canonical' }), 'href', head.canonical);
  for (const a of head.alternates) {
    set(`link[rel="alternate"][hreflang="${a.hreflang}"]`, make('link', { rel: 'alternate', hreflang: a.hreflang }), 'href', a.href);
  }
  const robots = doc.head.querySelector('meta[name="robots"]');
  if (head.noindex && !robots) doc.head.appendChild(make('meta', { name: 'robots', content: 'noindex' })());
  if (!head.noindex && robots) robots.remove();
}
