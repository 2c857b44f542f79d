/** A tender (full record or search member) as an OCDS release. */
import { buyerOf, documents, items, lot, milestones, Parties, period, release, stamp, value } from './blocks';
import { AWARD_STATUSES, awardCriteria, CATEGORIES, method, OCID_PREFIX, tenderStatus } from './codes';
import { contract } from './contract';
import { clean, code, dateTime, mapped, num, type Rec, rec, recs, text } from './read';
import { ocdsRedFlags } from './redFlags';
import type { OcdsAward, OcdsAwardStatus, OcdsCategory, OcdsTender, Release, ReleaseTag } from './shapes';

/** The ocid of a tender's contracting process. */
export function tenderOcid(tender: object): string {
  const t = tender as Rec;
  return `${OCID_PREFIX}-${code(t.tenderID) ?? code(t.id) ?? ''}`;
}

/** Bids counted as tenders made: not drafts nor withdrawn (deleted) ones. */
const countedBid = (b: Rec) => b.status !== 'draft' && b.status !== 'deleted';

function tenderAward(a: Rec, parties: Parties): OcdsAward | undefined {
  const id = code(a.id);
  if (!id) return undefined;
  const lotId = code(a.lotID);
  return clean({
    id,
    title: text(a.title),
    title_en: text(a.title_en),
    description: text(a.description),
    description_en: text(a.description_en),
    status: typeof a.status === 'string' && AWARD_STATUSES.has(a.status) ? (a.status as OcdsAwardStatus) : undefined,
    date: dateTime(a.date),
    value: value(a.value),
    suppliers: parties.refs(a.suppliers, 'supplier'),
    documents: documents(a.documents),
    relatedLots: lotId ? [lotId] : undefined,
  }) as OcdsAward;
}

/**
 * A tender (full record or search member) as a release: tender section, its awards and
 * contracts, every organisation in `parties`. Tags: `tender`, plus `tenderCancellation`
 * for a cancelled tender, `award` and `contract` when it has them. `origin` is the
 * portal's public origin (no trailing slash): the red flags' methodology links are on it.
 */
export function tenderRelease(tender: object, origin: string): Release {
  const t = tender as Rec;
  const parties = new Parties();
  const recordId = code(t.id) ?? code(t.tenderID) ?? '';

  const { buyer, procuringEntity } = buyerOf(t, parties);
  parties.refs(t.funders, 'funder');

  const bids = Array.isArray(t.bids) ? recs(t.bids).filter(countedBid) : undefined;
  const tenderers = bids ? parties.refs(bids.flatMap((b) => recs(b.tenderers)), 'tenderer') : [];
  const numberOfTenderers = bids ? tenderers.length : num(t.numberOfBids);

  const cause = rec(t.causeDetails);
  const submission = text(t.submissionMethod);
  const questions = recs(t.questions);
  const tenderSection = clean({
    id: recordId,
    title: text(t.title),
    title_en: text(t.title_en),
    description: text(t.description),
    description_en: text(t.description_en),
    status: tenderStatus(t.status),
    procuringEntity,
    items: items(t.items),
    value: value(t.value),
    minValue: value(t.minValue),
    procurementMethod: method(t.procurementMethodType, t.procurementMethod),
    procurementMethodDetails: text(t.procurementMethodType),
    procurementMethodRationale: text(cause?.description) ?? text(t.causeDescription),
    mainProcurementCategory:
      typeof t.mainProcurementCategory === 'string' && CATEGORIES.has(t.mainProcurementCategory)
        ? (t.mainProcurementCategory as OcdsCategory)
        : undefined,
    awardCriteria: awardCriteria(t.awardCriteria, recs(t.features).length > 0),
    submissionMethod: submission === 'electronicAuction' ? ['electronicAuction'] : undefined,
    submissionMethodDetails: text(t.submissionMethodDetails),
    tenderPeriod: period(t.tenderPeriod),
    enquiryPeriod: period(t.enquiryPeriod),
    hasEnquiries: questions.length ? true : undefined,
    awardPeriod: period(t.awardPeriod),
    contractPeriod: period(t.contractPeriod),
    numberOfTenderers,
    tenderers,
    documents: documents(t.documents),
    milestones: milestones(t.milestones),
    lots: mapped(t.lots, lot),
    redFlags: ocdsRedFlags(t.redFlags, origin),
  }) as OcdsTender;

  const awards = mapped(t.awards, (a) => tenderAward(a, parties));
  const contracts = mapped(t.contracts, (c) => contract(c, parties));
  const tag: ReleaseTag[] = ['tender'];
  if (t.status === 'cancelled') tag.push('tenderCancellation');
  if (awards.length) tag.push('award');
  if (contracts.length) tag.push('contract');

  return release({
    ocid: tenderOcid(t),
    stamp: stamp(t, recordId),
    tag,
    parties,
    buyer,
    tender: tenderSection,
    awards,
    contracts,
  });
}
