/**
 * The Market catalogue's pages (SPEC §2.1, §2.5): the market home, a market
 * classification, the lists of categories, profiles and products, and a category's or a
 * profile's products filtered by their requirements. In the main bundle, so only what is
 * decided before a page's chunk is there: a 404 for an id that cannot be one, the answers
 * each page requires, and the canonical path. The upstream requests (`fetches.ts`) are the
 * server's only; the filter codec (`lib/marketFilters.ts`) and with it the canonical query
 * are in the pages' chunks, like their meta and JSON-LD.
 */
import type { PageModule, RouteContext } from '../../lib/pageModule';
import { FETCHED_BY_THE_SERVER } from '../../lib/pageModule';
import { dataOf } from '../../lib/data';
import { classificationFetches, listFetches, marketFetches, recordFetches } from './fetches.server';
// In the main stylesheet, like the other split pages' styles: no unstyled flash while a chunk loads.
import './Market.css';
import '../../components/ProductCard/ProductCard.css';

/** A market classification is named by its CPV code or the code's eight digits. */
export const CLASSIFICATION_ID = /^\d{8}(-\d)?$/;
/**
 * A category's or a profile's id (the codec's `MARKET_ID`): no commas, no spaces, and not
 * a dot segment (`/api/categories/..` would ask for `/api/`).
 */
export const CATALOGUE_ID = /^(?!\.\.?$)[\w.-]{1,100}$/;

/** `/market`. `?open=<CPV>` opens that node of the classification tree (and its parents) without JavaScript. */
export const market: PageModule = {
  name: 'market',
  page: { load: () => import('./Market') },
  fetches: __SERVER__ ? marketFetches : FETCHED_BY_THE_SERVER,
  required: ['classifications'],
  // Which tree nodes are open is not another page.
  canonicalQuery: () => '',
};

/** `/market/{classificationId}`: its categories. */
export const classification: PageModule = {
  name: 'classification',
  page: { load: () => import('./Classification') },
  guard: ({ params }) => (CLASSIFICATION_ID.test(params.classificationId ?? '') ? null : { error: 404 }),
  fetches: __SERVER__ ? classificationFetches : FETCHED_BY_THE_SERVER,
  required: ['classification'],
  // The eight digits name the same classification as the full code: one address.
  canonicalPath: (ctx) => {
    const id = dataOf<{ id?: string }>(ctx, 'classification')?.id;
    return id ? `/market/${encodeURIComponent(id)}` : null;
  },
};

/** A paged, filtered list of the catalogue: one component (`CatalogueList.tsx`), a chunk each for each page's own head. */
const list = (name: string, page: PageModule['page']): PageModule => ({
  name,
  page,
  fetches: __SERVER__ ? listFetches(name) : FETCHED_BY_THE_SERVER,
  required: ['list'],
  // The canonical query: the chunk's `canonicalQuery`.
});

export const categoryList = list('categoryList', { load: () => import('./CategoryList') });
export const profileList = list('profileList', { load: () => import('./ProfileList') });
export const productList = list('productList', { load: () => import('./ProductList') });

/**
 * The products of a category or a profile: one component (`RequirementProducts.tsx`), a
 * chunk each for each page's own head. The record and its products are required (an
 * unknown id is the upstream's 404).
 */
const record = (kind: 'category' | 'profile', page: PageModule['page']): PageModule => ({
  name: kind,
  page,
  guard: ({ params }: RouteContext) => (CATALOGUE_ID.test((kind === 'category' ? params.categoryId : params.profileId) ?? '') ? null : { error: 404 }),
  fetches: __SERVER__ ? recordFetches(kind) : FETCHED_BY_THE_SERVER,
  required: [kind, 'products'],
});

export const category = record('category', { load: () => import('./CategoryPage') });
export const profile = record('profile', { load: () => import('./ProfilePage') });
