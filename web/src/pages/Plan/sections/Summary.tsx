/** The plan's key facts under its header: id, budget, year, dates and the project it belongs to. */
import { ExternalLink } from '../../../components/ExternalLink/ExternalLink';
import { Facts, withValues, type Fact } from '../../../components/Facts/Facts';
import { Money } from '../../../components/Money/Money';
import { Section } from '../../../components/Section/Section';
import { safeHref } from '../../../records/parts';
import type { PlanFormatter } from '../formatter';
import { planYear } from '../labels';
import type { Plan } from '../../../records/plan';

export function Summary({ plan, format }: { plan: Plan; format: PlanFormatter }) {
  const { t } = format;
  const budget = plan.budget;
  const project = plan.project;
  const projectHref = safeHref(project?.uri);
  const rows: Fact[] = withValues([
    [t('plan.planId'), plan.planID, 'code'],
    [t('plan.budgetAmount'), typeof budget?.amount === 'number' && <Money value={{ amount: budget.amount, currency: budget.currency }} format={format} />],
    [t('plan.year'), planYear(plan)],
    [t('plan.datePublished'), format.date(plan.datePublished)],
    [t('plan.dateModified'), format.date(plan.dateModified)],
    [
      t('plan.project'),
      (project?.title || projectHref) &&
        (projectHref ? <ExternalLink href={projectHref}>{project?.title || projectHref}</ExternalLink> : project?.title),
    ],
  ]);
  if (!rows.length) return null;
  return (
    <Section id="summary" title={t('plan.summary')} hiddenTitle>
      <Facts rows={rows} />
    </Section>
  );
}
