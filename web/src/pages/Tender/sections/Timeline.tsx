/** The tender's periods in date order, the stage its status names marked as current. */
import { periodText } from '../../../lib/ocds';
import type { Ctx } from '../ctx';
import type { Stage } from '../timeline';

export function Timeline({ stages, ctx }: { stages: Stage[]; ctx: Ctx }) {
  const { t } = ctx;
  return (
    <ol className="tender-timeline">
      {stages.map((s) => (
        <li key={s.key} className={s.current ? 'is-current' : undefined} aria-current={s.current ? 'step' : undefined}>
          <span className="stage-name">{t(`tender.periods.${s.key}`)}</span>
          {s.current && <span className="stage-current">{t('tender.timeline.current')}</span>}
          <span className="stage-dates">{s.key === 'clarificationsUntil' ? ctx.date(s.end) : periodText(s.start, s.end, ctx)}</span>
        </li>
      ))}
    </ol>
  );
}
