/**
 * The parts of a Prozorro procurement plan the plan page reads (the CDB's plan object, as the
 * search service answers it). Every field is optional: real plans in the registry are
 * often slim (`{id, planID, status, classification, budget{amount, currency,
 * description}, procuringEntity, tender}`), the API's own examples are rich, and the
 * page renders whatever subset arrives.
 */
import type { Address, Classification, Document, Item, Organization, Period, SignerInfo, Value } from './parts';

export type { Address, Classification, Document, Identifier, Item, Organization, Period, SignerInfo, Unit, Value } from './parts';

/** A buyer or the procuring entity: an organisation with its kind (`general`, `central`...). */
export interface PlanOrganisation extends Organization {
  id?: string;
  kind?: string;
  signerInfo?: SignerInfo;
}

/** A budget's project or programme (`scheme: 'funder_program'`: a donor's programme). */
export interface BudgetProject {
  id?: string;
  name?: string;
  name_en?: string;
  scheme?: string;
}

/** Who funds a part of the budget (a donor), as the search service gives it. */
export interface Funder extends Organization {
  id?: string;
}

export interface BreakdownAddress extends Address {
  addressDetails?: Classification[];
}

/** One source of the budget: `title` is its kind (state, local, own, fund, loan...). */
export interface BreakdownItem {
  id?: string;
  title?: string;
  description?: string;
  description_en?: string;
  value?: Value;
  address?: BreakdownAddress;
  classification?: Classification;
  funder?: Funder;
}

export interface Budget {
  id?: string;
  description?: string;
  description_en?: string;
  amount?: number;
  amountNet?: number;
  currency?: string;
  year?: number;
  notes?: string;
  period?: Period;
  project?: BudgetProject;
  breakdown?: BreakdownItem[];
}

/** The tender the plan announces: its procedure and when it should start. */
export interface PlannedTender {
  procurementMethod?: string;
  procurementMethodType?: string;
  tenderPeriod?: Period;
}

export interface Milestone {
  id?: string;
  title?: string;
  description?: string;
  type?: string;
  status?: string;
  dueDate?: string;
  dateMet?: string;
  dateModified?: string;
  author?: PlanOrganisation;
  documents?: Document[];
}

export interface Rationale {
  description?: string;
  description_en?: string;
  date?: string;
}

export interface Cancellation {
  id?: string;
  reason?: string;
  reason_en?: string;
  status?: string;
  date?: string;
}

/** A recovery project the plan belongs to (DREAM): its title and page. */
export interface Project {
  title?: string;
  uri?: string;
}

export interface Plan {
  id?: string;
  planID?: string;
  status?: string;
  mode?: string;
  dateCreated?: string;
  dateModified?: string;
  datePublished?: string;
  procuringEntity?: PlanOrganisation;
  buyers?: PlanOrganisation[];
  budget?: Budget;
  classification?: Classification;
  additionalClassifications?: Classification[];
  items?: Item[];
  tender?: PlannedTender;
  /** The 32-hex id of the tender created from the plan. */
  tender_id?: string;
  documents?: Document[];
  milestones?: Milestone[];
  rationale?: Rationale;
  cancellation?: Cancellation;
  project?: Project;
}
