/** A plan as an OCDS `planning` release. */
import { buyerOf, documents, items, milestones, Parties, period, release, stamp, value } from './blocks';
import { CATEGORIES, method, OCID_PREFIX, PLAN_STATUS } from './codes';
import { clean, code, type Rec, rec, text } from './read';
import type { OcdsCategory, OcdsTender, Release } from './shapes';

export function planOcid(plan: object): string {
  const p = plan as Rec;
  return `${OCID_PREFIX}-${code(p.planID) ?? code(p.id) ?? ''}`;
}

/**
 * A plan as a `planning` release: its budget, rationale, documents and milestones in
 * `planning`, and the procurement it plans in `tender` (OCDS's way of describing a
 * planned process): status, method, items and the planned start in `tenderPeriod`.
 * The tender's id is the tender made from the plan (`tender_id`) when there is one,
 * else the plan's id.
 */
export function planRelease(plan: object): Release {
  const p = plan as Rec;
  const parties = new Parties();
  const recordId = code(p.id) ?? code(p.planID) ?? '';

  const { buyer, procuringEntity } = buyerOf(p, parties);

  const b = rec(p.budget);
  const project = rec(b?.project);
  const topProject = rec(p.project);
  const budget = b && clean({
    id: code(b.id),
    description: text(b.description),
    amount: value(b),
    project: text(project?.name) ?? text(topProject?.title),
    project_en: text(project?.name_en),
    projectID: code(project?.id),
  });
  const planning = clean({
    rationale: text(rec(p.rationale)?.description) ?? text(p.rationale),
    budget,
    documents: documents(p.documents),
    milestones: milestones(p.milestones),
  });

  const planned = rec(p.tender);
  const tenderSection = clean({
    id: code(p.tender_id) ?? recordId,
    // The plan's subject is its budget's description (the page titles plans with it too).
    title: text(p.title) ?? text(b?.description),
    title_en: text(p.title_en),
    description: text(p.description),
    status: typeof p.status === 'string' ? PLAN_STATUS[p.status] : undefined,
    procuringEntity,
    items: items(p.items),
    procurementMethod: method(planned?.procurementMethodType, planned?.procurementMethod),
    procurementMethodDetails: text(planned?.procurementMethodType),
    procurementMethodRationale: text(planned?.procurementMethodRationale),
    mainProcurementCategory:
      typeof p.mainProcurementCategory === 'string' && CATEGORIES.has(p.mainProcurementCategory)
        ? (p.mainProcurementCategory as OcdsCategory)
        : undefined,
    tenderPeriod: period(planned?.tenderPeriod),
  }) as OcdsTender;

  return release({
    ocid: planOcid(p),
    stamp: stamp(p, recordId),
    tag: ['planning'],
    parties,
    buyer,
    planning,
    tender: tenderSection,
  });
}
