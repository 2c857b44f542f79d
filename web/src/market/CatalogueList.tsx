/**
 * `/market/categories`, `/market/profiles` and `/market/products`: a paged list of the
 * catalogue (24 per page, profiles 20, sorted by popularity: SPEC §9) with a keyword, a
 * market classification and a sort order (relevance first for a keyword's products, with
 * the typo notice of `Corrected`). The form is a real GET form and pages are real
 * links, so all of it works without JavaScript; after hydration the form navigates
 * without a reload. State lives in the URL, in the codec's one order (`filters.ts`).
 */
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { AppLink } from '../components/AppLink/AppLink';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { Pagination } from '../components/Pagination/Pagination';
import { useShowMore } from '../components/Pagination/useShowMore';
import { ProductCard } from '../components/ProductCard/ProductCard';
import { useTranslation } from '../i18n/react';
import { dataOf } from '../lib/data';
import { alphabetical } from '../lib/alphabet';
import { formatNumber } from '../lib/format';
import { localized, type Category, type Product, type Profile } from '../lib/market';
import { marketPerPage, parseMarketFilters, scopeOf } from './filters';
import { pageCount } from '../lib/pagination';
import { localizedPath } from '../lib/paths';
import type { PageRoute } from '../lib/routeModule';
import { usePageState } from '../state';
import { Breadcrumbs } from './Breadcrumbs';
import { Catalogue, FoundHead, useCatalogueView } from './CatalogueView';
import { FilterActions, KeywordRow, SortSelect, href, useFilterSubmit } from './forms';
import { classificationsOf, listCrumb, trailOf } from './meta';
import { hasId, membersOf, type Collection } from '../records/collection';
import { CategoryTile, ProfileTile } from './tiles';
import { requirementIndex } from './requirements';
import { Corrected } from '../components/Corrected/Corrected';
import type { SearchInfo } from '../lib/keyword';

interface ListAnswer extends Collection {
  /** With a keyword, products only (`upstream/API.md`). */
  search?: SearchInfo;
}

/** The address of each list page. */
export const PATHS: Record<string, string> = { categoryList: '/market/categories', profileList: '/market/profiles', productList: '/market/products' };

export default function CatalogueList({ route }: { route: PageRoute }) {
  const { t } = useTranslation();
  const state = usePageState();
  const location = useLocation();
  const view = useCatalogueView();
  const scope = scopeOf(route.name);
  const path = PATHS[route.name] ?? location.pathname;
  const submit = useFilterSubmit(path, scope);
  const filters = parseMarketFilters(new URLSearchParams(location.search), scope);
  const answer = dataOf<ListAnswer>(state, 'list') ?? {};
  const total = answer['hydra:totalItems'] ?? 0;
  const perPage = marketPerPage(scope.list);
  // Sorted once per page state: the view's switch renders the list again after hydration.
  const classifications = useMemo(() => {
    const compare = alphabetical(state.language);
    return classificationsOf(state).sort((a, b) => compare(localized(state.language, a.title, a.title_en), localized(state.language, b.title, b.title_en)));
  }, [state]);
  // The URL may name a classification by its eight digits: the option is its full code.
  const first = filters.classifications[0] ?? '';
  const chosen = classifications.find((c) => c.id.slice(0, 8) === first.slice(0, 8))?.id ?? first;
  const label = t(`pages.${route.name}.title`);
  const clear = (k: 'categories' | 'profiles') => href(path, { ...filters, [k]: [], page: 1 }, scope);
  const hrefForPage = (p: number) => href(path, { ...filters, page: p }, scope);
  // 'Show next N' appends the next page (SPEC §2.6).
  const more = useShowMore<Product & Profile & Category, HTMLUListElement>(filters.page, 'list');
  const members = membersOf<Product & Profile & Category>(answer, hasId).concat(more.items);
  // English pages have the products' profiles (`fetches.ts`): English characteristic names.
  // One index per page state, so the memoised cards skip the view's second render.
  const requirements = useMemo(
    () => (scope.list === 'products' ? requirementIndex(membersOf<Profile>(dataOf<unknown>(state, 'profiles'), hasId)) : undefined),
    [scope.list, state],
  );

  const items =
    scope.list === 'products'
      ? members.map((p) => (
          <li key={p.id}>
            <ProductCard product={p} requirements={requirements} />
          </li>
        ))
      : scope.list === 'profiles'
        ? members.map((p) => (
            <li key={p.id}>
              <ProfileTile item={p} />
            </li>
          ))
        : members.map((c) => (
            <li key={c.id}>
              <CategoryTile item={c} />
            </li>
          ));

  return (
    <section className={`page market-page market-list market-list-${scope.list}`}>
      <Breadcrumbs trail={trailOf(route.name, state, state.language, listCrumb(route.name, path, t))} />
      <div className="search-block">
        <h1 className="page-title">{label}</h1>
        <form key={location.search} className="market-filters" method="get" action={localizedPath(state.language, path)} role="search" onSubmit={submit}>
          <KeywordRow keyword={filters.keyword} />
          <div className="search-row search-options">
            <label className="filter-field">
              <span>{t('market.filters.classification')}</span>
              <select name="market_classification" defaultValue={chosen}>
                <option value="">{t('market.filters.allClassifications')}</option>
                {chosen && !classifications.some((c) => c.id === chosen) && <option value={chosen}>{chosen}</option>}
                {classifications.map((c) => (
                  <option key={c.id} value={c.id}>
                    {localized(state.language, c.title, c.title_en) || c.id}
                  </option>
                ))}
              </select>
            </label>
            <SortSelect scope={scope} filters={filters} />
            {filters.categories.map((id) => (
              <input key={id} type="hidden" name="relatedCategoryId" value={id} />
            ))}
            {filters.profiles.length > 0 && <input type="hidden" name="relatedProfileIds" value={filters.profiles.join(',')} />}
            <FilterActions path={path} />
          </div>
          {(filters.categories.length > 0 || filters.profiles.length > 0) && (
            <p className="market-active">
              {filters.categories.length > 0 && (
                <span>
                  {t('market.filters.category')}: {filters.categories.join(', ')} <AppLink to={clear('categories')} aria-label={t('market.filters.remove')}>×</AppLink>
                </span>
              )}
              {filters.profiles.length > 0 && (
                <span>
                  {t('market.filters.profile')}: {filters.profiles.join(', ')} <AppLink to={clear('profiles')} aria-label={t('market.filters.remove')}>×</AppLink>
                </span>
              )}
            </p>
          )}
        </form>
      </div>
      <FoundHead list={scope.list} total={total} view={view} />
      {!filters.exact && <Corrected search={answer.search} keyword={filters.keyword} exactHref={href(path, { ...filters, exact: true, page: 1 }, scope)} />}
      {items.length === 0 && total > 0 ? (
        <EmptyState
          title={t('market.empty.pastEndTitle')}
          text={t('market.empty.pastEndText')}
          action={{ label: t('market.empty.lastPage'), to: href(path, { ...filters, page: pageCount(total, perPage) }, scope) }}
        />
      ) : items.length === 0 ? (
        <EmptyState title={t(`market.empty.${scope.list}Title`)} text={t('market.empty.text')} action={{ label: t('market.filters.reset'), to: path }} />
      ) : (
        <Catalogue view={view.view} label={label} list={more.list}>
          {items}
        </Catalogue>
      )}
      <Pagination page={more.page} perPage={perPage} total={total} hrefForPage={hrefForPage} onShowMore={more.next} />
    </section>
  );
}
