/**
 * Labels of enumerations whose codes contain dots (`active.tendering`,
 * `aboveThresholdUA.defense`), which i18next would read as nested keys: the
 * key separator is switched to `|` for the lookup. Falls back to the code.
 */
import type { TFunction } from 'i18next';

export type EnumGroup = 'tenderStatus' | 'procurementMethodType';

/**
 * The label of `code` in the translation map at `group` (a dotted path such as
 * `tender.awardStatus`), or the code itself. One lookup with `|` as the key
 * separator for this call, so the dots inside a code stay part of it (reading
 * the whole map with returnObjects translated the whole map for every label; the
 * cost it had: `bench/results/measurements.md`).
 */
export function codeLabel(t: TFunction, group: string, code: string): string {
  return t(`${group.split('.').join('|')}|${code}`, { keySeparator: '|', defaultValue: code }) as string;
}

export function enumLabel(t: TFunction, group: EnumGroup | string, code: string): string {
  return codeLabel(t, `enums.${group}`, code);
}

/** The registers whose records have a status (SPEC §4). */
export type StatusRegister = 'tender' | 'plan' | 'contract' | 'product';

const STATUS_GROUP: Record<StatusRegister, string> = {
  tender: 'tenderStatus',
  plan: 'planStatus',
  contract: 'contractStatus',
  product: 'productStatus',
};

/**
 * The one label of a record's status in a register (issue 29: a contract was "Діє" in
 * the list and "Укладений" on its page): the list, the page, the feed and the CSV all
 * read `enums.<register>Status`, and no other map of the same statuses exists.
 */
export const statusLabel = (t: TFunction, register: StatusRegister, code: string) => enumLabel(t, STATUS_GROUP[register], code);

/** The name of a procurement method (`procurementMethodType`: tenders, plans, contracts). */
export const methodLabel = (t: TFunction, code: string) => enumLabel(t, 'procurementMethodType', code);

/** A region's name in the page's language (the records name regions in Ukrainian). */
export const regionLabel = (t: TFunction, region: string) => codeLabel(t, 'regions', region);
