/** `/plans/{id}`: a procurement plan by its planID (the 32-hex id redirects to it). */
import type { PageModule } from '../../routes/types';
import { dataOf } from '../../lib/data';
import { planDescription, planJsonLd, planTitle } from './meta';
import type { Plan } from './types';
// In the main stylesheet, like the other split pages' styles: no unstyled flash while the chunk loads.
import './Plan.css';
import '../../components/RegisterLinks/RegisterLinks.css';

const HEX_ID = /^[0-9a-f]{32}$/i;
/** A planID: `UA-P-2026-10-08-005080-a`, with the suffix shapes tenderIDs allow. */
const PLAN_ID = /^UA-P-\d{4}-\d{2}-\d{2}-\d{6}(-[a-z]{1,2}(\.\d{1,2})?)?$/i;
/** Either form of a plan's id; anything else cannot name a plan. */
export const isPlanId = (id: string | undefined): boolean => !!id && (HEX_ID.test(id) || PLAN_ID.test(id));

/** `/plans/{planID}`. */
export const planPath = (planID: string): string => `/plans/${encodeURIComponent(planID)}`;

export const plan: PageModule = {
  name: 'plan',
  page: { load: () => import('./Plan') },
  // An id of neither form is a 404 without asking the platform (crawlers try many).
  guard: ({ params }) => (isPlanId(params.id) ? null : { error: 404 }),
  fetches: ({ params }) => [{ key: 'plan', service: 'search', path: `/api/plans/${encodeURIComponent(params.id ?? '')}` }],
  required: ['plan'],
  // The planID is the canonical form; the 32-hex id answers 301 to it.
  redirectFromData: (ctx) => {
    const planID = dataOf<Plan>(ctx, 'plan')?.planID;
    const { id } = ctx.params;
    if (!planID || !HEX_ID.test(id ?? '') || planID === id) return null;
    return { redirect: planPath(planID), status: 301 };
  },
  canonicalPath: (ctx) => {
    const planID = dataOf<Plan>(ctx, 'plan')?.planID;
    return planID ? planPath(planID) : null;
  },
  meta: (ctx, t) => {
    const data = dataOf<Plan>(ctx, 'plan');
    const title = data ? planTitle(data, t) : '';
    return data && title ? { title, description: planDescription(data, t) } : null;
  },
  jsonLd: (ctx, canonical) => {
    const data = dataOf<Plan>(ctx, 'plan');
    return data && planJsonLd(data, canonical);
  },
};
