/**
 * Generic calls of the browser to the platform's APIs (SPEC §7, §8): a GET sends a JSON
 * content type and asks for JSON; an answer of 400-499 raises `client error (status: N)`,
 * one of 500-599 `server error (status: N)`.
 */

/** The error a generic call raises for a refused or failed answer (SPEC §8). */
export function statusError(status: number): Error {
  return new Error(`${status >= 500 ? 'server' : 'client'} error (status: ${status})`);
}

/** GET `base` + `path` as JSON, within `timeoutMs` (and `signal`, when given). */
export async function getJson<T>(base: string, path: string, { signal, timeoutMs = 15_000 }: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<T> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal && 'any' in AbortSignal ? AbortSignal.any([signal, timeout]) : timeout;
  const response = await fetch(base.replace(/\/$/, '') + path, {
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    signal: combined,
  });
  if (!response.ok) throw statusError(response.status);
  return (await response.json()) as T;
}

/** Fetches JSON from the search API in the browser (the pickers), with a time-out. */
export function fetchSearchApi<T>(base: string, path: string, signal?: AbortSignal): Promise<T> {
  return getJson<T>(base, path, { signal });
}
