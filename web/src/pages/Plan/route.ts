/** `/plans/{id}`: a procurement plan by its planID (the 32-hex id redirects to it). */
import type { RouteModule } from '../../lib/routeModule';
import { FETCHED_BY_THE_SERVER } from '../../lib/routeModule';
import { recordAddress, recordIdTest } from '../../lib/recordAddress';
import type { Plan } from '../../records/plan';
import { followStatus } from '../../lib/follow';
import { englishCpvNames } from '../../components/Classifications/fetches.server';
// In the main stylesheet, like the other split pages' styles: no unstyled flash while the chunk loads.
import './Plan.css';
import '../../components/RegisterLinks/RegisterLinks.css';

/** A planID: `UA-P-2026-10-08-005080-a`, with the suffix shapes tenderIDs allow. */
const PLAN_ID = /^UA-P-\d{4}-\d{2}-\d{2}-\d{6}(-[a-z]{1,2}(\.\d{1,2})?)?$/i;
/** Either form of a plan's id; anything else cannot name a plan. */
export const isPlanId = recordIdTest(PLAN_ID);

/** `/plans/{planID}`. */
export const planPath = (planID: string): string => `/plans/${encodeURIComponent(planID)}`;

export const plan: RouteModule = {
  name: 'plan',
  page: { load: () => import('./Plan') },
  // The browser only asks whether there are fetches (decision 0011).
  fetches: __SERVER__ ? ({ params, input }) => [
    { key: 'plan', service: 'search', path: `/api/plans/${encodeURIComponent(params.id ?? '')}`, validator: true },
    // Whether the mirror is behind (components/Freshness, brief: the tag stays put).
    { key: 'freshness', service: 'search', path: '/api/freshness?brief=1', maxAge: 5 },
    // What others paid per unit for its items, beside its expected value (issue 47): the
    // page renders without it, and without the flag it is not asked for at all.
    ...(input.config.features.prices ? [{ key: 'prices', service: 'search' as const, path: `/api/prices/plans/${encodeURIComponent(params.id ?? '')}` }] : []),
    // Whether a logged-in visitor follows the plan (`lib/follow.ts`).
    ...(input.session ? [followStatus('plans', 'plan')] : []),
    // Under /en, the English names of the plan's CPV code and its items' (the record's
    // are Ukrainian). The platform requires a plan's classification.
    ...englishCpvNames(input.language, 'plan', ['/classification/id', '/items/*/classification/id']),
  ] : FETCHED_BY_THE_SERVER,
  required: ['plan'],
  // The planID names the plan's one address; the 32-hex id answers 301 to it.
  ...recordAddress({ key: 'plan', isId: isPlanId, idOf: (p: Plan) => p.planID, path: planPath }),
  // Title, description and JSON-LD: `meta.ts`, exported by the page's chunk.
};
