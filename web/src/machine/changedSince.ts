/**
 * `changedSince` of the documents for machines that poll a search (`/tenders.atom`, the
 * exports): the records changed at or after a date (`2026-11-29`, its Kyiv midnight) or
 * an instant (`2026-11-29T10:00:00+02:00`), as the upstream's search takes it. It lives
 * here, not in the search's codec (`lib/filters.ts`), which every search page loads: no
 * page has such a field, only the machines' links.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A day the calendar has (not 2026-02-30). */
function realDay(day: string): boolean {
  const t = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(day);
}

/** The query's `changedSince` when it is a real date or instant, else undefined (a bad one is left out, as the codec leaves out any filter it cannot read). */
export function changedSinceOf(query: URLSearchParams): string | undefined {
  const value = query.get('changedSince')?.trim() ?? '';
  if (DATE.test(value)) return realDay(value) ? value : undefined;
  return INSTANT.test(value) && realDay(value.slice(0, 10)) && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

/** A query string, or a path with its query (never empty), with `changedSince` added when there is one. */
export const withChangedSince = (query: string, since: string | undefined): string =>
  since ? `${query}${query ? '&' : ''}changedSince=${encodeURIComponent(since)}` : query;
