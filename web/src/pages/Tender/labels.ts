/**
 * Label lookups for the tender page. Codes may contain dots (`invalid.pre-qualification`,
 * `active.tendering`): `codeLabel` keeps them whole; an unknown code shows as itself.
 */
import type { TFunction } from 'i18next';
import type { Language } from '../../contract';
import { codeLabel, enumLabel } from '../../lib/enums';
import { formatMoney } from '../../lib/format';
import type { Address, Unit, Value } from './types';

/** A label from the `tender.<group>` map (award statuses, document types, units...). */
export function tenderLabel(t: TFunction, group: string, code: string | undefined): string {
  return code ? codeLabel(t, `tender.${group}`, code) : '';
}

export const statusLabel = (t: TFunction, code: string) => enumLabel(t, 'tenderStatus', code);
export const methodLabel = (t: TFunction, code: string) => enumLabel(t, 'procurementMethodType', code);

/** The language a fixed `t` (`useTranslation`'s or `getFixedT`'s) renders in. */
export function languageOf(t: TFunction): Language {
  return (t as unknown as { lng?: string }).lng === 'en' ? 'en' : 'uk';
}

/** `1 234,00 грн`, or '' without a finite amount. */
export function money(value: Value | undefined, language: Language): string {
  if (!value || typeof value.amount !== 'number') return '';
  return formatMoney(value.amount, value.currency || 'UAH', language);
}

/** Postal address on one line, parts in the order Ukrainian addresses are written. */
export function addressLine(a: Address | undefined): string {
  if (!a) return '';
  return [a.postalCode, a.countryName, a.region, a.locality, a.streetAddress]
    .filter((p, i, all): p is string => !!p && all.indexOf(p) === i)
    .join(', ');
}

/**
 * A unit's name: in Ukrainian the name the procuring entity gave (the CDB stores it in
 * Ukrainian), in English the translated name of the code when known.
 */
export function unitName(t: TFunction, unit: Unit | undefined, language: Language): string {
  if (!unit) return '';
  const byCode = unit.code ? tenderLabel(t, 'unit', unit.code) : '';
  const known = byCode && byCode !== unit.code ? byCode : '';
  return language === 'en' ? known || unit.name || '' : unit.name || known;
}

/** The English variant of a text field in English when present, else the Ukrainian one. */
export function localized<T extends object>(obj: T | undefined, field: keyof T & string, language: Language): string {
  if (!obj) return '';
  const record = obj as Record<string, unknown>;
  const en = record[`${field}_en`];
  const uk = record[field];
  if (language === 'en' && typeof en === 'string' && en) return en;
  return typeof uk === 'string' ? uk : '';
}
