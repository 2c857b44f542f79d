/**
 * The contract's milestones: payments (prepayment, postpayment) and deliveries, each with
 * the event it counts from, its share of the value, its term and status.
 */
import { DataTable, Row } from '../../../components/DataTable/DataTable';
import { formatNumber } from '../../../lib/format';
import type { Formatter } from '../../../records/parts';
import { contractLabel } from '../labels';
import type { Milestone } from '../../../records/contract';

/** Milestones in their sequence (those without a number keep their place at the end). */
export const milestonesInOrder = (milestones: Milestone[]): Milestone[] =>
  milestones
    .map((m, i) => [m, i] as const)
    .sort(([a, i], [b, j]) => (a.sequenceNumber ?? Number.MAX_SAFE_INTEGER) - (b.sequenceNumber ?? Number.MAX_SAFE_INTEGER) || i - j)
    .map(([m]) => m);

/** `2 календарні дні`, `900 calendar days`; the kind of days when it is known. */
function durationText(m: Milestone, { t }: Formatter): string {
  const days = m.duration?.days;
  if (typeof days !== 'number' || !Number.isFinite(days)) return '';
  const kind = m.duration?.type && ['calendar', 'working', 'banking'].includes(m.duration.type) ? m.duration.type : 'days';
  return t(`contract.duration.${kind}`, { count: days });
}

/** `dates`: the formatter of dates without the time (due dates). */
export function Milestones({ milestones, format, dates }: { milestones: Milestone[]; format: Formatter; dates: Formatter }) {
  const { t, language } = format;
  return (
    <DataTable head={['event', 'kind', 'percentage', 'term', 'status'].map((c) => t(`contract.col.${c}`))}>
      {milestonesInOrder(milestones).map((m, i) => {
        const term = durationText(m, format);
        return (
          <Row key={m.id ? `${m.id}-${i}` : i}>
            <th scope="row">
              {contractLabel(t, 'milestoneTitle', m.title)}
              {m.description && <div className="muted pre">{m.description}</div>}
            </th>
            <td>{[contractLabel(t, 'milestoneType', m.type), contractLabel(t, 'milestoneCode', m.code)].filter(Boolean).join(': ')}</td>
            <td>{typeof m.percentage === 'number' ? `${formatNumber(m.percentage, undefined, language)} %` : ''}</td>
            <td>
              {term}
              {m.dueDate && <div className="muted">{t('contract.dueDate', { date: dates.date(m.dueDate) })}</div>}
            </td>
            <td>
              {contractLabel(t, 'milestoneStatus', m.status)}
              {m.dateMet && <div className="muted">{dates.date(m.dateMet)}</div>}
            </td>
          </Row>
        );
      })}
    </DataTable>
  );
}
