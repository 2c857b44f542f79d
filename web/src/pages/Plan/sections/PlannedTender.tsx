/**
 * The tender the plan announces: its procedure, when it should start, and the tender
 * created from the plan (`tender_id`, a 32-hex id the tender page redirects to its tenderID).
 */
import { AppLink } from '../../../components/AppLink/AppLink';
import { Facts, withValues, type Fact } from '../../../components/Facts/Facts';
import { periodText } from '../../../records/parts';
import { tenderPath } from '../../Tender/path';
import type { PlanFormatter } from '../formatter';
import { planLabel } from '../labels';
import { methodLabel } from '../../../lib/enums';
import type { Plan } from '../../../records/plan';

/** The rows of the section; none when the plan says nothing of its tender. */
export function plannedTenderRows(plan: Plan, format: PlanFormatter): Fact[] {
  const { t } = format;
  const tender = plan.tender;
  const period = tender?.tenderPeriod;
  const tenderId = plan.tender_id?.trim();
  return withValues([
    [t('plan.method'), tender?.procurementMethodType && methodLabel(t, tender.procurementMethodType)],
    [t('plan.procurementMethod'), planLabel(t, 'procurementMethods', tender?.procurementMethod)],
    [t('plan.tenderPeriod'), periodText(period?.startDate, period?.endDate, { ...format, date: format.day })],
    [
      t('plan.createdTender'),
      tenderId && (
        <AppLink to={tenderPath(tenderId)} className="plan-tender-link">
          {t('plan.openTender')}
        </AppLink>
      ),
    ],
  ]);
}

export function PlannedTender({ rows }: { rows: Fact[] }) {
  return <Facts rows={rows} />;
}
