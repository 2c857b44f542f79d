/**
 * Reading a catalogue product the same way in the page and in its head: which catalogue
 * it is from, its texts in the page's language, its status, identifier and images.
 */
import type { TFunction } from 'i18next';
import type { Language } from '../../contract';
import { dataOf, type DataSource, type PageData } from '../../lib/data';
import { statusLabel as registerStatusLabel } from '../../lib/enums';
import {
  categoryPath, classificationPath, localized, marketPath, productPath, profilePath, prozorroProductPath,
  type Category, type MarketClassification, type Product, type Profile,
} from '../../lib/market';
import { classificationIdOf, profileIdOf } from './related';

/** The two catalogues: suppliers' offers, and the national (Prozorro) catalogue's own products. */
export type ProductKind = 'product' | 'prozorroProduct';

/** The product a page was rendered with (its data is keyed by the page's name, `route.ts`), and its catalogue. */
export function productOf(from: DataSource): { product: Product; kind: ProductKind } | null {
  for (const kind of ['product', 'prozorroProduct'] as const) {
    const product = dataOf<Product>(from, kind);
    if (product && typeof product.id === 'string') return { product, kind };
  }
  return null;
}

/** The product's name in the page's language (`title_en` in English when present). */
export const productTitle = (p: Product, language: Language): string => localized(language, p.title, p.title_en) || p.id;

export const productDescription = (p: Product, language: Language): string => localized(language, p.description, p.description_en);

/** `active`, `hidden`, `inactive`, `draft` (SPEC §4), translated; an unknown status as it is. */
export const statusLabel = (t: TFunction, status: string): string => registerStatusLabel(t, 'product', status);

/** The product's EAN-13 barcode when its identifier is one (13 digits). */
export function eanOf(p: Product): string | undefined {
  const id = p.identifier?.id;
  if (typeof id !== 'string' || !/^\d{13}$/.test(id)) return undefined;
  const scheme = p.identifier?.scheme;
  return !scheme || /^EAN-?13$/i.test(scheme) || /^GTIN/i.test(scheme) ? id : undefined;
}

/**
 * The web address of a catalogue image: the catalogue gives paths on its own host
 * (`/static/images/…`), which is the search service's; a full address stays as it is.
 * Undefined for anything that is not a web address.
 */
export function imageSrc(url: string | undefined, searchBase: string): string | undefined {
  if (!url || typeof url !== 'string' || /\s/.test(url)) return undefined;
  if (/^https?:\/\/[^/]/i.test(url)) return url;
  // Plain string work, not `URL`: the server's isolate and the browser must agree to the byte.
  const origin = /^https?:\/\/[^/?#]+/i.exec(searchBase)?.[0];
  return origin && url.startsWith('/') && !url.startsWith('//') ? origin + url : undefined;
}

/** The addresses of the product's images, in order, without duplicates. */
export function imagesOf(p: Product, searchBase: string): string[] {
  const all = (Array.isArray(p.images) ? p.images : []).map((i) => imageSrc(i?.url, searchBase)).filter((s): s is string => !!s);
  return [...new Set(all)];
}

/** The CPV code and its description in the page's language (`30192000-1 Офісне приладдя`). */
export function classificationText(p: Product, language: Language): string {
  const c = p.classification;
  if (!c) return '';
  return [c.id, localized(language, c.description, c.description_en)].filter(Boolean).join(' ');
}

/** One step of the way from the Market home to the product; `name` is undefined when its data is missing. */
export interface Crumb {
  step: 'market' | 'classification' | 'category' | 'profile' | 'product';
  /** The id of the catalogue record it names (the classification's CPV code…). */
  id?: string;
  path: string;
  name?: string;
}

/** The answer under `key` when it is the record with `id` (a stale or foreign answer is not). */
function recordOf<T extends { id?: string; title?: string; title_en?: string }>(data: PageData, key: string, id: string | undefined): T | null {
  const record = id ? dataOf<T>({ data }, key) : null;
  return record && record.id === id ? record : null;
}

/**
 * Market → classification → category → profile → product (SPEC §2.5's catalogue), each as
 * far as the product names it; the titles of the middle steps come with their answers
 * (`related.ts`), the product's with it.
 */
export function trailOf(product: Product, kind: ProductKind, data: PageData, language: Language): Crumb[] {
  const classificationId = classificationIdOf(product.marketClassification);
  const categoryId = typeof product.relatedCategory === 'string' && product.relatedCategory ? product.relatedCategory : undefined;
  const profileId = profileIdOf(product);
  const title = (r: { title?: string; title_en?: string } | null) => (r && localized(language, r.title, r.title_en)) || undefined;
  const crumbs: Crumb[] = [{ step: 'market', path: marketPath }];
  if (classificationId) {
    const mc = recordOf<MarketClassification>(data, 'classification', classificationId);
    crumbs.push({ step: 'classification', id: classificationId, path: classificationPath(classificationId), name: title(mc) });
  }
  if (categoryId) {
    crumbs.push({ step: 'category', id: categoryId, path: categoryPath(categoryId), name: title(recordOf<Category>(data, 'category', categoryId)) });
  }
  if (profileId) {
    crumbs.push({ step: 'profile', id: profileId, path: profilePath(profileId), name: title(recordOf<Profile>(data, 'profile', profileId)) });
  }
  const own = kind === 'product' ? productPath(product.id) : prozorroProductPath(product.id);
  crumbs.push({ step: 'product', id: product.id, path: own, name: productTitle(product, language) });
  return crumbs;
}

/** The product's profile, when its answer is there (the one the product was offered under). */
export const profileOf = (product: Product, data: PageData): Profile | null => recordOf<Profile>(data, 'profile', profileIdOf(product));
