/**
 * The e-mail of one follower's sending round, for the server's follow job only:
 * `[/en]/follows.mail`, with the round carried in the first step's state
 * (`{follows: {unsubscribe, items: [{register, key, title, target, unsubscribe, events}]}}`,
 * events oldest first). Never served: the job alone sets that state, and without it the
 * address names no document (as the saved searches' alert, `alert.ts`). It asks the
 * upstream nothing: the job has the events.
 *
 * Answers JSON: the subject (what changed, when one record changed: "UA-…: продовжено
 * строк подання пропозицій"; nothing a buyer typed but the record's key, on one line),
 * the plain text (per record a heading with its link, then a line per event with its
 * date and its link, and the link to stop following it; at the end the links to stop
 * every follow and to the cabinet), and the address that stops every follow (for the
 * `List-Unsubscribe` header). The address the mail goes to is not in it.
 */
import type { TFunction } from 'i18next';
import { localizedPath } from '../lib/paths';
import { eventLine, eventUrl, isEvent, recordPath, type FollowRegister, type RecordEvent } from '../records/events';
import { formatter, type Formatter } from '../records/parts';
import { oneLine } from './changes';
import type { Context, MachineDocument, Step } from './types';
import { notFound } from './types';

export interface FollowsMailItem {
  register: FollowRegister;
  key: string;
  title: string;
  target: string;
  /** The token that stops this follow. */
  unsubscribe: string;
  /** Oldest first. */
  events: RecordEvent[];
  /** A daily follow's changes past those listed (counted, not listed: its history has them). */
  more?: number;
}

export interface FollowsMailState {
  follows: {
    /** The token that stops every follow of the follower. */
    unsubscribe: string;
    items: FollowsMailItem[];
  };
}

/** What the job's `deliver` takes from the bundle. */
export interface FollowsMail {
  subject: string;
  text: string;
  /** The absolute address that stops every follow (no login). */
  unsubscribe: string;
}

const REGISTERS = new Set<string>(['tenders', 'plans', 'contracts', 'buyers']);

/** The round the job carries, when it is one (its events read as events, the rest left out). */
export function followsMailOf(state: unknown): FollowsMailState['follows'] | null {
  const follows = (state as Partial<FollowsMailState> | null)?.follows;
  if (!follows || typeof follows !== 'object' || typeof follows.unsubscribe !== 'string' || !Array.isArray(follows.items)) return null;
  const items = follows.items
    .filter((i) => i && typeof i === 'object' && REGISTERS.has(i.register) && typeof i.key === 'string' && typeof i.unsubscribe === 'string')
    .map((i) => ({
      ...i,
      title: typeof i.title === 'string' ? i.title : '',
      events: Array.isArray(i.events) ? i.events.filter(isEvent) : [],
      more: Number.isSafeInteger(i.more) && (i.more as number) > 0 ? i.more : 0,
    }));
  return { unsubscribe: follows.unsubscribe, items };
}

/** What matters most in a mail's subject, first. */
const WEIGHT: string[] = [
  'cancellationCompleted', 'awardStatus', 'contractSigned', 'period', 'cancellationStarted', 'tenderCreated', 'created', 'status',
  'contractTerminated', 'contractChanged', 'questionAnswered', 'questionAsked', 'complaintFiled', 'complaintStatus', 'awardPending',
  'lotAdded', 'lotCancelled', 'lotValue', 'documentAdded', 'documentReplaced', 'monitoringOpened', 'monitoringConcluded',
];
const weight = (e: RecordEvent) => (WEIGHT.includes(e.type) ? WEIGHT.indexOf(e.type) : WEIGHT.length);

/** The event a subject names: the weightiest, the latest of equals. */
export const headline = (events: RecordEvent[]): RecordEvent | undefined =>
  events.reduce<RecordEvent | undefined>((best, e) => (!best || weight(e) <= weight(best) ? e : best), undefined);

/** What changed in a few words, without any text of the record ("продовжено строк подання пропозицій"). */
export function shortChange(e: RecordEvent, t: TFunction): string {
  switch (e.type) {
    case 'created':
    case 'status':
      return t(`events.short.${e.type}.${e.register}`);
    case 'period':
      return t(`events.short.${e.extended ? 'periodExtended' : 'period'}.${e.period}`, { defaultValue: t('events.short.other') });
    case 'awardStatus':
      return t(`events.short.awardStatus.${e.to === 'active' || e.to === 'unsuccessful' ? e.to : 'other'}`);
    case 'cancellationCompleted':
      return t(e.lot ? 'events.short.cancellationCompletedLot' : 'events.short.cancellationCompleted');
    default:
      return t(`events.short.${e.type}`, { defaultValue: t('events.short.other') });
  }
}

/** A record as its heading names it: "Закупівля UA-…: <title>". */
const heading = (item: FollowsMailItem, t: TFunction) =>
  oneLine([`${t(`follow.registers.${item.register}`)} ${item.key}`, item.title].filter(Boolean).join(': '));

/** An item with something to tell: changes listed, or counted. */
const changedItem = (i: FollowsMailItem) => i.events.length > 0 || (i.more ?? 0) > 0;

/** The subject: one record's weightiest change and how many more, or how many records changed. */
function subjectOf(items: FollowsMailItem[], t: TFunction): string {
  const changed = items.filter(changedItem);
  const [item] = changed;
  if (changed.length !== 1 || !item.events.length) return oneLine(changed.length ? t('follow.mail.subjectRecords', { count: changed.length }) : t('follow.mail.subjectNone'));
  const key = item.register === 'buyers' ? t('follow.mail.buyerKey', { key: item.key }) : item.key;
  const change = shortChange(headline(item.events) as RecordEvent, t);
  const more = item.events.length - 1 + (item.more ?? 0);
  return oneLine(more > 0 ? t('follow.mail.subjectMore', { key, change, count: more }) : t('follow.mail.subject', { key, change }));
}

/** The mail of one round. */
export function followsMailText(follows: FollowsMailState['follows'], { origin, language, t }: Pick<Context, 'origin' | 'language' | 't'>): FollowsMail {
  const format: Formatter = formatter(t, language);
  const unsubscribeUrl = (token: string) => `${origin}${localizedPath(language, '/follow/unsubscribe')}?token=${encodeURIComponent(token)}`;
  const items = follows.items.filter(changedItem);
  const page = (item: FollowsMailItem) => origin + localizedPath(language, recordPath(item.register, item.key));
  const blocks = items.map((item) => [
    heading(item, t),
    page(item),
    '',
    ...item.events.flatMap((e) => [`${format.date(e.at)} — ${oneLine(eventLine(e, t, format))}`, eventUrl(e, origin, language), '']),
    // What a daily follow's mail does not list: said, with where to read it (a tender's history section).
    ...(item.more ? [`${t('follow.mail.more', { count: item.more })}: ${page(item)}${item.register === 'tenders' ? '#history' : ''}`, ''] : []),
    `${t('follow.mail.unfollowOne')}: ${unsubscribeUrl(item.unsubscribe)}`,
  ].join('\n'));
  const unsubscribe = unsubscribeUrl(follows.unsubscribe);
  const text = [
    t('follow.mail.intro', { site: t('site.name') }),
    ...blocks,
    [
      `${t('follow.mail.unsubscribeAll')}: ${unsubscribe}`,
      `${t('follow.mail.manage')}: ${origin}${localizedPath(language, '/icabinet')}#follows`,
    ].join('\n'),
  ].join('\n\n') + '\n';
  return { subject: subjectOf(follows.items, t), text, unsubscribe };
}

/** `/follows.mail`: answered by its first step, from the state alone. */
export const followsMail: MachineDocument = {
  first: (context): Step => {
    const follows = followsMailOf(context.request.state);
    if (!follows) return notFound();
    return { status: 200, contentType: 'application/json', text: JSON.stringify(followsMailText(follows, context)) };
  },
  step: () => notFound(),
};
