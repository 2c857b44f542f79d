/** Decisions several routes make before any data: who may see a page, and moved paths. */
import type { GuardResult, RouteModule, RouteContext } from './routeModule';
import type { SessionSummary } from '../contract';

const toRoot = (): GuardResult => ({ redirect: '/', status: 302 });

/** `/login` and `/registration` are for visitors: a logged-in user goes home. */
export const visitorsOnly = (ctx: RouteContext): GuardResult => (ctx.input.session ? toRoot() : null);

/** Whether a visitor has a cart (SPEC §6): a logged-in user who is not a seller. */
export const hasCart = (session: SessionSummary | null): boolean => !!session && session.type !== 'seller';

/** The cart is for those who have one; anyone else gets the 404 page. */
export const buyersOnly = ({ input }: RouteContext): GuardResult => (hasCart(input.session) ? null : { error: 404 });

/**
 * The cabinet exists only with its feature flag (SPEC §2.1): without it `/icabinet/*` is
 * an unmatched route, the 404 page for everyone. With it, a visitor without a login goes
 * home.
 */
export const cabinetGuard = ({ input }: RouteContext): GuardResult =>
  !input.config.features.cabinet ? { error: 404 } : !input.session ? toRoot() : null;

/** A path that only redirects, permanently, to `to` (a path, or one made from the params). */
export const movedTo = (name: string, to: string | ((ctx: RouteContext) => string)): RouteModule => ({
  name,
  page: () => null,
  guard: (ctx) => ({ redirect: typeof to === 'string' ? to : to(ctx), status: 301 }),
});

/** `.` and `..`, also escaped: an HTTP client resolves such a segment of an upstream path away. */
const DOT_SEGMENT = /^(\.|%2e){1,2}$/i;

/**
 * A 404 for a path whose parameter `names` is a dot segment: it names no record, and in
 * the upstream request it would name another path (`/api/monitorings/..` is `/api/`).
 */
export const noDotSegments =
  (...names: string[]) =>
  ({ params }: RouteContext): GuardResult =>
    names.some((name) => DOT_SEGMENT.test(params[name] ?? '')) ? { error: 404 } : null;
