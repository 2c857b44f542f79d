/** Why the plan is needed, as the procuring entity justified it, and when. */
import { localized } from '../../../records/parts';
import type { PlanFormatter } from '../formatter';
import type { Rationale as RationaleData } from '../../../records/plan';

export const rationaleText = (r: RationaleData | undefined, format: PlanFormatter) => (r && typeof r === 'object' ? localized(r, 'description', format.language) : '');

export function Rationale({ rationale, format }: { rationale: RationaleData; format: PlanFormatter }) {
  const date = format.date(rationale.date);
  return (
    <>
      <p className="pre">{rationaleText(rationale, format)}</p>
      {date && <p className="muted">{format.t('plan.rationaleDate', { date })}</p>}
    </>
  );
}
