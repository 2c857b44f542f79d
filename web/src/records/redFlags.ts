/**
 * The red flags of a tender as the server computes them (the `indicators` crate, fetch
 * service `redFlags`): one outcome per code, raised, clear or not applicable, with the
 * facts behind it. The shapes mirror `indicators/src/evidence.rs`; the browser never
 * computes a red flag, it only words what the server found.
 *
 * One name per concept: what a record raises (or is checked for) is a red flag,
 * `redFlags` in TypeScript. "Indicator" means only a rule of the published methodology
 * (one of Cardinal's R003…R058 as `indicators/README.md` reads them for Prozorro, set
 * out on `/info/red-flags`) and the `indicators` crate that implements them.
 */

/** Cardinal's codes, in the order of the assessment. */
export const RED_FLAG_CODES = ['R003', 'R018', 'R024', 'R028', 'R030', 'R035', 'R036', 'R038', 'R058'] as const;
export type RedFlagCode = (typeof RED_FLAG_CODES)[number];

export type Verdict = 'raised' | 'clear' | 'notApplicable';

export interface BidRef {
  bidId?: string;
  awardId?: string;
  tenderer?: string;
  tendererId?: string;
}

export interface PricedBid extends BidRef {
  amount: number;
  currency?: string;
}

export interface DisqualifiedBid {
  bidId?: string;
  lotId?: string;
  tenderer?: string;
  tendererId?: string;
  awardId?: string;
  qualificationId?: string;
  date?: string;
}

/** Every field any evidence shape has; which are set depends on the outcome's code. */
export interface Evidence {
  lotId?: string;
  otherLotsRaised?: string[];
  // R003
  startDate?: string;
  endDate?: string;
  calendarDays?: number;
  workingDays?: number;
  dayKind?: 'calendar' | 'working';
  minimumDays?: number;
  method?: string;
  // R018
  methodGroup?: 'open' | 'selective' | 'limited';
  bids?: number | BidRef[];
  tenderers?: number;
  bid?: BidRef;
  // R024, R058
  winner?: PricedBid | BidRef;
  secondLowest?: PricedBid;
  difference?: number;
  fence?: number;
  // R028
  amount?: number;
  currency?: string;
  pricedBids?: number;
  // R030
  bidDate?: string;
  tenderPeriodEnd?: string;
  secondsAfterDeadline?: number;
  // R035
  validTenderers?: number;
  disqualifiedTenderers?: number;
  threshold?: number;
  disqualified?: DisqualifiedBid[] | number;
  // R036
  lowest?: PricedBid & { disqualified?: boolean; disqualifiedAwardId?: string; disqualifiedQualificationId?: string; disqualifiedOn?: string };
  percentAbove?: number;
  // R038
  submitted?: number;
  ratio?: number;
  disqualifiedBids?: DisqualifiedBid[];
}

export interface Outcome {
  code: RedFlagCode;
  verdict: Verdict;
  reason?: string;
  evidence?: Evidence;
}

export interface Assessment {
  outcomes: Outcome[];
}

/** The assessment of an answer, or null when it is not one. */
export function assessmentOf(answer: unknown): Assessment | null {
  const outcomes = (answer as Assessment | null)?.outcomes;
  return Array.isArray(outcomes) && outcomes.every((o) => o && typeof o.code === 'string' && typeof o.verdict === 'string')
    ? { outcomes }
    : null;
}
