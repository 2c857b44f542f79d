/**
 * Label lookups for the tender page. Codes may contain dots (`invalid.pre-qualification`,
 * `active.tendering`): `codeLabel` keeps them whole; an unknown code shows as itself.
 */
import type { TFunction } from 'i18next';
import { codeLabel, enumLabel } from '../../lib/enums';

/** A label from the `tender.<group>` map (award statuses, document types, units...). */
export function tenderLabel(t: TFunction, group: string, code: string | undefined): string {
  return code ? codeLabel(t, `tender.${group}`, code) : '';
}

export const statusLabel = (t: TFunction, code: string) => enumLabel(t, 'tenderStatus', code);
