/**
 * What the pages of the registers' records (tenders, plans, contracts) decide alike. A
 * record has two ids: the platform's 32-hex `id` and the register's own (`tenderID`,
 * `planID`, `contractID`), which alone names the record's address.
 */
import type { RouteModule } from './routeModule';
import { dataOf, type DataSource } from './data';

const HEX_ID = /^[0-9a-f]{32}$/i;

/**
 * A sub-path from the route's params (`*`, decoded) as a location can carry it: each
 * segment percent-encoded again (a `Location` header is ASCII), the slashes inside a
 * segment (`%2F`, which the match keeps encoded) kept as they are.
 */
export const encodeTail = (rest: string): string =>
  rest.split('/').map((segment) => segment.split('%2F').map(encodeURIComponent).join('%2F')).join('/');

/** A test of either form of a record's id: the 32-hex id, or one the register's `pattern` matches. */
export const recordIdTest =
  (pattern: RegExp) =>
  (id: string | undefined): boolean =>
    !!id && (HEX_ID.test(id) || pattern.test(id));

interface RecordAddress<T> {
  /** The key of the record's answer in the page data. */
  key: string;
  /** Whether a path's `:id` can name such a record (`recordIdTest`). */
  isId: (id: string | undefined) => boolean;
  /** The register's id of the record (`tender.tenderID`). */
  idOf: (record: T) => string | undefined;
  /** The record's address by the register's id (`/plans/UA-P-…`). */
  path: (id: string) => string;
}

/**
 * The guard, redirect and canonical path of a record's page at `…/:id` (with sub-paths
 * under `*`, a tender's sections): an id of neither form is a 404 without asking the
 * platform (crawlers try many); the 32-hex id answers 301 to the register's id, keeping
 * the sub-path; the canonical link names the register's id, without sub-path.
 */
export function recordAddress<T>({ key, isId, idOf, path }: RecordAddress<T>): Pick<RouteModule, 'guard' | 'redirectFromData' | 'canonicalPath'> {
  const registeredId = (from: DataSource) => {
    const record = dataOf<T>(from, key);
    return record ? idOf(record) : undefined;
  };
  return {
    guard: ({ params }) => (isId(params.id) ? null : { error: 404 }),
    redirectFromData: (ctx) => {
      const registered = registeredId(ctx);
      const { id, '*': rest } = ctx.params;
      if (!registered || !HEX_ID.test(id ?? '') || registered === id) return null;
      return { redirect: rest ? `${path(registered)}/${encodeTail(rest)}` : path(registered), status: 301 };
    },
    canonicalPath: (ctx) => {
      const registered = registeredId(ctx);
      return registered ? path(registered) : null;
    },
  };
}
