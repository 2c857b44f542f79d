/**
 * Label lookups for the tender page. Codes may contain dots (`invalid.pre-qualification`,
 * `active.tendering`): `codeLabel` keeps them whole; an unknown code shows as itself.
 */
import type { TFunction } from 'i18next';
import type { Language } from '../../contract';
import { codeLabel, enumLabel } from '../../lib/enums';
import type { Unit } from './types';

/** A label from the `tender.<group>` map (award statuses, document types, units...). */
export function tenderLabel(t: TFunction, group: string, code: string | undefined): string {
  return code ? codeLabel(t, `tender.${group}`, code) : '';
}

export const statusLabel = (t: TFunction, code: string) => enumLabel(t, 'tenderStatus', code);
export const methodLabel = (t: TFunction, code: string) => enumLabel(t, 'procurementMethodType', code);

/** The classes of a status badge: `status status-<code>`, the code made safe for CSS. */
export const statusClass = (code: string) => `status status-${code.replace(/[^a-z0-9-]/gi, '-')}`;

/** The language a fixed `t` (`useTranslation`'s or `getFixedT`'s) renders in. */
export function languageOf(t: TFunction): Language {
  return (t as unknown as { lng?: string }).lng === 'en' ? 'en' : 'uk';
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
