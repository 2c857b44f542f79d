/**
 * Reading the upstream answers a page was rendered with (`data`, keyed as its route's
 * `fetches` named them), the same way in route modules and in components.
 */
import type { Fetched } from '../contract';

export type PageData = Record<string, Fetched>;

/** Anything that carries page data: the page state, or a route's context. */
export type DataSource = { data: PageData } | { input: { data: PageData } };

const dataIn = (from: DataSource): PageData => ('input' in from ? from.input.data : from.data);

/** The body of a JSON object answer (not an array, not a scalar), or null. */
const objectBody = <T,>(body: unknown): T | null =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as T) : null;

/**
 * The answer under `key` when the request succeeded, read by `read` (by default: the
 * body when it is a JSON object); null when it is missing, failed or unreadable.
 */
export function dataOf<T>(from: DataSource, key: string, read: (body: unknown) => T | null = objectBody<T>): T | null {
  const entry = dataIn(from)[key];
  return entry?.ok ? read(entry.body) : null;
}

/** True when the request under `key` was made and brought no usable answer. */
export function failed(from: DataSource, key: string): boolean {
  const entry = dataIn(from)[key];
  return entry !== undefined && !entry.ok;
}

/**
 * The HTTP status of the error page a failed answer calls for when the page cannot do
 * without it: 404 and 400 stay themselves, and so does 403 (the users API refuses the
 * user's role: "sign in under the appropriate role", SPEC §2.4); an upstream that failed (5xx) is 503; one
 * that could not be reached, or whose answer is not JSON, 502; one too slow, 504; any
 * other refusal, 502. A missing answer (never fetched) is 503.
 */
export function failureStatus(entry: Fetched | undefined): number | null {
  if (!entry) return 503;
  if (entry.ok) return null;
  if ('failure' in entry) return entry.failure === 'timeout' ? 504 : 502;
  if (entry.status === 404 || entry.status === 400 || entry.status === 403) return entry.status;
  return entry.status >= 500 ? 503 : 502;
}

/**
 * The code the error page shows for a failed answer (SPEC §2.4, §2.5: "the error message
 * as the code"): the upstream's own status when it answered, 504 when it was too slow,
 * 502 when it could not be reached or its answer was not JSON, 503 when it was never
 * asked. The page's text follows this code; the portal's HTTP status stays
 * `failureStatus`.
 */
export function failureCode(entry: Fetched | undefined): number | null {
  if (!entry) return 503;
  if (entry.ok) return null;
  if ('failure' in entry) return entry.failure === 'timeout' ? 504 : 502;
  return entry.status;
}
