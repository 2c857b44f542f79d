/**
 * The head of a route's page (`lib/head.ts`) with what the route machinery knows: the code
 * of its head (a split page's chunk's exports: load it first, `loadPage`) and the route's
 * verdict on the request (`routeOutcome`).
 */
import type { TFunction } from 'i18next';
import type { PageRoute, RouteContext } from '../lib/routeModule';
import { buildHead, type Head } from '../lib/head';
import { headCode } from './split';
import { routeOutcome, type Outcome } from './outcome';

/**
 * The head of `route`'s page at `path` (without the language base). `outcome`: the
 * route's verdict on this request, when the caller has made it already.
 */
export function pageHead(route: PageRoute, ctx: RouteContext, t: TFunction, path: string, outcome?: Outcome): Head {
  return buildHead(route, ctx, t, path, headCode(route, ctx.input.language), () => (outcome === undefined ? routeOutcome(route, ctx) : outcome));
}
