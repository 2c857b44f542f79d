/**
 * Which tender a monitoring's page is under. The route module (its redirect) and the
 * page's chunk (`meta.ts`: title and trail) both ask; it lives here, not in `route.ts`,
 * because the route module loads that chunk and the two would otherwise import each other.
 */
import type { RouteContext } from '../../lib/routeModule';
import { dataOf } from '../../lib/data';
import type { Tender } from '../../records/tender';
import type { Monitoring } from './types';

/** The tenderID of the monitored tender: the fetched tender's when it is that tender. */
export function monitoredTenderId(ctx: RouteContext): string | undefined {
  const m = dataOf<Monitoring>(ctx, 'monitoring');
  const tender = dataOf<Tender>(ctx, 'tender');
  if (tender?.tenderID && (!m?.tender_id || tender.id === m.tender_id)) return tender.tenderID;
  return m?.tenderID;
}
