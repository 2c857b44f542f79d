/**
 * The search form's filters (`Search.tsx`): a checkbox list per code filter with the
 * upstream's counts, the value and date ranges, the code and organisation pickers, the
 * upstream's short lists (tags, funders) and the tender-only choices. Plain form fields,
 * read by the form's submit: the server renders them in place, and the browser loads this
 * module as a chunk of its own after the page's first load (hydration keeps the server's
 * markup until it is in), so the search's first load carries only the keyword row.
 */
import { Suspense, lazy } from 'react';
import { useTranslation } from '../../i18n/react';
import { usePageState, type PageState } from '../../state';
import {
  METHOD_TYPES, PAYMENT_TYPES, SUBJECT_TYPES, type ArrayFilter, type Register, type SearchFilters,
} from '../../lib/filters';
import { formatNumber } from '../../lib/format';
import { enumLabel, regionLabel } from '../../lib/enums';
import type { Chosen } from '../../components/Picker/chosen';
import { Picker as PickerOnServer } from '../../components/Picker/render.server';
import {
  ORGANISATION_FILTERS, TREE_FILTERS, labelKey, nodeLabel, organisationLabel, organisationLookup,
  type ClassificationNode, type Organisation, type OrganisationFilter, type TreeFilter,
} from '../../lib/classifiers';
import { Unavailable } from '../../components/Unavailable/Unavailable';
import { dataOf, failed } from '../../lib/data';
import { membersOf } from '../../records/collection';
import { RED_FLAG_CODES } from '../../records/redFlags';

// The code and organisation pickers come as a chunk of their own in the browser (the
// server renders them in place, a complete part of the GET form; hydration keeps that
// markup until the chunk is in).
const Picker = __SERVER__ ? PickerOnServer : lazy(() => import('../../components/Picker/Picker'));

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

export function FilterGrid({ register, filters, facets, wording }: {
  register: Register;
  filters: SearchFilters;
  /** The upstream's counts by filter and code. */
  facets: Record<string, Record<string, number>>;
  /** The translation prefix of the register's own wording (`tenderList`, `registers.plans`…). */
  wording: string;
}) {
  const { t } = useTranslation();
  const state = usePageState();
  const has = (filter: ArrayFilter) => register.arrays.includes(filter);
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
  /** Codes with results first; the picked ones always (facets: upstream counts by code). */
  const facetCodes = (facet: string, filter: ArrayFilter) =>
    Object.keys(facets[facet] ?? {}).concat((filters.arrays[filter] ?? []).filter((c) => !facets[facet]?.[c]));
  return (
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
  );
}

export default FilterGrid;
