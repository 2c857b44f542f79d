/**
 * The budget: amount, year and period, the budget line and its project or donor
 * programme, then its breakdown by source of funding (state, local, own, loan...) with
 * each part's amount, budget classification, place and funder.
 */
import { DataTable, Row } from '../../../components/DataTable/DataTable';
import { Facts, withValues, type Fact } from '../../../components/Facts/Facts';
import { Money } from '../../../components/Money/Money';
import { addressLine, list, localized, money, periodText } from '../../../records/parts';
import type { PlanFormatter } from '../formatter';
import { planLabel, planYear } from '../labels';
import type { BreakdownItem, Budget as BudgetData, Plan } from '../../../records/plan';
import { ClassificationText } from '../../../components/Classifications/Classifications';

/** The donor programmes' scheme of `budget.project`. */
const FUNDER_PROGRAM = 'funder_program';

/** The budget's facts; none when the plan has no budget. */
export function budgetRows(plan: Plan, format: PlanFormatter): Fact[] {
  const { t, language } = format;
  const budget: BudgetData | undefined = plan.budget && typeof plan.budget === 'object' ? plan.budget : undefined;
  if (!budget) return [];
  const currency = budget.currency;
  const project = budget.project;
  const projectName = localized(project, 'name', language);
  const amountNet = typeof budget.amountNet === 'number' && <Money value={{ amount: budget.amountNet, currency }} format={format} />;
  return withValues([
    [t('plan.budgetAmount'), typeof budget.amount === 'number' && <Money value={{ amount: budget.amount, currency }} format={format} />],
    [t('plan.amountNet'), amountNet],
    [t('plan.year'), planYear(plan)],
    [t('plan.budgetPeriod'), periodText(budget.period?.startDate, budget.period?.endDate, { ...format, date: format.day })],
    [t('plan.budgetDescription'), localized(budget, 'description', language)],
    [t('plan.budgetId'), budget.id, 'code'],
    [
      t(project?.scheme === FUNDER_PROGRAM ? 'plan.funderProgram' : 'plan.budgetProject'),
      (projectName || project?.id) && (
        <>
          {projectName || project?.id}
          {projectName && project?.id && project.id !== projectName && <span className="muted code"> {project.id}</span>}
        </>
      ),
      'plan-budget-project',
    ],
    [t('plan.notes'), budget.notes, 'pre'],
  ]);
}

export function Budget({ rows, breakdown, format }: { rows: Fact[]; breakdown: BreakdownItem[]; format: PlanFormatter }) {
  return (
    <>
      {rows.length > 0 && <Facts rows={rows} />}
      {breakdown.length > 0 && <Breakdown breakdown={breakdown} format={format} />}
    </>
  );
}

function funderText(b: BreakdownItem, format: PlanFormatter): { name: string; code: string } | null {
  const f = b.funder;
  if (!f || typeof f !== 'object') return null;
  const name = localized(f, 'name', format.language) || f.identifier?.legalName || '';
  const code = f.identifier?.id ? [f.identifier.scheme, f.identifier.id].filter(Boolean).join(' ') : (f.id ?? '');
  return name || code ? { name, code } : null;
}

function Breakdown({ breakdown, format }: { breakdown: BreakdownItem[]; format: PlanFormatter }) {
  const { t, language } = format;
  const withClassification = breakdown.some((b) => b.classification?.id || b.classification?.description);
  const withPlace = breakdown.some((b) => placeOf(b));
  const withFunder = breakdown.some((b) => funderText(b, format));
  const amounts = breakdown.map((b) => b.value?.amount).filter((a): a is number => typeof a === 'number' && Number.isFinite(a));
  const total = amounts.length > 1 ? money({ amount: amounts.reduce((sum, a) => sum + a, 0), currency: breakdown[0].value?.currency }, language) : '';
  const columns = ['source', 'description', 'amount', ...(withClassification ? ['budgetClassification'] : []), ...(withPlace ? ['place'] : []), ...(withFunder ? ['funder'] : [])];
  return (
    <div className="plan-breakdown">
      <h3>{t('plan.breakdown')}</h3>
      <DataTable head={columns.map((c) => t(`plan.col.${c}`))}>
        {breakdown.map((b, i) => {
          const funder = funderText(b, format);
          return (
            <Row key={b.id ?? i}>
              <th scope="row">{planLabel(t, 'budgetSource', b.title)}</th>
              <td className="pre">{localized(b, 'description', language)}</td>
              <td><Money value={b.value} format={format} /></td>
              {withClassification && <td>{b.classification && <ClassificationText c={b.classification} language={format.language} />}</td>}
              {withPlace && <td>{placeOf(b)}</td>}
              {withFunder && (
                <td className="plan-funder">
                  {funder?.name}
                  {funder?.code && <span className="muted code"> {funder.code}</span>}
                </td>
              )}
            </Row>
          );
        })}
      </DataTable>
      {total && <p className="muted">{t('plan.breakdownTotal', { value: total })}</p>}
    </div>
  );
}

/** The place a part of the budget is for: its address and the details (settlement codes) it names. */
function placeOf(b: BreakdownItem): string {
  const details = list(b.address?.addressDetails)
    .map((d) => d.description || d.id)
    .filter(Boolean);
  return [...details, addressLine(b.address)].filter(Boolean).join(', ');
}
