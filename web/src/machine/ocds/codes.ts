/**
 * OCDS code lists: the platform's codes mapped onto OCDS's closed codelists (a code not
 * listed leaves the field out), and Prozorro's ocid prefix.
 */
import type { OcdsContractStatus, OcdsMethod, OcdsTenderStatus } from './shapes';

/** Prozorro's OCID prefix (registered with the Open Contracting Partnership). */
export const OCID_PREFIX = 'ocds-be6bcu';


/**
 * A tender's status (also a lot's): every `active…` stage is `active`, drafts are still
 * being planned, the three ends keep their names.
 */
export function tenderStatus(code: unknown): OcdsTenderStatus | undefined {
  if (typeof code !== 'string') return undefined;
  if (code === 'active' || code.startsWith('active.')) return 'active';
  if (code === 'draft' || code.startsWith('draft.')) return 'planning';
  if (code === 'complete' || code === 'cancelled' || code === 'unsuccessful') return code;
  return undefined;
}

/**
 * A plan's status as the status of the tender it plans: a draft is being considered, a
 * scheduled plan is planned, a cancelled one cancelled. A complete plan's tender has
 * been announced (or the plan closed by hand): its state is the tender's own, which the
 * plan does not hold, so the status is left out.
 */
export const PLAN_STATUS: Record<string, OcdsTenderStatus> = { draft: 'planning', scheduled: 'planned', cancelled: 'cancelled' };

/**
 * `procurementMethodType` -> OCDS method: open calls for bids, procedures among
 * pre-qualified suppliers (framework selections, catalogue and dynamic purchasing,
 * dialogue stage 2), negotiations, and reports of contracts made directly.
 */
export const METHOD: Readonly<Record<string, OcdsMethod>> = {
  belowThreshold: 'open',
  requestForProposal: 'open',
  aboveThreshold: 'open',
  aboveThresholdUA: 'open',
  aboveThresholdEU: 'open',
  'aboveThresholdUA.defense': 'open',
  defense: 'open',
  'simple.defense': 'open',
  esco: 'open',
  competitiveDialogueUA: 'open',
  competitiveDialogueEU: 'open',
  closeFrameworkAgreementUA: 'open',
  'complexAsset.arma': 'open',
  'simpleAsset.arma': 'open',
  'competitiveDialogueUA.stage2': 'selective',
  'competitiveDialogueEU.stage2': 'selective',
  closeFrameworkAgreementSelectionUA: 'selective',
  priceQuotation: 'selective',
  competitiveOrdering: 'selective',
  dynamicPurchasingSystem: 'selective',
  electronicCatalogue: 'selective',
  negotiation: 'limited',
  'negotiation.quick': 'limited',
  reporting: 'direct',
  'reporting.covid19': 'direct',
};

const METHODS = new Set<string>(['open', 'selective', 'limited', 'direct']);

/** The method of a type; a type not in the map falls back on the record's own `procurementMethod`. */
export function method(type: unknown, own: unknown): OcdsMethod | undefined {
  const mapped = typeof type === 'string' ? METHOD[type] : undefined;
  if (mapped) return mapped;
  return typeof own === 'string' && METHODS.has(own) ? (own as OcdsMethod) : undefined;
}

export const AWARD_STATUSES = new Set<string>(['pending', 'active', 'cancelled', 'unsuccessful']);

export function contractStatus(code: unknown): OcdsContractStatus | undefined {
  if (typeof code !== 'string') return undefined;
  // `pending.winner-signing`: the electronic contract awaits the supplier's signature.
  if (code === 'pending' || code.startsWith('pending.')) return 'pending';
  return code === 'active' || code === 'cancelled' || code === 'terminated' ? code : undefined;
}

export const MILESTONE_STATUSES = new Set<string>(['scheduled', 'met', 'notMet', 'partiallyMet']);
export const MILESTONE_TYPES = new Set<string>([
  'preProcurement', 'approval', 'engagement', 'assessment', 'delivery', 'reporting', 'financing', 'payment',
]);
export const CATEGORIES = new Set<string>(['goods', 'works', 'services']);

/**
 * OCDS 1.1.5's documentType codelist: the platform's documentType is kept only when it
 * is one of these codes (`notice`, `contractProforma`, `eligibilityDocuments`… are not).
 */
export const DOCUMENT_TYPES: ReadonlySet<string> = new Set([
  'plannedProcurementNotice', 'tenderNotice', 'awardNotice', 'contractNotice', 'completionCertificate',
  'procurementPlan', 'biddingDocuments', 'technicalSpecifications', 'evaluationCriteria', 'evaluationReports',
  'contractDraft', 'contractSigned', 'contractArrangements', 'contractSchedule', 'physicalProgressReport',
  'financialProgressReport', 'finalAudit', 'hearingNotice', 'marketStudies', 'eligibilityCriteria', 'clarifications',
  'shortlistedFirms', 'environmentalImpact', 'assetAndLiabilityAssessment', 'riskProvisions', 'winningBid',
  'complaints', 'contractAnnexe', 'contractGuarantees', 'subContract', 'needsAssessment', 'feasibilityStudy',
  'projectPlan', 'billOfQuantity', 'bidders', 'conflictOfInterest', 'debarments', 'illustration',
  'submissionDocuments', 'contractSummary', 'cancellationDetails',
]);

/**
 * The platform's award criteria: lowest price is OCDS's price only (rated when the
 * tender adds non-price criteria, `features`, which weigh the prices), rated criteria
 * stay rated, life-cycle cost is cost only.
 */
export function awardCriteria(code: unknown, hasFeatures: boolean): string | undefined {
  if (code === 'lowestCost') return hasFeatures ? 'ratedCriteria' : 'priceOnly';
  if (code === 'ratedCriteria') return 'ratedCriteria';
  if (code === 'lifeCycleCost') return 'costOnly';
  return undefined;
}

/** The CPV's Ukrainian edition (ДК 021:2015) has CPV's codes: OCDS calls the scheme `CPV`. */
export const CLASSIFICATION_SCHEMES: Record<string, string> = { 'ДК021': 'CPV', CPV: 'CPV' };
