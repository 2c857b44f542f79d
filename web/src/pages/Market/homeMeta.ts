/** Titles and descriptions of the market home and a classification page, from their data. */
import type { Meta, RouteContext } from '../../lib/pageModule';
import { localized, type MarketClassification } from '../../lib/market';
import { clampPage, pageCount } from '../../lib/pagination';
import { classificationsOf, fmt, head, recordOf } from './meta';

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
export const homeCanonicalQuery = (ctx: RouteContext): string => {
  const page = homePage(ctx.query, classificationsOf(ctx).length);
  return page > 1 ? `page=${page}` : '';
};

/** `/market`: the catalogue's size in its description. */
export const marketMeta: Meta = (ctx, t) => {
  const all = classificationsOf(ctx);
  if (!all.length) return null;
  const { language } = ctx.input;
  const sum = (k: 'categoriesCount' | 'productsCount') => all.reduce((n, c) => n + (typeof c[k] === 'number' ? (c[k] as number) : 0), 0);
  return head(
    t('pages.market.title'),
    t('market.meta.marketDescription', { classifications: fmt(all.length, language), categories: fmt(sum('categoriesCount'), language), products: fmt(sum('productsCount'), language) }),
  );
};

export const classificationMeta: Meta = (ctx, t) => {
  const c = recordOf<MarketClassification>(ctx, 'classification');
  if (!c) return null;
  const { language } = ctx.input;
  const title = localized(language, c.title, c.title_en) || c.id;
  return head(
    t('market.meta.classificationTitle', { title, id: c.id }),
    t('market.meta.classificationDescription', {
      title,
      id: c.id,
      categories: fmt(c.activeCategoriesCount ?? c.categoriesCount, language),
      products: fmt(c.productsCount, language),
    }),
  );
};
