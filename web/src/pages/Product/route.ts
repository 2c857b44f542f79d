/**
 * `/market/products/{id}` (a supplier's offer) and `/market/prozorro-products/{id}` (a
 * product of the national catalogue): one page over two catalogues. In the main bundle,
 * so only what must be decided before the chunk: the 404 for an id that cannot be one,
 * and the product's requests. Everything else is in the chunk (`Product.tsx`, `meta.ts`).
 */
import type { RouteModule } from '../../lib/routeModule';
import { FETCHED_BY_THE_SERVER } from '../../lib/routeModule';
// In the main stylesheet, like the other split pages' styles: no unstyled flash while the chunk loads.
import './Product.css';
import '../../components/AddToCart/AddToCart.css';

/** The page of a product of the catalogue at `api` (`products`, `prozorro_products`). */
const productPage = (name: string, api: string): RouteModule => ({
  name,
  page: { load: () => import('./Product') },
  // Catalogue ids are 32 lower-case hex digits (the catalogue matches them exactly): anything
  // else is a 404 without asking (crawlers try many).
  guard: ({ params }) => (/^[0-9a-f]{32}$/.test(params.id ?? '') ? null : { error: 404 }),
  // Keyed by the page's name, so the chunk's head code (which sees only the data) knows the catalogue.
  // Its profile, category and market classification come from its answer: the server
  // fills their paths in once it is there (`after`), so crawlers and visitors without
  // JavaScript get the requirements and the named breadcrumbs too (`related.ts`).
  // The browser only asks whether there are fetches (decision 0011): their code stays out of its bundle.
  fetches: __SERVER__ ? ({ params, input }) => [
    { key: name, service: 'search', path: `/api/${api}/${params.id}`, validator: true },
    { key: 'profile', service: 'search', path: '/api/profiles/{/relatedProfiles/0}', after: name, maxAge: 300 },
    { key: 'category', service: 'search', path: '/api/categories/{/relatedCategory}', after: name, maxAge: 300 },
    { key: 'classification', service: 'search', path: '/api/market_classifications/{/marketClassification}', after: name, maxAge: 300 },
    // A supplier's offer: its catalogue price against what buyers paid per unit (issue 47),
    // beside the product (the upstream needs its id only); the page renders without it,
    // and without the flag it is not asked for at all.
    ...(api === 'products' && input.config.features.prices ? [{ key: 'prices', service: 'search' as const, path: `/api/prices/products/${params.id}` }] : []),
  ] : FETCHED_BY_THE_SERVER,
  required: [name],
});

export const product = productPage('product', 'products');
export const prozorroProduct = productPage('prozorroProduct', 'prozorro_products');
