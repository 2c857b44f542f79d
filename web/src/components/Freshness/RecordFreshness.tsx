/**
 * How current a record page's data is (issue 41), from the upstream's brief answer
 * (`/api/freshness?brief=1`: no moment, since the page's `ETag` is made of its answers):
 * a mirror's page speaks only when the mirror has fallen behind or is still loading (the
 * record's own "last changed" row says the rest); the snapshot's page names its day.
 * Apart from `Freshness` (the search pages' line), so the pages share no chunk for it.
 */
import { useTranslation } from '../../i18n/react';
import { formatDay } from '../../lib/dates';
import { dataOf } from '../../lib/data';
import { usePageState } from '../../state';
import type { FreshnessAnswer } from './Freshness';

export function RecordFreshness() {
  const { t } = useTranslation();
  const { data, language } = usePageState();
  const a = dataOf<FreshnessAnswer & { starting?: boolean }>({ data }, 'freshness');
  // i18next's context: `freshness.line_lagging`, `_starting`, `_snapshot`.
  const context =
    a?.mode === 'snapshot' ? (a.snapshotAt ? 'snapshot' : '')
    : a?.mode !== 'live' ? ''
    : a.starting ? 'starting'
    : a.behind ? 'lagging'
    : '';
  return context ? (
    <p className={`freshness freshness--${context}`}>
      {t('freshness.line', {
        context,
        // The page's own cached formatter: making one costs a slow phone 20-40 ms.
        date: formatDay(a?.snapshotAt ?? 0, language),
      })}
    </p>
  ) : null;
}
