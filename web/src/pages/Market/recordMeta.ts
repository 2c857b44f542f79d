/** Titles and descriptions of a category's and a profile's pages, named after them, with their counts. */
import type { Meta } from '../../routes/types';
import { dataOf, type DataSource } from '../../lib/data';
import { totalOf } from '../../records/collection';
import { localized, type Category, type Profile } from '../../lib/market';
import { fmt, head, recordOf } from './meta';

/** The products' total of a products page, or undefined without the answer. */
const productsTotal = (from: DataSource) => totalOf(dataOf<unknown>(from, 'products'));

export const categoryMeta: Meta = (ctx, t) => {
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

export const profileMeta: Meta = (ctx, t) => {
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
