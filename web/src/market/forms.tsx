/**
 * The catalogue's GET forms after hydration: the same query a browser without JavaScript
 * would send, read by the codec (so only valid filters, in their one order, from page 1)
 * and navigated to without a reload, as the registers' search does.
 */
import type { FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useNavigate } from 'react-router';
import { useTranslation } from '../i18n/react';
import { AppLink } from '../components/AppLink/AppLink';
import { marketDefaultSort, marketSorts, parseMarketFilters, serializeMarketFilters, type MarketFilters, type MarketScope } from './filters';

/** The non-empty fields of a form, as a GET form would send them. */
export function formQuery(form: HTMLFormElement): URLSearchParams {
  const data = new URLSearchParams();
  new FormData(form).forEach((v, k) => typeof v === 'string' && v.trim() !== '' && data.append(k, v));
  return data;
}

/** `path` with the normalised query of `query`'s filters for `scope` (page 1). */
export function filteredHref(path: string, query: URLSearchParams, scope: MarketScope): string {
  const q = serializeMarketFilters({ ...parseMarketFilters(query, scope), page: 1 }, scope.list);
  return q ? `${path}?${q}` : path;
}

/** The submit handler of a filter form whose results live at `path`. */
export function useFilterSubmit(path: string, scope: MarketScope) {
  const navigate = useNavigate();
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(filteredHref(path, formQuery(event.currentTarget), scope));
  };
}

/** `path` with the normalised query of `f`, a page of `scope`. */
export const href = (path: string, f: MarketFilters, scope: MarketScope) => {
  const q = serializeMarketFilters(f, scope.list);
  return q ? `${path}?${q}` : path;
};

/** The sort order's label (`popularity.desc` → `market.sort.popularity_desc`). */
export const sortLabel = (t: TFunction, sort: string) => t(`market.sort.${sort.replace('.', '_')}`);

/**
 * The sort orders of a list with `filters`, as a field of its form (relevance first for a
 * keyword's products). The default order's value is empty, as in the registers' search:
 * a new keyword then gets its own default.
 */
export function SortSelect({ scope, filters }: { scope: MarketScope; filters: MarketFilters }) {
  const { t } = useTranslation();
  const initial = marketDefaultSort(scope.list, filters.keyword);
  return (
    <label className="filter-field">
      <span>{t('market.filters.sort')}</span>
      <select name="sortOrder" defaultValue={filters.sortOrder === initial ? '' : filters.sortOrder}>
        {marketSorts(scope.list, filters.keyword).map((s) => (
          <option key={s} value={s === initial ? '' : s}>
            {sortLabel(t, s)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The keyword field and the search button that open every catalogue filter form. */
export function KeywordRow({ keyword }: { keyword?: string }) {
  const { t } = useTranslation();
  return (
    <div className="search-row">
      <label className="visually-hidden" htmlFor="market-keyword">
        {t('market.search.label')}
      </label>
      <input id="market-keyword" name="keyword" type="search" placeholder={t('market.search.placeholder')} defaultValue={keyword ?? ''} />
      <button type="submit" className="button button-primary">
        {t('market.search.submit')}
      </button>
    </div>
  );
}

/** Apply, and a reset that goes back to `path` without filters. */
export function FilterActions({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <>
      <button type="submit" className="button">
        {t('market.filters.apply')}
      </button>
      <AppLink to={path} className="reset-link">
        {t('market.filters.reset')}
      </AppLink>
    </>
  );
}
