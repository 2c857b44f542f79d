/**
 * Label lookups and derived texts of the plan page, shared by the page and its head tags.
 * An unknown code shows as itself.
 */
import type { TFunction } from 'i18next';
import type { Language } from '../../contract';
import { codeLabel, statusLabel } from '../../lib/enums';
import { list, localized } from '../../records/parts';
import type { Plan } from '../../records/plan';

/** A label from the `plan.<group>` map (statuses, budget sources, kinds...). */
export function planLabel(t: TFunction, group: string, code: string | undefined): string {
  return code ? codeLabel(t, `plan.${group}`, code) : '';
}

/** The plan register's status label, the same in the list, the feed and the CSV. */
export const planStatusLabel = (t: TFunction, code: string) => statusLabel(t, 'plan', code);

/** The year of an ISO date as written (the platform writes Kyiv time), or ''. */
const yearOfDate = (iso: string | undefined) => (iso && /^\d{4}-/.test(iso) ? iso.slice(0, 4) : '');

/**
 * The budget year: `budget.year`, else the years of the budget period (`2027`,
 * `2027–2028`), else the year the tender should start (as the registry's year filter).
 */
export function planYear(plan: Plan): string {
  const budget = plan.budget;
  if (typeof budget?.year === 'number' && Number.isFinite(budget.year)) return String(budget.year);
  const start = yearOfDate(budget?.period?.startDate);
  const end = yearOfDate(budget?.period?.endDate);
  if (start) return end && end !== start ? `${start}–${end}` : start;
  return yearOfDate(plan.tender?.tenderPeriod?.startDate);
}

/**
 * What the plan buys, in words: the budget's description (what procuring entities fill
 * in as the plan's name), else the classification's, else the first item's.
 */
export function planSubject(plan: Plan, language: Language): string {
  return (
    localized(plan.budget, 'description', language) ||
    localized(plan.classification, 'description', language) ||
    localized(list(plan.items)[0], 'description', language)
  ).trim();
}

/** The buyer: the first of `buyers`, else the procuring entity. */
export function planBuyer(plan: Plan) {
  return list(plan.buyers)[0] ?? plan.procuringEntity;
}
