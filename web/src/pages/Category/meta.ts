/** A category's head: its title and description (named after it, with its counts), JSON-LD and canonical query. */
import type { Meta } from '../../lib/routeModule';
import { localized, type Category } from '../../lib/market';
import { fmt, head, productsTotal, recordJsonLd, recordOf } from '../../market/meta';

export { canonicalQuery } from '../../market/meta';

export const meta: Meta = (ctx, t) => {
  const c = recordOf<Category>(ctx, 'category');
  if (!c) return null;
  const { language } = ctx.input;
  const title = localized(language, c.title, c.title_en) || c.id;
  const buyer = c.procuringEntity?.name || c.procuringEntity?.identifier?.legalName;
  return head(
    t('market.meta.categoryTitle', { title }),
    [
      t('market.meta.categoryDescription', { title, cpv: c.classification?.id ?? c.id }),
      t('market.meta.counts', { products: fmt(productsTotal(ctx) ?? c.productsCount, language), profiles: fmt(c.activeProfilesCount ?? c.profilesCount, language) }),
      buyer ? t('market.meta.buyer', { name: buyer }) : '',
    ].filter(Boolean).join(' '),
  );
};

export const jsonLd = __SERVER__ ? recordJsonLd('category') : undefined;
