/**
 * `/prices/{cpv}`: what buyers paid per unit for a CPV code and its children (issue 47).
 * In the main bundle, so only what is decided before the chunk is there: a 404 for what
 * cannot be a code, the answer the page requires (the prices: an unknown code has none,
 * and the page says so), one canonical address for both spellings of a code (with its
 * check digit or without), and the upstream requests, the server's only
 * (`fetches.server.ts`).
 */
import type { RouteModule } from '../../lib/routeModule';
import { FETCHED_BY_THE_SERVER } from '../../lib/routeModule';
import { priceFetches } from './fetches.server';
import './Prices.css';

export const prices: RouteModule = {
  name: 'prices',
  page: { load: () => import('./Prices') },
  guard: ({ params }) => (/^\d{8}(-\d)?$/.test(params.cpv ?? '') ? null : { error: 404 }),
  fetches: __SERVER__ ? priceFetches : FETCHED_BY_THE_SERVER,
  required: ['prices'],
  canonicalPath: ({ params }) => `/prices/${params.cpv?.slice(0, 8)}`,
};
