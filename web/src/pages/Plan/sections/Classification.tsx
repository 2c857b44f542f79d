/** What the plan buys by the classifiers: its CPV code and the additional classifications (КЕКВ...). */
import { Facts } from '../../../components/Facts/Facts';
import { list, localized } from '../../../lib/ocds';
import type { Ctx } from '../ctx';
import type { Classification as ClassificationData, Plan } from '../types';

/** `ДК021 03111000-2 Seeds`: the scheme (muted), the code and the description in the page's language. */
export function ClassificationText({ c, ctx }: { c: ClassificationData; ctx: Ctx }) {
  const text = localized(c, 'description', ctx.language);
  return (
    <>
      {c.scheme && <span className="muted">{c.scheme} </span>}
      {c.id && <span className="code">{c.id}</span>}
      {text && `${c.id ? ' ' : ''}${text}`}
    </>
  );
}

const hasContent = (c: ClassificationData | undefined): c is ClassificationData =>
  !!c && typeof c === 'object' && !!(c.id || c.description);

/** True when the plan has a classification to show. */
export const hasClassification = (plan: Plan) =>
  hasContent(plan.classification) || list(plan.additionalClassifications).some(hasContent);

export function Classification({ plan, ctx }: { plan: Plan; ctx: Ctx }) {
  const { t } = ctx;
  const additional = list(plan.additionalClassifications).filter(hasContent);
  return (
    <Facts
      rows={[
        [t('plan.mainClassification'), hasContent(plan.classification) && <ClassificationText c={plan.classification} ctx={ctx} />],
        [
          t('plan.additionalClassifications'),
          additional.length > 0 && (
            <ul className="plain">
              {additional.map((c, i) => (
                <li key={i}><ClassificationText c={c} ctx={ctx} /></li>
              ))}
            </ul>
          ),
        ],
      ]}
    />
  );
}
