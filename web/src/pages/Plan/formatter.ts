/** What the plan page's sections render with. */
import type { Language } from '../../contract';
import { formatDate } from '../../lib/dates';
import { formatter, type Formatter } from '../../records/parts';
import type { TFunction } from 'i18next';

export interface PlanFormatter extends Formatter {
  /** A date without the time (a plan's dates are days: the tender's start, a delivery). */
  day: (iso: string | undefined) => string;
}

export function planFormatter(t: TFunction, language: Language): PlanFormatter {
  return { ...formatter(t, language), day: (iso) => formatDate(iso, language) };
}
