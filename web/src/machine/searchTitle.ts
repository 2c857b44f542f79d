/**
 * What a search is, in words: its register's name and its filters, by the labels the
 * search form gives them (`pages/Search/FilterGrid.tsx`), in the document's language:
 * `Тендери: Львівська область, статус: період уточнень, «ноутбук»`. A feed reader lists
 * feeds by their titles, so a feed of one search must say which search it is.
 *
 * Regions and the keyword stand alone (they read as what they are); every other filter
 * is `label: values`, its values joined by "or" (one of them is enough for a record to
 * match), at most `SHOWN` of them with how many more.
 */
import type { TFunction } from 'i18next';
import type { Language } from '../contract';
import { formatDate } from '../lib/dates';
import { enumLabel, regionLabel } from '../lib/enums';
import { formatNumber } from '../lib/format';
import type { ArrayFilter, Range, Register, SearchFilters } from '../lib/filters';

/** Values of one filter a title names; the rest are counted. */
const SHOWN = 3;

/** The title's register names (the search pages' own titles). */
const PAGE_TITLE: Record<Register['name'], string> = { tenders: 'pages.tenderList.title', plans: 'pages.planList.title', contracts: 'pages.contractList.title' };
/** The translation prefix of a register's value range (as the search form's). */
const WORDING: Record<Register['name'], string> = { tenders: 'tenderList', plans: 'registers.plans', contracts: 'registers.contracts' };
const STATUS_ENUM: Record<Register['name'], string> = { tenders: 'tenderStatus', plans: 'planStatus', contracts: 'contractStatus' };

/**
 * A label or a value as it reads inside a sentence: a capital that only starts a word
 * (`Статус`, `Період уточнень`) made small; an abbreviation (`CPV`, `ЄДРПОУ`) kept.
 */
export const inSentence = (text: string): string => (/^\p{Lu}\p{Ll}/u.test(text) ? text[0].toLowerCase() + text.slice(1) : text);

/** The labels of the array filters other than regions; `null`: the filter is named by its values alone. */
function arrayLabel(name: ArrayFilter, t: TFunction): string {
  switch (name) {
    case 'status': return t('tenderList.status');
    case 'procurementMethodType': return t('tenderList.method');
    case 'classification': return t('tenderList.cpv');
    case 'road': case 'gmdn': case 'inn': case 'ccce_ua': return t(`tenderList.schemes.${name}`);
    case 'typeSubjectProcurement': return t('tenderList.subject');
    case 'paymentType': return t('tenderList.payment');
    case 'redFlag': return t('redFlags.filter');
    // organizer, supplier, fundManager, funder, tags, planYear, region
    default: return t(`tenderList.${name}`);
  }
}

/** A value of an array filter by the label the form shows it with (codes the form shows as codes stay codes). */
function arrayValue(name: ArrayFilter, value: string, register: Register, t: TFunction): string {
  switch (name) {
    case 'status': return inSentence(enumLabel(t, STATUS_ENUM[register.name], value));
    case 'procurementMethodType': return inSentence(enumLabel(t, 'procurementMethodType', value));
    case 'region': return regionLabel(t, value);
    case 'typeSubjectProcurement': return inSentence(t(`tenderList.subjects.${value}`));
    case 'paymentType': return inSentence(t(`tenderList.payments.${value}`));
    case 'redFlag': return value === 'any' ? inSentence(t('redFlags.any')) : `${value} · ${t(`redFlags.names.${value}`, { defaultValue: '' })}`.replace(/ · $/, '');
    default: return value;
  }
}

/** `a, b or c` in the language's words; at most `SHOWN` values and how many more. */
function alternatives(values: string[], t: TFunction, language: Language): string {
  const shown = values.length > SHOWN + 1 ? [...values.slice(0, SHOWN), t('machine.more', { count: values.length - SHOWN })] : values;
  // The ICU of the renderer's V8 has list formats; a runtime without them joins with commas.
  return typeof Intl.ListFormat === 'function'
    ? new Intl.ListFormat(language, { type: 'disjunction' }).format(shown)
    : shown.join(', ');
}

/** `від 1 000 до 5 000` (either end may be open), by the form's own words for the ends. */
function rangeText<T>(range: Range<T>, text: (v: T) => string, t: TFunction): string {
  return [
    range.from !== undefined && `${t('tenderList.from')} ${text(range.from)}`,
    range.to !== undefined && `${t('tenderList.to')} ${text(range.to)}`,
  ].filter(Boolean).join(' ');
}

/** The parts of the title after the register's name, in the order it names them. */
export function filterParts(register: Register, filters: SearchFilters, t: TFunction, language: Language): string[] {
  const parts: string[] = [];
  const arrays = (names: readonly ArrayFilter[]) => {
    for (const name of names) {
      const values = filters.arrays[name];
      if (!values?.length) continue;
      const text = alternatives(values.map((v) => arrayValue(name, v, register, t)), t, language);
      parts.push(name === 'region' ? text : `${inSentence(arrayLabel(name, t))}: ${text}`);
    }
  };
  // Where first: a search of one region is mostly read as that region's.
  arrays(register.arrays.filter((name) => name === 'region'));
  arrays(register.arrays.filter((name) => name !== 'region'));
  if (filters.value.from !== undefined || filters.value.to !== undefined) {
    parts.push(`${inSentence(t(`${WORDING[register.name]}.valueRange`))}: ${rangeText(filters.value, (n) => formatNumber(n, undefined, language), t)}`);
  }
  for (const name of register.dates) {
    const range = filters.dates[name];
    if (range) parts.push(`${inSentence(t(`tenderList.${name}`))}: ${rangeText(range, (d) => formatDate(d, language), t)}`);
  }
  if (filters.acceptingBids) parts.push(inSentence(t('tenderList.acceptingBids')));
  if (filters.hasActiveMonitoring !== undefined) {
    parts.push(`${inSentence(t('tenderList.monitoring'))}: ${inSentence(t(filters.hasActiveMonitoring ? 'tenderList.monitored' : 'tenderList.notMonitored'))}`);
  }
  if (filters.testMode) parts.push(inSentence(t('tenderList.testOnly')));
  if (filters.keyword) parts.push(language === 'en' ? `“${filters.keyword}”` : `«${filters.keyword}»`);
  return parts;
}

/** `Тендери` for a search without filters, else `Тендери: <its filters>`. */
export function searchTitle(register: Register, filters: SearchFilters, t: TFunction, language: Language): string {
  const name = t(PAGE_TITLE[register.name]);
  const parts = filterParts(register, filters, t, language);
  return parts.length ? `${name}: ${parts.join(', ')}` : name;
}
