/** A State Audit Service monitoring of a tender, under its tender's path. */
import type { RouteModule, RouteContext } from '../../lib/routeModule';
import { FETCHED_BY_THE_SERVER } from '../../lib/routeModule';
import { movedTo, noDotSegments } from '../../lib/guards';
import { dataOf } from '../../lib/data';
import { encodeTail } from '../../lib/recordAddress';
import { tenderPath } from '../Tender/path';
import { monitoredTenderId } from './monitoredTender';
import type { Monitoring } from './types';

/** `/tenders/{tenderID}/monitorings/{monitoring_id}`, the one address of a monitoring. */
function monitoringPath(ctx: RouteContext): string | null {
  const id = dataOf<Monitoring>(ctx, 'monitoring')?.monitoring_id;
  const tenderID = monitoredTenderId(ctx);
  return id && tenderID ? tenderPath(tenderID, `monitorings/${encodeURIComponent(id)}`) : null;
}

export const monitoring: RouteModule = {
  name: 'monitoring',
  page: { load: () => import('./Monitoring') },
  guard: noDotSegments('tenderId', 'id'),
  // The browser only asks whether there are fetches (decision 0011).
  fetches: __SERVER__ ? ({ params }) => [
    { key: 'monitoring', service: 'search', path: `/api/monitorings/${encodeURIComponent(params.id ?? '')}` },
    { key: 'tender', service: 'search', path: `/api/tenders/${encodeURIComponent(params.tenderId ?? '')}` },
  ] : FETCHED_BY_THE_SERVER,
  required: ['monitoring'],
  redirectFromData: (ctx) => {
    const path = monitoringPath(ctx);
    const rest = ctx.params['*'];
    const here = tenderPath(ctx.params.tenderId ?? '', `monitorings/${encodeURIComponent(ctx.params.id ?? '')}`);
    return path && path !== here ? { redirect: rest ? `${path}/${encodeTail(rest)}` : path, status: 301 } : null;
  },
  canonicalPath: monitoringPath,
  // Title and description: `meta.ts`, exported by the page's chunk.
};

/** `/tenders/{id}/monitorings` lists nothing of its own: the tender page shows them. */
export const monitoringsRedirect = movedTo('monitoringsRedirect', ({ params }) => tenderPath(params.id ?? ''));
