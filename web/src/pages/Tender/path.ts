/**
 * A tender's address. It lives here rather than in `route.ts` because the page's own
 * chunk links to it too (`sections/Monitorings.tsx`), and the route module loads that
 * chunk: importing the route module from the chunk would make the two import each other.
 */

/** `/tenders/{tenderID}` plus the sub-path (`/awards`) when there is one. */
export const tenderPath = (tenderID: string, rest?: string): string =>
  `/tenders/${encodeURIComponent(tenderID)}${rest ? `/${rest}` : ''}`;
