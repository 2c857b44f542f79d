/**
 * Pagination rules (SPEC §5, §9): the search backend never returns results past the
 * 10000th, so the page count is capped by that window and the control follows it.
 */

/** The search backend's result window: no page may reach past this many results. */
export const RESULT_WINDOW = 10000;

/** `min(ceil(total / perPage), floor(RESULT_WINDOW / perPage))`; 0 for empty or invalid input. */
export function pageCount(total: number, perPage: number): number {
  if (!(total > 0) || !(perPage > 0)) return 0;
  return Math.min(Math.ceil(total / perPage), Math.floor(RESULT_WINDOW / perPage));
}

/** The control is shown only when there are at least two pages. */
export function showPagination(total: number, perPage: number): boolean {
  return pageCount(total, perPage) >= 2;
}

/** Keeps `page` within 1..count (count 0 gives 1). */
export function clampPage(page: number, count: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.max(1, Math.min(Math.trunc(page), Math.max(count, 1)));
}

/**
 * How many results 'show next N' adds after `page`: `perPage`, or fewer when the
 * results reachable in the window run out; 0 on the last page (the button is hidden).
 */
export function showMoreCount(page: number, perPage: number, total: number): number {
  const count = pageCount(total, perPage);
  if (count === 0 || page >= count) return 0;
  const reachable = Math.min(total, count * perPage);
  return Math.max(0, Math.min(perPage, reachable - page * perPage));
}

/** A gap between page numbers. */
export const GAP = 'gap';
export type PageItem = number | typeof GAP;

/**
 * The page numbers to show: always the first and the last, the current page and one
 * neighbour on each side, and a gap where pages are left out. The list is at most
 * seven items long, so the control keeps its width while the user pages through;
 * a gap never stands for a single page (that page is shown instead).
 */
export function pageItems(page: number, count: number): PageItem[] {
  if (count <= 0) return [];
  const current = clampPage(page, count);
  if (count <= 7) return range(1, count);
  if (current <= 4) return [...range(1, 5), GAP, count];
  if (current >= count - 3) return [1, GAP, ...range(count - 4, count)];
  return [1, GAP, current - 1, current, current + 1, GAP, count];
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}
