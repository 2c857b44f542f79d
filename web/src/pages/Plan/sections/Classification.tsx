/** What the plan buys by the classifiers: its CPV code and the additional classifications (КЕКВ...). */
import { ClassificationText } from '../../../components/Classifications/Classifications';
import { Facts } from '../../../components/Facts/Facts';
import { list } from '../../../records/parts';
import type { PlanFormatter } from '../formatter';
import type { Classification as ClassificationData, Plan } from '../../../records/plan';

const hasContent = (c: ClassificationData | undefined): c is ClassificationData =>
  !!c && typeof c === 'object' && !!(c.id || c.description);

/** True when the plan has a classification to show. */
export const hasClassification = (plan: Plan) =>
  hasContent(plan.classification) || list(plan.additionalClassifications).some(hasContent);

export function Classification({ plan, format }: { plan: Plan; format: PlanFormatter }) {
  const { t } = format;
  const additional = list(plan.additionalClassifications).filter(hasContent);
  return (
    <Facts
      rows={[
        [t('plan.mainClassification'), hasContent(plan.classification) && <ClassificationText c={plan.classification} language={format.language} />],
        [
          t('plan.additionalClassifications'),
          additional.length > 0 && (
            <ul className="plain">
              {additional.map((c, i) => (
                <li key={i}><ClassificationText c={c} language={format.language} /></li>
              ))}
            </ul>
          ),
        ],
      ]}
    />
  );
}
