/**
 * What the route modules of the Market catalogue's pages (SPEC §2.1, §2.5) share:
 * `pages/Market` (the market home), `pages/Classification`, the lists
 * (`pages/CategoryList`, `pages/ProfileList`, `pages/ProductList`) and a category's or
 * a profile's products (`pages/Category`, `pages/Profile`). In the main bundle, so only
 * what is decided before a page's chunk is there: a 404 for an id that cannot be one, the
 * answers each page requires, and the canonical path. The upstream requests
 * (`fetches.ts`) are the server's only; the filter codec (`filters.ts`) and with it the
 * canonical query are in the pages' chunks, like their meta and JSON-LD.
 */
import type { RouteModule, RouteContext } from '../lib/routeModule';
import { FETCHED_BY_THE_SERVER } from '../lib/routeModule';
import { listFetches, recordFetches } from './fetches.server';
// In the main stylesheet, like the other split pages' styles: no unstyled flash while a chunk loads.
import './Market.css';
import '../components/ProductCard/ProductCard.css';

/** A market classification is named by its CPV code or the code's eight digits. */
export const CLASSIFICATION_ID = /^\d{8}(-\d)?$/;
/**
 * A category's or a profile's id (the codec's `MARKET_ID`): no commas, no spaces, and not
 * a dot segment (`/api/categories/..` would ask for `/api/`).
 */
export const CATALOGUE_ID = /^(?!\.\.?$)[\w.-]{1,100}$/;

/** A paged, filtered list of the catalogue: one component (`CatalogueList.tsx`), a chunk each for each page's own head. */
export const list = (name: string, page: RouteModule['page']): RouteModule => ({
  name,
  page,
  fetches: __SERVER__ ? listFetches(name) : FETCHED_BY_THE_SERVER,
  required: ['list'],
  // The canonical query: the chunk's `canonicalQuery`.
});

/**
 * The products of a category or a profile: one component (`RequirementProducts.tsx`), a
 * chunk each for each page's own head. The record and its products are required (an
 * unknown id is the upstream's 404).
 */
export const record = (kind: 'category' | 'profile', page: RouteModule['page']): RouteModule => ({
  name: kind,
  page,
  guard: ({ params }: RouteContext) => (CATALOGUE_ID.test((kind === 'category' ? params.categoryId : params.profileId) ?? '') ? null : { error: 404 }),
  fetches: __SERVER__ ? recordFetches(kind) : FETCHED_BY_THE_SERVER,
  required: [kind, 'products'],
});
