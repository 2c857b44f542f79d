/** Titles and descriptions of the market home and a classification page, from their data. */
import type { Meta } from '../../routes/types';
import { localized, type MarketClassification } from '../../lib/market';
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
