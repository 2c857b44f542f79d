/**
 * The route table of SPEC §2.1: each path and the route module (`pages/<Name>/route.ts`)
 * that serves it, in order. The server asks this bundle which route a URL matches
 * (`resolve`); it keeps no copy of the table.
 */
import { matchRoutes, type RouteObject } from 'react-router';
import type { RouteModule, PageRoute } from '../lib/routeModule';
import { movedTo } from '../lib/guards';
import { BoundedMap, stringBytes } from '../lib/boundedMap';
import { contractList, home, planList, tenderList } from '../pages/Search/route';
import { externalTender } from '../pages/ExternalTender/route';
import { monitoring, monitoringsRedirect } from '../pages/Monitoring/route';
import { tender } from '../pages/Tender/route';
import { contract } from '../pages/Contract/route';
import { plan } from '../pages/Plan/route';
import { buyer, supplier } from '../pages/Organisation/route';
import { prices } from '../pages/Prices/route';
import { market } from '../pages/Market/route';
import { classification } from '../pages/Classification/route';
import { categoryList } from '../pages/CategoryList/route';
import { profileList } from '../pages/ProfileList/route';
import { productList } from '../pages/ProductList/route';
import { category } from '../pages/Category/route';
import { profile } from '../pages/Profile/route';
import { product, prozorroProduct } from '../pages/Product/route';
import { contacts, redFlags, regulations, searchHelp, tariffs } from '../pages/Info/route';
import { notFound } from '../pages/NotFound/route';
import { login } from '../pages/Login/route';
import { logout } from '../pages/Logout/route';
import { registration } from '../pages/Registration/route';
import { cabinet } from '../pages/Cabinet/route';
import { cart } from '../pages/Cart/route';
import { unsubscribe } from '../pages/Unsubscribe/route';
import { followConfirm, followUnsubscribe } from '../pages/FollowLink/route';
import { stub } from '../pages/Stub/route';
// Styles of split pages stay in the main stylesheet: no unstyled flash while a chunk loads.
import '../pages/Tender/Tender.css';

const table: Array<[path: string, module: RouteModule]> = [
  ['', home],
  ['tenders', tenderList],
  ['tenders/external/:tenderId', externalTender],
  ['tenders/:tenderId/monitorings/:id/*', monitoring],
  ['tenders/:id/monitorings', monitoringsRedirect],
  ['tenders/:id/*', tender],
  ['plans', planList],
  ['plans/:id', plan],
  ['contracts', contractList],
  ['contracts/:id', contract],
  ['buyers/:edrpou', buyer],
  ['suppliers/:edrpou', supplier],
  ['prices/:cpv', prices],
  ['market', market],
  ['market/categories', categoryList],
  ['market/category', movedTo('categoryRedirect', '/market')],
  ['market/category/:categoryId', category],
  ['market/profile', movedTo('profileRedirect', '/market')],
  ['market/profiles', profileList],
  ['market/profile/:profileId', profile],
  ['market/products', productList],
  ['market/products/:id', product],
  ['market/prozorro-products/:id', prozorroProduct],
  ['market/cart/*', cart],
  ['market/:classificationId', classification],
  ['info/tariffs', tariffs],
  ['info/contacts', contacts],
  ['info/regulations', regulations],
  ['info/search-help', searchHelp],
  ['info/red-flags', redFlags],
  ['icabinet/*', cabinet],
  ['login/*', login],
  ['registration/*', registration],
  ['logout', logout],
  ['alerts/unsubscribe', unsubscribe],
  ['follow/confirm', followConfirm],
  ['follow/unsubscribe', followUnsubscribe],
  ['js/sign', stub('sign', { noindex: true })],
  ['*', notFound],
];

export const routes: PageRoute[] = table.map(([path, module]) => ({ ...module, path }));

/** react-router route objects for matching; elements are attached in `App`. */
const routeObjects: RouteObject[] = routes.map((route) => ({ path: route.path, handle: route }));

export interface Match {
  route: PageRoute;
  params: Record<string, string | undefined>;
}

// matchRoutes ranks the whole table on every call; the server matches each URL
// twice per request (resolve, render). The server keeps matches per path for the
// isolate's life, bounded by bytes (a path may be 64 KB long: `lib/boundedMap.ts`);
// the browser keeps its last match only (its paths are its visitor's own).
/** What the server's matches may hold, and the largest one kept (a longer path is matched every time). */
export const MATCHES_MAX_BYTES = 1024 * 1024;
export const MATCH_MAX_ENTRY_BYTES = 4 * 1024;
const paramBytes = (match: Match) => Object.entries(match.params).reduce((n, [k, v]) => n + stringBytes(k) + stringBytes(v ?? ''), 0);
export const matched = __SERVER__ ? new BoundedMap({ maxBytes: MATCHES_MAX_BYTES, maxEntryBytes: MATCH_MAX_ENTRY_BYTES }, paramBytes) : null;
let lastMatch: [string, Match] | null = null;

/** Matches a path that has already lost its language prefix. */
export function matchPage(pathname: string): Match {
  const known = matched ? matched.get(pathname) : lastMatch?.[0] === pathname ? lastMatch[1] : undefined;
  if (known) return known;
  const found = matchRoutes(routeObjects, pathname);
  const last = found?.[found.length - 1];
  const match = last
    ? { route: last.route.handle as PageRoute, params: Object.freeze({ ...last.params }) }
    : { route: routes[routes.length - 1], params: Object.freeze({}) };
  if (matched) matched.set(pathname, match);
  else lastMatch = [pathname, match];
  return match;
}
