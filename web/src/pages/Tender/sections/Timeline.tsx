/**
 * The tender's periods in date order, the stage its status names marked as current, and
 * a link to them as a calendar file. The server has no clock (the markup must hydrate as
 * it is): it names the first deadline from the start of the stage the status names, with
 * its date; after hydration the clock marks "now" in the list and the stages past, and
 * counts down to the next deadline.
 */
import { Fragment, useEffect, useState } from 'react';
import { tenderIcsUrl } from '../../../lib/machineUrls';
import type { Ctx } from '../ctx';
import { deadlinesOf, ongoing, stageDates, stageName, type Stage } from '../timeline';

/** The time, each second, from the first effect on (null while rendering on the server and hydrating). */
function useNow(): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const pad = (n: number) => String(n).padStart(2, '0');
const startOf = (s: Stage) => Date.parse((s.start ?? s.end) as string);

export function Timeline({ stages, status, tenderId, ctx }: { stages: Stage[]; status?: string; tenderId?: string; ctx: Ctx }) {
  const { t } = ctx;
  const now = useNow();
  const name = (s: Stage) => stageName(t, s, ctx.lotTitle);
  const kyiv = (iso: string) => t('calendar.kyiv', { date: ctx.date(iso) });
  const deadlines = ongoing(status) ? deadlinesOf(stages) : [];
  // Without the clock, "now" is taken as the start of the stage the status names.
  const current = stages.find((s) => s.current);
  const from = now ?? (current ? startOf(current) - 1 : Infinity);
  const next = deadlines.find((d) => Date.parse(d.at) > from);
  let left = '';
  if (next && now !== null) {
    const s = Math.floor((Date.parse(next.at) - now) / 1000);
    const days = Math.floor(s / 86400);
    const clock = `${pad(Math.floor(s / 3600) % 24)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
    left = t(next.starts ? 'calendar.untilStart' : 'calendar.untilEnd', {
      name: name(next.stage),
      left: days ? `${t('calendar.days', { count: days })} ${clock}` : clock,
    });
  }
  // "Now" goes after the stages that began (or, without a start, ended) before it.
  const nowAt = now === null ? -1 : stages.filter((s) => startOf(s) <= now).length;
  const nowItem = now !== null && (
    <li className="timeline-now">
      <span className="stage-name">{t('calendar.now')}</span>
      <span className="stage-dates">{kyiv(new Date(now).toISOString())}</span>
    </li>
  );
  return (
    <>
      {deadlines.length > 0 && (next || now !== null) && (
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
          const past = now !== null && Date.parse((s.end ?? s.start) as string) < now;
          return (
            <Fragment key={`${s.key}-${s.lotId ?? ''}`}>
              {i === nowAt && nowItem}
              <li className={[s.current && 'is-current', past && 'is-past'].filter(Boolean).join(' ') || undefined} aria-current={s.current ? 'step' : undefined}>
                <span className="stage-name">{name(s)}</span>
                {s.current && <span className="stage-current">{t('tender.timeline.current')}</span>}
                <span className="stage-dates">{stageDates(s, ctx)}</span>
              </li>
            </Fragment>
          );
        })}
        {nowAt === stages.length && nowItem}
      </ol>
      {tenderId && (
        <p className="tender-calendar">
          <a href={tenderIcsUrl(tenderId, ctx.language)} download>{t('calendar.add')}</a>
        </p>
      )}
    </>
  );
}
