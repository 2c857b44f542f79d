/**
 * The titles and descriptions of the pages about market classifications, from their data:
 * the market home (all of them, `pages/Market`) and one classification
 * (`pages/Classification`). One module for the two, as before the pages had folders of
 * their own: the client build keeps it a chunk of its own that both pages load, and
 * merging it into their heads would change which files those pages preload.
 */
import type { Meta } from '../lib/routeModule';
import { localized, type MarketClassification } from '../lib/market';
import { classificationsOf, fmt, head, recordOf } from './meta';

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

/** `/market/{classificationId}`: named after it, with its counts. */
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
