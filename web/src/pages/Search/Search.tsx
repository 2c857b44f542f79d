/**
 * The search of a register (home and /tenders, /plans, /contracts): a real GET form,
 * so a visitor without JavaScript can search, filter, sort and page; with JavaScript
 * the same form updates the URL and the list without a reload. All state lives in the
 * URL. The register (`lib/filters.ts`) decides which filters the form shows; the
 * result cards are in `results.tsx`. A keyword's search is ordered by relevance unless
 * the visitor picks another order; when the upstream had to read the keyword with typos
 * corrected, the page says so and links the search as typed (`exact=1`).
 *
 * This is the shared search page: four routes render it (`home`, `tenderList`,
 * `planList`, `contractList`, `route.ts`), so its folder and component are named for the
 * search rather than for one of them. Its class names (`page-tender-list`, the form's
 * `tender-list`) take the route name `tenderList`, as the translation keys do.
 */
import { Suspense, lazy, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AppLink } from '../../components/AppLink/AppLink';
import { useTranslation } from '../../i18n/react';
import type { PageRoute, RouteContext } from '../../lib/routeModule';
import { usePageState } from '../../state';
import { PER_PAGE, activeFilterCount, defaultSort, serializeFilters, sortOrdersOf, withPage, type Register, type SearchFilters } from '../../lib/filters';
import { formatNumber } from '../../lib/format';
import { localizedPath } from '../../lib/paths';
import { pageCount } from '../../lib/pagination';
import { Pagination } from '../../components/Pagination/Pagination';
import { useShowMore } from '../../components/Pagination/useShowMore';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { dataOf } from '../../lib/data';
import { Freshness as FreshnessOnServer } from '../../components/Freshness/render.server';
import { filtersOf, recordOfKeyword, registerOf, searchCanonicalQuery } from './query';
import { Result, type Summary } from './results';
import { MachineLinks } from './MachineLinks';
import { OrganisationOffer } from './OrganisationOffer';
import { FilterGrid as FilterGridOnServer } from './filterGrid.server';
import { wordsPattern } from '../../lib/highlight';
import { membersOf, type Collection } from '../../records/collection';
import type { SearchInfo } from '../../lib/keyword';

// The filters (with the code and organisation pickers) come as a chunk of their own in
// the browser (the server renders them in place, a complete part of the GET form;
// hydration keeps that markup until the chunk is in).
// The chunk is asked for as soon as this module runs (before hydration), so that a form
// made anew (another search) finds it in and the filters never blink out.
const filterGrid = __SERVER__ ? null : import('./FilterGrid');
const FilterGrid = __SERVER__ ? FilterGridOnServer : lazy(() => filterGrid as Promise<typeof import('./FilterGrid')>);
import { Corrected } from '../../components/Corrected/Corrected';
// How current the data is: in place in the server's HTML, a chunk of its own in the
// browser (this page's first load is at its budget; the line is not interactive, and
// hydration keeps the server's markup until the chunk is in).
const Freshness = __SERVER__ ? FreshnessOnServer : lazy(() => import('../../components/Freshness/Freshness'));

interface SearchAnswer extends Collection<Summary> {
  facets?: Record<string, Record<string, number>>;
  /** With a keyword (`upstream/API.md`). */
  search?: SearchInfo;
}

/**
 * What the form is made anew for: the search, not its page ("show next" only moves the
 * page, and the form, its fields and the filters' chunk stay as they are).
 */
function formKey(query: URLSearchParams): string {
  const search = new URLSearchParams(query);
  search.delete('page');
  return search.toString();
}

function hrefFor(path: string, f: SearchFilters, register: Register): string {
  const q = serializeFilters(f, { register });
  return q ? `${path}?${q}` : path;
}

/** The canonical query of the page's search (`PageChunk.canonicalQuery`). */
export const canonicalQuery = (ctx: RouteContext, route: PageRoute): string => searchCanonicalQuery(ctx, route.name);
export { jsonLd, links } from './meta';

export default function Search({ route }: { route: PageRoute }) {
  const { t } = useTranslation();
  const state = usePageState();
  const [query] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const register = registerOf(route.name);
  const filters = filtersOf({ query, input: state }, register);
  const answer = dataOf<SearchAnswer>(state, register.name) ?? {};
  const records = membersOf<Summary>(answer);
  const total = answer['hydra:totalItems'] ?? 0;
  const facets = answer.facets ?? {};
  const path = location.pathname;
  // Home searches land on /tenders, with or without JavaScript.
  const target = path === '/' ? '/tenders' : path;
  const href = (f: SearchFilters) => hrefFor(path, f, register);
  // 'Show next N' appends the next page's records (SPEC §2.6).
  const more = useShowMore<Summary, HTMLOListElement>(filters.page, register.name);
  const wording = register.name === 'tenders' ? 'tenderList' : `registers.${register.name}`;
  const words = wordsPattern(filters.keyword);
  // The default order's value is empty: a new keyword then gets its own default (relevance).
  const sortValue = (s: string) => (s === defaultSort(filters.keyword) ? '' : s);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new URLSearchParams();
    new FormData(event.currentTarget).forEach((v, k) => typeof v === 'string' && v !== '' && data.append(k, v));
    const next = filtersOf({ query: data, input: state }, register);
    // A record's id goes to its page (a 32-hex id is found by the search, then opened).
    navigate(recordOfKeyword(next.keyword, register, null) ?? hrefFor(target, { ...next, page: 1 }, register));
  };

  // Enter on a checkbox applies the filters, as it does in a text field (issue 46, item 1):
  // a keyboard need not walk every box to the button.
  const enter = (event: KeyboardEvent<HTMLFormElement>) => {
    const box = event.target as HTMLInputElement;
    if (event.key === 'Enter' && box.type === 'checkbox') {
      event.preventDefault();
      event.currentTarget.requestSubmit();
    }
  };
  const chosen = activeFilterCount(filters);

  const reset = () => {
    if (typeof document !== 'undefined') document.getElementById('search')?.scrollIntoView();
  };

  return (
    <section className={`page page-tender-list page-search-${register.name}`}>
      <div id="search" className="search-block">
        <a className="skip-link" href="#results">{t('tenderList.skipToResults')}</a>
        <h1 className="page-title">{t(route.name === 'home' ? 'pages.home.heading' : `pages.${route.name}.title`)}</h1>
        <form key={formKey(query)} className="tender-list" method="get" action={localizedPath(state.language, target)} role="search" onSubmit={submit} onKeyDown={enter}>
          <div className="search-row">
            <label className="visually-hidden" htmlFor="keyword">{t('search.keywordLabel')}</label>
            <input id="keyword" name="keyword" type="search" placeholder={t('search.keywordPlaceholder')} defaultValue={filters.keyword ?? ''} />
            <button type="submit" className="button button-primary">{t('search.submit')}</button>
          </div>
          {/* Folded: the results come first, on a phone too; the summary counts the choices made. */}
          {/* Open when nothing is found: the filters (the CPV picker) are the way on. */}
          <details className="filters" open={total === 0}>
            <summary>{chosen ? t('tenderList.filtersActive', { count: chosen }) : t('tenderList.filters')}</summary>
            <p className="muted">{t('tenderList.filtersHint')}</p>
            <Suspense fallback={null}>
              <FilterGrid register={register} filters={filters} facets={facets} wording={wording} />
            </Suspense>
            <button type="submit" className="button button-primary filters-apply">{t('tenderList.apply')}</button>
          </details>
          <div className="search-row search-options">
            {register.tenderFilters && (
              <label className="accepting-bids">
                <input type="checkbox" name="acceptingBids" value="true" defaultChecked={!!filters.acceptingBids} />
                <span>{t('tenderList.acceptingBids')}</span>
              </label>
            )}
            <label>
              <span>{t('tenderList.sort')}</span>
              <select name="sortOrder" defaultValue={sortValue(filters.sortOrder)}>
                {sortOrdersOf(filters.keyword, register).map((s) => (
                  <option key={s} value={sortValue(s)}>{t(`tenderList.sortOrders.${s.replace('.', '_')}`)}</option>
                ))}
              </select>
            </label>
            <label>
              <span>{t('tenderList.perPage')}</span>
              <select name="perPage" defaultValue={String(filters.perPage)}>
                {PER_PAGE.map((n) => (
                  <option key={n} value={n}>{n}</option>
                ))}
              </select>
            </label>
            <button type="submit" className="button">{t('tenderList.apply')}</button>
            <AppLink to={path} className="reset-link" onClick={reset}>{t('tenderList.reset')}</AppLink>
          </div>
        </form>
      </div>
      <h2 id={records.length ? undefined : 'results'} className="result-count" aria-live="polite" tabIndex={-1}>{t(`${wording}.found`, { count: total, formatted: formatNumber(total, 0) })}</h2>
      <Suspense fallback={null}>
        <Freshness />
      </Suspense>
      {!filters.exact && <Corrected search={answer.search} keyword={filters.keyword} exactHref={href({ ...filters, exact: true, page: 1 })} />}
      <MachineLinks register={register} filters={filters} total={total} language={state.language} saveable={!!state.session && state.config.features.cabinet} />
      <OrganisationOffer />
      {records.length === 0 && total > 0 ? (
        <EmptyState
          title={t('tenderList.pastEndTitle')}
          text={t('tenderList.pastEndText')}
          action={{ label: t('tenderList.lastPage'), to: href(withPage(filters, pageCount(total, filters.perPage))) }}
        />
      ) : records.length === 0 ? (
        <EmptyState title={t(`${wording}.emptyTitle`)} text={t(/[a-z]/i.test(filters.keyword ?? '') ? 'tenderList.emptyLatin' : 'tenderList.emptyText')} action={{ label: t('tenderList.reset'), to: path }} />
      ) : (
        <ol id="results" className="tender-results" ref={more.list} tabIndex={-1}>
          {records.concat(more.items).map((record) => (
            <Result key={record.id} register={register} record={record} keyword={words} />
          ))}
        </ol>
      )}
      <Pagination page={more.page} perPage={filters.perPage} total={total} hrefForPage={(p) => href(withPage(filters, p))} onShowMore={more.next} />
    </section>
  );
}
