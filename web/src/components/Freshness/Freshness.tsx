/**
 * How current the data is (issue 41), from the upstream's `/api/freshness` (the search
 * pages' fetch `freshness`): a mirror says when it last heard from the central database
 * ("Дані оновлено 40 с тому") and warns when it has fallen behind or is still loading;
 * the snapshot says which day it is of. Without the answer the page says nothing. The age
 * is counted to the page state's moment (the server's render), so the browser hydrates
 * the same words. The line is kept small: the search page's first load is at its budget. Its style is in the main stylesheet (the search
 * route imports `Freshness.css`).
 */
import { useTranslation } from '../../i18n/react';
import { formatDay } from '../../lib/dates';
import { dataOf } from '../../lib/data';
import { usePageState } from '../../state';

/** The key of the answer in the page data. */
export const FRESHNESS = 'freshness';

export interface FreshnessAnswer {
  mode?: 'live' | 'snapshot';
  /** A mirror: when every register last answered while caught up (epoch ms). */
  updatedAt?: number | null;
  /** A mirror: some register has not answered for a minute, or has not caught up. */
  behind?: boolean;
  /** The snapshot: its latest change (epoch ms). */
  snapshotAt?: number | null;
}

/** The line, or nothing when the page has no answer it can read. */
export function Freshness() {
  const { t } = useTranslation();
  const { data, language, now = 0 } = usePageState();
  const a = dataOf<FreshnessAnswer>({ data }, FRESHNESS);
  const at = a?.updatedAt ?? 0;
  // The age in its largest whole unit: 40 с, 5 хв, 3 год, 2 дні (its own arithmetic; the
  // snapshot's day comes from lib/dates, which the pages that show this line load anyway).
  const s = Math.max(0, Math.floor((now - at) / 1000));
  const [unit, n] = s < 60 ? ['freshness.seconds', s] : s < 3600 ? ['deadline.minutes', s / 60] : s < 86_400 ? ['deadline.hours', s / 3600] : ['deadline.days', s / 86_400];
  // i18next's context: `freshness.line_live`, `_behind`, `_starting`, `_snapshot`.
  const context = a?.mode === 'snapshot' ? (a.snapshotAt ? 'snapshot' : '') : a?.mode !== 'live' ? '' : !at ? 'starting' : a.behind ? 'behind' : 'live';
  return context ? (
    <p className={`freshness freshness--${context}`}>
      {t('freshness.line', {
        context,
        // The page's own cached formatter: making one costs a slow phone 20-40 ms.
        date: formatDay(a?.snapshotAt ?? 0, language),
        ago: t(unit, { count: Math.floor(n) }),
      })}
    </p>
  ) : null;
}

/** The browser loads the line as a chunk of its own (`pages/Search/Search.tsx`). */
export default Freshness;
