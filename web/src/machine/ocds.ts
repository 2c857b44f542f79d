/**
 * The platform's records (tenders, plans, contracts) as OCDS 1.1 releases, for the
 * registers' OCDS exports and the tender page's own release package: pure functions
 * over parsed JSON, called once per record while the server streams a package page by
 * page (`packageOpening(...) + releases.join(',') + PACKAGE_CLOSING`).
 *
 * Every value comes from the record; a field the record lacks (or holds in a form the
 * schema refuses: a date without a time zone, a link that is not a URI) is left out,
 * never filled with a placeholder. The same functions read full records and search-list
 * members (which lack `documents` and `bids`, and for contracts `items`, `changes` and
 * `milestones`, giving `numberOfBids` and the like instead).
 *
 * Decisions (the report of the export feature repeats them):
 * - ocid: `ocds-be6bcu-<tenderID>` (Prozorro's registered prefix), plans
 *   `ocds-be6bcu-<planID>`. A contract belongs to its tender's process: its `tenderID`
 *   when the record has it (derived contracts), else the tenderID its `contractID`
 *   starts with (`<tenderID>-<server letter><n>`, the central database's rule), else
 *   its tender's 32-hex `tender_id` (an ocid that no tender release uses: the record
 *   names its tender no other way), else its own id.
 * - release `id`: `<record id>-<dateModified>-<status>`: unique per state of a record
 *   (the status is there because the API-documentation examples give several states of
 *   one contract the same frozen `dateModified`). `date`: `dateModified`.
 * - parties: one per organisation, its id `<identifier.scheme>-<identifier.id>`
 *   (`UA-EDR-04371224`, as OCDS recommends), else its name; roles merged. A tender's
 *   procuring entity is also its buyer unless the tender names `buyers`.
 * - statuses, methods and codes are mapped onto OCDS's closed codelists; a code with no
 *   counterpart leaves the field out (see the maps below).
 * - lots, `relatedLot(s)` (lots extension) and items' `deliveryAddress`/`deliveryLocation`
 *   (location extension) are extension fields: the package lists both extensions.
 */

/** Prozorro's OCID prefix (registered with the Open Contracting Partnership). */
export const OCID_PREFIX = 'ocds-be6bcu';

/** The extensions whose fields the releases use (lots; items' delivery address and location). */
export const OCDS_EXTENSIONS = [
  'https://raw.githubusercontent.com/open-contracting-extensions/ocds_lots_extension/v1.1.5/extension.json',
  'https://raw.githubusercontent.com/open-contracting-extensions/ocds_location_extension/v1.1.5/extension.json',
] as const;

// ---------------------------------------------------------------------------------------
// The OCDS shapes produced (release schema 1.1.5 plus the two extensions' fields)
// ---------------------------------------------------------------------------------------

export type ReleaseTag =
  | 'planning' | 'tender' | 'tenderCancellation' | 'award' | 'contract' | 'contractAmendment' | 'contractTermination';
export type OcdsTenderStatus = 'planning' | 'planned' | 'active' | 'cancelled' | 'unsuccessful' | 'complete' | 'withdrawn';
export type OcdsMethod = 'open' | 'selective' | 'limited' | 'direct';
export type OcdsAwardStatus = 'pending' | 'active' | 'cancelled' | 'unsuccessful';
export type OcdsContractStatus = 'pending' | 'active' | 'cancelled' | 'terminated';
export type OcdsMilestoneStatus = 'scheduled' | 'met' | 'notMet' | 'partiallyMet';
export type OcdsCategory = 'goods' | 'works' | 'services';
export type OcdsPartyRole = 'buyer' | 'procuringEntity' | 'supplier' | 'tenderer' | 'funder';

export interface OcdsValue {
  amount: number;
  currency?: string;
}

export interface OcdsPeriod {
  startDate?: string;
  endDate?: string;
}

export interface OcdsIdentifier {
  scheme?: string;
  id?: string;
  legalName?: string;
  legalName_en?: string;
  uri?: string;
}

export interface OcdsAddress {
  streetAddress?: string;
  locality?: string;
  region?: string;
  postalCode?: string;
  countryName?: string;
}

export interface OcdsContactPoint {
  name?: string;
  email?: string;
  telephone?: string;
  faxNumber?: string;
  url?: string;
}

/** A party: every organisation the release mentions, once, with its roles. */
export interface OcdsOrganization {
  id: string;
  name?: string;
  name_en?: string;
  identifier?: OcdsIdentifier;
  additionalIdentifiers?: OcdsIdentifier[];
  address?: OcdsAddress;
  contactPoint?: OcdsContactPoint;
  roles: OcdsPartyRole[];
}

/** How a section names a party (its `id` in `parties`). */
export interface OcdsOrganizationReference {
  id: string;
  name?: string;
}

export interface OcdsClassification {
  scheme?: string;
  id?: string;
  description?: string;
  description_en?: string;
  uri?: string;
}

export interface OcdsUnit {
  scheme?: 'UNCEFACT';
  id?: string;
  name?: string;
  value?: OcdsValue;
}

/** The location extension's geometry: a GeoJSON point (longitude, latitude). */
export interface OcdsLocation {
  geometry: { type: 'Point'; coordinates: [number, number] };
}

export interface OcdsItem {
  id: string;
  description?: string;
  description_en?: string;
  classification?: OcdsClassification;
  additionalClassifications?: OcdsClassification[];
  quantity?: number;
  unit?: OcdsUnit;
  /** Location extension. */
  deliveryAddress?: OcdsAddress;
  /** Location extension. */
  deliveryLocation?: OcdsLocation;
  /** Lots extension. */
  relatedLot?: string;
}

export interface OcdsDocument {
  id: string;
  documentType?: string;
  title?: string;
  title_en?: string;
  description?: string;
  description_en?: string;
  url?: string;
  datePublished?: string;
  dateModified?: string;
  format?: string;
  language?: string;
  /** Lots extension. */
  relatedLots?: string[];
}

export interface OcdsMilestone {
  id: string;
  title?: string;
  type?: string;
  description?: string;
  code?: string;
  dueDate?: string;
  dateMet?: string;
  dateModified?: string;
  status?: OcdsMilestoneStatus;
  documents?: OcdsDocument[];
  /** Lots extension. */
  relatedLots?: string[];
}

/** Lots extension. */
export interface OcdsLot {
  id: string;
  title?: string;
  title_en?: string;
  description?: string;
  description_en?: string;
  status?: OcdsTenderStatus;
  value?: OcdsValue;
}

export interface OcdsBudget {
  id?: string;
  description?: string;
  amount?: OcdsValue;
  project?: string;
  project_en?: string;
  projectID?: string;
}

export interface OcdsPlanning {
  rationale?: string;
  budget?: OcdsBudget;
  documents?: OcdsDocument[];
  milestones?: OcdsMilestone[];
}

export interface OcdsTender {
  id: string;
  title?: string;
  title_en?: string;
  description?: string;
  description_en?: string;
  status?: OcdsTenderStatus;
  procuringEntity?: OcdsOrganizationReference;
  items?: OcdsItem[];
  value?: OcdsValue;
  minValue?: OcdsValue;
  procurementMethod?: OcdsMethod;
  procurementMethodDetails?: string;
  procurementMethodRationale?: string;
  mainProcurementCategory?: OcdsCategory;
  awardCriteria?: string;
  submissionMethod?: string[];
  submissionMethodDetails?: string;
  tenderPeriod?: OcdsPeriod;
  enquiryPeriod?: OcdsPeriod;
  hasEnquiries?: boolean;
  awardPeriod?: OcdsPeriod;
  contractPeriod?: OcdsPeriod;
  numberOfTenderers?: number;
  tenderers?: OcdsOrganizationReference[];
  documents?: OcdsDocument[];
  milestones?: OcdsMilestone[];
  /** Lots extension. */
  lots?: OcdsLot[];
}

export interface OcdsAward {
  id: string;
  title?: string;
  title_en?: string;
  description?: string;
  description_en?: string;
  status?: OcdsAwardStatus;
  date?: string;
  value?: OcdsValue;
  suppliers?: OcdsOrganizationReference[];
  documents?: OcdsDocument[];
  /** Lots extension. */
  relatedLots?: string[];
}

export interface OcdsAmendment {
  id?: string;
  date?: string;
  rationale?: string;
  rationale_en?: string;
}

export interface OcdsContract {
  id: string;
  awardID: string;
  title?: string;
  title_en?: string;
  description?: string;
  description_en?: string;
  status?: OcdsContractStatus;
  period?: OcdsPeriod;
  value?: OcdsValue;
  items?: OcdsItem[];
  dateSigned?: string;
  documents?: OcdsDocument[];
  milestones?: OcdsMilestone[];
  amendments?: OcdsAmendment[];
}

export interface Release {
  ocid: string;
  id: string;
  date: string;
  tag: ReleaseTag[];
  initiationType: 'tender';
  /** The language of the text fields without a suffix: the platform's records are in Ukrainian. */
  language: 'uk';
  parties?: OcdsOrganization[];
  buyer?: OcdsOrganizationReference;
  planning?: OcdsPlanning;
  tender?: OcdsTender;
  awards?: OcdsAward[];
  contracts?: OcdsContract[];
}

// ---------------------------------------------------------------------------------------
// Codelist maps: platform code -> OCDS code; a code not listed leaves the field out
// ---------------------------------------------------------------------------------------

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
const PLAN_STATUS: Record<string, OcdsTenderStatus> = { draft: 'planning', scheduled: 'planned', cancelled: 'cancelled' };

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
function method(type: unknown, own: unknown): OcdsMethod | undefined {
  const mapped = typeof type === 'string' ? METHOD[type] : undefined;
  if (mapped) return mapped;
  return typeof own === 'string' && METHODS.has(own) ? (own as OcdsMethod) : undefined;
}

const AWARD_STATUSES = new Set<string>(['pending', 'active', 'cancelled', 'unsuccessful']);

function contractStatus(code: unknown): OcdsContractStatus | undefined {
  if (typeof code !== 'string') return undefined;
  // `pending.winner-signing`: the electronic contract awaits the supplier's signature.
  if (code === 'pending' || code.startsWith('pending.')) return 'pending';
  return code === 'active' || code === 'cancelled' || code === 'terminated' ? code : undefined;
}

const MILESTONE_STATUSES = new Set<string>(['scheduled', 'met', 'notMet', 'partiallyMet']);
const MILESTONE_TYPES = new Set<string>([
  'preProcurement', 'approval', 'engagement', 'assessment', 'delivery', 'reporting', 'financing', 'payment',
]);
const CATEGORIES = new Set<string>(['goods', 'works', 'services']);

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
function awardCriteria(code: unknown, hasFeatures: boolean): string | undefined {
  if (code === 'lowestCost') return hasFeatures ? 'ratedCriteria' : 'priceOnly';
  if (code === 'ratedCriteria') return 'ratedCriteria';
  if (code === 'lifeCycleCost') return 'costOnly';
  return undefined;
}

/** The CPV's Ukrainian edition (ДК 021:2015) has CPV's codes: OCDS calls the scheme `CPV`. */
const CLASSIFICATION_SCHEMES: Record<string, string> = { 'ДК021': 'CPV', CPV: 'CPV' };

// ---------------------------------------------------------------------------------------
// Readers of parsed JSON: a field of another type than expected counts as absent
// ---------------------------------------------------------------------------------------

type Rec = Readonly<Record<string, unknown>>;

const rec = (v: unknown): Rec | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : undefined);
const recs = (v: unknown): Rec[] => (Array.isArray(v) ? v.map(rec).filter((x): x is Rec => !!x) : []);
/** A non-blank string, as it is. */
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);
/** An identifier or code: a non-blank string (trimmed) or a finite number as a string. */
const code = (v: unknown): string | undefined =>
  typeof v === 'string' ? v.trim() || undefined : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** RFC 3339 date-time with a time zone (the schema's `date-time` format). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;
const dateTime = (v: unknown): string | undefined =>
  typeof v === 'string' && DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined;

/** Characters a URI may hold as they are (RFC 3986 unreserved, reserved and `%`). */
const URI_CHAR = /[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/;
/** What `ajv-formats` accepts as `uri` for these links: host, port, then path, query and fragment. */
const URI = /^https?:\/\/[A-Za-z0-9\-._~!$&'()*+,;=%]+(?::\d*)?(?:[/?][A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*)?(?:#[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*)?$/i;

/**
 * An http(s) link as a URI: characters a URI may not hold (spaces, Cyrillic, `|`…) and
 * `%` not followed by two hex digits are percent-encoded (as a browser does before it
 * follows the link); anything else (no scheme, `javascript:`, a broken host) is left out.
 * No `URL` here: the server's isolates have only a small polyfill of it.
 */
export function uri(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  if (!/^https?:\/\/[^/?#\s]/i.test(s)) return undefined;
  let out = '';
  let fragment = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '%' && /^[0-9a-f]{2}$/i.test(s.slice(i + 1, i + 3))) out += c;
    else if (c === '#' && !fragment) {
      fragment = true;
      out += c;
    } else if (c !== '%' && c !== '#' && c !== '[' && c !== ']' && URI_CHAR.test(c)) out += c;
    else {
      const cp = s.codePointAt(i) as number;
      const ch = String.fromCodePoint(cp);
      if (ch.length === 2) i++;
      // A lone surrogate has no UTF-8 encoding: such a link is not a link.
      if (cp >= 0xd800 && cp <= 0xdfff) return undefined;
      out += encodeURIComponent(ch);
    }
  }
  return URI.test(out) ? out : undefined;
}

/** `o` without its undefined fields and empty arrays; undefined when nothing is left. */
function clean<T extends object>(o: T): T | undefined {
  const out: Record<string, unknown> = {};
  let any = false;
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = v;
    any = true;
  }
  return any ? (out as T) : undefined;
}

/** Each mapped element, those that map to nothing left out. */
function mapped<T>(v: unknown, f: (r: Rec) => T | undefined): T[] {
  const out: T[] = [];
  for (const r of recs(v)) {
    const m = f(r);
    if (m !== undefined) out.push(m);
  }
  return out;
}

/** `items` with one element per id: the last one (the platform appends a document's new version). */
function lastById<T extends { id: string }>(items: T[]): T[] {
  const byId = new Map<string, T>();
  for (const x of items) {
    byId.delete(x.id);
    byId.set(x.id, x);
  }
  return [...byId.values()];
}

// ---------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------

const CURRENCY = /^[A-Z]{3}$/;

/** A value with a finite amount (a currency alone, as `minValue` of ESCO tenders, says nothing). */
function value(v: unknown): OcdsValue | undefined {
  const r = rec(v);
  const amount = num(r?.amount);
  if (!r || amount === undefined) return undefined;
  const currency = typeof r.currency === 'string' && CURRENCY.test(r.currency) ? r.currency : undefined;
  return clean({ amount, currency });
}

function period(v: unknown): OcdsPeriod | undefined {
  const r = rec(v);
  return r && clean({ startDate: dateTime(r.startDate), endDate: dateTime(r.endDate) });
}

function identifier(v: unknown): OcdsIdentifier | undefined {
  const r = rec(v);
  return r && clean({
    scheme: code(r.scheme),
    id: code(r.id),
    legalName: text(r.legalName),
    legalName_en: text(r.legalName_en),
    uri: uri(r.uri),
  });
}

function address(v: unknown): OcdsAddress | undefined {
  const r = rec(v);
  return r && clean({
    streetAddress: text(r.streetAddress),
    locality: text(r.locality),
    region: text(r.region),
    postalCode: text(r.postalCode),
    countryName: text(r.countryName),
  });
}

function contactPoint(v: unknown): OcdsContactPoint | undefined {
  const r = rec(v);
  return r && clean({
    name: text(r.name),
    email: text(r.email),
    telephone: text(r.telephone),
    faxNumber: text(r.faxNumber),
    url: uri(r.url),
  });
}

/**
 * The parties of one release: every organisation once (by identifier), with every role
 * it plays; the sections hold references to them.
 */
class Parties {
  private readonly byId = new Map<string, OcdsOrganization>();

  /** The reference to `org` playing `role`; undefined for an organisation with neither identifier nor name. */
  ref(org: unknown, role: OcdsPartyRole): OcdsOrganizationReference | undefined {
    const o = rec(org);
    if (!o) return undefined;
    const ident = identifier(o.identifier);
    const name = text(o.name) ?? ident?.legalName;
    const id = ident?.id ? (ident.scheme ? `${ident.scheme}-${ident.id}` : ident.id) : name?.trim();
    if (!id) return undefined;
    const party = clean({
      id,
      name,
      name_en: text(o.name_en) ?? ident?.legalName_en,
      identifier: ident,
      additionalIdentifiers: mapped(o.additionalIdentifiers, identifier),
      address: address(o.address),
      contactPoint: contactPoint(o.contactPoint),
      roles: [role],
    }) as OcdsOrganization;
    const known = this.byId.get(id);
    if (!known) this.byId.set(id, party);
    else {
      if (!known.roles.includes(role)) known.roles.push(role);
      // Another mention may say more (a bid's tenderer has a contact point, the award's supplier not).
      const fill = known as unknown as Record<string, unknown>;
      for (const [k, v] of Object.entries(party)) if (fill[k] === undefined) fill[k] = v;
    }
    return clean({ id, name });
  }

  /** Distinct references to the organisations of `orgs` in `role`. */
  refs(orgs: unknown, role: OcdsPartyRole): OcdsOrganizationReference[] {
    const out = new Map<string, OcdsOrganizationReference>();
    for (const o of recs(orgs)) {
      const r = this.ref(o, role);
      if (r && !out.has(r.id)) out.set(r.id, r);
    }
    return [...out.values()];
  }

  list(): OcdsOrganization[] {
    return [...this.byId.values()];
  }
}

function classification(v: unknown): OcdsClassification | undefined {
  const r = rec(v);
  if (!r) return undefined;
  const scheme = code(r.scheme);
  return clean({
    scheme: scheme && (CLASSIFICATION_SCHEMES[scheme] ?? scheme),
    id: code(r.id),
    description: text(r.description),
    description_en: text(r.description_en),
    uri: uri(r.uri),
  });
}

/** Additional classifications; the platform's "not defined" code (scheme `NONE`) says nothing and is left out. */
function additionalClassifications(v: unknown): OcdsClassification[] {
  const seen = new Set<string>();
  return mapped(v, (r) => {
    if (r.scheme === 'NONE') return undefined;
    const c = classification(r);
    const key = JSON.stringify(c);
    // The schema wants the list's elements distinct.
    if (!c || seen.has(key)) return undefined;
    seen.add(key);
    return c;
  });
}

function unit(v: unknown): OcdsUnit | undefined {
  const r = rec(v);
  if (!r) return undefined;
  const id = code(r.code);
  // The platform's unit codes are UN/CEFACT Recommendation 20's (H87, KGM, E48…).
  return clean({ scheme: id ? ('UNCEFACT' as const) : undefined, id, name: text(r.name), value: value(r.value) });
}

function coordinate(v: unknown): number | undefined {
  const n = typeof v === 'string' && v.trim() ? Number(v) : num(v);
  return n !== undefined && Number.isFinite(n) ? n : undefined;
}

function location(v: unknown): OcdsLocation | undefined {
  const r = rec(v);
  const lat = coordinate(r?.latitude);
  const lng = coordinate(r?.longitude);
  if (lat === undefined || lng === undefined || Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
  return { geometry: { type: 'Point', coordinates: [lng, lat] } };
}

function item(r: Rec): OcdsItem | undefined {
  const id = code(r.id);
  if (!id) return undefined;
  return clean({
    id,
    description: text(r.description),
    description_en: text(r.description_en),
    classification: classification(r.classification),
    additionalClassifications: additionalClassifications(r.additionalClassifications),
    quantity: num(r.quantity),
    unit: unit(r.unit),
    deliveryAddress: address(r.deliveryAddress),
    deliveryLocation: location(r.deliveryLocation),
    relatedLot: code(r.relatedLot),
  }) as OcdsItem;
}

/** Items with distinct ids (the schema wants the list's elements distinct). */
const items = (v: unknown): OcdsItem[] => lastById(mapped(v, item));

/**
 * A document. Its `id`, else its `url` (the search snapshot's documents have no id; the
 * url names the file as uniquely): without either it cannot be referenced and is left out.
 */
function document(r: Rec): OcdsDocument | undefined {
  const url = uri(r.url);
  const id = code(r.id) ?? url;
  if (!id) return undefined;
  const type = typeof r.documentType === 'string' && DOCUMENT_TYPES.has(r.documentType) ? r.documentType : undefined;
  const lot = r.documentOf === 'lot' ? code(r.relatedItem) : undefined;
  return clean({
    id,
    documentType: type,
    title: text(r.title),
    title_en: text(r.title_en),
    description: text(r.description),
    description_en: text(r.description_en),
    url,
    datePublished: dateTime(r.datePublished),
    dateModified: dateTime(r.dateModified),
    format: text(r.format),
    language: code(r.language),
    relatedLots: lot ? [lot] : undefined,
  }) as OcdsDocument;
}

/** The current version of each document (a new version repeats the id). */
const documents = (v: unknown): OcdsDocument[] => lastById(mapped(v, document));

function milestone(r: Rec): OcdsMilestone | undefined {
  const id = code(r.id);
  if (!id) return undefined;
  const lot = code(r.relatedLot);
  return clean({
    id,
    title: text(r.title),
    type: typeof r.type === 'string' && MILESTONE_TYPES.has(r.type) ? r.type : undefined,
    description: text(r.description),
    code: code(r.code),
    dueDate: dateTime(r.dueDate),
    dateMet: dateTime(r.dateMet),
    dateModified: dateTime(r.dateModified),
    status: typeof r.status === 'string' && MILESTONE_STATUSES.has(r.status) ? (r.status as OcdsMilestoneStatus) : undefined,
    documents: documents(r.documents),
    relatedLots: lot ? [lot] : undefined,
  }) as OcdsMilestone;
}

const milestones = (v: unknown): OcdsMilestone[] => mapped(v, milestone);

function lot(r: Rec): OcdsLot | undefined {
  const id = code(r.id);
  if (!id) return undefined;
  return clean({
    id,
    title: text(r.title),
    title_en: text(r.title_en),
    description: text(r.description),
    description_en: text(r.description_en),
    status: tenderStatus(r.status),
    value: value(r.value),
  }) as OcdsLot;
}

/** The release's `date` (the record's last change) and `id` (one per state of the record). */
function stamp(r: Rec, recordId: string): { id: string; date: string } {
  const date = dateTime(r.dateModified) ?? dateTime(r.date) ?? dateTime(r.dateCreated) ?? '';
  const status = code(r.status);
  return { id: [recordId, date, status].filter(Boolean).join('-'), date };
}

/** The release in OCDS's order of fields, sections without content left out. */
function release(parts: {
  ocid: string;
  stamp: { id: string; date: string };
  tag: ReleaseTag[];
  parties: Parties;
  buyer?: OcdsOrganizationReference;
  planning?: OcdsPlanning;
  tender?: OcdsTender;
  awards?: OcdsAward[];
  contracts?: OcdsContract[];
}): Release {
  const out = clean({
    ocid: parts.ocid,
    id: parts.stamp.id,
    date: parts.stamp.date || undefined,
    tag: parts.tag,
    initiationType: 'tender' as const,
    language: 'uk' as const,
    parties: parts.parties.list(),
    buyer: parts.buyer,
    planning: parts.planning,
    tender: parts.tender,
    awards: parts.awards,
    contracts: parts.contracts,
  });
  return out as Release;
}

// ---------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------

/** The ocid of a tender's contracting process. */
export function tenderOcid(tender: object): string {
  const t = tender as Rec;
  return `${OCID_PREFIX}-${code(t.tenderID) ?? code(t.id) ?? ''}`;
}

export function planOcid(plan: object): string {
  const p = plan as Rec;
  return `${OCID_PREFIX}-${code(p.planID) ?? code(p.id) ?? ''}`;
}

/** `UA-2027-01-01-000001-a-a1` -> `UA-2027-01-01-000001-a`: a contract's number is its tender's plus `-<letter><n>`. */
const CONTRACT_ID = /^(UA-\d{4}-\d{2}-\d{2}-\d{6}(?:-[a-z])?)-[a-z]\d+$/i;

/** The ocid of a contract: its tender's process (see the module's notes for the order of the sources). */
export function contractOcid(contract: object): string {
  const c = contract as Rec;
  const fromNumber = CONTRACT_ID.exec(code(c.contractID) ?? '')?.[1];
  return `${OCID_PREFIX}-${code(c.tenderID) ?? fromNumber ?? code(c.tender_id) ?? code(c.id) ?? ''}`;
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

function contract(c: Rec, parties: Parties): OcdsContract | undefined {
  const id = code(c.id);
  const awardID = code(c.awardID);
  // OCDS requires the award a contract follows: a contract naming none cannot be linked.
  if (!id || !awardID) return undefined;
  // Suppliers are the award's in OCDS; a contract's own list makes them parties all the same.
  parties.refs(c.suppliers, 'supplier');
  const amendments = mapped(c.changes, (ch) => {
    // Only changes in force (a pending one may still be dropped).
    if (ch.status !== undefined && ch.status !== 'active') return undefined;
    return clean({
      id: code(ch.id),
      date: dateTime(ch.dateSigned) ?? dateTime(ch.date),
      rationale: text(ch.rationale),
      rationale_en: text(ch.rationale_en),
    });
  });
  return clean({
    id,
    awardID,
    title: text(c.title),
    title_en: text(c.title_en),
    description: text(c.description),
    description_en: text(c.description_en),
    status: contractStatus(c.status),
    period: period(c.period),
    value: value(c.value),
    items: items(c.items),
    dateSigned: dateTime(c.dateSigned),
    documents: documents(c.documents),
    milestones: milestones(c.milestones),
    amendments,
  }) as OcdsContract;
}

/**
 * A tender (full record or search member) as a release: tender section, its awards and
 * contracts, every organisation in `parties`. Tags: `tender`, plus `tenderCancellation`
 * for a cancelled tender, `award` and `contract` when it has them.
 */
export function tenderRelease(tender: object): Release {
  const t = tender as Rec;
  const parties = new Parties();
  const recordId = code(t.id) ?? code(t.tenderID) ?? '';

  const buyers = parties.refs(t.buyers, 'buyer');
  const procuringEntity = parties.ref(t.procuringEntity, 'procuringEntity');
  const buyer = buyers[0] ?? (procuringEntity && parties.ref(t.procuringEntity, 'buyer'));
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

  const buyers = parties.refs(p.buyers, 'buyer');
  const procuringEntity = parties.ref(p.procuringEntity, 'procuringEntity');
  const buyer = buyers[0] ?? (procuringEntity && parties.ref(p.procuringEntity, 'buyer'));

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

/**
 * A contract (a central-database contract, a contract derived from a tender's award, or
 * a search member of either) as a `contract` release of its tender's process: the
 * contract, the award it follows (its id and the suppliers: all the record says of it),
 * and the tender's id and method when the record has them. Tags: `contract`, plus
 * `contractAmendment` when changes are in force and `contractTermination` once terminated.
 */
export function contractRelease(contractRecord: object): Release {
  const c = contractRecord as Rec;
  const parties = new Parties();
  const recordId = code(c.id) ?? code(c.contractID) ?? '';

  const buyer = parties.ref(c.buyer ?? c.procuringEntity, 'buyer');
  const suppliers = parties.refs(c.suppliers, 'supplier');
  const mappedContract = contract(c, parties);
  const awardID = code(c.awardID);
  const award = awardID ? (clean({ id: awardID, suppliers }) as OcdsAward) : undefined;
  const tenderId = code(c.tender_id);
  const tenderSection = tenderId
    ? (clean({
        id: tenderId,
        procurementMethod: method(c.procurementMethodType, c.procurementMethod),
        procurementMethodDetails: text(c.procurementMethodType),
      }) as OcdsTender)
    : undefined;

  const tag: ReleaseTag[] = ['contract'];
  if (mappedContract?.amendments?.length) tag.push('contractAmendment');
  if (mappedContract?.status === 'terminated') tag.push('contractTermination');

  return release({
    ocid: contractOcid(c),
    stamp: stamp(c, recordId),
    tag,
    parties,
    buyer,
    tender: tenderSection,
    awards: award ? [award] : undefined,
    contracts: mappedContract ? [mappedContract] : undefined,
  });
}

// ---------------------------------------------------------------------------------------
// Package
// ---------------------------------------------------------------------------------------

export interface PackageMeta {
  /** The package's own URI (the export's URL). */
  uri: string;
  /** When the package was published (the caller's clock: the export's start). */
  publishedDate: string;
  publisherName: string;
  publisherUri?: string;
}

/**
 * The JSON text of a release package up to and including `"releases":[`: the caller
 * writes the releases, comma-separated, then {@link PACKAGE_CLOSING}. OCDS wants at
 * least one release in a package: an export of an empty result has none to give.
 */
export function packageOpening({ uri: packageUri, publishedDate, publisherName, publisherUri }: PackageMeta): string {
  const head = {
    uri: packageUri,
    version: '1.1',
    extensions: OCDS_EXTENSIONS,
    publishedDate,
    publisher: publisherUri ? { name: publisherName, uri: publisherUri } : { name: publisherName },
  };
  const json = JSON.stringify(head);
  return `${json.slice(0, -1)},"releases":[`;
}

/** Closes what {@link packageOpening} opened. */
export const PACKAGE_CLOSING = ']}';
