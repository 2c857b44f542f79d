/**
 * What the catalogue's pages ask the search service for. Their queries are the filters'
 * one canonical form (`filters.ts`). Not in the browser's bundle: the server's
 * route modules use it (`fetches.server.ts`, behind `__SERVER__`); the browser gets a
 * page's data from `/__data`.
 */
import type { FetchSpec } from '../contract';
import type { RouteContext } from '../lib/routeModule';
import { CPV_CODE, REQUIREMENT_PRODUCTS, marketApiPath, parseMarketFilters, scopeOf } from './filters';

const seg = encodeURIComponent;

/** Every market classification (50; their titles and counts): rarely changes, may be kept a while. */
const CLASSIFICATIONS: FetchSpec = { key: 'classifications', service: 'search', path: '/api/market_classification/all', maxAge: 300 };

/** `/market`: the classifications, the CPV divisions that name the tree's first level, and a classification opened without JavaScript. */
export function marketFetches({ query }: RouteContext): FetchSpec[] {
  const open = query.get('open') ?? '';
  const specs: FetchSpec[] = [
    CLASSIFICATIONS,
    { key: 'divisions', service: 'search', path: '/api/classifications?scheme=classification&page=1&perPage=100', maxAge: 600 },
  ];
  // A division's children are at hand; a classification's categories are asked for.
  if (CPV_CODE.test(open) && !/^\d{2}000000/.test(open)) {
    specs.push({ key: 'open', service: 'search', path: `/api/market_classifications/${seg(open)}`, maxAge: 300 });
  }
  return specs;
}

/** `/market/{classificationId}`. */
export const classificationFetches = ({ params }: RouteContext): FetchSpec[] => [
  { key: 'classification', service: 'search', path: `/api/market_classifications/${seg(params.classificationId ?? '')}` },
];

/** A list page (`categoryList`, `profileList`, `productList`): the page of the list, and the classifications its filter names. */
export const listFetches =
  (name: string) =>
  ({ query, input }: RouteContext): FetchSpec[] => {
    const scope = scopeOf(name);
    const fetches: FetchSpec[] = [{ key: 'list', service: 'search', path: marketApiPath(scope.list, parseMarketFilters(query, scope)) }, CLASSIFICATIONS];
    // Under /en, the profiles of the page's products: their requirements' English titles
    // name the characteristics a card shows (a product names them by the Ukrainian title).
    if (scope.list === 'products' && input.language === 'en') {
      fetches.push({
        key: 'profiles', service: 'search', after: 'list', maxAge: 300,
        path: '/api/profiles?pagination=false&status[]=active&status[]=hidden&id[]={/hydra:member/*/relatedProfiles/0}',
      });
    }
    return fetches;
  };

/**
 * A category's or a profile's products (`kind`): the record, its active products with the
 * filters, the category's profiles (their requirements make the filters), and its
 * market classification (the breadcrumbs' name).
 */
export const recordFetches =
  (kind: 'category' | 'profile') =>
  ({ params, query }: RouteContext): FetchSpec[] => {
    const id = (kind === 'category' ? params.categoryId : params.profileId) ?? '';
    const filters = parseMarketFilters(query, REQUIREMENT_PRODUCTS);
    const link = kind === 'category' ? `relatedCategoryId[0]=${seg(id)}` : `relatedProfileIds=${seg(id)}`;
    return [
      { key: kind, service: 'search', path: kind === 'category' ? `/api/categories/${seg(id)}` : `/api/profiles/${seg(id)}` },
      { key: 'products', service: 'search', path: marketApiPath('products', filters, link) },
      ...(kind === 'category'
        ? [{ key: 'profiles', service: 'search', path: `/api/categories/${seg(id)}/profiles?pagination=false`, maxAge: 300 } as FetchSpec]
        : []),
      // Its market classification, once the record's answer names it (the breadcrumb's name).
      { key: 'classification', service: 'search', path: '/api/market_classifications/{/marketClassification}', after: kind, maxAge: 300 },
    ];
  };
