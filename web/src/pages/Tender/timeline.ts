/**
 * The tender's periods as one timeline ordered by date: the tender's own periods, each
 * lot's auction, the pre-qualification stand-still (the qualifications' complaint
 * periods), each lot's award stand-still (its awards' complaint periods) and the appeals
 * on cancellations. `current` is the stage the record's `status` names; the page calls
 * it current only while its end date is ahead of the page's moment, and marks "now"
 * (`sections/Timeline.tsx`). The tender's calendar file (`machine/ics.ts`) writes the
 * same stages.
 */
import type { TFunction } from 'i18next';
import { periodText, type Formatter } from '../../records/parts';
import type { Period, Tender } from '../../records/tender';

export type StageKey =
  | 'enquiryPeriod'
  | 'clarificationsUntil'
  | 'tenderPeriod'
  | 'complaintPeriod'
  | 'auctionPeriod'
  | 'qualificationPeriod'
  | 'qualificationStandStill'
  | 'awardPeriod'
  | 'awardStandStill'
  | 'cancellationComplaintPeriod';

export interface Stage {
  key: StageKey;
  /** The lot of a per-lot stage (auctions, award stand-stills of a multi-lot tender). */
  lotId?: string;
  start?: string;
  end?: string;
  current: boolean;
}

/** A moment a bidder waits for: the end of a stage, or the start of an auction. */
export interface Deadline {
  stage: Stage;
  at: string;
  /** The start (auctions) rather than the end. */
  starts: boolean;
}

/** The stages a status means the tender is in, the first the tender has wins. */
const STAGE_OF_STATUS: Record<string, StageKey[]> = {
  'active.enquiries': ['enquiryPeriod'],
  'active.tendering': ['tenderPeriod'],
  'active.pre-qualification': ['qualificationPeriod'],
  'active.pre-qualification.stand-still': ['qualificationStandStill', 'qualificationPeriod'],
  'active.auction': ['auctionPeriod'],
  'active.qualification': ['awardPeriod'],
  'active.qualification.stand-still': ['awardStandStill', 'awardPeriod'],
  'active.awarded': ['awardStandStill', 'awardPeriod'],
};

/** Whether the procedure is under way (its deadlines are worth counting down to). */
export const ongoing = (status: string | undefined): boolean => !!status && status in STAGE_OF_STATUS;

const valid = (iso: unknown): iso is string => typeof iso === 'string' && !Number.isNaN(Date.parse(iso));
const time = (iso: string) => Date.parse(iso);
const list = <T>(v: T[] | undefined): T[] => (Array.isArray(v) ? v.filter((x) => x && typeof x === 'object') : []);

/** The span of some periods: the earliest start and the latest end. */
function span(periods: Array<Period | undefined>): Period | undefined {
  const starts = periods.map((p) => p?.startDate).filter(valid).sort((a, b) => time(a) - time(b));
  const ends = periods.map((p) => p?.endDate).filter(valid).sort((a, b) => time(a) - time(b));
  return starts.length || ends.length ? { startDate: starts[0], endDate: ends[ends.length - 1] } : undefined;
}

/** The periods of records grouped by lot (no lot: one group), in the order lots first appear. */
function byLot<T extends { lotID?: string; relatedLot?: string }>(records: T[], period: (r: T) => Period | undefined): Array<[string | undefined, Period]> {
  const groups = new Map<string | undefined, Array<Period | undefined>>();
  for (const r of records) {
    const lot = r.lotID ?? r.relatedLot;
    groups.set(lot, [...(groups.get(lot) ?? []), period(r)]);
  }
  return [...groups].flatMap(([lot, periods]) => {
    const s = span(periods);
    return s ? [[lot, s] as [string | undefined, Period]] : [];
  });
}

/** Every period with a date, ordered by its start (or its end when it has no start). */
export function timelineOf(tender: Tender): Stage[] {
  const raw: Array<[StageKey, Period | undefined, string?]> = [];
  raw.push(['enquiryPeriod', tender.enquiryPeriod]);
  if (valid(tender.enquiryPeriod?.clarificationsUntil)) raw.push(['clarificationsUntil', { endDate: tender.enquiryPeriod.clarificationsUntil }]);
  raw.push(['tenderPeriod', tender.tenderPeriod], ['complaintPeriod', tender.complaintPeriod]);
  // Multi-lot tenders hold an auction per lot; the tender's own period is then their span.
  const lotAuctions = list(tender.lots).filter((l) => valid(l.auctionPeriod?.startDate) || valid(l.auctionPeriod?.endDate));
  if (lotAuctions.length > 1) for (const l of lotAuctions) raw.push(['auctionPeriod', l.auctionPeriod, l.id]);
  else raw.push(['auctionPeriod', span([tender.auctionPeriod]) ?? lotAuctions[0]?.auctionPeriod]);
  raw.push(['qualificationPeriod', tender.qualificationPeriod]);
  raw.push(['qualificationStandStill', span(list(tender.qualifications).filter((q) => q.status !== 'cancelled').map((q) => q.complaintPeriod))]);
  raw.push(['awardPeriod', tender.awardPeriod]);
  const awards = byLot(list(tender.awards).filter((a) => a.status !== 'cancelled'), (a) => a.complaintPeriod);
  for (const [lot, period] of awards) raw.push(['awardStandStill', period, awards.length > 1 ? lot : undefined]);
  const cancellations = list(tender.cancellations).filter((c) => c.status !== 'unsuccessful');
  raw.push(['cancellationComplaintPeriod', span(cancellations.map((c) => c.complaintPeriod))]);

  const stages: Stage[] = [];
  for (const [key, period, lotId] of raw) {
    const start = valid(period?.startDate) ? period.startDate : undefined;
    const end = valid(period?.endDate) ? period.endDate : undefined;
    if (start || end) stages.push({ key, ...(lotId ? { lotId } : {}), start, end, current: false });
  }
  const current = (STAGE_OF_STATUS[tender.status ?? ''] ?? []).find((key) => stages.some((s) => s.key === key));
  for (const s of stages) s.current = s.key === current;
  const at = (s: Stage) => time((s.start ?? s.end) as string);
  // Array.prototype.sort is stable: equal dates keep the procedural order above.
  return stages.sort((a, b) => at(a) - at(b));
}

/** The moments of a timeline in time order: every stage's end, and auctions' starts. */
export function deadlinesOf(stages: Stage[]): Deadline[] {
  const found: Deadline[] = [];
  for (const stage of stages) {
    if (stage.key === 'auctionPeriod' && stage.start) found.push({ stage, at: stage.start, starts: true });
    else if (stage.end) found.push({ stage, at: stage.end, starts: false });
  }
  return found.sort((a, b) => time(a.at) - time(b.at));
}

/** Stages named before the timeline had per-lot and stand-still stages keep their `tender.periods` names. */
const NAMED_IN_TENDER = new Set<StageKey>(['enquiryPeriod', 'clarificationsUntil', 'tenderPeriod', 'complaintPeriod', 'auctionPeriod', 'qualificationPeriod', 'awardPeriod']);

/** A stage's name, with its lot's title when it is a lot's. */
export function stageName(t: TFunction, stage: Stage, lotTitle: (id: string | undefined) => string): string {
  const name = t(`${NAMED_IN_TENDER.has(stage.key) ? 'tender' : 'calendar'}.periods.${stage.key}`);
  return stage.lotId ? t('calendar.lot', { name, lot: lotTitle(stage.lotId) }) : name;
}

/** A stage's dates in Kyiv time, the zone named once: `з 01.01.2027, 00:00 — … (за київським часом)`. */
export function stageDates(stage: Stage, f: Formatter): string {
  const dates = stage.key === 'clarificationsUntil' ? f.date(stage.end) : periodText(stage.start, stage.end, f);
  return f.t('calendar.kyiv', { date: dates });
}
