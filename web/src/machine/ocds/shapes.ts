/**
 * The OCDS shapes produced: release schema 1.1.5 plus the fields of the lots and location
 * extensions and of the portal's own red-flags extension (`redFlags.ts`).
 */

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
  /** Red flags extension (the portal's own): the red flags the tender raises. */
  redFlags?: OcdsRedFlag[];
}

/** Red flags extension: a red flag the tender raises. */
export interface OcdsRedFlag {
  /** Cardinal's code (`R018`). */
  code: string;
  /** Its name in the release's language (Ukrainian). */
  title: string;
  title_en: string;
  /** The portal's methodology page, at the indicator (`<origin>/info/red-flags#r018`). */
  methodology: string;
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
