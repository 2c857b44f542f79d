/**
 * The Market catalogue's pages (SPEC §2.1, §2.5): the market home, a market
 * classification, the lists of categories, profiles and products, and a category's or a
 * profile's products filtered by their requirements. In the main bundle, so only what is
 * decided before a page's chunk is there: a 404 for an id that cannot be one, the upstream
 * requests (their query is the filters' one canonical form, `lib/marketFilters.ts`), the
 * answers each page requires, and the canonical link. Pages, meta and JSON-LD: the chunks.
 */
import type { FetchSpec } from '../../contract';
import type { PageModule, RouteContext } from '../../routes/types';
import { dataOf } from '../../lib/data';
import {
  CATEGORY_LIST, MARKET_ID, PRODUCT_LIST, PROFILE_LIST, REQUIREMENT_PRODUCTS,
  marketApiPath, parseMarketFilters, serializeMarketFilters, type MarketScope,
} from '../../lib/marketFilters';
// In the main stylesheet, like the other split pages' styles: no unstyled flash while a chunk loads.
import './Market.css';
import '../../components/ProductCard/ProductCard.css';

const seg = encodeURIComponent;
/** A market classification is named by its CPV code or the code's eight digits. */
export const CLASSIFICATION_ID = /^\d{8}(-\d)?$/;

/** Every market classification (50; their titles and counts): rarely changes, may be kept a while. */
const CLASSIFICATIONS: FetchSpec = { key: 'classifications', service: 'search', path: '/api/market_classification/all', maxAge: 300 };

export const filtersOf = (ctx: Pick<RouteContext, 'query'>, scope: MarketScope) => parseMarketFilters(ctx.query, scope);

/** `/market`. `?open=<CPV>` opens that node of the classification tree (and its parents) without JavaScript. */
export const market: PageModule = {
  name: 'market',
  page: { load: () => import('./Market') },
  fetches: ({ query }) => {
    const open = query.get('open') ?? '';
    const specs: FetchSpec[] = [
      CLASSIFICATIONS,
      // The CPV divisions the classifications fall under: the tree's first level, by name.
      { key: 'divisions', service: 'search', path: '/api/classifications?scheme=classification&page=1&perPage=100', maxAge: 600 },
    ];
    // A classification opened without JavaScript: its categories (a division's children are at hand).
    if (CLASSIFICATION_ID.test(open) && !/^\d{2}000000/.test(open)) {
      specs.push({ key: 'open', service: 'search', path: `/api/market_classifications/${seg(open)}`, maxAge: 300 });
    }
    return specs;
  },
  required: ['classifications'],
  // Which tree nodes are open is not another page.
  canonicalQuery: () => '',
};

/** `/market/{classificationId}`: its categories. */
export const classification: PageModule = {
  name: 'classification',
  page: { load: () => import('./Classification') },
  guard: ({ params }) => (CLASSIFICATION_ID.test(params.classificationId ?? '') ? null : { error: 404 }),
  fetches: ({ params }) => [
    { key: 'classification', service: 'search', path: `/api/market_classifications/${seg(params.classificationId ?? '')}` },
  ],
  required: ['classification'],
  // The eight digits name the same classification as the full code: one address.
  canonicalPath: (ctx) => {
    const id = dataOf<{ id?: string }>(ctx, 'classification')?.id;
    return id ? `/market/${seg(id)}` : null;
  },
};

/** A paged, filtered list of the catalogue: `/market/categories`, `/market/profiles`, `/market/products`. */
function list(name: string, scope: MarketScope, page: PageModule['page']): PageModule {
  return {
    name,
    page,
    fetches: (ctx) => [{ key: 'list', service: 'search', path: marketApiPath(scope.list, filtersOf(ctx, scope)) }, CLASSIFICATIONS],
    required: ['list'],
    canonicalQuery: (ctx) => serializeMarketFilters(filtersOf(ctx, scope)),
  };
}

// One component (`CatalogueList.tsx`); a chunk each, for each page's own head.
export const categoryList = list('categoryList', CATEGORY_LIST, { load: () => import('./CategoryList') });
export const profileList = list('profileList', PROFILE_LIST, { load: () => import('./ProfileList') });
export const productList = list('productList', PRODUCT_LIST, { load: () => import('./ProductList') });

/** The scope of a list page, by its name. */
export const scopeOf = (name: string): MarketScope =>
  name === 'categoryList' ? CATEGORY_LIST : name === 'profileList' ? PROFILE_LIST : name === 'productList' ? PRODUCT_LIST : REQUIREMENT_PRODUCTS;

/**
 * The products of a category or a profile (`kind`), filtered by the requirements of the
 * profiles: the record (`category`, `profile`, required: unknown id, 404), its products
 * (required), the profiles whose requirements make the filters (a profile is its own),
 * and the classifications (the breadcrumbs' names).
 */
function requirementProducts(kind: 'category' | 'profile'): PageModule {
  const idOf = (ctx: Pick<RouteContext, 'params'>) => (kind === 'category' ? ctx.params.categoryId : ctx.params.profileId) ?? '';
  return {
    name: kind,
    // One component (`RequirementProducts.tsx`); a chunk each, for each page's own head.
    page: kind === 'category' ? { load: () => import('./CategoryPage') } : { load: () => import('./ProfilePage') },
    guard: (ctx) => (MARKET_ID.test(idOf(ctx)) ? null : { error: 404 }),
    fetches: (ctx) => {
      const id = idOf(ctx);
      const filters = filtersOf(ctx, REQUIREMENT_PRODUCTS);
      const link = kind === 'category' ? `relatedCategoryId[0]=${seg(id)}` : `relatedProfileIds=${seg(id)}`;
      return [
        { key: kind, service: 'search', path: kind === 'category' ? `/api/categories/${seg(id)}` : `/api/profiles/${seg(id)}` },
        { key: 'products', service: 'search', path: marketApiPath('products', filters, link) },
        ...(kind === 'category'
          ? [{ key: 'profiles', service: 'search', path: `/api/categories/${seg(id)}/profiles?pagination=false`, maxAge: 300 } as FetchSpec]
          : []),
        CLASSIFICATIONS,
      ];
    },
    required: [kind, 'products'],
    canonicalQuery: (ctx) => serializeMarketFilters(filtersOf(ctx, REQUIREMENT_PRODUCTS)),
  };
}

export const category = requirementProducts('category');
export const profile = requirementProducts('profile');
