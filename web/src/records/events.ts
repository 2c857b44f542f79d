/**
 * A record's change events (the search API's `/api/{tenders,plans,contracts}/{id}/events`
 * and `/api/buyers/{edrpou}/events`, `upstream/src/history/event.rs`) and the users API's
 * follows, typed once; and the three things every place that shows an event needs: its
 * one line in the page's language (`eventLine`), the part of the record's page it
 * concerns (`eventAnchor`) and its address (`eventUrl`). The tender page's history, the
 * follower's notice, the cabinet, the Atom feeds and the follow e-mail all read them
 * here. No React: the lines are plain text, and whoever shows them escapes them (React,
 * `xml()`, a text mail).
 */
import type { TFunction } from 'i18next';
import type { Language } from '../contract';
import { codeLabel, statusLabel } from '../lib/enums';
import { localizedPath } from '../lib/paths';
import { clip } from '../lib/text';
import { anchorOf } from './anchors';
import { money, type Formatter } from './parts';

/** The registers whose records have events. */
export type EventRegister = 'tenders' | 'plans' | 'contracts';
/** What a visitor may follow: a record of a register, or a buyer (by its EDRPOU). */
export type FollowRegister = EventRegister | 'buyers';
export const FOLLOW_FREQUENCIES = ['immediate', 'daily'] as const;
export type Frequency = (typeof FOLLOW_FREQUENCIES)[number];

export interface EventMoney {
  amount: number;
  currency?: string;
  valueAddedTaxIncluded?: boolean;
}

export interface LotRef {
  id: string;
  title?: string;
}

/** What is a part of which: a document's or a complaint's owner. */
export type PartOf = 'tender' | 'lot' | 'item' | 'award' | 'contract' | 'cancellation' | 'complaint' | 'qualification';
export type PeriodName = 'enquiryPeriod' | 'tenderPeriod' | 'auctionPeriod';

/** What changed: one member per type, members the record lacked left out. */
export type Change =
  | { type: 'created'; title?: string; value?: EventMoney }
  | { type: 'status'; from?: string; to?: string; lot?: LotRef }
  /** `from`/`to`: the old and new end (enquiries, tendering) or start (auction). */
  | { type: 'period'; period: PeriodName; from?: string; to?: string; extended: boolean; lot?: LotRef }
  | { type: 'questionAsked'; id: string; title?: string; description?: string; lot?: LotRef }
  | { type: 'questionAnswered'; id: string; title?: string; answer?: string; lot?: LotRef }
  | { type: 'documentAdded'; id: string; title?: string; of: PartOf; lot?: LotRef }
  | { type: 'documentReplaced'; id: string; title?: string; previousTitle?: string; of: PartOf; lot?: LotRef }
  | { type: 'complaintFiled'; id: string; title?: string; status?: string; of: PartOf; lot?: LotRef }
  | { type: 'complaintStatus'; id: string; title?: string; from?: string; to?: string; lot?: LotRef }
  | { type: 'awardPending'; id: string; supplier?: string; value?: EventMoney; status?: string; lot?: LotRef }
  /** `to: 'unsuccessful'`: a disqualification. */
  | { type: 'awardStatus'; id: string; supplier?: string; from?: string; to?: string; reason?: string; lot?: LotRef }
  | { type: 'contractSigned'; id: string; contractId?: string; supplier?: string; value?: EventMoney; dateSigned?: string }
  | { type: 'contractChanged'; id: string; rationale?: string; rationaleTypes: string[]; status?: string }
  | { type: 'contractTerminated'; id: string; from?: string; to?: string; amountPaid?: EventMoney }
  | { type: 'cancellationStarted' | 'cancellationCompleted'; id: string; reason?: string; reasonType?: string; lot?: LotRef }
  | { type: 'monitoringOpened' | 'monitoringConcluded'; id?: string; status?: string }
  | { type: 'lotAdded'; id: string; title?: string; value?: EventMoney }
  | { type: 'lotCancelled'; id: string; title?: string; from?: string; to?: string }
  | { type: 'lotValue'; id: string; title?: string; from?: EventMoney; to?: EventMoney }
  /** A plan's: a tender was announced from it (`tenderId` its 32-hex id; `tenderKey` its public one, when the upstream holds it). */
  | { type: 'tenderCreated'; tenderId: string; tenderKey?: string; tenderTitle?: string };

export type EventType = Change['type'];

/** One event as the search API lists it. */
export type RecordEvent = Change & {
  seq: number;
  register: EventRegister;
  /** The record's 32-hex id. */
  recordId: string;
  /** The register's id of the record (tenderID, planID, contractID): its address. */
  recordKey: string;
  recordTitle?: string;
  /** When it happened, as the record writes it (Kyiv offset). */
  at: string;
};

/** A record's (or a buyer's) events, newest first. */
export interface History {
  events: RecordEvent[];
  total: number;
  /** When this mirror began recording changes; null when it does not say. */
  historyBegins: string | null;
}

/** Whether the logged-in visitor follows a record, and what changed since their previous look. */
export type FollowStatus =
  | { following: false }
  | { following: true; id: number; frequency: Frequency; since: string | null; changes: RecordEvent[]; total: number };

/** One of the logged-in user's follows (the cabinet). */
export interface Follow {
  id: number;
  register: FollowRegister;
  /** The record's 32-hex id, or the buyer's EDRPOU. */
  target: string;
  /** The record's tenderID / planID / contractID, or the EDRPOU: its address. */
  key: string;
  title: string;
  frequency: Frequency;
  created: string;
  lastChange: RecordEvent | null;
}

/** What a mail's confirmation or unsubscription link did. */
export interface FollowTokenOutcome {
  state: 'confirmed' | 'unsubscribed';
  /** How often the confirmed follow mails. */
  frequency?: Frequency;
  items: Array<{ register: FollowRegister; key: string; title: string }>;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const REGISTERS = new Set<string>(['tenders', 'plans', 'contracts']);
const FOLLOW_REGISTERS = new Set<string>([...REGISTERS, 'buyers']);
const isFrequency = (v: unknown): v is Frequency => v === 'immediate' || v === 'daily';

/** An event the page can show: the members every event has, of the right kinds. */
export const isEvent = (v: unknown): v is RecordEvent =>
  isObject(v) && typeof v.type === 'string' && typeof v.at === 'string' && typeof v.recordKey === 'string' &&
  typeof v.register === 'string' && REGISTERS.has(v.register);

const eventsIn = (v: unknown): RecordEvent[] => (Array.isArray(v) ? v.filter(isEvent) : []);
const count = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
/** `{data: …}`'s data when the answer is an object. */
const dataIn = (body: unknown): unknown => (isObject(body) ? body.data : undefined);

/** The events answer (`{data, total, historyBegins}`), or null when it is not one. */
export function historyOf(body: unknown): History | null {
  if (!isObject(body) || !Array.isArray(body.data)) return null;
  const events = eventsIn(body.data);
  return { events, total: count(body.total, events.length), historyBegins: typeof body.historyBegins === 'string' ? body.historyBegins : null };
}

/** The follow status answer (`{data: {following, …}}`), or null. */
export function followStatusOf(body: unknown): FollowStatus | null {
  const data = dataIn(body);
  if (!isObject(data) || typeof data.following !== 'boolean') return null;
  if (!data.following) return { following: false };
  const changes = eventsIn(data.changes);
  return {
    following: true,
    id: count(data.id, 0),
    frequency: isFrequency(data.frequency) ? data.frequency : 'immediate',
    since: typeof data.since === 'string' ? data.since : null,
    changes,
    total: count(data.total, changes.length),
  };
}

/** The user's follows (`{data: [...]}`), or null when the answer is not a list. */
export function followsOf(body: unknown): Follow[] | null {
  const data = dataIn(body);
  if (!Array.isArray(data)) return null;
  return data.filter((f): f is Follow =>
    isObject(f) && typeof f.id === 'number' && typeof f.register === 'string' && FOLLOW_REGISTERS.has(f.register) &&
    typeof f.key === 'string' && typeof f.target === 'string',
  ).map((f) => ({ ...f, title: typeof f.title === 'string' ? f.title : '', frequency: isFrequency(f.frequency) ? f.frequency : 'immediate', lastChange: isEvent(f.lastChange) ? f.lastChange : null }));
}

/** What a confirmation or unsubscription link did (`{data: {state, items}}`), or null. */
export function followTokenOutcomeOf(body: unknown): FollowTokenOutcome | null {
  const data = dataIn(body);
  if (!isObject(data) || (data.state !== 'confirmed' && data.state !== 'unsubscribed')) return null;
  const items = (Array.isArray(data.items) ? data.items : []).filter(
    (i): i is FollowTokenOutcome['items'][number] => isObject(i) && typeof i.key === 'string' && typeof i.register === 'string' && FOLLOW_REGISTERS.has(i.register),
  );
  return {
    state: data.state,
    ...(isFrequency(data.frequency) ? { frequency: data.frequency } : {}),
    items: items.map((i) => ({ ...i, title: typeof i.title === 'string' ? i.title : '' })),
  };
}

/** Texts a line quotes (a question, an answer, a reason) are cut to this many characters. */
export const TEXT_MAX = 200;

const text = (s: string | undefined) => (s ? clip(s, TEXT_MAX) : '');
const amount = (value: EventMoney | undefined, language: Language) => (isObject(value) ? money(value, language) : '');

/** A label of the tender page's groups (`tender.awardStatus`…), or '' without a code. */
const label = (t: TFunction, group: string, code: string | undefined) => (code ? codeLabel(t, group, code) : '');

/** A record's status in its register (a tender's stage, a plan's or a contract's status). */
const recordStatus = (t: TFunction, register: EventRegister, code: string | undefined) =>
  code ? statusLabel(t, register === 'tenders' ? 'tender' : register === 'plans' ? 'plan' : 'contract', code) : '';

/** The line of an event without the lot it concerns. */
function bareLine(e: RecordEvent, t: TFunction, f: Formatter): string {
  const { language } = f;
  switch (e.type) {
    case 'created': {
      const title = text(e.title || e.recordTitle) || e.recordKey;
      const value = amount(e.value, language);
      return t(`events.created.${e.register}${value ? 'Value' : ''}`, { title, value });
    }
    case 'status': {
      const from = e.lot ? label(t, 'tender.lotStatus', e.from) : recordStatus(t, e.register, e.from);
      const to = e.lot ? label(t, 'tender.lotStatus', e.to) : recordStatus(t, e.register, e.to);
      const whose = e.lot ? 'lot' : e.register;
      return t(`events.status.${whose}${from ? '' : 'To'}`, { from, to: to || '—', lot: text(e.lot?.title) || e.lot?.id });
    }
    case 'period': {
      const period = ['enquiryPeriod', 'tenderPeriod', 'auctionPeriod'].includes(e.period) ? e.period : 'tenderPeriod';
      const how = !e.to ? 'other' : !e.from ? 'set' : e.extended ? 'extended' : 'changed';
      return t(`events.period.${period}.${how}`, { from: f.date(e.from), to: f.date(e.to) });
    }
    case 'questionAsked': {
      const question = text(e.title || e.description);
      return question ? t('events.question.asked', { title: question }) : t('events.question.askedBare');
    }
    case 'questionAnswered': {
      const title = text(e.title);
      const answer = text(e.answer);
      return t(`events.question.${answer ? 'answered' : 'answeredBare'}${title ? '' : 'Untitled'}`, { title, answer });
    }
    case 'documentAdded':
    case 'documentReplaced': {
      const title = text(e.title) || e.id;
      const previous = e.type === 'documentReplaced' ? text(e.previousTitle) : '';
      const how = e.type === 'documentAdded' ? 'added' : previous && previous !== title ? 'renamed' : 'replaced';
      const of = DOCUMENT_OWNERS.has(e.of) ? t(`events.documentOf.${e.of}`) : '';
      return t(`events.document.${how}${of ? 'Of' : ''}`, { title, previous, of });
    }
    case 'complaintFiled': {
      const title = text(e.title);
      const kind = e.status === 'claim' ? 'claim' : 'complaint';
      const of = COMPLAINT_OWNERS.has(e.of) ? t(`events.complaintOn.${e.of}`) : '';
      return t(`events.complaint.${kind}${title ? '' : 'Bare'}${of ? 'Of' : ''}`, { title, of });
    }
    case 'complaintStatus': {
      const from = label(t, 'tender.complaintStatus', e.from);
      const to = label(t, 'tender.complaintStatus', e.to) || '—';
      return t(`events.complaint.status${from ? '' : 'To'}${e.title ? '' : 'Untitled'}`, { title: text(e.title), from, to });
    }
    case 'awardPending': {
      const supplier = text(e.supplier);
      const value = amount(e.value, language);
      return t(`events.award.pending${supplier ? '' : 'Bare'}${value ? 'Value' : ''}`, { supplier, value });
    }
    case 'awardStatus': {
      const supplier = text(e.supplier);
      const reason = text(e.reason);
      const known = e.to === 'active' || e.to === 'unsuccessful' || e.to === 'cancelled';
      if (known) {
        return t(`events.award.${e.to}${supplier ? '' : 'Bare'}${e.to === 'unsuccessful' && reason ? 'Reason' : ''}`, { supplier, reason });
      }
      const from = label(t, 'tender.awardStatus', e.from);
      return t(`events.award.status${from ? '' : 'To'}${supplier ? '' : 'Bare'}`, { supplier, from, to: label(t, 'tender.awardStatus', e.to) || '—' });
    }
    case 'contractSigned': {
      const supplier = text(e.supplier);
      const value = amount(e.value, language);
      const variant = supplier && value ? 'signed' : supplier ? 'signedWith' : value ? 'signedFor' : e.contractId ? 'signedBare' : 'signedNone';
      return t(`events.contract.${variant}`, { supplier, value, id: e.contractId || '' });
    }
    case 'contractChanged': {
      const rationale = text(e.rationale);
      const grounds = (Array.isArray(e.rationaleTypes) ? e.rationaleTypes : []).filter((c) => typeof c === 'string' && c).join(', ');
      return rationale ? t('events.contract.changed', { rationale }) : grounds ? t('events.contract.changedOn', { grounds }) : t('events.contract.changedBare');
    }
    case 'contractTerminated': {
      const line = e.to === 'cancelled'
        ? t('events.contract.cancelled')
        : e.to === 'terminated' || !e.to
          ? t('events.contract.terminated')
          : t('events.status.contractsTo', { to: recordStatus(t, 'contracts', e.to) });
      const paid = amount(e.amountPaid, language);
      return paid ? t('events.contract.paid', { line, amount: paid }) : line;
    }
    case 'cancellationStarted':
    case 'cancellationCompleted': {
      const reason = text(e.reason) || label(t, 'tender.cancellationReason', e.reasonType);
      const step = e.type === 'cancellationStarted' ? 'started' : 'completed';
      return t(`events.cancellation.${step}${e.lot ? 'Lot' : ''}${reason ? '' : 'Bare'}`, { reason, lot: text(e.lot?.title) || e.lot?.id });
    }
    case 'monitoringOpened':
      return t(e.id ? 'events.monitoring.openedId' : 'events.monitoring.opened', { id: e.id });
    case 'monitoringConcluded': {
      const status = label(t, 'monitoring.status', e.status);
      return t(`events.monitoring.concluded${e.id ? 'Id' : ''}${status ? '' : 'Bare'}`, { id: e.id, status });
    }
    case 'lotAdded': {
      const value = amount(e.value, language);
      return t(`events.lot.added${value ? 'Value' : ''}`, { title: text(e.title) || e.id, value });
    }
    case 'lotCancelled':
      return t(e.to === 'unsuccessful' ? 'events.lot.unsuccessful' : 'events.lot.cancelled', { title: text(e.title) || e.id });
    case 'lotValue': {
      const from = amount(e.from, language);
      return t(from ? 'events.lot.value' : 'events.lot.valueTo', { title: text(e.title) || e.id, from, to: amount(e.to, language) || '—' });
    }
    case 'tenderCreated':
      return t(e.tenderTitle ? 'events.tenderCreated' : 'events.tenderCreatedBare', { id: e.tenderKey || e.tenderId, title: text(e.tenderTitle) });
    default:
      return t('events.other');
  }
}

/** The owners a document's or a complaint's line names (the tender's own, its lots' and items' go unnamed). */
const DOCUMENT_OWNERS = new Set<string>(['award', 'contract', 'cancellation', 'complaint', 'qualification']);
const COMPLAINT_OWNERS = new Set<string>(['award', 'cancellation', 'qualification']);
/** Types whose own line already names the lot. */
const NAMES_LOT = new Set<string>(['status', 'cancellationStarted', 'cancellationCompleted']);

/**
 * One line in the page's language saying what changed, with its values: "Строк подання
 * пропозицій продовжено: з 12.12.2026, 10:00 до 19.12.2026, 10:00", "Нове запитання: «…»".
 * Texts of the record are quoted as they are (cut to `TEXT_MAX`): the caller escapes.
 */
export function eventLine(event: RecordEvent, t: TFunction, format: Formatter): string {
  const line = bareLine(event, t, format).trim();
  const lot = 'lot' in event && isObject(event.lot) && !NAMES_LOT.has(event.type) ? text(event.lot.title) || event.lot.id : '';
  return lot ? t('events.inLot', { line, lot }) : line;
}

/** Where on a tender's page the section of a part's owner is. */
const OWNER_SECTION: Partial<Record<string, string>> = {
  award: 'awards', contract: 'contracts', cancellation: 'cancellations', complaint: 'complaints', qualification: 'qualifications',
};

/** `#id`, percent-encoded as a URL takes it (browsers match the decoded fragment to the id). */
const fragment = (id: string | undefined) => (id ? `#${encodeURIComponent(id)}` : '');

/**
 * The fragment of the record's page the event concerns (`#question-…`), or '' for the
 * page itself. A tender's page shows its own documents (of the tender, a lot, an item):
 * a document of an award, a contract, a cancellation… links to that part's section. A
 * tender's change with no part of its own opens its history; plans and contracts have
 * no history section, so theirs open the page.
 */
export function eventAnchor(event: RecordEvent): string {
  const tender = event.register === 'tenders';
  switch (event.type) {
    case 'questionAsked':
    case 'questionAnswered':
      return fragment(anchorOf('question', event.id));
    case 'documentAdded':
    case 'documentReplaced':
      return tender && OWNER_SECTION[event.of] ? `#${OWNER_SECTION[event.of]}` : fragment(anchorOf('document', event.id));
    case 'complaintFiled':
    case 'complaintStatus':
      return fragment(anchorOf('complaint', event.id));
    case 'awardPending':
    case 'awardStatus':
      return fragment(anchorOf('award', event.id));
    case 'contractSigned':
    case 'contractTerminated':
      return tender ? fragment(anchorOf('contract', event.id)) : '';
    case 'contractChanged':
      return tender ? fragment(anchorOf('contract', event.id)) : fragment(anchorOf('change', event.id));
    case 'cancellationStarted':
    case 'cancellationCompleted':
      return tender ? fragment(anchorOf('cancellation', event.id)) : '';
    case 'lotAdded':
    case 'lotCancelled':
    case 'lotValue':
      return fragment(anchorOf('lot', event.id));
    case 'status':
      return event.lot ? fragment(anchorOf('lot', event.lot.id)) : tender ? '#history' : '';
    case 'period':
      return '#timeline';
    case 'monitoringOpened':
    case 'monitoringConcluded':
      return tender ? '#monitorings' : '';
    case 'tenderCreated':
      return event.register === 'plans' ? '#tender' : '';
    default:
      return tender ? '#history' : '';
  }
}

/** A followed record's or buyer's page: `/tenders/UA-…`, `/buyers/12345678` (no language prefix). */
export const recordPath = (register: FollowRegister, key: string): string => `/${register}/${encodeURIComponent(key)}`;

/**
 * The event's place as a path of this site without the language prefix: the part of its
 * record's page it concerns, or a page of its own (a tender's monitoring, the tender
 * announced under a plan: by its 32-hex id, which the tender's page takes too, when the
 * upstream did not name it).
 */
export function eventPath(event: RecordEvent): string {
  if (event.type === 'tenderCreated' && (event.tenderKey || event.tenderId)) return recordPath('tenders', event.tenderKey || event.tenderId);
  const page = recordPath(event.register, event.recordKey);
  if ((event.type === 'monitoringOpened' || event.type === 'monitoringConcluded') && event.register === 'tenders' && event.id) {
    return `${page}/monitorings/${encodeURIComponent(event.id)}`;
  }
  return page + eventAnchor(event);
}

/** The event's place, in `language`, as a path of this site. */
export const eventHref = (event: RecordEvent, language: Language): string => localizedPath(language, eventPath(event));

/** The absolute link to the event on its record's page (`origin` without a trailing slash). */
export const eventUrl = (event: RecordEvent, origin: string, language: Language): string =>
  origin.replace(/\/$/, '') + eventHref(event, language);

/**
 * An instant as a valid HTML/RFC 3339 date-time in UTC (`2026-12-12T08:00:00.123Z`), or
 * undefined: the records write microseconds, which `<time datetime>` does not allow.
 */
export function eventInstant(iso: string | undefined): string | undefined {
  if (!iso) return undefined;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}
