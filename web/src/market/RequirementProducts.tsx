/**
 * `/market/category/{id}` and `/market/profile/{id}`: the record (a category, or a
 * profile with its requirements) and its active products, filtered by the requirements
 * of the profiles (a category's, or the profile's own: `requirements.ts`). The filter form
 * is a real GET form whose fields are the upstream's indexed requirement lists; after
 * hydration it navigates without a reload. A category also lists its profiles as links
 * (what a browser without JavaScript gets) and opens the profile choice (`ProfileChooser.tsx`).
 */
import { Suspense, lazy, useMemo } from 'react';
import { useLocation } from 'react-router';
import { AppLink } from '../components/AppLink/AppLink';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { Pagination } from '../components/Pagination/Pagination';
import { useShowMore } from '../components/Pagination/useShowMore';
import { ProductCard } from '../components/ProductCard/ProductCard';
import { Status } from '../components/Status/Status';
import { Unavailable } from '../components/Unavailable/Unavailable';
import { useTranslation } from '../i18n/react';
import { dataOf, failed } from '../lib/data';
import { formatMoney, formatNumber } from '../lib/format';
import { categoryPath, localized, priceTerms, profilePath, unitText, type Category, type Product, type Profile } from '../lib/market';
import { REQUIREMENT_PRODUCTS, marketPerPage, parseMarketFilters } from './filters';
import { pageCount } from '../lib/pagination';
import { localizedPath } from '../lib/paths';
import type { PageRoute } from '../lib/routeModule';
import { usePageState } from '../state';
import { Breadcrumbs } from './Breadcrumbs';
import { Catalogue, FoundHead, useCatalogueView, useCount } from './CatalogueView';
import { FilterActions, KeywordRow, SortSelect, href, useFilterSubmit } from './forms';
import { recordOf, trailOf } from './meta';
import { hasId, membersOf, type Collection } from '../records/collection';
import { ProfileChooser } from './ProfileChooser';
import { RequirementFilters as FiltersOnServer } from './RequirementFilters.server';
import { requirementFilters, requirementIndex, type RequirementFilter } from './requirements';
import { Corrected } from '../components/Corrected/Corrected';
import type { SearchInfo } from '../lib/keyword';

const PROFILES_LIST_ID = 'category-profiles';

// The requirement filters' fields are markup only (the form reads them as they are when it
// is sent): in the browser they come as a chunk of their own, asked for at once, and
// hydration keeps the server's markup until it is in. The pages' first load keeps room for
// what the cards show (a price's VAT and unit, issue 46, item 10).
const filtersChunk = __SERVER__ ? null : import('./RequirementFilters');
const RequirementFilters = __SERVER__ ? FiltersOnServer : lazy(() => filtersChunk!.then((m) => ({ default: m.RequirementFilters })));

/** A profile's requirements as text (`Щільність: від 90 до 120 г/м²`), for its page's header. */
function RequirementList({ defs }: { defs: RequirementFilter[] }) {
  const { t } = useTranslation();
  const { language } = usePageState();
  const n = (v: number) => formatNumber(v, undefined, language);
  return (
    <dl className="requirement-list">
      {defs.map((d) => {
        const unit = d.unit ? ` ${unitText(t, d.unit, language)}` : '';
        const value =
          d.kind === 'text'
            ? d.values.join(', ')
            : d.kind === 'number'
              ? d.expected.length
                ? d.expected.map(n).join(', ') + unit
                : d.min !== undefined && d.max !== undefined
                  ? t('market.range.between', { min: n(d.min), max: n(d.max) }) + unit
                  : d.min !== undefined
                    ? t('market.range.from', { min: n(d.min) }) + unit
                    : d.max !== undefined
                      ? t('market.range.to', { max: n(d.max) }) + unit
                      : t('market.filters.any')
              : t('market.filters.any');
        return (
          <div key={`${d.kind}-${d.title}`}>
            <dt>{localized(language, d.title, d.title_en)}</dt>
            <dd>{value}</dd>
          </div>
        );
      })}
    </dl>
  );
}

export default function RequirementProducts({ route }: { route: PageRoute }) {
  const { t } = useTranslation();
  const state = usePageState();
  const location = useLocation();
  const view = useCatalogueView();
  const count = useCount();
  const kind = route.name === 'profile' ? 'profile' : 'category';
  const category = kind === 'category' ? recordOf<Category>(state, 'category') : null;
  const profile = kind === 'profile' ? recordOf<Profile>(state, 'profile') : null;
  const record = category ?? profile;
  const path = record ? (category ? categoryPath(record.id) : profilePath(record.id)) : location.pathname;
  const submit = useFilterSubmit(path, REQUIREMENT_PRODUCTS);
  const filters = parseMarketFilters(new URLSearchParams(location.search), REQUIREMENT_PRODUCTS);
  // Computed once per page state: the cards are memoised, and a new index each render
  // would render all of them again.
  const { profiles, defs, index } = useMemo(() => {
    const profiles = category ? membersOf<Profile>(dataOf<unknown>(state, 'profiles'), hasId) : profile ? [profile] : [];
    return { profiles, defs: requirementFilters(profiles), index: requirementIndex(profiles) };
  }, [state, category, profile]);
  // The same element for as long as the state and the query are: the page renders again
  // once it has hydrated when the stored catalogue view is the list, and a Suspense boundary
  // still holding the server's markup that gets new props then is rendered anew in the
  // browser, its markup thrown away (110-150 ms of one task at Lighthouse's 4 × slowdown).
  const fields = useMemo(
    () => (
      <Suspense fallback={null}>
        <RequirementFilters defs={defs} filters={filters} />
      </Suspense>
    ),
    [state, location.search],
  );
  if (!record) return null;
  const answer = dataOf<Collection & { search?: SearchInfo }>(state, 'products') ?? {};
  const hrefForPage = (p: number) => href(path, { ...filters, page: p }, REQUIREMENT_PRODUCTS);
  // 'Show next N' appends the next page (SPEC §2.6).
  const more = useShowMore<Product, HTMLUListElement>(filters.page, 'products');
  const products = membersOf<Product>(answer, hasId).concat(more.items);
  const total = answer['hydra:totalItems'] ?? 0;
  const perPage = marketPerPage('products');
  const title = localized(state.language, record.title, record.title_en) || record.id;
  const filtered = filters.text.length + filters.number.length + filters.boolean.length > 0 || !!filters.keyword;
  const price = profile?.value?.amount;
  const buyer = category?.procuringEntity?.name || category?.procuringEntity?.identifier?.legalName;

  return (
    <section className={`page market-page requirement-products ${kind}-page`}>
      <Breadcrumbs trail={trailOf(kind, state, state.language)} />
      <header className="market-header">
        <p className="market-kicker muted">{t(`market.${kind}.kicker`)}</p>
        <h1 className="page-title">{title}</h1>
        <p className="market-facts">
          {record.classification?.id && <span className="tender-id">{record.classification.id}</span>}
          {record.status && record.status !== 'active' && <Status code={record.status}>{t(`market.recordStatus.${record.status}`, { defaultValue: record.status })}</Status>}
          {category && <span>{count('profiles', category.activeProfilesCount ?? category.profilesCount)}</span>}
          <span>{count('products', total)}</span>
          {record.unit && <span>{t('market.unit', { unit: unitText(t, record.unit, state.language) })}</span>}
          {typeof price === 'number' && (
            <span>
              {t('market.expectedPrice')}: <span className="amount">{formatMoney(price, profile?.value?.currency || 'UAH', state.language)}</span>
              {/* Of one unit, with or without VAT, as the profile says (issue 46, item 10). */}
              {profile && ` ${priceTerms(t, profile, state.language)}`.trimEnd()}
            </span>
          )}
        </p>
        {buyer && <p className="muted">{t('market.category.buyer', { name: buyer })}</p>}
        {profile && defs.length > 0 && <RequirementList defs={defs} />}
        {category && <ProfileChooser categoryId={category.id} listId={PROFILES_LIST_ID} />}
      </header>

      <div className="search-block">
        <form key={location.search} className="market-filters requirement-form" method="get" action={localizedPath(state.language, path)} role="search" onSubmit={submit}>
          <KeywordRow keyword={filters.keyword} />
          {defs.length > 0 ? (
            <details className="filters" open>
              <summary>{t('market.filters.characteristics')}</summary>
              <div className="filter-grid">
                {fields}
              </div>
            </details>
          ) : (
            category && failed(state, 'profiles') && <Unavailable />
          )}
          <div className="search-row search-options">
            <SortSelect scope={REQUIREMENT_PRODUCTS} filters={filters} />
            <FilterActions path={path} />
          </div>
        </form>
      </div>

      <FoundHead list="products" total={total} view={view} />
      {!filters.exact && <Corrected search={answer.search} keyword={filters.keyword} exactHref={href(path, { ...filters, exact: true, page: 1 }, REQUIREMENT_PRODUCTS)} />}
      {products.length === 0 && total > 0 ? (
        <EmptyState
          title={t('market.empty.pastEndTitle')}
          text={t('market.empty.pastEndText')}
          action={{ label: t('market.empty.lastPage'), to: href(path, { ...filters, page: pageCount(total, perPage) }, REQUIREMENT_PRODUCTS) }}
        />
      ) : products.length === 0 ? (
        <EmptyState
          title={t('market.empty.productsTitle')}
          text={t(filtered ? 'market.empty.filteredText' : 'market.empty.text')}
          action={filtered ? { label: t('market.filters.reset'), to: path } : undefined}
        />
      ) : (
        <Catalogue view={view.view} label={t('market.productsOf', { title })} list={more.list}>
          {products.map((p) => (
            <li key={p.id}>
              <ProductCard product={p} requirements={index} />
            </li>
          ))}
        </Catalogue>
      )}
      <Pagination page={more.page} perPage={perPage} total={total} hrefForPage={hrefForPage} onShowMore={more.next} />

      {category && profiles.length > 0 && (
        <section id={PROFILES_LIST_ID} className="market-section" aria-labelledby="category-profiles-title">
          <h2 id="category-profiles-title">{t('market.category.profiles')}</h2>
          <ul className="profile-links">
            {profiles.map((p) => (
              <li key={p.id}>
                <AppLink to={profilePath(p.id)}>{localized(state.language, p.title, p.title_en) || p.id}</AppLink>{' '}
                <span className="muted">{count('products', p.productsCount)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
