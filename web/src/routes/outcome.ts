/** What a route decides for a request, the same on the server and in the browser. */
import type { GuardResult, PageRoute, RouteContext } from './types';

export type Outcome = { redirect: string; status: 301 | 302 } | { error: number } | null;

/** Error status for a required data entry that is missing or failed. */
function dataError(route: PageRoute, ctx: RouteContext): number | null {
  for (const key of route.required ?? []) {
    const entry = ctx.input.data[key];
    if (!entry) return 503;
    if (!entry.ok) return entry.status === 404 ? 404 : entry.status >= 500 ? 503 : entry.status === 400 ? 400 : 502;
  }
  return null;
}

export function routeOutcome(route: PageRoute, ctx: RouteContext): Outcome {
  const guard: GuardResult = route.guard?.(ctx) ?? null;
  if (guard) return guard;
  const error = dataError(route, ctx);
  if (error) return { error };
  return route.redirectFromData?.(ctx) ?? null;
}
