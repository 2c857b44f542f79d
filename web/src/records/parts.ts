/**
 * The parts every Prozorro record shares (tenders, plans, contracts and monitorings:
 * values, periods, organisations, documents, items and their classifications), as the
 * upstream API sends them, and the pure helpers that read them. Every field is optional
 * and lists may hold nulls: the platform's records vary by procedure, status and age, so
 * a page renders whatever subset arrives. The tender, plan and contract records built
 * of them are beside this file; the OCDS export writes shapes of its own
 * (`machine/ocds/`).
 */
import type { TFunction } from 'i18next';
import type { Language } from '../contract';
import { formatDate } from '../lib/dates';
import { codeLabel } from '../lib/enums';
import { formatMoney, formatNumber } from '../lib/format';

export interface Value {
  amount?: number;
  currency?: string;
  valueAddedTaxIncluded?: boolean;
}

export interface Period {
  startDate?: string;
  endDate?: string;
  clarificationsUntil?: string;
}

export interface Address {
  streetAddress?: string;
  locality?: string;
  region?: string;
  postalCode?: string;
  countryName?: string;
}

export interface Identifier {
  scheme?: string;
  id?: string;
  legalName?: string;
  legalName_en?: string;
}

export interface ContactPoint {
  name?: string;
  name_en?: string;
  email?: string;
  telephone?: string;
  url?: string;
}

export interface Organization {
  name?: string;
  name_en?: string;
  identifier?: Identifier;
  address?: Address;
  contactPoint?: ContactPoint;
}

/** Who signs for an organisation (plans' buyers, contracts' parties). */
export interface SignerInfo {
  name?: string;
  position?: string;
  authorizedBy?: string;
  email?: string;
  telephone?: string;
}

/** A code of a classifier (`ДК021` CPV, and additional schemes) with its description. */
export interface Classification {
  scheme?: string;
  id?: string;
  description?: string;
  description_en?: string;
}

export interface Unit {
  code?: string;
  name?: string;
}

/** What is bought: a tender's, a plan's or a contract's item. */
export interface Item {
  id?: string;
  description?: string;
  description_en?: string;
  classification?: Classification;
  additionalClassifications?: Classification[];
  quantity?: number;
  unit?: Unit;
  deliveryAddress?: Address;
  deliveryDate?: Period;
  /** The lot of a tender the item belongs to. */
  relatedLot?: string;
}

export interface Document {
  id?: string;
  title?: string;
  title_en?: string;
  format?: string;
  url?: string;
  datePublished?: string;
  documentType?: string;
}

/** What a page formats records with: its fixed `t`, its language, and dates with the time. */
export interface Formatter {
  t: TFunction;
  language: Language;
  date: (iso: string | undefined) => string;
}

export function formatter(t: TFunction, language: Language): Formatter {
  return { t, language, date: (iso) => formatDate(iso, language, true) };
}

/** The objects of an optional array (the CDB's lists may hold nulls). */
export const list = <T,>(v: T[] | undefined): T[] => (Array.isArray(v) ? v.filter((x) => x && typeof x === 'object') : []);

/** The English variant of a text field in English when present, else the Ukrainian one. */
export function localized<T extends object>(obj: T | undefined, field: keyof T & string, language: Language): string {
  if (!obj) return '';
  const record = obj as Record<string, unknown>;
  const en = record[`${field}_en`];
  const uk = record[field];
  if (language === 'en' && typeof en === 'string' && en) return en;
  return typeof uk === 'string' ? uk : '';
}

/** The organisations' names (or legal names), `; `-separated. */
export function organisationNames(orgs: Organization[] | undefined, language: Language): string {
  return list(orgs).map((o) => localized(o, 'name', language) || o.identifier?.legalName || '').filter(Boolean).join('; ');
}

/** `1 234,00 грн`, or '' without a finite amount. */
export function money(value: Value | undefined, language: Language): string {
  if (!value || typeof value.amount !== 'number') return '';
  return formatMoney(value.amount, value.currency || 'UAH', language);
}

/**
 * A unit's name: in Ukrainian the name the procuring entity gave (the CDB stores it in
 * Ukrainian), in English the translated name of the code when known.
 */
export function unitName(t: TFunction, unit: Unit | undefined, language: Language): string {
  if (!unit) return '';
  const byCode = unit.code ? codeLabel(t, 'tender.unit', unit.code) : '';
  const known = byCode && byCode !== unit.code ? byCode : '';
  return language === 'en' ? known || unit.name || '' : unit.name || known;
}

/**
 * An item's quantity and unit, or the unit alone without a quantity. The unit's name
 * agrees with the number (`1 штука`, `2 штуки`, `13 штук`, `2,5 кілограма`, `13 pieces`:
 * CLDR's plural rules through i18next's `count`, of the number as shown) when the locale
 * has the forms of its code (`items.units`) and the record calls it by the code's name;
 * else the name `unitName` gives, as it is (a Ukrainian record's `кг` stays `13 кг`).
 */
export function quantityText(item: Pick<Item, 'quantity' | 'unit'>, t: TFunction, language: Language): string {
  const unit = unitName(t, item.unit, language);
  if (typeof item.quantity !== 'number') return unit;
  const number = formatNumber(item.quantity, undefined, language);
  const code = item.unit?.code;
  const forms = number && code && unit.toLowerCase() === codeLabel(t, 'tender.unit', code).toLowerCase()
    ? t(`items|units|${code}`, { keySeparator: '|', count: +number.replace(/\u00a0/g, '').replace(',', '.'), defaultValue: '' })
    : '';
  return `${number} ${forms || unit}`.trim();
}

/** Postal address on one line, parts in the order Ukrainian addresses are written. */
export function addressLine(a: Address | undefined): string {
  if (!a) return '';
  return [a.postalCode, a.countryName, a.region, a.locality, a.streetAddress]
    .filter((p, i, all): p is string => !!p && all.indexOf(p) === i)
    .join(', ');
}

/** A link a record gives, when it is a web address (never `javascript:` and the like). */
export const safeHref = (url: string | undefined) => (url && /^https?:\/\//i.test(url) ? url : undefined);

/** `from … to …`, `from …`, `until …` or one date, as much as the period states. */
export function periodText(start: string | undefined, end: string | undefined, { t, date }: Formatter): string {
  if (start && end && start !== end) return t('tender.timeline.range', { start: date(start), end: date(end) });
  if (start && end) return date(start);
  if (start) return t('tender.timeline.from', { start: date(start) });
  return end ? t('tender.timeline.until', { end: date(end) }) : '';
}
