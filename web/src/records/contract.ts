/**
 * The parts of a contract the contract page reads. Two shapes arrive: the embedded upstream's
 * contracts, derived from a tender's active awards (id, contractID `<tenderID>-c<n>`,
 * awardID, tender_id, tenderID, title, status, value, suppliers, buyer, items,
 * procurementMethodType and dates), and the platform's full contracts (value with
 * `amountNet`, period, documents, changes, milestones, `amountPaid`, signatories…).
 * Every field is optional: the page renders whatever subset arrives.
 */
import type { Document, Item, Organization, Period, SignerInfo, Unit, Value } from './parts';
import type { Procurement } from './tender';

/** A value that may also state its amount without VAT. */
export interface ContractValue extends Value {
  amountNet?: number;
}

/** The buyer or a supplier. */
export interface Party extends Organization {
  /** A supplier's size: micro, sme, mid, large, not specified. */
  scale?: string;
  signerInfo?: SignerInfo;
}

export interface ContractItem extends Omit<Item, 'unit'> {
  /** The unit, with the price of one (`value`) in a full contract. */
  unit?: Unit & { value?: Value };
}

export interface ContractDocument extends Document {
  /** `contract` or `change`. */
  documentOf?: string;
  /** The change a document of a change belongs to. */
  relatedItem?: string;
}

/** A legal ground for changing a contract, as the contract's own list states it. */
export interface RationaleType {
  title_uk?: string;
  title_en?: string;
  description_uk?: string;
  description_en?: string;
}

export interface ChangeModifications {
  value?: ContractValue;
  period?: Period;
  items?: ContractItem[];
}

export interface Change {
  id?: string;
  status?: string;
  rationale?: string;
  rationale_en?: string;
  rationaleTypes?: string[];
  contractNumber?: string;
  date?: string;
  dateSigned?: string;
  modifications?: ChangeModifications;
  documents?: ContractDocument[];
}

export interface Milestone {
  id?: string;
  /** The event the term counts from (`signingTheContract`, `deliveryOfGoods`…). */
  title?: string;
  description?: string;
  /** `financing` (a payment) or `delivery`. */
  type?: string;
  /** `prepayment`, `postpayment`, `standard`. */
  code?: string;
  percentage?: number;
  duration?: { days?: number; type?: string };
  sequenceNumber?: number;
  status?: string;
  dueDate?: string;
  dateMet?: string;
}

export interface Signatory {
  /** `buyer` or `supplier`. */
  role?: string;
  date?: string;
}

export interface Contract extends Procurement {
  contractID?: string;
  contractNumber?: string;
  awardID?: string;
  /** The tender's 32-hex id. */
  tender_id?: string;
  value?: ContractValue;
  /** What was paid under a terminated contract. */
  amountPaid?: ContractValue;
  period?: Period;
  buyer?: Party;
  suppliers?: Party[];
  items?: ContractItem[];
  documents?: ContractDocument[];
  changes?: Change[];
  milestones?: Milestone[];
  signatories?: Signatory[];
  contractTemplateName?: string;
  /** The legal grounds for changes, by code (labels of `changes[].rationaleTypes`). */
  contractChangeRationaleTypes?: Record<string, RationaleType>;
  date?: string;
  dateCreated?: string;
  dateSigned?: string;
  dateModified?: string;
}
