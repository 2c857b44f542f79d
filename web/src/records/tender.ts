/**
 * The parts of a Prozorro CDB tender object the tender page reads. Every field is optional:
 * presence varies by procedure type, status and age of the record, so the page must
 * render whatever subset arrives.
 */
import type { Document, Item, Organization, Period, Unit, Value } from './parts';

export type {
  Address, Classification, ContactPoint, Document, Identifier, Item, Organization, Period, Unit, Value,
} from './parts';

export interface Lot {
  id?: string;
  title?: string;
  title_en?: string;
  description?: string;
  status?: string;
  value?: Value;
  minimalStep?: Value;
  guarantee?: Value;
  auctionPeriod?: Period;
}

export interface Question {
  id?: string;
  title?: string;
  description?: string;
  date?: string;
  answer?: string;
  dateAnswered?: string;
  relatedItem?: string;
}

export interface Complaint {
  id?: string;
  complaintID?: string;
  type?: string;
  title?: string;
  description?: string;
  status?: string;
  date?: string;
  dateSubmitted?: string;
  resolution?: string;
  author?: Organization;
}

export interface LotValue {
  value?: Value;
  relatedLot?: string;
  status?: string;
  date?: string;
}

export interface Bid {
  id?: string;
  status?: string;
  date?: string;
  tenderers?: Organization[];
  value?: Value;
  lotValues?: LotValue[];
}

export interface Qualification {
  id?: string;
  bidID?: string;
  lotID?: string;
  status?: string;
  date?: string;
  complaints?: Complaint[];
  /** The stand-still after the decision: complaints about it are lodged until its end. */
  complaintPeriod?: Period;
}

export interface Award {
  id?: string;
  bid_id?: string;
  lotID?: string;
  status?: string;
  date?: string;
  value?: Value;
  suppliers?: Organization[];
  complaints?: Complaint[];
  /** The stand-still after the decision: complaints about it are lodged until its end. */
  complaintPeriod?: Period;
}

export interface Contract {
  id?: string;
  contractID?: string;
  awardID?: string;
  status?: string;
  value?: Value;
  dateSigned?: string;
  date?: string;
  suppliers?: Organization[];
}

export interface Cancellation {
  id?: string;
  reason?: string;
  reasonType?: string;
  status?: string;
  date?: string;
  cancellationOf?: string;
  relatedLot?: string;
  complaints?: Complaint[];
  complaintPeriod?: Period;
}

export interface FeatureEnum {
  value?: number;
  title?: string;
  description?: string;
}

export interface Feature {
  code?: string;
  featureOf?: string;
  relatedItem?: string;
  title?: string;
  title_en?: string;
  description?: string;
  enum?: FeatureEnum[];
}

export interface Requirement {
  id?: string;
  title?: string;
  description?: string;
  dataType?: string;
  expectedValue?: unknown;
  expectedValues?: unknown[];
  minValue?: unknown;
  maxValue?: unknown;
  unit?: Unit;
  status?: string;
}

export interface RequirementGroup {
  id?: string;
  description?: string;
  requirements?: Requirement[];
}

export interface Criterion {
  id?: string;
  title?: string;
  title_en?: string;
  description?: string;
  source?: string;
  relatesTo?: string;
  relatedItem?: string;
  requirementGroups?: RequirementGroup[];
}

/** What a tender and a contract made from it both state: the tender's number, the subject, the procedure. */
export interface Procurement {
  id?: string;
  tenderID?: string;
  title?: string;
  title_en?: string;
  description?: string;
  description_en?: string;
  status?: string;
  procurementMethodType?: string;
}

export interface Tender extends Procurement {
  /** The plans the tender was created from (`{id}`: the plan's 32-hex id). */
  plans?: Array<{ id?: string }>;
  mainProcurementCategory?: string;
  config?: Record<string, unknown>;
  date?: string;
  dateCreated?: string;
  dateModified?: string;
  procuringEntity?: Organization;
  value?: Value;
  guarantee?: Value;
  minimalStep?: Value;
  enquiryPeriod?: Period;
  tenderPeriod?: Period;
  auctionPeriod?: Period;
  awardPeriod?: Period;
  qualificationPeriod?: Period;
  complaintPeriod?: Period;
  lots?: Lot[];
  items?: Item[];
  documents?: Document[];
  questions?: Question[];
  complaints?: Complaint[];
  bids?: Bid[];
  qualifications?: Qualification[];
  awards?: Award[];
  contracts?: Contract[];
  cancellations?: Cancellation[];
  features?: Feature[];
  criteria?: Criterion[];
}
