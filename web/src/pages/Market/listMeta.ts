/** Titles and descriptions of the list pages. */
import type { Meta } from '../../lib/pageModule';
import { parseMarketFilters, scopeOf } from '../../lib/marketFilters';
import { head } from './meta';

/** A list page: its title, with the page number past the first. */
export const listMeta =
  (name: string): Meta =>
  (ctx, t) => {
    // The page the list shows: the codec's (bounded by the result window), not the raw query's.
    const { page } = parseMarketFilters(ctx.query, scopeOf(name));
    const title = t(`pages.${name}.title`);
    return head(page > 1 ? t('market.meta.page', { title, page }) : title, t(`pages.${name}.description`));
  };
