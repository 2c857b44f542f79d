/**
 * `/market/{classificationId}`: a market classification (a CPV group) with its counts
 * and its categories as tiles, and the ways to its profiles and products.
 */
import { AppLink } from '../../components/AppLink/AppLink';
import { useTranslation } from '../../i18n/react';
import { localized, type MarketClassification } from '../../lib/market';
import type { PageRoute } from '../../lib/routeModule';
import { usePageState } from '../../state';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { Breadcrumbs } from '../../market/Breadcrumbs';
import { Catalogue, ViewToggle, useCatalogueView, useCount } from '../../market/CatalogueView';
import { recordOf, trailOf } from '../../market/meta';
import { CategoryTile } from '../../market/tiles';

export { meta, jsonLd } from './meta';

export default function Classification({ route: _route }: { route: PageRoute }) {
  const { t } = useTranslation();
  const state = usePageState();
  const view = useCatalogueView();
  const count = useCount();
  const c = recordOf<MarketClassification>(state, 'classification');
  if (!c) return null;
  const title = localized(state.language, c.title, c.title_en) || c.id;
  const categories = (Array.isArray(c.categories) ? c.categories : [])
    .filter((x) => x && typeof x.id === 'string')
    // Active first, then by their products (the summary has no popularity).
    .sort((a, b) => Number(a.status === 'hidden') - Number(b.status === 'hidden') || (b.productsCount ?? 0) - (a.productsCount ?? 0) || (a.id < b.id ? -1 : 1));
  const filter = `market_classification%5B0%5D=${encodeURIComponent(c.id)}`;
  return (
    <section className="page market-page classification-page">
      <Breadcrumbs trail={trailOf('classification', state, state.language)} />
      <header className="market-header">
        <p className="market-kicker muted">{t('market.classification.kicker')}</p>
        <h1 className="page-title">{title}</h1>
        <p className="market-facts">
          <span className="tender-id">{c.id}</span>
          <span>{count('categories', c.activeCategoriesCount ?? c.categoriesCount)}</span>
          <span>{count('products', c.productsCount)}</span>
        </p>
        <p className="market-links">
          <AppLink to={`/market/products?${filter}`}>{t('market.classification.products')}</AppLink>
          <AppLink to={`/market/profiles?${filter}`}>{t('market.classification.profiles')}</AppLink>
          <AppLink to={`/market/categories?${filter}`}>{t('market.classification.categories')}</AppLink>
        </p>
      </header>
      <section className="market-section" aria-labelledby="classification-categories">
        <div className="market-section-head">
          <h2 id="classification-categories">{t('market.classification.categoriesTitle')}</h2>
          <ViewToggle {...view} />
        </div>
        {categories.length ? (
          <Catalogue view={view.view} label={t('market.classification.categoriesTitle')}>
            {categories.map((cat) => (
              <li key={cat.id}>
                <CategoryTile item={cat} />
              </li>
            ))}
          </Catalogue>
        ) : (
          <EmptyState title={t('market.empty.categoriesTitle')} text={t('market.empty.text')} action={{ label: t('market.backHome'), to: '/market' }} />
        )}
      </section>
    </section>
  );
}
