/**
 * The search API's collections (Hydra): the one reader of `hydra:member`,
 * `hydra:totalItems` and `hydra:view` for every list the portal fetches.
 */

/** A collection answer as the search API gives it; every field may be missing or malformed. */
export interface Collection<T = unknown> {
  'hydra:member'?: T[];
  'hydra:totalItems'?: number;
  'hydra:view'?: { lastPage?: number };
}

/** A member that is an object (not null, not a scalar). */
export const isObject = (m: unknown): m is object => !!m && typeof m === 'object';

/** A member that is a record: an object with a string `id`. */
export const hasId = (m: unknown): m is { id: string } => isObject(m) && typeof (m as { id?: unknown }).id === 'string';

/** The members of a collection answer as it holds them; null when it is not a collection (no members array). */
export function membersIn(body: unknown): unknown[] | null {
  const members = (body as Collection | null | undefined)?.['hydra:member'];
  return Array.isArray(members) ? members : null;
}

/**
 * The members of a collection answer that `keep` accepts (by default: the objects);
 * none when it is not a collection.
 */
export function membersOf<T>(body: unknown, keep: (m: unknown) => boolean = isObject): T[] {
  return (membersIn(body) ?? []).filter(keep) as T[];
}

/** The collection's total (`hydra:totalItems`) when it is a number. */
export function totalOf(body: unknown): number | undefined {
  const total = (body as Collection | null | undefined)?.['hydra:totalItems'];
  return typeof total === 'number' ? total : undefined;
}
