/**
 * What a route decides for a request once its data is there: the one verdict, the same
 * on the server (first load) and in the browser (after a client navigation).
 */
import type { GuardResult, PageRoute, RouteContext } from '../lib/routeModule';
import { failureCode, failureStatus } from '../lib/data';

export type Outcome = GuardResult;

/**
 * The guard's decision, else the error page of the first required answer that failed
 * (`failureStatus`), else a redirect the data calls for. Optional answers never decide:
 * a page leaves out the part an optional answer that failed would have filled.
 */
export function routeOutcome(route: PageRoute, ctx: RouteContext): Outcome {
  const guard = route.guard?.(ctx) ?? null;
  if (guard) return guard;
  for (const key of route.required ?? []) {
    const entry = ctx.input.data[key];
    const error = failureStatus(entry);
    if (!error) continue;
    // The page shows the code that failed when it is not the portal's status.
    const shown = failureCode(entry) ?? error;
    return shown === error ? { error } : { error, shown };
  }
  return route.redirectFromData?.(ctx) ?? null;
}
