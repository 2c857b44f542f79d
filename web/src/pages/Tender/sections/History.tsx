/**
 * The tender's history: every change the portal recorded (the search API's events,
 * `records/events.ts`), newest first, each on one line with its date, linked to the part
 * of the page it concerns; how many there are when not all are shown; and since when the
 * portal records them, for what happened before is not in it. The browser loads it as a
 * chunk of its own: the server renders it in place (`Tender.tsx`).
 */
import { EventItem } from '../../../components/Follow/Follow';
import { Unavailable } from '../../../components/Unavailable/Unavailable';
import { useTranslation } from '../../../i18n/react';
import { dataOf } from '../../../lib/data';
import { historyOf } from '../../../records/events';
import { formatter } from '../../../records/parts';
import { usePageState } from '../../../state';

export default function History({ recordId }: { recordId?: string }) {
  const { t } = useTranslation();
  const state = usePageState();
  const format = formatter(t, state.language);
  const history = dataOf(state, 'history', historyOf);
  if (!history) return <Unavailable />;
  const { events, total, historyBegins } = history;
  return (
    <>
      {events.length > 0 ? (
        <ol className="event-list history-list">
          {events.map((e, i) => (
            <li key={`${e.seq}-${i}`}>
              <EventItem event={e} here={!recordId || e.recordId === recordId} within="#history" format={format} />
            </li>
          ))}
        </ol>
      ) : (
        <p>{t('history.empty')}</p>
      )}
      {total > events.length && <p className="muted">{t('history.shown', { shown: events.length, total })}</p>}
      {historyBegins && <p className="muted">{t('history.begins', { date: format.date(historyBegins) })}</p>}
    </>
  );
}
