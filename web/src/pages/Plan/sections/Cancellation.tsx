/** The plan's cancellation: its reason, status and date. */
import { Facts } from '../../../components/Facts/Facts';
import { localized } from '../../../records/parts';
import type { PlanFormatter } from '../formatter';
import { planLabel } from '../labels';
import type { Cancellation as CancellationData } from '../../../records/plan';

/** True when the plan has a cancellation worth a section. */
export const hasCancellation = (c: CancellationData | undefined): c is CancellationData =>
  !!c && typeof c === 'object' && !!(c.reason || c.status || c.date);

export function Cancellation({ cancellation, format }: { cancellation: CancellationData; format: PlanFormatter }) {
  const { t, language } = format;
  return (
    <Facts
      className="plan-cancellation"
      rows={[
        [t('plan.cancellationReason'), localized(cancellation, 'reason', language), 'pre'],
        [t('plan.cancellationStatusLabel'), planLabel(t, 'cancellationStatus', cancellation.status)],
        [t('plan.cancellationDate'), format.date(cancellation.date)],
      ]}
    />
  );
}
