/**
 * What the catalogue's pages read from their data alike (the records, the trail from the
 * Market home), their JSON-LD (the record, the trail as a `BreadcrumbList`), the list
 * pages' title, and the canonical query. Each page's own head is its `head.ts`
 * (`pages/<Name>/head.ts`), so a chunk carries only its own. In the pages' chunks, not in
 * the route modules: only the pages and the head need them.
 */
import type { TFunction } from 'i18next';
import type { Language } from '../contract';
import type { DefinedTerm } from 'schema-dts';
import type { Meta, PageChunk, PageRoute, RouteContext } from '../lib/routeModule';
import { dataOf, type DataSource } from '../lib/data';
import { formatNumber } from '../lib/format';
import { hasId, totalOf } from '../records/collection';
import {
  categoryPath, classificationPath, localized, marketPath, profilePath,
  type Category, type MarketClassification, type Profile,
} from '../lib/market';
import { absoluteUrl, breadcrumbList, compact, jsonLdDocument, type TrailStep } from '../lib/jsonld';
import { DESCRIPTION_MAX, clip } from '../lib/text';
import { parseMarketFilters, scopeOf, serializeMarketFilters } from './filters';
import type { Crumb } from './Breadcrumbs';

/** The root of every trail: the catalogue's name, the same in both languages. */
export const MARKET_NAME = 'Market';

/** Every market classification the page has (`classifications`: `{items, total}`). */
export function classificationsOf(from: DataSource): MarketClassification[] {
  const items = dataOf<{ items?: unknown }>(from, 'classifications')?.items;
  return Array.isArray(items) ? (items.filter(hasId) as MarketClassification[]) : [];
}

/** A record answer under `key` when it is one (has an id). */
export const recordOf = <T extends { id: string }>(from: DataSource, key: string): T | null => {
  const body = dataOf<T>(from, key);
  return hasId(body) ? body : null;
};

/** A reference to a market classification: its code, or an object with it. */
export const refId = (ref: string | { id?: string } | undefined): string | undefined => (typeof ref === 'string' ? ref : ref?.id) || undefined;

/** A count for a description (`5 354`). */
export const fmt = (n: number | undefined, language: Language) => formatNumber(n ?? 0, 0, language);

/** The trail's step of a market classification, named from the page's list of them (or by its code). */
function classificationCrumb(from: DataSource, id: string | undefined, language: Language): Crumb | null {
  if (!id) return null;
  const same = (x: MarketClassification) => x.id === id || x.id.slice(0, 8) === id.slice(0, 8);
  const one = recordOf<MarketClassification>(from, 'classification');
  const c = one && same(one) ? one : classificationsOf(from).find(same);
  return { label: (c && localized(language, c.title, c.title_en)) || id, path: classificationPath(c?.id ?? id) };
}

/**
 * The trail of a catalogue page from the Market home, for `name` (a page name) with its
 * data; `list` names a list page's step. Missing data leaves its step out.
 */
export function trailOf(name: string, from: DataSource, language: Language, list?: Crumb): Crumb[] {
  const root: Crumb = { label: MARKET_NAME, path: marketPath };
  const steps: Array<Crumb | null> = [root];
  if (name === 'classification') {
    const c = recordOf<MarketClassification>(from, 'classification');
    if (c) steps.push({ label: localized(language, c.title, c.title_en) || c.id, path: classificationPath(c.id) });
  } else if (name === 'category') {
    const c = recordOf<Category>(from, 'category');
    if (c) {
      steps.push(classificationCrumb(from, refId(c.marketClassification), language));
      steps.push({ label: localized(language, c.title, c.title_en) || c.id, path: categoryPath(c.id) });
    }
  } else if (name === 'profile') {
    const p = recordOf<Profile>(from, 'profile');
    if (p) {
      steps.push(classificationCrumb(from, refId(p.marketClassification), language));
      // A category is titled by its CPV code's name, which its profiles carry.
      if (p.relatedCategory) {
        const label = localized(language, p.classification?.description, p.classification?.description_en) || p.relatedCategory;
        steps.push({ label, path: categoryPath(p.relatedCategory) });
      }
      steps.push({ label: localized(language, p.title, p.title_en) || p.id, path: profilePath(p.id) });
    }
  } else if (list) {
    steps.push(list);
  }
  return steps.filter((s): s is Crumb => !!s);
}

/** A trail as JSON-LD steps, with absolute addresses in the page's language. */
const stepsOf = (trail: Crumb[], ctx: RouteContext): TrailStep[] => trail.map((c) => ({ name: c.label, url: absoluteUrl(ctx, c.path) }));

/** The trail as schema.org `BreadcrumbList`, with absolute addresses; none for a trail of one step. */
export const breadcrumbJsonLd = (trail: Crumb[], ctx: RouteContext) => jsonLdDocument(breadcrumbList(stepsOf(trail, ctx)));

/** Title and description within the lengths search engines show. */
export const head = (title: string, description: string) => ({ title: clip(title, 120), description: clip(description, DESCRIPTION_MAX) });

/** The products' total of a products page, or undefined without the answer. */
export const productsTotal = (from: DataSource) => totalOf(dataOf<unknown>(from, 'products'));

/** A list page's title (with the page number past the first) and description. */
export const listMeta =
  (name: string): Meta =>
  (ctx, t) => {
    // The page the list shows: the codec's (bounded by the result window), not the raw query's.
    const { page } = parseMarketFilters(ctx.query, scopeOf(name));
    const title = t(`pages.${name}.title`);
    return head(page > 1 ? t('market.meta.page', { title, page }) : title, t(`pages.${name}.description`));
  };

/** What a catalogue record's page describes (`recordJsonLd`), with where its page is. */
const RECORDS = {
  classification: { path: classificationPath, scheme: (c: MarketClassification) => c.scheme },
  category: { path: categoryPath, scheme: () => undefined },
  profile: { path: profilePath, scheme: () => undefined },
} as const;

/**
 * The JSON-LD of a catalogue record's page (a market classification, a category, a
 * profile; export it behind `__SERVER__`): the record as a schema.org `DefinedTerm` (a
 * term of a classification: its name in the page's language, its code, its description,
 * and for a market classification the classifier it is a code of), and the page's trail.
 */
export const recordJsonLd =
  (name: keyof typeof RECORDS): NonNullable<PageChunk['jsonLd']> =>
  (ctx) => {
    const { language } = ctx.input;
    const r = recordOf<MarketClassification & Category & Profile>(ctx, name);
    if (!r) return null;
    const url = absoluteUrl(ctx, RECORDS[name].path(r.id));
    const scheme = RECORDS[name].scheme(r);
    const term = compact<DefinedTerm>({
      '@type': 'DefinedTerm',
      '@id': `${url}#${name}`,
      name: localized(language, r.title, r.title_en) || r.id,
      termCode: r.id,
      description: localized(language, r.description, r.description_en) || undefined,
      url,
      inDefinedTermSet: scheme ? { '@type': 'DefinedTermSet', name: scheme } : undefined,
    });
    return jsonLdDocument(term, breadcrumbList(stepsOf(trailOf(name, ctx, language), ctx)));
  };

/** The JSON-LD of a list page (export it behind `__SERVER__`): its trail from the Market home. */
export const listJsonLd =
  (name: string): NonNullable<PageChunk['jsonLd']> =>
  (ctx, _canonical, t, route) =>
    breadcrumbJsonLd(trailOf(name, ctx, ctx.input.language, listCrumb(name, `/${route.path}`, t)), ctx);

/** Labels of the list pages' trail step (`t` given: components and tests). */
export const listCrumb = (name: string, path: string, t: TFunction): Crumb => ({ label: t(`pages.${name}.title`), path });

/**
 * The canonical query of a list or a record's products (`PageChunk.canonicalQuery`): the
 * codec's normalised filters, with `sortOrder` only when it is not the list's default
 * (relevance for a keyword's products, else popularity).
 */
export const canonicalQuery = (ctx: RouteContext, route: PageRoute): string => {
  const scope = scopeOf(route.name);
  return serializeMarketFilters(parseMarketFilters(ctx.query, scope), scope.list);
};
