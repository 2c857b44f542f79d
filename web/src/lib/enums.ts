/**
 * Labels of enumerations whose codes contain dots (`active.tendering`,
 * `aboveThresholdUA.defense`), which i18next would read as nested keys: the
 * group is read as one object and the code looked up in it. Falls back to the code.
 */
import type { TFunction } from 'i18next';

export type EnumGroup = 'tenderStatus' | 'procurementMethodType';

export function enumLabel(t: TFunction, group: EnumGroup | string, code: string): string {
  const labels = t(`enums.${group}`, { returnObjects: true }) as unknown;
  if (labels && typeof labels === 'object') {
    const label = (labels as Record<string, unknown>)[code];
    if (typeof label === 'string' && label) return label;
  }
  return code;
}
