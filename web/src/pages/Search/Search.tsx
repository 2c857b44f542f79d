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
import { Suspense, lazy, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AppLink } from '../../components/AppLink/AppLink';
import { useTranslation } from '../../i18n/react';
import type { PageRoute, RouteContext } from '../../lib/routeModule';
import { usePageState } from '../../state';
import {
  METHOD_TYPES, PAYMENT_TYPES, PER_PAGE, SUBJECT_TYPES,
  defaultSort, serializeFilters, sortOrdersOf, withPage, type ArrayFilter, type Register, type SearchFilters,
} from '../../lib/filters';
import { formatNumber } from '../../lib/format';
import { localizedPath } from '../../lib/paths';
import { pageCount } from '../../lib/pagination';
import { enumLabel, regionLabel } from '../../lib/enums';
import { Pagination } from '../../components/Pagination/Pagination';
import { useShowMore } from '../../components/Pagination/useShowMore';
import type { Chosen } from '../../components/Picker/chosen';
import { Picker as PickerOnServer } from '../../components/Picker/render.server';
import {
  ORGANISATION_FILTERS, TREE_FILTERS, labelKey, nodeLabel, organisationLabel, organisationLookup,
  type ClassificationNode, type Organisation, type OrganisationFilter, type TreeFilter,
} from '../../lib/classifiers';
import type { PageState } from '../../state';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { Unavailable } from '../../components/Unavailable/Unavailable';
import { dataOf, failed } from '../../lib/data';
import { Freshness as FreshnessOnServer } from '../../components/Freshness/render.server';
import { filtersOf, recordOfKeyword, registerOf, searchCanonicalQuery } from './query';
import { Result, type Summary } from './results';
import { MachineLinks } from './MachineLinks';
import { OrganisationOffer } from './OrganisationOffer';
import { wordsPattern } from '../../lib/highlight';
import { membersOf, type Collection } from '../../records/collection';
import { RED_FLAG_CODES } from '../../records/redFlags';
import type { SearchInfo } from '../../lib/keyword';

// The code and organisation pickers come as a chunk of their own in the browser (the
// server renders them in place, a complete part of the GET form; hydration keeps that
// markup until the chunk is in).
const Picker = __SERVER__ ? PickerOnServer : lazy(() => import('../../components/Picker/Picker'));
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

interface Tag {
  code: string;
  name?: string;
  name_en?: string;
}

interface Funder {
  identifier?: { id?: string; legalName?: string };
  name?: string;
  name_en?: string;
}

/** The picked values of a filter, labelled from the lookups the server made for them. */
function chosenOf(state: PageState, filters: SearchFilters, filter: TreeFilter | OrganisationFilter): Chosen[] {
  const body = dataOf<unknown>(state, labelKey(filter));
  const labels = new Map<string, string>();
  if (filter in TREE_FILTERS) {
    for (const node of membersOf<ClassificationNode>(body)) labels.set(node.id, nodeLabel(node, state.language));
  } else {
    for (const org of membersOf<Organisation>(body)) labels.set(org.id, organisationLabel(org));
  }
  return (filters.arrays[filter] ?? []).map((id) => ({ id, label: labels.get(id) ?? id }));
}

function hrefFor(path: string, f: SearchFilters, register: Register): string {
  const q = serializeFilters(f, { register });
  return q ? `${path}?${q}` : path;
}

function Checkboxes({ name, codes, selected, counts, label }: {
  name: string;
  codes: readonly string[];
  selected: string[] | undefined;
  counts?: Record<string, number>;
  label: (code: string) => string;
}) {
  // Options with results come first; selected ones always show.
  const shown = codes.filter((c) => !counts || counts[c] || selected?.includes(c));
  const ordered = counts ? [...shown].sort((a, b) => (counts[b] ?? 0) - (counts[a] ?? 0)) : shown;
  return (
    <ul className="filter-options">
      {ordered.map((code) => (
        <li key={code}>
          <label>
            <input type="checkbox" name={name} value={code} defaultChecked={selected?.includes(code)} />
            <span>{label(code)}</span>
            {counts && <span className="facet-count">{formatNumber(counts[code] ?? 0, 0)}</span>}
          </label>
        </li>
      ))}
    </ul>
  );
}

/**
 * Checkboxes over a list the upstream gives (tags, funders): left out when the list is
 * empty, a note in its place when the list could not be read.
 */
function ListedChoice({ name, dataKey, legend, codes, selected, label }: {
  name: string;
  dataKey: string;
  legend: string;
  codes: string[];
  selected: string[] | undefined;
  label: (code: string) => string;
}) {
  const unavailable = failed(usePageState(), dataKey);
  if (!codes.length && !unavailable) return null;
  return (
    <fieldset>
      <legend>{legend}</legend>
      {unavailable ? <Unavailable /> : <Checkboxes name={name} codes={codes} selected={selected} label={label} />}
    </fieldset>
  );
}

/** A from–to pair; a date input takes no placeholder (HTML has none for it: it shows its own format). */
function Range({ name, type, from, to, label }: { name: string; type: 'date' | 'text'; from?: string | number; to?: string | number; label: string }) {
  const { t } = useTranslation();
  const text = type === 'text';
  const end = (key: 'from' | 'to', value?: string | number) => (
    <input type={type} inputMode={text ? 'decimal' : undefined} name={`${name}[${key}]`} aria-label={`${label}: ${t(`tenderList.${key}`)}`} placeholder={text ? t(`tenderList.${key}`) : undefined} defaultValue={value ?? ''} />
  );
  return (
    <fieldset className="filter-range">
      <legend>{label}</legend>
      {end('from', from)}
      {end('to', to)}
    </fieldset>
  );
}

/** The label of a status of `register`. */
const statusEnum: Record<Register['name'], string> = { tenders: 'tenderStatus', plans: 'planStatus', contracts: 'contractStatus' };

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
  const has = (filter: ArrayFilter) => register.arrays.includes(filter);
  const filters = filtersOf({ query, input: state }, register);
  const answer = dataOf<SearchAnswer>(state, register.name) ?? {};
  const records = membersOf<Summary>(answer);
  const total = answer['hydra:totalItems'] ?? 0;
  const facets = answer.facets ?? {};
  const tags = membersOf<Tag>(dataOf<unknown>(state, 'tags'));
  const funders = membersOf<Funder>(dataOf<unknown>(state, 'funders'));
  const tagLabel = (code: string) => {
    const tag = tags.find((x) => x.code === code);
    return (state.language === 'en' && tag?.name_en) || tag?.name || code;
  };
  const funderLabel = (id: string) => {
    const f = funders.find((x) => x.identifier?.id === id);
    return (state.language === 'en' && f?.name_en) || f?.name || f?.identifier?.legalName || id;
  };
  const path = location.pathname;
  // Home searches land on /tenders, with or without JavaScript.
  const target = path === '/' ? '/tenders' : path;
  const href = (f: SearchFilters) => hrefFor(path, f, register);
  // 'Show next N' appends the next page's records (SPEC §2.6).
  const more = useShowMore<Summary, HTMLOListElement>(filters.page, register.name);
  /** Codes with results first; the picked ones always (facets: upstream counts by code). */
  const facetCodes = (facet: string, filter: ArrayFilter) =>
    Object.keys(facets[facet] ?? {}).concat((filters.arrays[filter] ?? []).filter((c) => !facets[facet]?.[c]));
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

  const reset = () => {
    if (typeof document !== 'undefined') document.getElementById('search')?.scrollIntoView();
  };

  return (
    <section className={`page page-tender-list page-search-${register.name}`}>
      <div id="search" className="search-block">
        <h1 className="page-title">{t(route.name === 'home' ? 'pages.home.heading' : `pages.${route.name}.title`)}</h1>
        <form key={location.search} className="tender-list" method="get" action={localizedPath(state.language, target)} role="search" onSubmit={submit}>
          <div className="search-row">
            <label className="visually-hidden" htmlFor="keyword">{t('search.keywordLabel')}</label>
            <input id="keyword" name="keyword" type="search" placeholder={t('search.keywordPlaceholder')} defaultValue={filters.keyword ?? ''} />
            <button type="submit" className="button button-primary">{t('search.submit')}</button>
          </div>
          <details className="filters" open={route.name !== 'home'}>
            <summary>{t('tenderList.filters')}</summary>
            <div className="filter-grid">
              <fieldset>
                <legend>{t('tenderList.status')}</legend>
                <Checkboxes name="status" codes={register.statuses} selected={filters.arrays.status} counts={facets.status} label={(c) => enumLabel(t, statusEnum[register.name], c)} />
              </fieldset>
              {has('procurementMethodType') && (
                <fieldset>
                  <legend>{t('tenderList.method')}</legend>
                  <Checkboxes name="procurementMethodType" codes={METHOD_TYPES} selected={filters.arrays.procurementMethodType} counts={facets.procurementMethodType} label={(c) => enumLabel(t, 'procurementMethodType', c)} />
                </fieldset>
              )}
              <fieldset>
                <legend>{t('tenderList.region')}</legend>
                <Checkboxes name="region" codes={facetCodes('region', 'region')} selected={filters.arrays.region} counts={facets.region} label={(c) => regionLabel(t, c)} />
              </fieldset>
              {/* Only where the search service counts them (a platform without the filter hides it). */}
              {has('redFlag') && (facets.redFlag !== undefined || (filters.arrays.redFlag?.length ?? 0) > 0) && (
                <fieldset>
                  <legend>{t('redFlags.filter')}</legend>
                  <Checkboxes name="redFlag" codes={['any', ...RED_FLAG_CODES]} selected={filters.arrays.redFlag} counts={facets.redFlag} label={(c) => (c === 'any' ? t('redFlags.any') : `${c} · ${t(`redFlags.names.${c}`)}`)} />
                </fieldset>
              )}
              {has('planYear') && (
                <fieldset>
                  <legend>{t('tenderList.planYear')}</legend>
                  <Checkboxes name="planYear" codes={facetCodes('planYear', 'planYear').sort().reverse()} selected={filters.arrays.planYear} counts={facets.planYear} label={(c) => c} />
                </fieldset>
              )}
              <div className="filter-column">
                <Range name={register.value} type="text" label={t(`${wording}.valueRange`)} from={filters.value.from} to={filters.value.to} />
                {register.dates.map((name) => (
                  <Range key={name} name={name} type="date" label={t(`tenderList.${name}`)} from={filters.dates[name]?.from} to={filters.dates[name]?.to} />
                ))}
              </div>
              <Suspense fallback={null}>
                <Picker name="classification" legend={t('tenderList.cpv')} source={{ type: 'tree', scheme: TREE_FILTERS.classification }} initial={chosenOf(state, filters, 'classification')} pattern="\d{8}-\d" placeholder="45230000-8" />
                {(['road', 'gmdn', 'inn', 'ccce_ua'] as const).filter(has).map((name) => (
                  <Picker key={name} name={name} legend={t(`tenderList.schemes.${name}`)} source={{ type: 'tree', scheme: TREE_FILTERS[name] }} initial={chosenOf(state, filters, name)} />
                ))}
                {(Object.keys(ORGANISATION_FILTERS) as OrganisationFilter[]).filter(has).map((name) => (
                  <Picker key={name} name={name} legend={t(`tenderList.${name}`)} source={{ type: 'organisation', lookup: organisationLookup(register, name) }} initial={chosenOf(state, filters, name)} placeholder={t('tenderList.edrpou')} />
                ))}
              </Suspense>
              {has('tags') && <ListedChoice name="tags" dataKey="tags" legend={t('tenderList.tags')} codes={tags.map((tag) => tag.code)} selected={filters.arrays.tags} label={tagLabel} />}
              {has('funder') && <ListedChoice name="funder" dataKey="funders" legend={t('tenderList.funder')} codes={funders.map((f) => f.identifier?.id ?? '').filter(Boolean)} selected={filters.arrays.funder} label={funderLabel} />}
              {register.tenderFilters && (
                <>
                  {/* One legend per fieldset, first in it. */}
                  <fieldset>
                    <legend>{t('tenderList.subject')}</legend>
                    <Checkboxes name="typeSubjectProcurement" codes={SUBJECT_TYPES} selected={filters.arrays.typeSubjectProcurement} label={(c) => t(`tenderList.subjects.${c}`)} />
                  </fieldset>
                  <fieldset>
                    <legend>{t('tenderList.payment')}</legend>
                    <Checkboxes name="paymentType" codes={PAYMENT_TYPES} selected={filters.arrays.paymentType} label={(c) => t(`tenderList.payments.${c}`)} />
                  </fieldset>
                  <div className="filter-column">
                    <label className="filter-field">
                      <span>{t('tenderList.monitoring')}</span>
                      <select name="hasActiveMonitoring" defaultValue={filters.hasActiveMonitoring === undefined ? '' : String(filters.hasActiveMonitoring)}>
                        <option value="">{t('tenderList.any')}</option>
                        <option value="true">{t('tenderList.monitored')}</option>
                        <option value="false">{t('tenderList.notMonitored')}</option>
                      </select>
                    </label>
                    {state.config.features.testMode && (
                      <label className="filter-field">
                        <span>{t('tenderList.testMode')}</span>
                        <select name="testMode" defaultValue={filters.testMode === undefined ? '' : String(filters.testMode)}>
                          <option value="">{t('tenderList.realOnly')}</option>
                          <option value="true">{t('tenderList.testOnly')}</option>
                        </select>
                      </label>
                    )}
                  </div>
                </>
              )}
            </div>
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
      <h2 className="result-count" aria-live="polite">{t(`${wording}.found`, { count: total, formatted: formatNumber(total, 0) })}</h2>
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
        <EmptyState title={t(`${wording}.emptyTitle`)} text={t('tenderList.emptyText')} action={{ label: t('tenderList.reset'), to: path }} />
      ) : (
        <ol className="tender-results" ref={more.list}>
          {records.concat(more.items).map((record) => (
            <Result key={record.id} register={register} record={record} keyword={words} />
          ))}
        </ol>
      )}
      <Pagination page={more.page} perPage={filters.perPage} total={total} hrefForPage={(p) => href(withPage(filters, p))} onShowMore={more.next} />
    </section>
  );
}
