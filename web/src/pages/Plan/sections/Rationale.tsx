/** Why the plan is needed, as the procuring entity justified it, and when. */
import { localized } from '../../../records/parts';
import type { Ctx } from '../ctx';
import type { Rationale as RationaleData } from '../../../records/plan';

export const rationaleText = (r: RationaleData | undefined, ctx: Ctx) => (r && typeof r === 'object' ? localized(r, 'description', ctx.language) : '');

export function Rationale({ rationale, ctx }: { rationale: RationaleData; ctx: Ctx }) {
  const date = ctx.date(rationale.date);
  return (
    <>
      <p className="pre">{rationaleText(rationale, ctx)}</p>
      {date && <p className="muted">{ctx.t('plan.rationaleDate', { date })}</p>}
    </>
  );
}
