/**
 * `/buyers/{id}` and `/suppliers/{id}`: an organisation's page, by its register
 * identifier (EDRPOU, 8 digits; a person's tax number, 10; other schemes' ids). In the
 * main bundle, so only what is decided before the chunk is there: a 404 for what cannot
 * be an identifier, the answers the page requires (its newest records, which also say
 * whether any record names it: none is a 404), and the upstream requests, the server's
 * only (`fetches.server.ts`).
 */
import type { RouteModule } from '../../lib/routeModule';
import { FETCHED_BY_THE_SERVER } from '../../lib/routeModule';
import { dataOf } from '../../lib/data';
import { totalOf } from '../../records/collection';
import { organisationFetches } from './fetches.server';
import './Organisation.css';

/** Register identifiers as the data has them: digits and letters, no spaces or slashes. */
const ORG_ID = /^[\dA-Za-z][\dA-Za-z.-]{2,39}$/;

const org = (role: 'buyer' | 'supplier', required: string[]): RouteModule => ({
  name: role,
  page: { load: () => import('./Organisation') },
  guard: ({ params }) => (ORG_ID.test(params.edrpou ?? '') ? null : { error: 404 }),
  fetches: __SERVER__ ? organisationFetches(role) : FETCHED_BY_THE_SERVER,
  required,
  // An identifier no record names is no organisation's page.
  redirectFromData: (ctx) =>
    required.some((key) => (totalOf(dataOf<unknown>(ctx, key)) ?? 0) > 0) ? null : { error: 404 },
});

export const buyer = org('buyer', ['tenders', 'plans', 'contracts']);
export const supplier = org('supplier', ['tenders', 'contracts']);
