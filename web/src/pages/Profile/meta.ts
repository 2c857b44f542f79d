/** A profile's head: its title and description (named after it, with its products' count), JSON-LD and canonical query. */
import type { Meta } from '../../lib/routeModule';
import { localized, type Profile } from '../../lib/market';
import { fmt, head, productsTotal, recordJsonLd, recordOf } from '../../market/meta';

export { canonicalQuery } from '../../market/meta';

export const meta: Meta = (ctx, t) => {
  const p = recordOf<Profile>(ctx, 'profile');
  if (!p) return null;
  const { language } = ctx.input;
  const title = localized(language, p.title, p.title_en) || p.id;
  const category = localized(language, p.classification?.description, p.classification?.description_en);
  return head(
    t('market.meta.profileTitle', { title }),
    [
      t('market.meta.profileDescription', { title, category: category || p.relatedCategory || '' }),
      t('market.meta.productsCount', { products: fmt(productsTotal(ctx) ?? p.productsCount, language) }),
    ].join(' '),
  );
};

export const jsonLd = __SERVER__ ? recordJsonLd('profile') : undefined;
