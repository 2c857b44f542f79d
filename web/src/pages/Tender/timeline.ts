/**
 * The tender's periods as one timeline ordered by date, with the current stage taken
 * from `status` alone: the server and the browser must render the same markup, so the
 * clock is never consulted.
 */
import type { Period, Tender } from './types';

export type StageKey =
  | 'enquiryPeriod'
  | 'clarificationsUntil'
  | 'tenderPeriod'
  | 'complaintPeriod'
  | 'auctionPeriod'
  | 'qualificationPeriod'
  | 'awardPeriod';

export interface Stage {
  key: StageKey;
  start?: string;
  end?: string;
  current: boolean;
}

/** The period a status means the tender is in; statuses not listed mark none. */
const STAGE_OF_STATUS: Record<string, StageKey> = {
  'active.enquiries': 'enquiryPeriod',
  'active.tendering': 'tenderPeriod',
  'active.pre-qualification': 'qualificationPeriod',
  'active.pre-qualification.stand-still': 'qualificationPeriod',
  'active.auction': 'auctionPeriod',
  'active.qualification': 'awardPeriod',
  'active.qualification.stand-still': 'awardPeriod',
  'active.awarded': 'awardPeriod',
};

export function currentStage(status: string | undefined): StageKey | null {
  return (status && STAGE_OF_STATUS[status]) || null;
}

const PERIODS = ['enquiryPeriod', 'tenderPeriod', 'complaintPeriod', 'auctionPeriod', 'qualificationPeriod', 'awardPeriod'] as const;

const valid = (iso: unknown): iso is string => typeof iso === 'string' && !Number.isNaN(Date.parse(iso));

/** Multi-lot tenders hold auctions per lot: their span stands in for the tender's. */
function auctionOf(tender: Tender): Period | undefined {
  if (tender.auctionPeriod && (valid(tender.auctionPeriod.startDate) || valid(tender.auctionPeriod.endDate))) return tender.auctionPeriod;
  const starts = (tender.lots ?? []).map((l) => l?.auctionPeriod?.startDate).filter(valid).sort();
  const ends = (tender.lots ?? []).map((l) => l?.auctionPeriod?.endDate).filter(valid).sort();
  return starts.length || ends.length ? { startDate: starts[0], endDate: ends[ends.length - 1] } : undefined;
}

/** Every period with a date, ordered by its start (or its end when it has no start). */
export function timelineOf(tender: Tender): Stage[] {
  const current = currentStage(tender.status);
  const stages: Stage[] = [];
  for (const key of PERIODS) {
    const period = key === 'auctionPeriod' ? auctionOf(tender) : tender[key];
    const start = valid(period?.startDate) ? period.startDate : undefined;
    const end = valid(period?.endDate) ? period.endDate : undefined;
    if (start || end) stages.push({ key, start, end, current: key === current });
    if (key === 'enquiryPeriod' && valid(period?.clarificationsUntil)) {
      stages.push({ key: 'clarificationsUntil', end: period.clarificationsUntil, current: false });
    }
  }
  const at = (s: Stage) => Date.parse((s.start ?? s.end) as string);
  // Array.prototype.sort is stable: equal dates keep the procedural order above.
  return stages.sort((a, b) => at(a) - at(b));
}
