/**
 * The Atom feeds (RFC 4287) of changes: `[/en]/tenders/<tenderID>.atom`, a tender's, and
 * `[/en]/buyers/<EDRPOU>.atom`, those of a buyer's tenders, plans and contracts. The
 * newest 100 events the portal recorded (`records/events.ts`), newest first; each entry
 * is one event: a `tag:` id made of the record's id and the event's number (stable: the
 * log never renumbers), its line as the title, its place on the record's page as the
 * link, its moment as `updated`, and the record it concerns as the summary.
 *
 * Steps: the events (an unknown tender or buyer: the search API's 404, the page's); the
 * step that reads them decides the headers. A tender with no event yet is asked for too,
 * for its title and `dateModified`, the feed's `updated` then (without a validator: the
 * events alone do not make that feed).
 */
import type { TFunction } from 'i18next';
import type { Language } from '../contract';
import { buyerFeedUrl } from '../pages/Organisation/meta';
import { tenderFeedUrl } from '../pages/Tender/links';
import { localizedPath } from '../lib/paths';
import { eventLine, eventUrl, historyOf, recordPath, type RecordEvent } from '../records/events';
import { formatter, localized } from '../records/parts';
import type { Context, MachineDocument, Step } from './types';
import { hash, instant, notFound, xml } from './types';

/** Events a feed lists. */
export const CHANGES_FEED_SIZE = 100;

/** Whose changes: a tender (by either id) or a buyer (by its EDRPOU). */
export interface FeedSubject {
  register: 'tenders' | 'buyers';
  id: string;
}

/** What the step that read the events carries to the one that reads the tender. */
interface Carried {
  changes: { historyBegins: string | null };
}

const carriedOf = (state: unknown): Carried['changes'] | null => {
  const changes = (state as Partial<Carried> | null)?.changes;
  return changes && typeof changes === 'object' ? changes : null;
};

/** Text on one line: a record's texts may hold line breaks and control characters. */
export const oneLine = (s: string): string => s.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();

/** The host of an origin, for `tag:` URIs (RFC 4151: a domain name, no port). */
export const hostOf = (origin: string): string => origin.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/[:/].*$/, '');

/** An event's entry id: the same for the same event in every feed and every download. */
export const eventEntryId = (event: RecordEvent, host: string): string =>
  `tag:${host},2026:event:${encodeURIComponent(event.recordId)}:${event.seq}`;

/** One event as an entry: its line, its link, its moment, and the record it is of. */
function entry(e: RecordEvent, host: string, { origin, language, t }: Pick<Context, 'origin' | 'language' | 't'>, now: string): { updated: string; text: string } {
  const format = formatter(t, language);
  const updated = instant(e.at) ?? now;
  const record = oneLine([`${t(`follow.registers.${e.register}`)} ${e.recordKey}`, e.recordTitle].filter(Boolean).join(': '));
  return {
    updated,
    text:
      '<entry>' +
      `<id>${xml(eventEntryId(e, host))}</id>` +
      `<title>${xml(oneLine(eventLine(e, t, format)))}</title>` +
      `<link rel="alternate" type="text/html" href="${xml(eventUrl(e, origin, language))}"/>` +
      `<updated>${updated}</updated>` +
      `<summary>${xml(`${record}\n${format.date(e.at)} (${t('machine.kyiv')})`)}</summary>` +
      '</entry>\n',
  };
}

/** The feed's address and its page's, and its title. */
function feedOf(subject: FeedSubject, key: string, title: string, origin: string, language: Language, t: TFunction) {
  const self = origin + (subject.register === 'tenders' ? tenderFeedUrl(key, language) : buyerFeedUrl(key, language));
  const page = origin + localizedPath(language, recordPath(subject.register, key));
  const name = subject.register === 'tenders' ? t('follow.feed.tenders', { id: key, title }) : t('follow.feed.buyers', { id: key });
  return { self, page, title: `${oneLine(name).replace(/:\s*$/, '')} | ${t('site.name')}` };
}

/** The whole feed. */
function feedText(context: Context, subject: FeedSubject, events: RecordEvent[], record: { key: string; title: string; updated?: string }): string {
  const { origin, language, t, request } = context;
  const host = hostOf(origin);
  const entries = events.slice(0, CHANGES_FEED_SIZE).map((e) => entry(e, host, context, instant(request.now) as string));
  const { self, page, title } = feedOf(subject, record.key, record.title, origin, language, t);
  // Events come newest first: the first is the feed's latest change.
  const updated = entries[0]?.updated ?? record.updated ?? (instant(request.now) as string);
  return (
    '<?xml version="1.0" encoding="utf-8"?>\n' +
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${language}">\n` +
    `<id>${xml(self)}</id>` +
    `<title>${xml(title)}</title>` +
    `<subtitle>${xml(t('follow.feed.subtitle'))}</subtitle>` +
    `<updated>${updated}</updated>` +
    `<link rel="self" type="application/atom+xml" href="${xml(self)}"/>` +
    `<link rel="alternate" type="text/html" href="${xml(page)}"/>` +
    `<author><name>${xml(t('site.name'))}</name><uri>${xml(`${origin}/`)}</uri></author>\n` +
    entries.map((e) => e.text).join('') +
    '</feed>\n'
  );
}

const ATOM = 'application/atom+xml; charset=utf-8';
const CACHE = 'public, max-age=300';

/** The feed of `subject`'s changes. */
export function changesFeed(subject: FeedSubject): MachineDocument {
  const events = `/api/${subject.register}/${encodeURIComponent(subject.id)}/events?perPage=${CHANGES_FEED_SIZE}`;
  return {
    first: () => ({ status: 200, text: '', next: { key: 'events', service: 'search', path: events } }),
    step: (context: Context, answer): Step => {
      const carried = carriedOf(context.request.state);
      if (carried) {
        // A tender without events: its title and its last change.
        const tender = (answer && typeof answer === 'object' ? answer : {}) as { tenderID?: string; title?: string; title_en?: string; dateModified?: string };
        const updated = instant(tender.dateModified) ?? instant(carried.historyBegins ?? undefined);
        const key = tender.tenderID || subject.id;
        return { status: 200, text: feedText(context, subject, [], { key, title: localized(tender, 'title', context.language), updated }) };
      }
      const history = historyOf(answer);
      if (!history) return notFound();
      const newest = history.events[0];
      if (!newest && subject.register === 'tenders') {
        return {
          status: 200,
          contentType: ATOM,
          cacheControl: CACHE,
          text: '',
          next: { key: 'tender', service: 'search', path: `/api/tenders/${encodeURIComponent(subject.id)}` },
          state: { changes: { historyBegins: history.historyBegins } } satisfies Carried,
        };
      }
      const key = subject.register === 'tenders' ? newest.recordKey : subject.id;
      const title = subject.register === 'tenders' ? newest.recordTitle ?? '' : '';
      const text = feedText(context, subject, history.events, { key, title, updated: instant(history.historyBegins ?? undefined) });
      return { status: 200, contentType: ATOM, cacheControl: CACHE, etag: hash(text), lastModified: newest ? instant(newest.at) : undefined, text };
    },
  };
}

/** Register identifiers of buyers (EDRPOU and the like), as their pages take them. */
const ORG_ID = /^[\dA-Za-z][\dA-Za-z.-]{2,39}$/;

/** The feed at a path segment (`UA-….atom` without `.atom`), or null when it names none. */
export function changesFeedAt(register: FeedSubject['register'], segment: string): MachineDocument | null {
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return null;
  }
  if (register === 'buyers' ? !ORG_ID.test(id) : !id || id.length > 64 || /[/\\]|^\.\.?$/.test(id)) return null;
  return changesFeed({ register, id });
}
