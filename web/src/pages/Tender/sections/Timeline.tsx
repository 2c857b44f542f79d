/**
 * The tender's periods in date order, "now" among them, the stages past, and a link to
 * them as a calendar file; above them the next deadline and the time left to it. The
 * stage the record's status names is called current only while its end date is ahead:
 * once it has passed, the list says what the status says and that the date has passed.
 * The moment is the page's (`lib/clock.ts`): the server's while rendering and hydrating,
 * then the browser's clock, each second.
 */
import { Fragment } from 'react';
import { useNow } from '../../../lib/clock';
import { tenderIcsUrl } from '../../../lib/machineUrls';
import type { TenderFormatter } from '../formatter';
import { deadlinesOf, ongoing, stageDates, stageName, type Stage } from '../timeline';

const pad = (n: number) => String(n).padStart(2, '0');
const startOf = (s: Stage) => Date.parse((s.start ?? s.end) as string);

export function Timeline({ stages, status, tenderId, format }: { stages: Stage[]; status?: string; tenderId?: string; format: TenderFormatter }) {
  const { t } = format;
  const now = useNow(1000);
  const name = (s: Stage) => stageName(t, s, format.lotTitle);
  const kyiv = (iso: string) => t('calendar.kyiv', { date: format.date(iso) });
  const deadlines = ongoing(status) ? deadlinesOf(stages) : [];
  const next = deadlines.find((d) => Date.parse(d.at) > now);
  let left = '';
  if (next) {
    const s = Math.floor((Date.parse(next.at) - now) / 1000);
    const days = Math.floor(s / 86400);
    const clock = `${pad(Math.floor(s / 3600) % 24)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
    left = t(next.starts ? 'calendar.untilStart' : 'calendar.untilEnd', {
      name: name(next.stage),
      left: days ? `${t('calendar.days', { count: days })} ${clock}` : clock,
    });
  }
  // "Now" goes after the stages that began (or, without a start, ended) before it.
  const nowAt = stages.filter((s) => startOf(s) <= now).length;
  const nowItem = (
    <li className="timeline-now">
      <span className="stage-name">{t('calendar.now')}</span>
      <span className="stage-dates">{kyiv(new Date(now).toISOString())}</span>
    </li>
  );
  return (
    <>
      {deadlines.length > 0 && (
        <p className="tender-countdown">
          {next ? (
            <strong>{t(next.starts ? 'calendar.startsAt' : 'calendar.endsAt', { name: name(next.stage), date: kyiv(next.at) })}</strong>
          ) : (
            t('calendar.ended')
          )}
          {left && <span role="timer"> {left}</span>}
        </p>
      )}
      <ol className="tender-timeline">
        {stages.map((s, i) => {
          const past = Date.parse((s.end ?? s.start) as string) < now;
          // The status's stage is current until its end date; after it, the record is behind.
          const ended = !!s.end && Date.parse(s.end) <= now;
          const current = s.current && !ended;
          return (
            <Fragment key={`${s.key}-${s.lotId ?? ''}`}>
              {i === nowAt && nowItem}
              <li className={[current && 'is-current', past && 'is-past'].filter(Boolean).join(' ') || undefined} aria-current={current ? 'step' : undefined}>
                <span className="stage-name">{name(s)}</span>
                {current && <span className="stage-current">{t('tender.timeline.current')}</span>}
                {s.current && ended && <span className="stage-current stage-status-passed">{t('tender.timeline.statusPassed')}</span>}
                <span className="stage-dates">{stageDates(s, format)}</span>
              </li>
            </Fragment>
          );
        })}
        {nowAt === stages.length && nowItem}
      </ol>
      {tenderId && (
        <p className="tender-calendar">
          <a href={tenderIcsUrl(tenderId, format.language)} download>{t('calendar.add')}</a>
        </p>
      )}
    </>
  );
}
