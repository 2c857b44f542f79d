/**
 * The plan's milestones (a central purchasing body's approval of a buyer's plan): what,
 * its status, when it is due and was met, who set it, and its documents.
 */
import { Documents } from '../../../components/Documents/Documents';
import { Facts } from '../../../components/Facts/Facts';
import { list, localized } from '../../../records/parts';
import type { PlanFormatter } from '../formatter';
import { planLabel } from '../labels';
import { Status } from '../../../components/Status/Status';
import type { Milestone } from '../../../records/plan';

export function Milestones({ milestones, format }: { milestones: Milestone[]; format: PlanFormatter }) {
  const { t, language } = format;
  return (
    <ul className="tender-cards">
      {milestones.map((m, i) => {
        const docs = list(m.documents);
        const author = m.author && (localized(m.author, 'name', language) || m.author.identifier?.legalName);
        return (
          <li key={m.id ?? i} className="tender-card plan-milestone">
            <h3>{m.title || planLabel(t, 'milestoneType', m.type)}</h3>
            {m.status && <p><Status code={m.status}>{planLabel(t, 'milestoneStatus', m.status)}</Status></p>}
            <Facts
              rows={[
                [t('plan.milestoneTypeLabel'), planLabel(t, 'milestoneType', m.type)],
                [t('plan.dueDate'), format.date(m.dueDate)],
                [t('plan.dateMet'), format.date(m.dateMet)],
                [t('plan.milestoneAuthor'), author],
                [t('plan.milestoneDescription'), m.description, 'pre'],
              ]}
            />
            {docs.length > 0 && (
              <>
                <h4>{t('plan.milestoneDocuments')}</h4>
                <Documents docs={docs} format={format} />
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
