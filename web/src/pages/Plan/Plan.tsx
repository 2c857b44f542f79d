/**
 * The procurement plan page: what a buyer intends to buy, for how much, from which
 * sources and by which procedure, from the plan object the server prefetched
 * (`data.plan`). Every field is optional (real plans are often slim); a section whose
 * data is absent is not rendered and not listed in the contents. The output depends only
 * on the data and the language (no clock), so the server and the browser render the same
 * markup. Each section is a file of `sections/`; this one puts them in order under the header.
 */
import { RecordFreshness } from '../../components/Freshness/RecordFreshness';
import { Suspense, lazy, type ReactNode } from 'react';
import { Contents } from '../../components/Contents/Contents';
import { Documents } from '../../components/Documents/Documents';
import { Follow as FollowOnServer } from '../../components/Follow/Follow.server';
import { Section } from '../../components/Section/Section';
import { Status } from '../../components/Status/Status';
import { useTranslation } from '../../i18n/react';
import { dataOf } from '../../lib/data';
import { methodLabel } from '../../lib/enums';
import { list } from '../../records/parts';
import type { PageRoute } from '../../lib/routeModule';
import { usePageState } from '../../state';
import { planFormatter } from './formatter';
import { planStatusLabel, planSubject } from './labels';
import { Budget, budgetRows } from './sections/Budget';
import { Cancellation, hasCancellation } from './sections/Cancellation';
import { Classification, hasClassification } from './sections/Classification';
import { Items } from './sections/Items';
import { Milestones } from './sections/Milestones';
import { Organisations, organisationsOf } from './sections/Organisations';
import { PlannedTender, plannedTenderRows } from './sections/PlannedTender';
import { Rationale, rationaleText } from './sections/Rationale';
import { Summary } from './sections/Summary';
import type { Plan as PlanData } from '../../records/plan';

// Following (`components/Follow`): the server renders it in place; the browser loads it as
// a chunk of its own, and hydration keeps the server's markup until it is in.
const Follow = __SERVER__ ? FollowOnServer : lazy(() => import('../../components/Follow/Follow'));

// The page's head comes with its chunk (`PageChunk`).
export { jsonLd, meta } from './meta';

/** The sections listed in the contents, in the order of the page. */
const SECTION_IDS = [
  'cancellation', 'tender', 'buyer', 'procuringEntity', 'budget', 'classification', 'items', 'milestones', 'documents', 'rationale',
] as const;
type SectionId = (typeof SECTION_IDS)[number];

export default function Plan({ route: _route }: { route: PageRoute }) {
  const state = usePageState();
  const plan = dataOf<PlanData>(state, 'plan');
  return plan && <PlanView plan={plan} />;
}

/** The whole plan, from a CDB plan object; `notice` goes under the header. */
export function PlanView({ plan, notice }: { plan: PlanData; notice?: ReactNode }) {
  const { t } = useTranslation();
  const state = usePageState();
  const { language } = state;
  const format = planFormatter(t, language);

  const { buyers, procuringEntity } = organisationsOf(plan);
  const tenderRows = plannedTenderRows(plan, format);
  const budget = budgetRows(plan, format);
  const breakdown = list(plan.budget?.breakdown);
  const items = list(plan.items);
  const milestones = list(plan.milestones);
  const documents = list(plan.documents);
  // What others paid per unit, by item (issue 47; none when the answer failed): the line
  // reads its entry itself, so `records/prices.ts` stays out of the first load.
  const prices = new Map(list(dataOf<{ items?: Array<{ itemId?: string }> }>(state, 'prices')?.items).map((p) => [p.itemId, p]));

  // Each section's content, or false when the plan has nothing for it.
  const content: Record<SectionId, ReactNode> = {
    cancellation: hasCancellation(plan.cancellation) && <Cancellation cancellation={plan.cancellation} format={format} />,
    tender: tenderRows.length > 0 && <PlannedTender rows={tenderRows} />,
    buyer: buyers.length > 0 && <Organisations orgs={buyers} format={format} />,
    procuringEntity: procuringEntity && <Organisations orgs={[procuringEntity]} format={format} />,
    budget: (budget.length > 0 || breakdown.length > 0) && <Budget rows={budget} breakdown={breakdown} format={format} />,
    classification: hasClassification(plan) && <Classification plan={plan} format={format} />,
    items: items.length > 0 && <Items items={items} format={format} prices={prices} />,
    milestones: milestones.length > 0 && <Milestones milestones={milestones} format={format} />,
    documents: documents.length > 0 && <Documents docs={documents} format={format} anchors />,
    rationale: rationaleText(plan.rationale, format) !== '' && plan.rationale && <Rationale rationale={plan.rationale} format={format} />,
  };
  const sections = SECTION_IDS.filter((id) => content[id]);
  const heading = (id: SectionId) => t(`plan.sections.${id === 'buyer' && buyers.length > 1 ? 'buyers' : id}`);

  const title = planSubject(plan, language) || plan.planID || '';
  const method = plan.tender?.procurementMethodType;

  return (
    <article className="page tender-page plan-page" aria-labelledby="plan-title">
      <header className="tender-header">
        <p className="plan-kicker muted">{t('plan.kicker')}</p>
        <h1 id="plan-title" className="page-title">{title}</h1>
        <p className="tender-badges">
          {plan.planID && <span className="tender-id">{plan.planID}</span>}
          {plan.status && <Status code={plan.status} label={t('plan.statusLabel')}>{planStatusLabel(t, plan.status)}</Status>}
          {method && <span className="tender-method">{methodLabel(t, method)}</span>}
          {plan.mode === 'test' && <span className="plan-test">{t('plan.testMode')}</span>}
        </p>
        {notice}
        {plan.planID && plan.id && (
          <Suspense fallback={null}>
            <Follow register="plans" recordKey={plan.planID} target={plan.id} />
          </Suspense>
        )}
        <RecordFreshness />
      </header>

      <Contents id="plan-toc-title" title={t('plan.toc')} sections={sections.map((id) => [id, heading(id)])} />

      <Summary plan={plan} format={format} />

      {sections.map((id) => (
        <Section key={id} id={id} title={heading(id)}>
          {content[id]}
        </Section>
      ))}
    </article>
  );
}
