/**
 * The market home's head: its title and description (`market/classificationMeta.ts`),
 * and its canonical query (its page of classifications). What the page and its head
 * share is here too (the page the query asks for, its address).
 */
import type { RouteContext } from '../../lib/routeModule';
import { clampPage, pageCount } from '../../lib/pagination';
import { classificationsOf } from '../../market/meta';

export { marketMeta as meta } from '../../market/classificationMeta';

/** SPEC §9: the market home's classifications, like every catalogue list, 24 a page. */
export const HOME_PER_PAGE = 24;

/**
 * The page of the market home's classifications `?page=` asks for, within the pages
 * there are (the upstream answers all of them at once: the page is cut here).
 */
export const homePage = (query: URLSearchParams, total: number): number =>
  clampPage(Number(query.get('page')) || 1, pageCount(total, HOME_PER_PAGE));

/** The market home's address of page `page` (`open`: the tree's node opened without JavaScript). */
export const homeHref = (page: number, open?: string | null): string => {
  const q = new URLSearchParams();
  if (page > 1) q.set('page', String(page));
  if (open) q.set('open', open);
  const query = q.toString();
  return query ? `/market?${query}` : '/market';
};

/** The canonical query of the market home: its page past the first (the open tree node is not another page). */
export const canonicalQuery = (ctx: RouteContext): string => {
  const page = homePage(ctx.query, classificationsOf(ctx).length);
  return page > 1 ? `page=${page}` : '';
};
