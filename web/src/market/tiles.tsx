/**
 * The tiles of the catalogue's lists other than products (market classifications,
 * categories, profiles): a title that links to the record's page, its code and its
 * counts. Like the product card, one markup for the grid and the list view.
 */
import { memo, type ReactNode } from 'react';
import { AppLink } from '../components/AppLink/AppLink';
import { Status } from '../components/Status/Status';
import { useTranslation } from '../i18n/react';
import { formatMoney } from '../lib/format';
import { categoryPath, classificationPath, localized, profilePath, type Category, type MarketClassification, type Profile } from '../lib/market';
import { usePageState } from '../state';
import { useCount } from './CatalogueView';

function Tile({ path, title, code, counts, children }: { path: string; title: string; code?: string; counts: string[]; children?: ReactNode }) {
  return (
    <article className="market-tile">
      <h3 className="market-tile-title">
        <AppLink to={path}>{title}</AppLink>
      </h3>
      {code && <p className="market-tile-code">{code}</p>}
      {counts.some(Boolean) && (
        <p className="market-tile-counts">
          {counts.filter(Boolean).map((c) => (
            <span key={c}>{c}</span>
          ))}
        </p>
      )}
      {children}
    </article>
  );
}

export function ClassificationTile({ item }: { item: MarketClassification }) {
  const { language } = usePageState();
  const count = useCount();
  return (
    <Tile
      path={classificationPath(item.id)}
      title={localized(language, item.title, item.title_en) || item.id}
      code={item.id}
      counts={[count('categories', item.activeCategoriesCount ?? item.categoriesCount), count('products', item.productsCount)]}
    />
  );
}

/** Memoised, as `ProductCard` is: a list renders again after hydration for its stored view. */
export const CategoryTile = memo(function CategoryTile({ item }: { item: Pick<Category, 'id' | 'title' | 'title_en' | 'status' | 'classification' | 'productsCount' | 'activeProfilesCount'> }) {
  const { t } = useTranslation();
  const { language } = usePageState();
  const count = useCount();
  return (
    <Tile
      path={categoryPath(item.id)}
      title={localized(language, item.title, item.title_en) || item.id}
      code={item.classification?.id}
      counts={[count('profiles', item.activeProfilesCount), count('products', item.productsCount)]}
    >
      {item.status && item.status !== 'active' && <Status code={item.status}>{t(`market.recordStatus.${item.status}`, { defaultValue: item.status })}</Status>}
    </Tile>
  );
});

/** Memoised, as `CategoryTile`. */
export const ProfileTile = memo(function ProfileTile({ item }: { item: Profile }) {
  const { t } = useTranslation();
  const { language } = usePageState();
  const count = useCount();
  const amount = item.value?.amount;
  return (
    <Tile path={profilePath(item.id)} title={localized(language, item.title, item.title_en) || item.id} counts={[count('products', item.productsCount)]}>
      {typeof amount === 'number' && (
        <p className="market-tile-price">
          {t('market.expectedPrice')}: <span className="amount">{formatMoney(amount, item.value?.currency || 'UAH', language)}</span>
        </p>
      )}
    </Tile>
  );
});
